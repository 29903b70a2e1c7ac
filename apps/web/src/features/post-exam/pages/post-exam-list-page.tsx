import type { ReactNode } from 'react';
import { PurposeExamList } from '../components/purpose-exam-list';

/** /manage/exam/post: exams sent to a post's staff, with their per-ability results. */
export default function PostExamListPage(): ReactNode {
  return <PurposeExamList purpose="post" />;
}
