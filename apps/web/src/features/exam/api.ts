import { TagType, type ExamState, type ExamineeState } from '@kaopei/shared';
import { get, http, post, postPage, type ApiEnvelope, type Page } from '../../lib/http';
import { download } from '../system-staff/api';

/** Exams, the administrator's side (server: modules/exam, /exam/api/v1/exam). Paging is zero-based. */

const E = '/exam/api/v1/exam';

export type { ExamState, ExamineeState } from '@kaopei/shared';
export type ReleaseWhen = 'immediately' | 'after_marking' | 'after_end' | 'never';

export interface ExamSettings {
  showScore: ReleaseWhen;
  showAnswers: ReleaseWhen;
  showAnalysis: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  partialCredit: boolean;
  blindMarking: boolean;
}

export interface Audience {
  mode: 'assigned' | 'open';
  departmentIds: number[];
  includeSubDepartments: boolean;
  userIds: number[];
  tagIds: number[];
  registrationFields: string[];
}

export interface ExamPaperRef {
  paperId: number;
  name: string;
  totalScore: number;
  questionCount: number;
}

export interface ExamRow {
  id: number;
  examId: number;
  name: string;
  description: string | null;
  coverUrl: string | null;
  /** 0 draft, 1 published. */
  status: number;
  state: ExamState;
  stateLabel: string;
  startAt: number | null;
  endAt: number | null;
  durationMinutes: number;
  durationText: string;
  attemptsAllowed: number;
  passScore: number;
  lateEntryMinutes: number | null;
  settings: ExamSettings;
  audience: Audience;
  notify: boolean;
  papers: ExamPaperRef[];
  candidateCount: number;
  startedCount: number;
  submittedCount: number;
  publishedAt: number | null;
  createdAt: number;
}

/** The body of add and modify (exam.schemas.ts examBodySchema). */
export interface ExamInput {
  name: string;
  description: string | null;
  coverUrl: string | null;
  paperIds: number[];
  startAt: number;
  endAt: number;
  durationMinutes: number;
  attemptsAllowed: number;
  passScore: number;
  lateEntryMinutes: number | null;
  settings: ExamSettings;
  audience: Audience;
  notify: boolean;
}

export interface ExamineeRow {
  userId: number;
  realName: string;
  account: string;
  jobNumber: string | null;
  departmentName: string | null;
  state: ExamineeState;
  stateLabel: string;
  attemptsUsed: number;
  extraAttempts: number;
  extraMinutes: number;
  designatedPaperId: number | null;
  designatedPaperName: string | null;
  latestAttemptId: number | null;
  /** The paper of the latest attempt (null before the first start). */
  paperId: number | null;
  startedAt: number | null;
  deadlineAt: number | null;
  submittedAt: number | null;
  score: number | null;
}

export interface MarkingQuestion {
  questionId: number;
  type: number;
  typeLabel: string;
  stem: string;
  answerCount: number;
  pending: number;
}

export interface MarkingOverview {
  questions: MarkingQuestion[];
  pendingAttempts: number;
  submittedAttempts: number;
}

export interface MarkingAnswer {
  attemptId: number;
  /** 考生 N when the exam marks blind. */
  candidate: string;
  questionId: number;
  answer: unknown;
  score: number | null;
  points: number;
  markComment: string | null;
  markedAt: number | null;
}

export interface MarkingQuestionKey {
  stem: string;
  type: number;
  key: unknown;
  analysis: string | null;
}

export interface MarkingAnswersPage extends Page<MarkingAnswer> {
  question: MarkingQuestionKey | null;
}

export interface ResultRow {
  rank: number | null;
  attemptId: number;
  userId: number;
  realName: string;
  account: string;
  departmentName: string | null;
  attemptNo: number;
  status: number;
  statusLabel: string;
  score: number | null;
  totalPoints: number;
  passed: boolean | null;
  timeUsedSeconds: number | null;
  submittedAt: number | null;
  submitReason: string | null;
  comment: string | null;
}

