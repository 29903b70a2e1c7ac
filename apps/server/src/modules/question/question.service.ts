import {
  CODE_LANGUAGES,
  DEFAULT_CODE_TEMPLATES,
  QUESTION_TYPES,
  TagType,
  questionTypeLabel,
  type QuestionType,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/http';
import type { TagRef } from '@kaopei/shared/contracts/tag';
import { registerTagLinks, requireTags } from '../tag/tag.service';
import { sanitizeStem, validateKey } from './question.rules';
import { auditStateOnSave, type AuditStamp, type QuestionSaveDeps } from './question.audit';
import type {
  AuditInfo,
  CodeTemplate,
  KnowledgeRef,
  KnowledgeTypeCount,
  QuestionContentInput,
  QuestionFilter,
  QuestionRow,
  QuestionTypeCount,
} from '@kaopei/shared/contracts/question';
import {
  addQuestionKnowledgeLinks,
  addQuestionTagLinks,
  countQuestionsByKnowledgeAndType,
  deleteQuestionRows,
  estimateMatches,
  findBankInAnyOrg,
  findOwnBank,
  findPlatformOrganizationId,
  findQuestionAudit,
  findReadableQuestionRow,
  insertQuestion,
  insertQuestionKnowledgeLinks,
  insertQuestions,
  insertQuestionTagLinks,
  listLinksOfQuestions,
  listMatchSample,
  listQuestionOwnersInAnyOrg,
  listQuestionPage,
  listReadableKnowledgeIds,
  moveQuestionRows,
  questionTagLink,
  replaceQuestionLinks,
  sumQuestionCountersByType,
  updateQuestionAudit,
  updateQuestionContent,
  type QuestionRecord,
  type SearchFilter,
} from './question.repo';
import { isMultiTerm, keywordTerms } from './question.keywords';

export { estimateMatches } from './question.repo';

registerTagLinks(TagType.QUESTION, questionTagLink);

export const STATUS_LABELS: Readonly<Record<number, string>> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

export const questionNotFound = () => notFound('试题不存在');
const bankNotFound = () => notFound('题库不存在');
const PUBLIC_READ_ONLY = '公开题库不可修改';

export type { AuditInfo, KnowledgeRef, QuestionRow } from '@kaopei/shared/contracts/question';

// ---------- organisation and bank access ----------

let platformIdCache: number | undefined;

export async function platformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  if (platformIdCache !== undefined) return platformIdCache;
  platformIdCache = await findPlatformOrganizationId(db);
  return platformIdCache;
}

/** A bank the caller may write to: their organisation's; a platform bank is 403, anything else 404. */
export async function requireWritableBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
): Promise<{ id: number; name: string }> {
  const bank = await findBankInAnyOrg(db, bankId);
  if (!bank) throw bankNotFound();
  if (bank.organizationId === ctx.organizationId) return bank;
  if (bank.organizationId === (await platformOrganizationId(db))) throw forbidden(PUBLIC_READ_ONLY);
  throw bankNotFound();
}

/** A bank of the caller's organisation (404 otherwise). */
export async function requireOwnBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
): Promise<{ id: number; name: string }> {
  const bank = await findOwnBank(db, ctx, bankId);
  if (!bank) throw bankNotFound();
  return bank;
}

/** Organisations whose questions the caller may read: their own and the platform's. */
async function readableOrgs(db: DbOrTx, ctx: RequestContext): Promise<number[]> {
  const platform = await platformOrganizationId(db);
  return platform === undefined || platform === ctx.organizationId
    ? [ctx.organizationId]
    : [ctx.organizationId, platform];
}

/** Questions of the caller's organisation with these ids, all or nothing (404 otherwise); platform → 403. */
async function requireOwnQuestions(
  db: DbOrTx,
  ctx: RequestContext,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await listQuestionOwnersInAnyOrg(db, unique);
  const platform = await platformOrganizationId(db);
  if (found.some((row) => row.organizationId !== ctx.organizationId && row.organizationId === platform)) {
    if (found.length === unique.length) throw forbidden(PUBLIC_READ_ONLY);
  }
  if (found.length !== unique.length || found.some((row) => row.organizationId !== ctx.organizationId)) {
    throw questionNotFound();
  }
  return unique;
}

