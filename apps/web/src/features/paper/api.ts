import {
  paperContracts as papers,
  paperQuestionContracts as builder,
  type AutoReport,
  type CandidatePaper,
  type ChoiceOption,
  type GeneratedQuestion,
  type PaperDetail,
  type PaperRow,
  type PickRow,
} from '@kaopei/shared/contracts/paper';
import { call, callPage, callReply, type BodyIn } from '../../lib/api';

/**
 * Papers, random papers, intelligent generation and the builder's question calls (contracts:
 * packages/shared/src/contracts/paper.ts).
 */

export type { AutoReport, CandidatePaper, ChoiceOption, GeneratedQuestion, PaperDetail, PaperRow, PickRow };

/** The Paper query of spec §3 (plus the bank, type and status filters). */
export type PaperQuery = NonNullable<BodyIn<typeof papers.search>>;
/** What the builder's picker filters by. */
export type PickerFilter = NonNullable<BodyIn<typeof builder.notSelected>>;
/** A paper as the manual builder sends it. */
export type PaperInput = BodyIn<typeof papers.create>;
export type RandomPaperInput = BodyIn<typeof papers.randomCreate>;
/**
 * Intelligent-generation rules as the rule editor composes them and saved rules come back (the editor
 * never excludes single questions).
 */
export type { AutoRules } from '../../components/auto-rules-fields';
import type { AutoRules } from '../../components/auto-rules-fields';

export const paperKeys = {
  all: ['papers'] as const,
  list: (query: PaperQuery) => ['papers', 'list', query] as const,
  detail: (paperId: number) => ['papers', 'detail', paperId] as const,
  statistics: (paperId: number) => ['papers', 'statistics', paperId] as const,
  picker: (filter: PickerFilter, page: number, size: number) =>
    ['papers', 'picker', filter, page, size] as const,
};

export function searchPapers(query: PaperQuery) {
  return callPage(papers.search, { body: query });
}

export function fetchPaper(paperId: number) {
  return call(papers.detail, { query: { paperId } });
}

export function fetchStatistics(paperId: number) {
  return call(papers.statistics, { query: { paperId } });
}

/** A new draft (autosave before the first save). */
export function createPaper(input: PaperInput) {
  return call(papers.create, { body: input });
}

/** Saves the whole paper (creates it without paperId) and marks it saved. */
export function savePaper(input: BodyIn<typeof papers.save>) {
  return call(papers.save, { body: input });
}

/** Copies a paper as a draft of mine (named 「…（副本）」 unless a name is given). */
export function copyPaper(paperId: number, target: BodyIn<typeof papers.copy> = {}) {
  return call(papers.copy, { query: { paperId }, body: target });
}

export function movePapers(paperIds: number[], toPaperBankId: number) {
  return call(papers.move, { body: { paperIds, toPaperBankId } });
}

export function deletePapers(paperIds: number[]) {
  return call(papers.delete, { body: { paperIds } });
}

/** Changes points of questions of a saved paper (spec §7 modify/point). */
export function modifyPoints(paperId: number, changes: BodyIn<typeof papers.modifyPoints>) {
  return call(papers.modifyPoints, { query: { paperId }, body: changes });
}

/**
 * Approved questions not in the paper yet (the builder's picker), with `pendingCount`: how many matching
 * questions of the organisation wait for audit. `page` is zero-based.
 */
export async function searchNotSelected(filter: PickerFilter, page: number, size: number) {
  const reply = await callReply(builder.notSelected, { query: { page, size }, body: filter });
  return reply.res;
}

// ---------- random papers ----------

/** Creates (no paperId) or replaces a random paper; the server names the rule it cannot meet. */
export function saveRandomPaper(input: RandomPaperInput, paperId?: number) {
  return paperId === undefined
    ? call(papers.randomCreate, { body: input })
    : call(papers.randomModify, { query: { paperId }, body: input });
}

/** The paper one candidate would get (random per candidate, shuffled per settings). */
export function drawForCandidate(paperId: number, seed: string) {
  return call(papers.randomDraw, { query: { paperId, seed } });
}

// ---------- intelligent generation ----------

/** Generates without saving: the papers, or which rules fail and how close the best paper gets. */
export function generateAutoPreview(rules: AutoRules) {
  return call(builder.autoPreview, { body: rules });
}

/** Generates and saves the papers (A/B… when several). */
export function createAutoPapers(rules: AutoRules, paper: BodyIn<typeof builder.autoCreate>['paper']) {
  return call(builder.autoCreate, { body: { rules, paper } });
}
