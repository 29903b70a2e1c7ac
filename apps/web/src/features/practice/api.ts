import {
  practiceContracts as practice,
  type MissedKnowledge,
  type MissedQuestion,
  type MyPracticeRow,
  type PracticeAnswerResult,
  type PracticeDetail,
  type PracticeQuestionStat,
  type PracticeRoundView,
  type PracticeRow,
  type PracticeStatus,
  type ReviewAnswerResult,
  type ReviewNext,
  type ReviewRating,
  type SourceOptions,
} from '@kaopei/shared/contracts/practice';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';

/** 练习与错题本 calls (contracts: packages/shared/src/contracts/practice.ts). Paging is zero-based. */

export type {
  MissedKnowledge,
  MissedQuestion,
  MyPracticeRow,
  PracticeAnswerResult,
  PracticeDetail,
  PracticeQuestionStat,
  PracticeRoundView,
  PracticeRow,
  PracticeStatus,
  ReviewAnswerResult,
  ReviewNext,
  ReviewRating,
  SourceOptions,
};
export type PracticeAddInput = BodyIn<typeof practice.add>;
export type PracticeModifyInput = BodyIn<typeof practice.modify>;

export type PracticeFilter = Omit<QueryIn<typeof practice.list>, 'page' | 'size'>;

export const practiceKeys = {
  all: ['practice'] as const,
  list: (filter: PracticeFilter, page: number, size: number) =>
    ['practice', 'list', filter, page, size] as const,
  detail: (practiceId: number) => ['practice', 'detail', practiceId] as const,
  questionStats: (practiceId: number, page: number, size: number) =>
    ['practice', 'question-stats', practiceId, page, size] as const,
  knowledgeStats: (practiceId: number) => ['practice', 'knowledge-stats', practiceId] as const,
  sourceOptions: ['practice', 'source-options'] as const,
  mistakes: (keyword: string, page: number, size: number) =>
    ['practice', 'mistakes', keyword, page, size] as const,
  mistakeKnowledge: ['practice', 'mistake-knowledge'] as const,
  my: (page: number, size: number) => ['practice', 'my', page, size] as const,
  review: ['practice', 'review'] as const,
};

export function fetchPractices(filter: PracticeFilter, page = 0, size = 20) {
  return callPage(practice.list, { query: { ...filter, page, size } });
}
export function fetchPractice(practiceId: number): Promise<PracticeDetail> {
  return call(practice.get, { query: { practiceId } });
}
export function fetchSourceOptions(): Promise<SourceOptions> {
  return call(practice.sourceOptions);
}
export function addPractice(input: PracticeAddInput) {
  return call(practice.add, { body: input });
}
export function modifyPractice(input: PracticeModifyInput) {
  return call(practice.modify, { body: input });
}
export function deletePractice(practiceId: number) {
  return call(practice.delete, { query: { practiceId } });
}
export function releasePractice(practiceId: number) {
  return call(practice.release, { query: { practiceId } });
}
export function closePractice(practiceId: number) {
  return call(practice.close, { query: { practiceId } });
}
export function fetchQuestionStats(practiceId: number, page = 0, size = 10) {
  return callPage(practice.questionStats, { query: { practiceId, page, size } });
}
export function fetchKnowledgeStats(practiceId: number): Promise<MissedKnowledge[]> {
  return call(practice.knowledgeStats, { query: { practiceId } });
}
export function fetchMistakes(keyword: string, page = 0, size = 10) {
  return callPage(practice.mistakes, { query: { keyword: keyword || undefined, page, size } });
}
export function fetchMistakeKnowledge(): Promise<MissedKnowledge[]> {
  return call(practice.mistakeKnowledge);
}

export function fetchMyPractices(page = 0, size = 10) {
  return callPage(practice.my, { query: { page, size } });
}
export function startRound(practiceId: number): Promise<PracticeRoundView> {
  return call(practice.start, { query: { practiceId } });
}
export function answerPractice(
  roundId: number,
  questionId: number,
  answer: unknown,
): Promise<PracticeAnswerResult> {
  return call(practice.answer, { body: { roundId, questionId, answer: answer as boolean } });
}
export function fetchReviewNext(): Promise<ReviewNext> {
  return call(practice.reviewNext);
}
export function answerReview(
  questionId: number,
  answer: unknown,
  rating: ReviewRating,
): Promise<ReviewAnswerResult> {
  return call(practice.reviewAnswer, { body: { questionId, answer: answer as boolean, rating } });
}