/** Knowledge nodes of the caller's organisation or the platform's public tree; 404 otherwise. */
async function requireKnowledge(db: DbOrTx, ctx: RequestContext, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await listReadableKnowledgeIds(db, unique, await readableOrgs(db, ctx));
  if (found.length !== unique.length) throw notFound('知识点不存在');
  return unique;
}

// ---------- reading ----------

async function withLinks(db: DbOrTx, ctx: RequestContext, rows: QuestionRecord[]): Promise<QuestionRow[]> {
  const ids = rows.map((row) => row.id);
  const tagMap = new Map<number, TagRef[]>();
  const knowledgeMap = new Map<number, KnowledgeRef[]>();
  if (ids.length > 0) {
    // One query for the page's tags and knowledge points together.
    const links = await listLinksOfQuestions(db, ids);
    for (const link of links) {
      const questionId = link.questionId;
      if (link.kind === 'tag') {
        const list = tagMap.get(questionId) ?? [];
        list.push({ tagId: link.refId, type: Number(link.type), name: link.name, color: link.color ?? '' });
        tagMap.set(questionId, list);
      } else {
        const list = knowledgeMap.get(questionId) ?? [];
        list.push({ knowledgeId: link.refId, name: link.name });
        knowledgeMap.set(questionId, list);
      }
    }
  }
  return rows.map((row) => ({
    id: row.id,
    questionId: row.id,
    bankId: row.bankId,
    bankName: row.bankName,
    type: row.type,
    questionType: row.type,
    typeLabel: questionTypeLabel(row.type),
    stem: row.stem,
    stemText: row.stemText,
    options: (row.options as QuestionRow['options']) ?? null,
    answer: row.answer ?? null,
    analysis: row.analysis,
    difficulty: row.difficulty,
    defaultPoints: Number(row.defaultPoints),
    status: row.status,
    statusLabel: STATUS_LABELS[row.status] ?? '',
    auditReason: row.auditReason,
    tags: tagMap.get(row.id) ?? [],
    knowledgePoints: knowledgeMap.get(row.id) ?? [],
    editable: row.organizationId === ctx.organizationId,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  }));
}

/** One question of the caller's organisation or the platform's public ones. */
export async function getQuestion(db: DbOrTx, ctx: RequestContext, id: number): Promise<QuestionRow> {
  const row = await findReadableQuestionRow(db, id, await readableOrgs(db, ctx));
  if (!row) throw questionNotFound();
  const [result] = await withLinks(db, ctx, [row]);
  if (!result) throw questionNotFound();
  return result;
}

function filterTypes(filter: QuestionFilter): QuestionType[] {
  return [...(filter.types ?? []), ...(filter.type !== undefined ? [filter.type] : [])];
}

/** Whether the filter names tags or knowledge points (their link tables then start the search). */
function hasLinkFilter(filter: QuestionFilter): boolean {
  return Boolean(filter.tagIds?.length || filter.knowledgeIds?.length);
}

/** Whether `question_counts` can answer counts for this filter (banks, types, status, difficulty only). */
function counterFilter(filter: QuestionFilter): boolean {
  return !filter.keyword?.trim() && !filter.tagIds?.length && !filter.knowledgeIds?.length;
}

/**
 * Filters the counters cannot answer (keyword, tags, knowledge points) are counted exactly up to this
 * many matches; beyond it the answer is "at least COUNT_CAP" (`totalCapped`), as search engines do,
 * so that a keyword found in a third of a million questions still answers at once.
 */
export const COUNT_CAP = 1000;

/** Question counts per type from the trigger-kept counters, for a filter `counterFilter` accepts. */
function countersByType(
  db: DbOrTx,
  organizationId: number,
  filter: QuestionFilter,
): Promise<Map<number, number>> {
  return sumQuestionCountersByType(db, { organizationId }, filter);
}

/** Up to `limit` questions matching a filter the counters cannot answer, as (id, type). */
function matchSample(
  db: DbOrTx,
  organizationId: number,
  filter: SearchFilter,
  limit: number,
): Promise<{ id: number; type: number }[]> {
  return listMatchSample(db, { organizationId }, filter, limit);
}

/**
 * A keyword the planner expects in more than this many questions is common: counting it is skipped at
 * once (there are surely more than COUNT_CAP), and its page walks the list order, where matches are met
 * quickly, instead of collecting a large share of the organisation through the index.
 */
export const COMMON_ESTIMATE = 10 * COUNT_CAP;

