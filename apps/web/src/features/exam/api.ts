import { FORM_ERRORS } from '../../lib/form-errors';
import { examContracts as c } from '@kaopei/shared/contracts/exam';
import { call, callPage, callReply, type BodyIn } from '../../lib/api';
import { download } from '../../lib/download';

/**
 * Exams, the administrator's side (contracts: packages/shared/src/contracts/exam.ts). Paging is
 * zero-based.
 */

export type { ExamState, ExamineeState } from '@kaopei/shared';
export type {
  Audience,
  ExamBody,
  ExamInput,
  ExamPaperRef,
  ExamReport,
  ExamRow,
  ExamSettings,
  ExamineeRow,
  MarkResult,
  MarkingAnswer,
  MarkingOverview,
  MarkingQuestion,
  MarkingQuestionKey,
  PersonalReport,
  ReleaseWhen,
  ReportOption,
  ReportQuestion,
  ResultRow,
} from '@kaopei/shared/contracts/exam';

/** The exam list's filters (the search body). */
export type ExamSearch = NonNullable<BodyIn<typeof c.search>>;
/** The candidate list's filters (the examinee search body). */
export type ExamineeFilter = NonNullable<BodyIn<typeof c.examineeSearch>>;
export type MarkInput = BodyIn<typeof c.checkMark>;

export const examKeys = {
  all: ['exam'] as const,
  list: (search: ExamSearch, page: number, size: number) => ['exam', 'list', search, page, size] as const,
  pick: (keyword: string) => ['exam', 'pick', keyword] as const,
  detail: (examId: number) => ['exam', 'detail', examId] as const,
  link: (examId: number, type: number) => ['exam', 'link', examId, type] as const,
  examinees: (examId: number, filter: object, page: number, size: number) =>
    ['exam', 'examinees', examId, filter, page, size] as const,
  overview: (examId: number) => ['exam', 'check', 'overview', examId] as const,
  answers: (examId: number, questionId: number, page: number) =>
    ['exam', 'check', 'answers', examId, questionId, page] as const,
  markAttempts: (examId: number) => ['exam', 'check', 'attempts', examId] as const,
  markAttempt: (attemptId: number) => ['exam', 'check', 'attempt', attemptId] as const,
  results: (examId: number, keyword: string, page: number, size: number) =>
    ['exam', 'results', examId, keyword, page, size] as const,
  personal: (attemptId: number) => ['exam', 'personal', attemptId] as const,
  publicReport: (token: string) => ['exam', 'public-report', token] as const,
  report: (examId: number) => ['exam', 'report', examId] as const,
};

// ---- exams ----

export function searchExams(search: ExamSearch, page: number, size: number) {
  return callPage(c.search, {
    query: { page, size },
    body: { keyword: search.keyword || undefined, state: search.state },
  });
}

export function fetchExam(examId: number) {
  return call(c.detail, { query: { examId } });
}

// The editor's saves: a refusal naming a field (及格分) shows under it (lib/form-errors.ts).
export function createExam(input: BodyIn<typeof c.add>) {
  return call(c.add, { body: input }, FORM_ERRORS);
}

export function modifyExam(examId: number, input: BodyIn<typeof c.modify>) {
  return call(c.modify, { query: { examId }, body: input }, FORM_ERRORS);
}

export function deleteExams(ids: number[]) {
  return call(c.delete, { body: { ids } });
}

export function copyExam(examId: number) {
  return call(c.copy, { query: { examId } });
}

export function publishExam(examId: number) {
  return call(c.publish, { query: { examId } });
}

export function unpublishExam(examId: number) {
  return call(c.unpublish, { query: { examId } });
}

/** type 1: the candidate's exam page; 2: the exam's instructions page. */
export function fetchExamLink(examId: number, type: 1 | 2) {
  return call(c.link, { query: { examId, type } });
}


// ---- candidates ----

export function searchExaminees(examId: number, filter: ExamineeFilter, page: number, size: number) {
  return callPage(c.examineeSearch, {
    query: { examId, page, size },
    body: { keyword: filter.keyword || undefined, state: filter.state },
  });
}

export function addExaminees(examId: number, userIds: number[]) {
  return call(c.examineeAdd, { query: { examId }, body: { userIds } });
}

export function removeExaminees(examId: number, userIds: number[]) {
  return call(c.examineeRemove, { query: { examId }, body: { userIds } });
}

export function extendTime(examId: number, userId: number, minutes: number) {
  return call(c.examineeExtend, { query: { examId, userId }, body: { minutes } });
}

export function grantAttempt(examId: number, userId: number) {
  return call(c.examineeGrant, { query: { examId, userId } });
}

export function forceSubmit(examId: number, userId: number) {
  return call(c.examineeForceSubmit, { query: { examId, userId } });
}

/** paperId null: back to the exam's own papers. */
export function designatePaper(examId: number, userIds: number[], paperId: number | null) {
  return call(c.examineeDesignate, { query: { examId }, body: { userIds, paperId } });
}

// ---- marking ----

export function fetchMarkingOverview(examId: number) {
  return call(c.checkOverview, { query: { examId } });
}

/** One page of the answers to a question (pending first), with the question and its key. */
export async function fetchAnswersToMark(examId: number, questionId: number, page: number, size: number) {
  // check/answers carries `question` beside data and total in `res`.
  const { res } = await callReply(c.checkAnswers, { query: { examId, questionId, page, size } });
  return res;
}

export function fetchMarkingAttempt(attemptId: number) {
  return call(c.checkAttempt, { query: { attemptId } });
}

export function markAnswer(input: MarkInput) {
  return call(c.checkMark, { body: input });
}

// ---- results and reports ----

export function searchResults(examId: number, keyword: string, page: number, size: number) {
  return callPage(c.resultSearch, {
    query: { examId, page, size },
    body: { keyword: keyword || undefined },
  });
}

export function exportResults(examId: number, examName: string): Promise<string> {
  return download(c.resultExport, { query: { examId } }, `${examName}_成绩.xlsx`);
}

export function fetchPersonalReport(attemptId: number) {
  return call(c.personalReport, { query: { attemptId } });
}

export function shareReport(attemptId: number) {
  return call(c.shareReport, { query: { attemptId } });
}

/** The report a shared link opens; needs no sign-in. */
/** Silent: the page shows its own error (an expired link), not a toast beside it. */
export function fetchPublicReport(token: string) {
  return call(c.publicReport, { query: { token } }, { kpSilent: true });
}

export function saveComment(attemptId: number, comment: string | null) {
  return call(c.comment, { query: { attemptId }, body: { comment } });
}

export function fetchExamReport(examId: number) {
  return call(c.examReport, { query: { examId } });
}
