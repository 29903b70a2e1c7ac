import type { ReactNode } from 'react';
import { BankPage } from './bank-page';

/** /manage/question/bank */
export default function QuestionBankPage(): ReactNode {
  return <BankPage />;
}
