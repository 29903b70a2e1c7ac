import type { ReactNode } from 'react';
import { EVALUATION_CATEGORY } from '../../../lib/bank-rules';
import { BankPage } from './bank-page';

/** /manage/evaluate/question/bank: the banks whose category is 测评. */
export default function EvaluateBankPage(): ReactNode {
  return (
    <BankPage
      title="测评题库"
      hint={`分类为「${EVALUATION_CATEGORY}」的题库，用于人才测评；在这里新建的题库自动归入该分类。`}
      fixedCategory={EVALUATION_CATEGORY}
    />
  );
}
