import type { ReactNode } from 'react';
import { EVALUATION_CATEGORY } from '../../../lib/bank-rules';
import { QuestionListView } from '../components/question-list-view';

/** /manage/evaluate/question/list: the questions of the 测评 banks (as 测评题库 shows those banks). */
export default function EvaluateQuestionListPage(): ReactNode {
  return <QuestionListView bankCategory={EVALUATION_CATEGORY} />;
}
