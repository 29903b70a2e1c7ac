import type { ReactNode } from 'react';
import { PurposeExamList } from '../components/purpose-exam-list';

/** /manage/evaluate/exam/list: evaluation exams from the 测评 banks, whose outcome is an ability profile. */
export default function EvaluateExamListPage(): ReactNode {
  return <PurposeExamList purpose="evaluation" />;
}
