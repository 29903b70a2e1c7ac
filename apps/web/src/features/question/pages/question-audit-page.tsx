import type { ReactNode } from 'react';
import { QuestionListView } from '../components/question-list-view';

/** /manage/question/audit (试题审核): my questions, starting with those waiting for audit. */
export default function QuestionAuditPage(): ReactNode {
  return <QuestionListView initialStatus={0} />;
}