export interface ReportOption {
  key: number;
  content: string;
  correct: boolean;
}

export interface ReportQuestion {
  questionId: number;
  number: number;
  type: number;
  typeLabel: string;
  stem: string;
  /** In the candidate's order, keyed by the option's original index. */
  options: ReportOption[] | null;
  answer: unknown;
  /** The key of non-choice questions (choice keys are the options' correct flags). */
  key: unknown;
  analysis: string | null;
  points: number;
  score: number | null;
  markComment: string | null;
}

export interface PersonalReport {
  attemptId: number;
  examId: number;
  examName: string;
  realName: string;
  departmentName: string | null;
  /** 1 待阅卷, 2 已评分. */
  status: number;
  statusLabel: string;
  score: number | null;
  totalPoints: number;
  passScore: number;
  passed: boolean | null;
  rank: number | null;
  rankOf: number;
  timeUsedSeconds: number | null;
  submittedAt: number | null;
  comment: string | null;
  sections: { name: string; score: number; points: number }[];
  knowledge: { knowledgeId: number; name: string; score: number; points: number; mastery: number }[];
  questions: { name: string; questions: ReportQuestion[] }[];
}

export interface ExamReport {
  examId: number;
  name: string;
  candidateCount: number;
  submittedCount: number;
  gradedCount: number;
  passCount: number;
  passRate: number | null;
  averageScore: number | null;
  maxScore: number | null;
  minScore: number | null;
  distribution: { label: string; count: number }[];
  hardestQuestions: {
    questionId: number;
    stem: string;
    typeLabel: string;
    answered: number;
    averageRatio: number;
  }[];
}

export interface ExamSearch {
  keyword?: string | undefined;
  state?: ExamState | undefined;
}

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
  userTags: ['exam', 'user-tags'] as const,
};

// ---- exams ----

export function searchExams(search: ExamSearch, page: number, size: number): Promise<Page<ExamRow>> {
  return postPage<ExamRow>(
    `${E}/search`,
    { keyword: search.keyword || undefined, state: search.state },
    { params: { page, size } },
  );
}

export function fetchExam(examId: number): Promise<ExamRow> {
  return get<ExamRow>(`${E}/detail`, { examId });
}

export function createExam(input: ExamInput): Promise<ExamRow> {
  return post<ExamRow>(`${E}/add`, input);
}

export function modifyExam(examId: number, input: ExamInput): Promise<ExamRow> {
  return post<ExamRow>(`${E}/modify`, input, { params: { examId } });
}

export function deleteExams(ids: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${E}/delete`, { ids });
}

export function copyExam(examId: number): Promise<ExamRow> {
  return post<ExamRow>(`${E}/copy`, undefined, { params: { examId } });
}

export function publishExam(examId: number): Promise<ExamRow> {
  return post<ExamRow>(`${E}/publish`, undefined, { params: { examId } });
}

export function unpublishExam(examId: number): Promise<ExamRow> {
  return post<ExamRow>(`${E}/unpublish`, undefined, { params: { examId } });
}

/** type 1: the candidate's exam page; 2: the exam's instructions page. */
export function fetchExamLink(examId: number, type: 1 | 2): Promise<{ url: string }> {
  return get<{ url: string }>(`${E}/link`, { examId, type });
}

/** Staff tags (type 4) for choosing candidates. */
export function fetchUserTags(): Promise<{ tagId: number; name: string }[]> {
  return get<{ tagId: number; name: string }[]>('/user/api/v1/tag/simple', { type: TagType.USER });
}

// ---- candidates ----

export interface ExamineeFilter {
  keyword?: string | undefined;
  state?: ExamineeState | undefined;
}

export function searchExaminees(
  examId: number,
  filter: ExamineeFilter,
  page: number,
  size: number,
): Promise<Page<ExamineeRow>> {
  return postPage<ExamineeRow>(
    `${E}/examinee/search`,
    { keyword: filter.keyword || undefined, state: filter.state },
    { params: { examId, page, size } },
  );
}

export function addExaminees(examId: number, userIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${E}/examinee/add`, { userIds }, { params: { examId } });
}