/** All matches of a filter the counters cannot answer, or null when there are more than COUNT_CAP. */
async function collectMatches(
  db: DbOrTx,
  organizationId: number,
  filter: SearchFilter,
): Promise<{ id: number; type: number }[] | null> {
  const keyword = filter.keyword?.trim();
  if (
    keyword &&
    !hasLinkFilter(filter) &&
    (await estimateMatches(db, organizationId, filter)) > COMMON_ESTIMATE
  )
    return null;
  const sample = await matchSample(db, organizationId, filter, COUNT_CAP + 1);
  return sample.length > COUNT_CAP ? null : sample;
}

interface TypeCounts {
  byType: Map<number, number>;
  /** More than COUNT_CAP questions match, so they were not counted per type. */
  capped: boolean;
}

function tally(sample: { type: number }[]): Map<number, number> {
  const byType = new Map<number, number>();
  for (const row of sample) byType.set(row.type, (byType.get(row.type) ?? 0) + 1);
  return byType;
}

/** Questions per type matching `filter`: from the counters, or counted when at most COUNT_CAP match. */
async function countTypesIn(db: DbOrTx, organizationId: number, filter: QuestionFilter): Promise<TypeCounts> {
  if (counterFilter(filter))
    return { byType: await countersByType(db, organizationId, filter), capped: false };
  const matches = await collectMatches(db, organizationId, filter);
  return matches ? { byType: tally(matches), capped: false } : { byType: new Map(), capped: true };
}

export interface QuestionPage {
  rows: QuestionRow[];
  total: number;
  /** The total stopped at COUNT_CAP: there are at least that many. */
  totalCapped: boolean;
}

type PageRequest = QuestionFilter & { limit: number; offset: number };
type RawPage = Omit<QuestionPage, 'rows'> & { rows: Awaited<ReturnType<typeof listQuestionPage>> };

/**
 * A page of questions matching `filter` in `organizationId`. Filters of banks, types, statuses and
 * difficulty walk an index in list order and take the total from the counters. Other filters first
 * collect up to COUNT_CAP matches (`collectMatches`: not even tried for a keyword the planner expects
 * in more than COMMON_ESTIMATE questions, whose whole posting list a bitmap scan would read): when that
 * is all of them, the page is sorted from those ids and the total is exact; when there are more, the
 * page walks the index in list order (matches are then common enough to be met quickly) and the total
 * reads "at least COUNT_CAP". A keyword of several words, in the default order, ranks (`rankedPage`).
 */
async function searchIn(
  db: Db,
  ctx: RequestContext,
  organizationId: number,
  filter: PageRequest,
): Promise<QuestionPage> {
  const keyword = filter.keyword?.trim();
  const found =
    keyword && filter.sortField === undefined && isMultiTerm(keyword, keywordTerms(keyword))
      ? await rankedPage(db, organizationId, filter)
      : await listOrderPage(db, organizationId, filter);
  return { ...found, rows: await withLinks(db, ctx, found.rows) };
}

async function listOrderPage(db: Db, organizationId: number, filter: PageRequest): Promise<RawPage> {
  const scope = { organizationId };
  const page = (narrow: { useGrams: boolean } | { ids: number[] }) =>
    listQuestionPage(db, scope, filter, narrow);
  if (counterFilter(filter)) {
    const [rows, byType] = await Promise.all([
      page({ useGrams: true }),
      countersByType(db, organizationId, filter),
    ]);
    let total = 0;
    for (const value of byType.values()) total += value;
    return { rows, total, totalCapped: false };
  }
  const sample = await collectMatches(db, organizationId, filter);
  if (sample) {
    const rows =
      sample.length === 0 || filter.offset >= sample.length
        ? []
        : await page({ ids: sample.map((row) => row.id) });
    return { rows, total: sample.length, totalCapped: false };
  }
  return { rows: await page({ useGrams: false }), total: COUNT_CAP, totalCapped: true };
}

/**
 * A keyword of several words (消防设备: 消防, 设备) in relevance order: the questions holding the keyword
 * as typed first, then those holding its words apart, each part in list order. When at most COUNT_CAP
 * match, one sorted page of the collected ids; when the phrase alone is common, its matches fill every
 * page; otherwise the phrase's few matches come first and the page goes on with the rest in list order.
 */
