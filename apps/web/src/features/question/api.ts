import type { HttpRequestConfig } from '../../lib/http';
import { bankContracts, type BankRow } from '@kaopei/shared/contracts/bank';
import { examContracts } from '@kaopei/shared/contracts/exam';
import type { ImportMode } from '@kaopei/shared/contracts/file';
import { paperQuestionContracts } from '@kaopei/shared/contracts/paper';
import { AUDIT_MENU, questionContracts as questions } from '@kaopei/shared/contracts/question';
import { flattenMenuUrls } from '../../app/layout/menu-model';
import { call, callPage, type BodyIn, type DataOf } from '../../lib/api';
import { download } from '../../lib/download';
import { fetchQuestionTags, QUESTION_TAGS_KEY } from '../../lib/picker-queries';
import { useSessionStore } from '../../stores/session-store';

/** Questions (contracts: packages/shared/src/contracts/question.ts). Paging `page` is zero-based. */

export type {
  AuditInfo,
  ChoiceOption,
  CodeAnswer,
  FillAnswer,
  QuestionRow,
  ShortAnswer,
} from '@kaopei/shared/contracts/question';
export type { PaperUsage } from '@kaopei/shared/contracts/paper';
export type {
  ExamUsingQuestion as ExamUsage,
  QuestionRecord as AnswerRecord,
} from '@kaopei/shared/contracts/exam';
/** 我的试题 (the organisation's) or 公开试题 (the platform's approved questions, read-only). */
export type { BankScope as QuestionScope } from '@kaopei/shared/contracts/bank';

/** 试题审核: the page of questions waiting for audit. */
export { AUDIT_MENU } from '@kaopei/shared/contracts/question';

/** Whether the signed-in user may audit questions: administrators and holders of 试题审核 (the server's rule). */
export function useMayAuditQuestions(): boolean {
  const isAdmin = useSessionStore((state) => Boolean(state.userInfo?.isAdmin));
  const menuInfo = useSessionStore((state) => state.menuInfo);
  return isAdmin || flattenMenuUrls(menuInfo).includes(AUDIT_MENU);
}

/** The question list's filters (the search body). */
export type QuestionFilter = NonNullable<BodyIn<typeof questions.search>>;
/** What the editor sends (`type` or spec §3's `questionType`). */
export type QuestionInput = BodyIn<typeof questions.add>;
/** A bank as pickers show it. */
export type BankOption = Pick<BankRow, 'bankId' | 'name'>;

export const questionKeys = {
  all: ['questions'] as const,
  list: (scope: 'mine' | 'public', filter: QuestionFilter, page: number, size: number) =>
    ['questions', 'list', scope, filter, page, size] as const,
  banks: (category?: string) => ['questions', 'banks', category ?? ''] as const,
  publicBanks: ['questions', 'public-banks'] as const,
  tags: QUESTION_TAGS_KEY,
};

export function searchQuestions(filter: QuestionFilter, page: number, size: number) {
  return callPage(questions.search, { query: { page, size }, body: filter });
}

/** The platform's approved questions (read-only, copyable). */
export function searchPublicQuestions(filter: QuestionFilter, page: number, size: number) {
  const { bankCategory: _category, ...rest } = filter;
  return callPage(questions.platformSearch, { query: { page, size }, body: rest });
}

/** The caller's own banks (of one category when given), for pickers. */
export async function fetchBankOptions(category?: string): Promise<BankOption[]> {
  const page = await callPage(bankContracts.list, {
    query: { page: 0, size: 100 },
    body: { scope: 'mine', category },
  });
  return page.data.map((bank) => ({ bankId: bank.bankId, name: bank.name }));
}

/** The public banks, for the public view's bank filter. */
export async function fetchPublicBankOptions(): Promise<BankOption[]> {
  const page = await callPage(bankContracts.list, {
    query: { page: 0, size: 100 },
    body: { scope: 'public' },
  });
  return page.data.map((bank) => ({ bankId: bank.bankId, name: bank.name }));
}

/** Copies public (or own) questions into one of my banks. */
export function copyQuestions(ids: number[], toQuestionBankId: number) {
  return call(questions.copy, { query: { toQuestionBankId }, body: { ids } });
}

/** Adds tags to questions (existing tags stay). */
export function addQuestionTags(questionIds: number[], tagIds: number[]) {
  return call(questions.addTags, { query: { questionIds, tagIds } });
}

/** Links questions to knowledge points (existing links stay). */
export function addQuestionKnowledge(questionIds: number[], knowledgeIds: number[]) {
  return call(questions.addKnowledge, { query: { questionIds, knowledgeIds } });
}

export { fetchQuestionTags };

/** `config` FORM_ERRORS from the question editor (a refusal shows under its field). */
export function addQuestion(input: QuestionInput, config?: HttpRequestConfig) {
  return call(questions.add, { body: input }, config);
}

export function modifyQuestion(id: number, input: QuestionInput, config?: HttpRequestConfig) {
  return call(questions.modify, { query: { id }, body: input }, config);
}

export function deleteQuestions(ids: number[]) {
  return call(questions.delete, { body: { ids } });
}

export function moveQuestions(ids: number[], toQuestionBankId: number) {
  return call(questions.move, { query: { toQuestionBankId }, body: { ids } });
}

export function checkQuestion(questionId: number, status: 1 | 2, reason?: string) {
  return call(questions.check, { query: { questionId, status }, body: { reason } });
}

export function startImport(file: File, questionBankId: number, mode: ImportMode) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(questions.import, { query: { questionBankId, mode }, form });
}

export function downloadQuestionTemplate(): Promise<string> {
  return download(questions.importTemplate, undefined, '试题导入模板.xlsx');
}

export function exportQuestions(bankId: number): Promise<string> {
  return download(questions.export, { query: { bankId } }, '试题.xlsx');
}

// ---- where a question is used ----

type QuestionRowOf = DataOf<typeof questions.detail>;

/** One question of the organisation (the editor opened from a link). */
export function fetchQuestion(id: number): Promise<QuestionRowOf> {
  return call(questions.detail, { params: { id } });
}

export function fetchPaperUsage(questionId: number) {
  return call(paperQuestionContracts.usage, { query: { questionId } });
}

export function fetchExamUsage(questionId: number) {
  return call(examContracts.examsUsingQuestion, { query: { questionId } });
}

export function fetchAnswerRecords(questionId: number, page: number, size: number) {
  return callPage(examContracts.questionRecords, {
    query: { questionId, page, size, sortableField: 'submittedAt', sortType: 'desc' },
  });
}
