import type { PaperDifficulty, TypeMixEntry } from '@kaopei/shared';
import { get, post, postPage, type Page } from '../../lib/http';

/** Papers (server: modules/paper, /paper/api/v1 and the builder's /question/api/v1/questions calls). */

const PAPER = '/paper/api/v1/paper';
const Q = '/question/api/v1/questions';

export interface PaperSettings {
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  drawPerCandidate?: boolean;
  classifyByType?: boolean;
}

export interface PaperRow {
  id: number;
  paperId: number;
  name: string;
  description: string | null;
  type: number;
  typeLabel: string;
  /** 0 草稿, 1 已保存. */
  status: number;
  statusLabel: string;
  paperBankId: number;
  paperBankName: string;
  categoryId: number;
  categoryName: string;
  settings: PaperSettings;
  postIds: number[];
  totalScore: number;
  questionCount: number;
  averageDifficulty: number | null;
  difficulty: PaperDifficulty | null;
  difficultyLabel: string;
  timesUsed: number;
  editable: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ChoiceOption {
  content: string;
  correct: boolean;
}

export interface PaperQuestionView {
  id: number;
  questionId: number;
  questionType: number;
  type: number;
  typeLabel: string;
  stem: string;
  stemText: string;
  options: ChoiceOption[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  bankId: number;
  bankName: string;
  points: number;
  sort: number;
}

export interface RandomRuleView {
  ruleId: number;
  type: number;
  typeLabel: string;
  count: number;
  points: number;
  bankIds: number[];
  knowledgeIds: number[];
  tagIds: number[];
  difficultyMin: number;
  difficultyMax: number;
}

export interface SectionView {
  sectionId: number;
  name: string;
  sort: number;
  questionVOS: PaperQuestionView[];
  randomRules: RandomRuleView[];
}

export interface PaperStatistics {
  paperId: number;
  questionCount: number;
  totalScore: number;
  typeMix: TypeMixEntry[];
  averageDifficulty: number | null;
  difficulty: PaperDifficulty | null;
  difficultyLabel: string;
  timesUsed: number;
  examCount: number;
}

export interface PaperDetail extends PaperRow {
  sectionVOS: SectionView[];
  statistics: PaperStatistics;
}

/** A question offered by the builder's picker. */
export interface PickRow {
  id: number;
  questionId: number;
  questionType: number;
  type: number;
  typeLabel: string;
  stem: string;
  stemText: string;
  options: ChoiceOption[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  bankId: number;
  bankName: string;
  points: number;
  isPublic: boolean;
}

/** The Paper query of spec §3 (plus the bank, type and status filters). */
export interface PaperQuery {
  page: { pageNumber: number; pageSize: number };
  categoryId?: number | undefined;
  searchContent?: string | undefined;
  postIds?: number[] | undefined;
  paperBankId?: number | undefined;
  type?: number | undefined;
  status?: 'draft' | 'saved' | undefined;
}

export interface PickerFilter {
  bankId?: number | undefined;
  type?: number | undefined;
  difficultyMin?: number | undefined;
  difficultyMax?: number | undefined;
  keyword?: string | undefined;
  knowledgeIds?: number[] | undefined;
  tagIds?: number[] | undefined;
  scope?: 'mine' | 'public' | 'all' | undefined;
  /** Leave these out (the questions picked so far). */
  selectedIds?: number[] | undefined;
  /** Leave out the questions of this saved paper. */
  paperId?: number | undefined;
}

export interface SectionInput {
  name: string;
  questionVOS: { questionId: number; points: number }[];
}

export interface PaperInput {
  name: string;
  description?: string | null;
  paperBankId?: number;
  categoryId?: number;
  type?: number;
  settings?: PaperSettings;
  postIds?: number[];
  status?: 'draft' | 'saved';
  sectionVOS?: SectionInput[];
}

export const paperKeys = {
  all: ['papers'] as const,
  list: (query: PaperQuery) => ['papers', 'list', query] as const,
  detail: (paperId: number) => ['papers', 'detail', paperId] as const,
  picker: (filter: PickerFilter, page: number, size: number) =>
    ['papers', 'picker', filter, page, size] as const,
  posts: ['papers', 'posts'] as const,
};

export function searchPapers(query: PaperQuery): Promise<Page<PaperRow>> {
  return postPage<PaperRow>(`${PAPER}/search`, query);
}

export function fetchPaper(paperId: number): Promise<PaperDetail> {
  return get<PaperDetail>(`${PAPER}/detail`, { paperId });
}

/** A new draft (autosave before the first save). */
export function createPaper(input: PaperInput): Promise<PaperDetail> {
  return post<PaperDetail>(`${PAPER}/create`, input);
}

/** Saves the whole paper (creates it without paperId) and marks it saved. */
export function savePaper(input: PaperInput & { paperId?: number }): Promise<PaperDetail> {
  return post<PaperDetail>(`${PAPER}/save`, input);
}

/** Copies a paper as a draft of mine (named 「…（副本）」 unless a name is given). */
export function copyPaper(
  paperId: number,
  target: { paperBankId?: number; name?: string } = {},
): Promise<PaperDetail> {
  return post<PaperDetail>(`${PAPER}/copy`, target, { params: { paperId } });
}

export function movePapers(paperIds: number[], toPaperBankId: number): Promise<{ count: number }> {
  return post<{ count: number }>(`${PAPER}/move`, { paperIds, toPaperBankId });
}

export function deletePapers(paperIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${PAPER}/delete`, { paperIds });
}

/** Changes points of questions of a saved paper (spec §7 modify/point). */
export function modifyPoints(
  paperId: number,
  changes: { questionId: number; points: number }[],
): Promise<PaperStatistics> {
  return post<PaperStatistics>('/paper/api/v1/question/modify/point', changes, { params: { paperId } });
}

/** Approved questions not in the paper yet (the builder's picker). `page` is zero-based. */
export function searchNotSelected(filter: PickerFilter, page: number, size: number): Promise<Page<PickRow>> {
  return postPage<PickRow>(`${Q}/search/paper/not-selected/question`, filter, { params: { page, size } });
}

export interface PostOption {
  postId: number;
  postName: string;
}

// ---------- random papers ----------

export interface RandomRuleInput {
  bankIds: number[];
  knowledgeIds: number[];
  tagIds: number[];
  type: number;
  count: number;
  points: number;
  difficultyMin: number;
  difficultyMax: number;
}

export interface RandomPaperInput {
  name: string;
  description?: string | null;
  paperBankId?: number;
  categoryId?: number;
  settings: PaperSettings;
  sections: { name: string; rules: RandomRuleInput[] }[];
}

/** Creates (no paperId) or replaces a random paper; the server names the rule it cannot meet. */
export function saveRandomPaper(input: RandomPaperInput, paperId?: number): Promise<PaperDetail> {
  return paperId === undefined
    ? post<PaperDetail>(`${PAPER}/random/create`, input)
    : post<PaperDetail>(`${PAPER}/random/modify`, input, { params: { paperId } });
}

export interface CandidateQuestion {
  questionId: number;
  type: number;
  typeLabel: string;
  stem: string;
  options: ChoiceOption[] | null;
  optionOrder: number[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  points: number;
}

export interface CandidatePaper {
  paperId: number;
  name: string;
  seed: string;
  totalScore: number;
  questionCount: number;
  sections: { name: string; questions: CandidateQuestion[] }[];
}

/** The paper one candidate would get (random per candidate, shuffled per settings). */
export function drawForCandidate(paperId: number, seed: string): Promise<CandidatePaper> {
  return post<CandidatePaper>(`${PAPER}/random/draw`, undefined, { params: { paperId, seed } });
}

// ---------- intelligent generation ----------

export type AutoDifficulty =
  | { mode: 'average'; target: number; tolerance: number }
  | { mode: 'distribution'; SIMPLE: number; MEDIUM: number; HARD: number };

export interface AutoRules {
  bankIds: number[];
  totalScore?: number;
  typeRules: { type: number; count: number; points: number }[];
  difficulty?: AutoDifficulty;
  knowledgeRules: { knowledgeId: number; minCount: number }[];
  tagIds?: number[];
  excludeUsedWithinDays?: number;
  variants: number;
  maxOverlap: number;
  seed?: string;
}

export interface Violation {
  rule: 'totalScore' | 'type' | 'knowledge' | 'difficulty' | 'overlap';
  index?: number;
  level?: PaperDifficulty;
  variant: number;
  required: number;
  achievable: number;
  message: string;
}

export interface BestPaperSummary {
  variant: number;
  questionCount: number;
  totalScore: number;
  averageDifficulty: number | null;
  typeCounts: { type: number; label: string; count: number; required: number }[];
  knowledgeCounts: { knowledgeId: number; count: number; required: number }[];
}

export interface GeneratedQuestion extends PickRow {
  knowledgeIds: number[];
}

export interface AutoReport {
  feasible: boolean;
  papers: {
    totals: {
      questionCount: number;
      totalScore: number;
      typeMix: TypeMixEntry[];
      averageDifficulty: number | null;
      difficulty: PaperDifficulty | null;
    };
    overlap: number;
    questions: GeneratedQuestion[];
  }[];
  violations: Violation[];
  best?: BestPaperSummary;
  bucketCount: number;
  solveMs: number;
}

/** Generates without saving: the papers, or which rules fail and how close the best paper gets. */
export function generateAutoPreview(rules: AutoRules): Promise<AutoReport> {
  return post<AutoReport>(`${Q}/get/auto/question`, rules);
}

/** Generates and saves the papers (A/B… when several). */
export function createAutoPapers(
  rules: AutoRules,
  paper: { name: string; paperBankId?: number; categoryId?: number; description?: string | null },
): Promise<{ papers: PaperDetail[] }> {
  return post<{ papers: PaperDetail[] }>(`${Q}/exam-paper/auto`, { rules, paper });
}