async function rankedPage(db: Db, organizationId: number, filter: PageRequest): Promise<RawPage> {
  const scope = { organizationId };
  const phraseOnly: PageRequest & SearchFilter = { ...filter, keywordMode: 'phrase' };
  const phrase = await collectMatches(db, organizationId, phraseOnly);
  if (!phrase)
    return {
      rows: await listQuestionPage(db, scope, phraseOnly, { useGrams: false }),
      total: COUNT_CAP,
      totalCapped: true,
    };
  const all = await collectMatches(db, organizationId, filter);
  if (all) {
    const ids = all.map((row) => row.id);
    const rows =
      filter.offset >= ids.length
        ? []
        : await listQuestionPage(db, scope, filter, { ids, phraseFirst: true });
    return { rows, total: all.length, totalCapped: false };
  }
  const head =
    filter.offset < phrase.length
      ? await listQuestionPage(db, scope, filter, { ids: phrase.map((row) => row.id) })
      : [];
  const rest =
    head.length < filter.limit
      ? await listQuestionPage(
          db,
          scope,
          {
            ...filter,
            keywordMode: 'rest',
            offset: Math.max(0, filter.offset - phrase.length),
            limit: filter.limit - head.length,
          },
          { useGrams: false },
        )
      : [];
  return { rows: [...head, ...rest], total: COUNT_CAP, totalCapped: true };
}

export function searchQuestions(db: Db, ctx: RequestContext, filter: PageRequest): Promise<QuestionPage> {
  return searchIn(db, ctx, ctx.organizationId, filter);
}

/** The platform's approved public questions (read-only for everyone else). */
export async function searchPlatformQuestions(
  db: Db,
  ctx: RequestContext,
  filter: PageRequest,
): Promise<QuestionPage> {
  const platform = await platformOrganizationId(db);
  if (platform === undefined) return { rows: [], total: 0, totalCapped: false };
  const own = platform === ctx.organizationId;
  return searchIn(db, ctx, platform, { ...filter, ...(own ? {} : { status: 1 }) });
}

/**
 * How many questions of each type match `filter` (all six types, zeros included). When more than
 * COUNT_CAP match a filter the counters cannot answer, the types the filter allows have `count` null
 * and `capped` true ("more than COUNT_CAP"); narrowing the filter brings the numbers back.
 */
export async function countByType(
  db: Db,
  ctx: RequestContext,
  filter: QuestionFilter,
): Promise<QuestionTypeCount[]> {
  const { byType, capped } = await countTypesIn(db, ctx.organizationId, filter);
  const allowed = filterTypes(filter);
  return QUESTION_TYPES.map((type) => {
    const uncounted = capped && (allowed.length === 0 || allowed.includes(type));
    return {
      type,
      typeLabel: questionTypeLabel(type),
      count: uncounted ? null : (byType.get(type) ?? 0),
      capped: uncounted,
    };
  });
}

/** Counts per knowledge node and type (only nodes with questions), optionally for given nodes. */
export async function countByKnowledgeAndType(
  db: Db,
  ctx: RequestContext,
  filter: QuestionFilter,
): Promise<KnowledgeTypeCount[]> {
  const rows = await countQuestionsByKnowledgeAndType(db, ctx, filter);
  const result = new Map<number, KnowledgeTypeCount>();
  for (const row of rows) {
    const entry = result.get(row.knowledgeId) ?? { knowledgeId: row.knowledgeId, total: 0, counts: [] };
    entry.counts.push({ type: row.type, count: row.count });
    entry.total += row.count;
    result.set(row.knowledgeId, entry);
  }
  return [...result.values()];
}

// ---------- writing ----------

