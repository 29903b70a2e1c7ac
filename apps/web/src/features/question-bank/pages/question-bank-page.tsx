import type { ReactNode } from 'react';
import { BankPage } from './bank-page';

/** /manage/question/bank */
export default function QuestionBankPage(): ReactNode {
  return (
    <BankPage
      title="题库"
      hint="我的题库是本组织的题库；公开题库由平台提供，只读，可复制到我的题库后修改使用。"
    />
  );
}
