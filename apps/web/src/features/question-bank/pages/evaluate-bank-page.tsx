import type { ReactNode } from 'react';
import { EVALUATION_CATEGORY } from '../../../lib/bank-rules';
import { BankPage } from './bank-page';

/** /manage/evaluate/question/bank: the banks whose category is 测评. */
export default function EvaluateBankPage(): ReactNode {
  return <BankPage fixedCategory={EVALUATION_CATEGORY} />;
}