export function removeExaminees(examId: number, userIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${E}/examinee/remove`, { userIds }, { params: { examId } });
}

export function extendTime(
  examId: number,
  userId: number,
  minutes: number,
): Promise<{ extraMinutes: number }> {
  return post<{ extraMinutes: number }>(`${E}/examinee/extend`, { minutes }, { params: { examId, userId } });
}

export function grantAttempt(examId: number, userId: number): Promise<{ extraAttempts: number }> {
  return post<{ extraAttempts: number }>(`${E}/examinee/attempt/grant`, undefined, {
    params: { examId, userId },
  });
}

export function forceSubmit(examId: number, userId: number): Promise<{ attemptId: number }> {
  return post<{ attemptId: number }>(`${E}/examinee/force-submit`, undefined, { params: { examId, userId } });
}

/** paperId null: back to the exam's own papers. */
export function designatePaper(
  examId: number,
  userIds: number[],
  paperId: number | null,
): Promise<{ count: number }> {
  return post<{ count: number }>(`${E}/examinee/designate`, { userIds, paperId }, { params: { examId } });
}

// ---- marking ----

export function fetchMarkingOverview(examId: number): Promise<MarkingOverview> {
  return get<MarkingOverview>(`${E}/check/overview`, { examId });
}

/** One page of the answers to a question (pending first), with the question and its key. */
export async function fetchAnswersToMark(
  examId: number,
  questionId: number,
  page: number,
  size: number,
): Promise<MarkingAnswersPage> {
  // check/answers carries `question` beside data and total in `res`, so the envelope is read whole.
  const response = await http.post<
    ApiEnvelope<MarkingAnswer[]> & { res: { question?: MarkingQuestionKey } | null }
  >(`${E}/check/answers`, undefined, { params: { examId, questionId, page, size } });
  const res = response.data.res;
  return { data: res?.data ?? [], total: res?.total ?? 0, question: res?.question ?? null };
}

export function fetchMarkingAttempt(attemptId: number): Promise<PersonalReport> {
  return get<PersonalReport>(`${E}/check/attempt`, { attemptId });
}

export interface MarkInput {
  attemptId: number;
  questionId: number;
  score: number;
  comment?: string | null;
}

export function markAnswer(
  input: MarkInput,
): Promise<{ attemptId: number; status: number; score: number | null; pendingMarks: number }> {
  return post(`${E}/check/mark`, input);
}

// ---- results and reports ----

export function searchResults(
  examId: number,
  keyword: string,
  page: number,
  size: number,
): Promise<Page<ResultRow>> {
  return postPage<ResultRow>(
    `${E}/result/search`,
    { keyword: keyword || undefined },
    { params: { examId, page, size } },
  );
}

export function exportResults(examId: number, examName: string): Promise<string> {
  return download(`${E}/result/export`, { params: { examId }, fileName: `${examName}_成绩.xlsx` });
}

export function fetchPersonalReport(attemptId: number): Promise<PersonalReport> {
  return get<PersonalReport>(`${E}/report/personal`, { attemptId });
}

export function shareReport(attemptId: number): Promise<{ url: string; token: string; expiresAt: number }> {
  return post<{ url: string; token: string; expiresAt: number }>(`${E}/report/share`, undefined, {
    params: { attemptId },
  });
}

/** The report a shared link opens; needs no sign-in. */
export function fetchPublicReport(token: string): Promise<PersonalReport> {
  return get<PersonalReport>('/exam/api/v1/public/report', { token });
}

export function saveComment(attemptId: number, comment: string | null): Promise<{ attemptId: number }> {
  return post<{ attemptId: number }>(`${E}/comment`, { comment }, { params: { attemptId } });
}

export function fetchExamReport(examId: number): Promise<ExamReport> {
  return get<ExamReport>(`${E}/report/exam`, { examId });
}
