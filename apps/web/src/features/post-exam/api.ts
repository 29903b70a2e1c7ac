import {
  postExamContracts as c,
  type AbilityCoverage,
  type AbilityResults,
  type CandidateResult,
  type ModelAbility,
  type PostModel,
  type PostOption,
  type PostPaperCreated,
  type PostPaperRow,
  type PurposeExamRow,
  type ResultAbility,
} from '@kaopei/shared/contracts/post-exam';
import { call, callPage, callReply, type BodyIn, type ItemOf } from '../../lib/api';
import { download } from '../../lib/download';

/** 岗位试卷、岗位考试、测评考试与能力结果 (contracts: packages/shared/src/contracts/post-exam.ts). */

export type {
  AbilityCoverage,
  AbilityResults,
  CandidateResult,
  ModelAbility,
  PostModel,
  PostOption,
  PostPaperRow,
  PostPaperCreated as PostPaperCreatedView,
  PurposeExamRow,
  ResultAbility,
};
export type PostPaperInput = BodyIn<typeof c.generate>;
export type PostExamInput = BodyIn<typeof c.examAdd>;
export type EvaluateExamInput = BodyIn<typeof c.evaluateAdd>;
export type EvaluationPaper = ItemOf<typeof c.evaluatePapers>;
export type Purpose = 'post' | 'evaluation';

export const postExamKeys = {
  all: ['post-exam'] as const,
  posts: ['post-exam', 'posts'] as const,
  model: (postId: number) => ['post-exam', 'model', postId] as const,
  papers: (postId: number | undefined, page: number, size: number) =>
    ['post-exam', 'papers', postId ?? 0, page, size] as const,
  exams: (purpose: Purpose, postId: number | undefined, keyword: string, page: number, size: number) =>
    ['post-exam', 'exams', purpose, postId ?? 0, keyword, page, size] as const,
  results: (purpose: Purpose, examId: number, departmentId: number | undefined, page: number, size: number) =>
    ['post-exam', 'results', purpose, examId, departmentId ?? 0, page, size] as const,
  evaluationPapers: ['post-exam', 'evaluation-papers'] as const,
};

/** Every post of the organisation for the pickers (a few hundred at most). */
export async function fetchPostOptions(): Promise<PostOption[]> {
  return (await callPage(c.posts, { query: { page: 0, size: 500 } })).data;
}

export function fetchPostModel(postId: number) {
  return call(c.model, { query: { postId } });
}

export function generatePostPaper(input: PostPaperInput) {
  return call(c.generate, { body: input });
}

export function fetchPostPapers(postId: number | undefined, page: number, size: number) {
  return callPage(c.papers, { query: { postId, page, size } });
}

export function searchPurposeExams(
  purpose: Purpose,
  filter: { postId?: number; keyword?: string },
  page: number,
  size: number,
) {
  const query = { ...filter, keyword: filter.keyword || undefined, page, size };
  return purpose === 'post'
    ? callPage(c.examList, { query })
    : callPage(c.evaluateList, { query: { keyword: query.keyword, page, size } });
}

export function addPostExam(input: PostExamInput) {
  return call(c.examAdd, { body: input });
}

export function addEvaluationExam(input: EvaluateExamInput) {
  return call(c.evaluateAdd, { body: input });
}

export function publishPurposeExam(purpose: Purpose, examId: number) {
  return call(purpose === 'post' ? c.examPublish : c.evaluatePublish, { query: { examId } });
}

export async function fetchEvaluationPapers(): Promise<EvaluationPaper[]> {
  return (await callPage(c.evaluatePapers, { query: { page: 0, size: 200 } })).data;
}

/** One page of candidates with the per-ability figures of the whole exam (res.total counts candidates). */
export async function fetchAbilityResults(
  purpose: Purpose,
  examId: number,
  departmentId: number | undefined,
  page: number,
  size: number,
): Promise<{ results: AbilityResults; total: number }> {
  const query = { examId, departmentId, page, size };
  const reply = await callReply(purpose === 'post' ? c.examDetail : c.evaluateProfile, { query });
  return { results: reply.res.data, total: reply.res.total };
}

export function exportPostResults(examId: number, departmentId: number | undefined, name: string) {
  return download(c.examExport, { query: { examId, departmentId } }, `${name}_能力结果.xlsx`);
}
