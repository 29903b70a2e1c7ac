import type { ReactNode } from 'react';
import { QuestionListView } from '../components/question-list-view';

/** /manage/question/list: my questions, and the public ones to copy. */
export default function QuestionListPage(): ReactNode {
  return <QuestionListView />;
}
