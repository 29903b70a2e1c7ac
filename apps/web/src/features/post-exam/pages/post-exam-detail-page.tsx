import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageEmpty } from '../../../app/page-states';
import { AbilityResultsView } from '../components/ability-results-view';

/** /manage/exam/post/detail?examId=: every candidate's level per ability against the post's model. */
export default function PostExamDetailPage(): ReactNode {
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  if (!Number.isInteger(examId) || examId <= 0) return <PageEmpty description="请从岗位考试列表选择考试" />;
  return <AbilityResultsView purpose="post" examId={examId} />;
}