export interface PreparedQuestion {
  type: QuestionType;
  stem: string;
  stemText: string;
  options: { content: string; correct: boolean }[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  defaultPoints: number;
}

/** Validates and normalises one question's content (no database access). */
export function prepareQuestion(input: QuestionContentInput): PreparedQuestion {
  const { stem, stemText } = sanitizeStem(input.stem);
  if (stemText === '' && !/<img/i.test(stem)) throw badRequest('题干不能为空', 'stem');
  const key = validateKey(input.type, input.options, input.answer);
  return {
    type: input.type,
    stem,
    stemText: stemText.slice(0, 10_000),
    options: key.options,
    answer: key.answer,
    analysis: input.analysis?.trim() ? input.analysis.trim() : null,
    difficulty: input.difficulty,
    defaultPoints: input.defaultPoints,
  };
}

async function replaceLinks(
  tx: DbOrTx,
  questionIds: number[],
  tagIds: number[] | undefined,
  knowledgeIds: number[] | undefined,
): Promise<void> {
  await replaceQuestionLinks(tx, questionIds, tagIds, knowledgeIds);
}

/** Writes a question into one of the caller's banks; its audit state is the save's (question.audit.ts). */
export async function addQuestion(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  input: QuestionContentInput & { bankId: number },
): Promise<QuestionRow> {
  const { db } = deps;
  const prepared = prepareQuestion(input);
  await requireWritableBank(db, ctx, input.bankId);
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION, input.tagIds);
  const knowledgeIds = await requireKnowledge(db, ctx, input.knowledgeIds);
  const audit = await auditStateOnSave(deps, ctx);
  const id = await db.transaction(async (tx) => {
    const id = await insertQuestion(tx, ctx, input.bankId, prepared, audit);
    if (id === undefined) throw new Error('question insert failed');
    await replaceLinks(
      tx,
      [id],
      tagList.map((tag) => tag.tagId),
      knowledgeIds,
    );
    return id;
  });
  return getQuestion(db, ctx, id);
}

/**
 * Replaces a question's content; its audit state is the save's (question.audit.ts): back to 待审核
 * unless the caller may audit and the organisation approves auditors' questions on save.
 */
export async function modifyQuestion(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  id: number,
  input: QuestionContentInput & { bankId: number },
): Promise<QuestionRow> {
  const { db } = deps;
  const prepared = prepareQuestion(input);
  await requireOwnQuestions(db, ctx, [id]);
  await requireWritableBank(db, ctx, input.bankId);
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION, input.tagIds);
  const knowledgeIds = await requireKnowledge(db, ctx, input.knowledgeIds);
  const audit = await auditStateOnSave(deps, ctx);
  await db.transaction(async (tx) => {
    await updateQuestionContent(tx, ctx, id, input.bankId, prepared, audit);
    await replaceLinks(
      tx,
      [id],
      tagList.map((tag) => tag.tagId),
      knowledgeIds,
    );
  });
  return getQuestion(db, ctx, id);
}

const BATCH_SIZE = 500;

/**
 * Inserts prepared questions into one bank in batches inside `tx`, with the save's audit state
 * (`auditStateOnSave`, decided before `tx` opened). Returns the new ids.
 */
export async function insertPrepared(
  tx: DbOrTx,
  ctx: RequestContext,
  bankId: number,
  audit: AuditStamp,
  list: (PreparedQuestion & { tagIds?: number[]; knowledgeIds?: number[] })[],
  onBatch?: (done: number) => Promise<void>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += BATCH_SIZE) {
    const chunk = list.slice(start, start + BATCH_SIZE);
    const chunkIds = await insertQuestions(
      tx,
      ctx,
      bankId,
      chunk.map(({ tagIds: _tags, knowledgeIds: _knowledge, ...prepared }) => prepared),
      audit,
    );
    const tagRows = chunk.flatMap((item, index) =>
      (item.tagIds ?? []).map((tagId) => ({ questionId: chunkIds[index] as number, tagId })),
    );
    const knowledgeRows = chunk.flatMap((item, index) =>
      (item.knowledgeIds ?? []).map((knowledgeId) => ({
        questionId: chunkIds[index] as number,
        knowledgeId,
      })),
    );
    if (tagRows.length > 0) await insertQuestionTagLinks(tx, tagRows);
    if (knowledgeRows.length > 0) await insertQuestionKnowledgeLinks(tx, knowledgeRows);
    ids.push(...chunkIds);
    if (onBatch) await onBatch(ids.length);
  }
  return ids;
}

