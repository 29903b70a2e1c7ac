import { TagType } from '@kaopei/shared';
import { get, http, post, postPage, type ApiEnvelope, type Page } from '../../lib/http';
import { download, type JobView } from '../system-staff/api';

/** Questions (server: modules/question, /question/api/v1/questions). Paging `page` is zero-based. */

const Q = '/question/api/v1/questions';

export interface ChoiceOption {
  content: string;
  correct: boolean;
}

export interface FillAnswer {
  blanks: { answers: string[] }[];
  caseSensitive: boolean;
}

export interface ShortAnswer {
  reference: string;
  scoringPoints: { content: string; points: number }[];
}

export interface CodeAnswer {
  languages: string[];
  templates: Record<string, string>;
  testCases: { input: string; output: string; sample: boolean }[];
  timeLimit: number;
  memoryLimit: number;
}

export interface QuestionRow {
  id: number;
  questionId: number;
  bankId: number;
  bankName: string;
  type: number;
  typeLabel: string;
  stem: string;
  stemText: string;
  options: ChoiceOption[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  defaultPoints: number;
  /** 0 待审核, 1 已通过, 2 已驳回. */
  status: number;
  statusLabel: string;
  auditReason: string | null;
  tags: { tagId: number; name: string; color: string }[];
  knowledgePoints: { knowledgeId: number; name: string }[];
  editable: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface QuestionFilter {
  bankId?: number | undefined;
  bankIds?: number[] | undefined;
  /** Only questions of the caller's banks of this category (测评试题: 测评). */
  bankCategory?: string | undefined;
  type?: number | undefined;
  difficultyMin?: number | undefined;
  difficultyMax?: number | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
  sortField?: 'createdAt' | 'updatedAt' | 'difficulty' | 'type' | 'status' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export interface QuestionInput {
  bankId: number;
  type: number;
  stem: string;
  options?: ChoiceOption[] | undefined;
  answer?: unknown;
  analysis?: string | null;
  difficulty: number;
  defaultPoints: number;
  tagIds?: number[];
  knowledgeIds?: number[];
}

export interface BankOption {
  bankId: number;
  name: string;
}

/** 我的试题 (the organisation's) or 公开试题 (the platform's approved questions, read-only). */
export type QuestionScope = 'mine' | 'public';

export const questionKeys = {
  all: ['questions'] as const,
  list: (scope: QuestionScope, filter: QuestionFilter, page: number, size: number) =>
    ['questions', 'list', scope, filter, page, size] as const,
  banks: (category?: string) => ['questions', 'banks', category ?? ''] as const,
  publicBanks: ['questions', 'public-banks'] as const,
  tags: ['questions', 'tags'] as const,
  job: (jobId: number) => ['questions', 'job', jobId] as const,
};

export function searchQuestions(
  filter: QuestionFilter,
  page: number,
  size: number,
): Promise<Page<QuestionRow>> {
  return postPage<QuestionRow>(`${Q}/search/detail`, filter, { params: { page, size } });
}

/** The platform's approved questions (read-only, copyable). */
export function searchPublicQuestions(
  filter: QuestionFilter,
  page: number,
  size: number,
): Promise<Page<QuestionRow>> {
  const { bankCategory: _category, ...rest } = filter;
  return postPage<QuestionRow>(`${Q}/platform/search/detail`, rest, { params: { page, size } });
}

/** The caller's own banks (of one category when given), for pickers. */
export async function fetchBankOptions(category?: string): Promise<BankOption[]> {
  const page = await postPage<{ bankId: number; name: string }>(
    '/question/api/v1/bank/list',
    { scope: 'mine', category },
    { params: { page: 0, size: 100 } },
  );
  return page.data.map((bank) => ({ bankId: bank.bankId, name: bank.name }));
}

/** The public banks, for the public view's bank filter. */
export async function fetchPublicBankOptions(): Promise<BankOption[]> {
  const page = await postPage<{ bankId: number; name: string }>(
    '/question/api/v1/bank/list',
    { scope: 'public' },
    { params: { page: 0, size: 100 } },
  );
  return page.data.map((bank) => ({ bankId: bank.bankId, name: bank.name }));
}

/** Copies public (or own) questions into one of my banks. */
export function copyQuestions(
  ids: number[],
  toQuestionBankId: number,
): Promise<{ count: number; ids: number[] }> {
  return post<{ count: number; ids: number[] }>(`${Q}/copy`, { ids }, { params: { toQuestionBankId } });
}

const repeatParams = { paramsSerializer: { indexes: null } };

/** Adds tags to questions (existing tags stay). */
export function addQuestionTags(questionIds: number[], tagIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${Q}/questions-tags/add`, undefined, {
    params: { questionIds, tagIds },
    ...repeatParams,
  });
}

/** Links questions to knowledge points (existing links stay). */
export function addQuestionKnowledge(
  questionIds: number[],
  knowledgeIds: number[],
): Promise<{ count: number }> {
  return post<{ count: number }>(`${Q}/questions-knowledgePoints/add`, undefined, {
    params: { questionIds, knowledgeIds },
    ...repeatParams,
  });
}

export function fetchQuestionTags(): Promise<{ tagId: number; name: string }[]> {
  return get<{ tagId: number; name: string }[]>('/user/api/v1/tag/simple', { type: TagType.QUESTION });
}

export function addQuestion(input: QuestionInput): Promise<QuestionRow> {
  return post<QuestionRow>(`${Q}/add`, input);
}

export function modifyQuestion(id: number, input: QuestionInput): Promise<QuestionRow> {
  return post<QuestionRow>(`${Q}/modify`, input, { params: { id } });
}

export function deleteQuestions(ids: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${Q}/delete`, { ids });
}

export function moveQuestions(ids: number[], toQuestionBankId: number): Promise<{ count: number }> {
  return post<{ count: number }>(`${Q}/move`, { ids }, { params: { toQuestionBankId } });
}

export function checkQuestion(questionId: number, status: 1 | 2, reason?: string): Promise<QuestionRow> {
  return post<QuestionRow>(`${Q}/check`, { reason }, { params: { questionId, status } });
}

export type ImportMode = 'all' | 'valid';

export function startImport(
  file: File,
  questionBankId: number,
  mode: ImportMode,
): Promise<{ jobId: number; total: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<{ jobId: number; total: number }>(`${Q}/import`, form, { params: { questionBankId, mode } });
}

export function fetchJob(jobId: number): Promise<JobView> {
  return get<JobView>(`/user/api/v1/jobs/${jobId}`);
}

export function downloadQuestionTemplate(): Promise<string> {
  return download(`${Q}/template`, { fileName: '试题导入模板.xlsx' });
}

export function exportQuestions(bankId: number): Promise<string> {
  return download(`${Q}/export`, { params: { bankId }, fileName: '试题.xlsx' });
}

/** Uploads an image as a public file and returns its URL. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await http.post<ApiEnvelope<{ url: string }>>('/user/api/v1/files/upload', body, {
    params: { public: 1 },
  });
  const url = response.data.res?.data.url;
  if (!url) throw new Error('上传失败');
  return url;
}

// ---- where a question is used ----

export interface PaperUsage {
  paperId: number;
  name: string;
  statusLabel: string;
  sectionName: string;
  points: number;
  paperBankName: string;
}

export interface ExamUsage {
  examId: number;
  name: string;
  stateLabel: string;
  startAt: number | null;
  endAt: number | null;
  answered: number;
  averageRatio: number | null;
}

export interface AnswerRecord {
  attemptId: number;
  examId: number;
  examName: string;
  userId: number;
  realName: string;
  answer: unknown;
  score: number | null;
  points: number;
  correct: boolean | null;
  submittedAt: number | null;
}

export function fetchPaperUsage(questionId: number): Promise<PaperUsage[]> {
  return get<PaperUsage[]>(`${Q}/paper/info`, { questionId });
}

export function fetchExamUsage(questionId: number): Promise<ExamUsage[]> {
  return post<ExamUsage[]>(`${Q}/get/exam/by/question`, undefined, { params: { questionId } });
}

export function fetchAnswerRecords(
  questionId: number,
  page: number,
  size: number,
): Promise<Page<AnswerRecord>> {
  return postPage<AnswerRecord>(`${Q}/get/exam/record/by/question`, undefined, {
    params: { questionId, page, size, sortableField: 'submittedAt', sortType: 'desc' },
  });
}
