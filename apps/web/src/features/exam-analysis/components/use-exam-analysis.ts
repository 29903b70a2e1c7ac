import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { analysisKeys, fetchExamAnalysis } from '../api';

export const analysisPaths = {
  list: '/manage/analysis/exam',
  detail: (examId: number) => `/manage/analysis/exam/detail?examId=${examId}`,
  questions: (examId: number) => `/manage/analysis/exam/questions?examId=${examId}`,
  /** The question editor: the question list opens its editor for `?edit=`. */
  editQuestion: (bankId: number, questionId: number) =>
    `/manage/question/list?bankId=${bankId}&edit=${questionId}`,
};

/** The exam of `?examId=` and its analysis. */
export function useExamAnalysis() {
  const [params] = useSearchParams();
  const examId = Number(params.get('examId')) || 0;
  const query = useQuery({
    queryKey: analysisKeys.exam(examId),
    queryFn: () => fetchExamAnalysis(examId),
    enabled: examId > 0,
  });
  return { examId, query };
}