/** Adds a JSON list of questions to one bank, all or nothing; errors name the item (第 n 题). */
export async function addQuestionBatch(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  bankId: number,
  list: QuestionContentInput[],
): Promise<{ count: number; ids: number[] }> {
  const { db } = deps;
  await requireWritableBank(db, ctx, bankId);
  const prepared = list.map((input, index) => {
    try {
      return prepareQuestion(input);
    } catch (error) {
      if (error instanceof Error) throw badRequest(`第 ${index + 1} 题：${error.message}`);
      throw error;
    }
  });
  await requireTags(
    db,
    ctx.organizationId,
    TagType.QUESTION,
    list.flatMap((q) => q.tagIds),
  );
  await requireKnowledge(
    db,
    ctx,
    list.flatMap((q) => q.knowledgeIds),
  );
  const audit = await auditStateOnSave(deps, ctx);
  const ids = await db.transaction((tx) =>
    insertPrepared(
      tx,
      ctx,
      bankId,
      audit,
      prepared.map((item, index) => ({
        ...item,
        tagIds: [...new Set(list[index]?.tagIds ?? [])],
        knowledgeIds: [...new Set(list[index]?.knowledgeIds ?? [])],
      })),
    ),
  );
  return { count: ids.length, ids };
}

/** Deletes questions, all or nothing. */
export async function deleteQuestions(
  db: Db,
  ctx: RequestContext,
  ids: number[],
): Promise<{ count: number }> {
  const unique = await requireOwnQuestions(db, ctx, ids);
  const deleted = await deleteQuestionRows(db, ctx, unique);
  return { count: deleted.length };
}

export async function moveQuestions(
  db: Db,
  ctx: RequestContext,
  toBankId: number,
  ids: number[],
): Promise<{ count: number }> {
  await requireWritableBank(db, ctx, toBankId);
  const unique = await requireOwnQuestions(db, ctx, ids);
  const moved = await moveQuestionRows(db, ctx, unique, toBankId);
  return { count: moved.length };
}

/** Approves (1) or rejects (2, reason required) a question. */
export async function checkQuestion(
  db: Db,
  ctx: RequestContext,
  questionId: number,
  status: 1 | 2,
  reason: string | undefined,
): Promise<QuestionRow> {
  await requireOwnQuestions(db, ctx, [questionId]);
  if (status === 2 && !reason) throw badRequest('驳回时必须填写原因', 'reason');
  await updateQuestionAudit(db, ctx, questionId, {
    status,
    auditReason: status === 2 ? (reason ?? null) : reason || null,
    auditedBy: ctx.userId,
    auditedAt: new Date(),
  });
  return getQuestion(db, ctx, questionId);
}

export async function auditInfo(db: Db, ctx: RequestContext, questionId: number): Promise<AuditInfo> {
  const row = await findQuestionAudit(db, ctx, questionId);
  if (!row) throw questionNotFound();
  return {
    questionId,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status] ?? '',
    reason: row.reason,
    auditorId: row.auditorId,
    auditorName: row.auditorName,
    auditedAt: row.auditedAt ? row.auditedAt.getTime() : null,
  };
}

/** Adds tags to questions (existing links kept). */
export async function addQuestionTags(
  db: Db,
  ctx: RequestContext,
  questionIds: number[],
  tagIds: number[],
): Promise<{ count: number }> {
  const ids = await requireOwnQuestions(db, ctx, questionIds);
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION, tagIds);
  const added = await addQuestionTagLinks(
    db,
    ids.flatMap((questionId) => tagList.map((tag) => ({ questionId, tagId: tag.tagId }))),
  );
  return { count: added.length };
}

/** Adds knowledge points to questions (existing links kept). */
export async function addQuestionKnowledge(
  db: Db,
  ctx: RequestContext,
  pairs: { questionIds: number[]; knowledgeIds: number[] }[],
): Promise<{ count: number }> {
  await requireOwnQuestions(
    db,
    ctx,
    pairs.flatMap((pair) => pair.questionIds),
  );
  await requireKnowledge(
    db,
    ctx,
    pairs.flatMap((pair) => pair.knowledgeIds),
  );
  const values = pairs.flatMap((pair) =>
    [...new Set(pair.questionIds)].flatMap((questionId) =>
      [...new Set(pair.knowledgeIds)].map((knowledgeId) => ({ questionId, knowledgeId })),
    ),
  );
  if (values.length === 0) return { count: 0 };
  const added = await addQuestionKnowledgeLinks(db, values);
  return { count: added.length };
}

const TEMPLATES = DEFAULT_CODE_TEMPLATES;

/** Code templates per language (spec §3 "Code template"). */
export function defaultTemplates(): CodeTemplate[] {
  return CODE_LANGUAGES.map((language) => ({
    codeType: language.id,
    label: language.label,
    template: TEMPLATES[language.id],
    defaultTemplate: TEMPLATES[language.id],
  }));
}
