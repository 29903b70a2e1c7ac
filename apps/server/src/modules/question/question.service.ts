import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CODE_LANGUAGES,
  DEFAULT_CODE_TEMPLATES,
  TagType,
  questionTypeLabel,
  type QuestionType,
} from '@kaopei/shared';
import { unionAll } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  knowledgeNodes,
  organizations,
  questionBanks,
  questionCounts,
  questionKnowledge,
  questionTags,
  questions,
  tags,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import type { TagRef } from '@kaopei/shared/contracts/tag';
import { registerTagLinks, requireTags } from '../tag/tag.service';
import { sanitizeStem, validateKey } from './question.rules';
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

registerTagLinks(TagType.QUESTION, { table: questionTags, tagId: questionTags.tagId });

export const STATUS_LABELS: Readonly<Record<number, string>> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

export const questionNotFound = () => notFound('试题不存在');
const bankNotFound = () => notFound('题库不存在');
const PUBLIC_READ_ONLY = '公开题库不可修改';

export type { AuditInfo, KnowledgeRef, QuestionRow } from '@kaopei/shared/contracts/question';

// ---------- organisation and bank access ----------

let platformIdCache: number | undefined;

export async function platformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  if (platformIdCache !== undefined) return platformIdCache;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .limit(1);
  platformIdCache = row?.id;
  return platformIdCache;
}

/** A bank the caller may write to: their organisation's; a platform bank is 403, anything else 404. */
export async function requireWritableBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
): Promise<{ id: number; name: string }> {
  const [bank] = await db
    .select({ id: questionBanks.id, name: questionBanks.name, organizationId: questionBanks.organizationId })
    .from(questionBanks)
    .where(eq(questionBanks.id, bankId));
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
  const [bank] = await db
    .select({ id: questionBanks.id, name: questionBanks.name })
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), eq(questionBanks.organizationId, ctx.organizationId)));
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
  const found = await db
    .select({ id: questions.id, organizationId: questions.organizationId })
    .from(questions)
    .where(inArray(questions.id, unique));
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
  const found = await db
    .select({ id: knowledgeNodes.id })
    .from(knowledgeNodes)
    .where(
      and(
        inArray(knowledgeNodes.id, unique),
        inArray(knowledgeNodes.organizationId, await readableOrgs(db, ctx)),
      ),
    );
  if (found.length !== unique.length) throw notFound('知识点不存在');
  return unique;
}

// ---------- reading ----------

const rowColumns = {
  id: questions.id,
  organizationId: questions.organizationId,
  bankId: questions.bankId,
  bankName: questionBanks.name,
  type: questions.type,
  stem: questions.stem,
  stemText: questions.stemText,
  options: questions.options,
  answer: questions.answer,
  analysis: questions.analysis,
  difficulty: questions.difficulty,
  defaultPoints: questions.defaultPoints,
  status: questions.status,
  auditReason: questions.auditReason,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};

type RawRow = {
  id: number;
  organizationId: number;
  bankId: number;
  bankName: string;
  type: number;
  stem: string;
  stemText: string;
  options: unknown;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  defaultPoints: number;
  status: number;
  auditReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

async function withLinks(db: DbOrTx, ctx: RequestContext, rows: RawRow[]): Promise<QuestionRow[]> {
  const ids = rows.map((row) => row.id);
  const tagMap = new Map<number, TagRef[]>();
  const knowledgeMap = new Map<number, KnowledgeRef[]>();
  if (ids.length > 0) {
    // One query for the page's tags and knowledge points together.
    const tagLinks = db
      .select({
        questionId: questionTags.questionId,
        kind: sql<string>`'tag'`.as('kind'),
        refId: tags.id,
        name: sql<string>`${tags.name}::text`.as('name'),
        type: sql<number | null>`${tags.type}::smallint`.as('type'),
        color: sql<string | null>`${tags.color}::text`.as('color'),
      })
      .from(questionTags)
      .innerJoin(tags, eq(tags.id, questionTags.tagId))
      .where(inArray(questionTags.questionId, ids));
    const knowledgeLinks = db
      .select({
        questionId: questionKnowledge.questionId,
        kind: sql<string>`'knowledge'`.as('kind'),
        refId: knowledgeNodes.id,
        name: sql<string>`${knowledgeNodes.name}::text`.as('name'),
        type: sql<number | null>`null::smallint`.as('type'),
        color: sql<string | null>`null::text`.as('color'),
      })
      .from(questionKnowledge)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionKnowledge.knowledgeId))
      .where(inArray(questionKnowledge.questionId, ids));
    const links = (await unionAll(tagLinks, knowledgeLinks)).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
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
  const [row] = await db
    .select(rowColumns)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(eq(questions.id, id), inArray(questions.organizationId, await readableOrgs(db, ctx))));
  if (!row) throw questionNotFound();
  const [result] = await withLinks(db, ctx, [row]);
  if (!result) throw questionNotFound();
  return result;
}

function filterBanks(filter: QuestionFilter): number[] {
  return [...(filter.bankIds ?? []), ...(filter.bankId !== undefined ? [filter.bankId] : [])];
}

function filterTypes(filter: QuestionFilter): QuestionType[] {
  return [...(filter.types ?? []), ...(filter.type !== undefined ? [filter.type] : [])];
}

/**
 * Conditions on the question row itself (bank, type, difficulty, status, keyword). `useGrams` adds the
 * GIN-indexed keyword pieces, which pay off when the keyword is rare; for a common one, walking the
 * list order and checking ILIKE finds a page sooner.
 */
function columnConditions(filter: QuestionFilter, useGrams = true): (SQL | undefined)[] {
  const types = filterTypes(filter);
  const banks = filterBanks(filter);
  const keyword = filter.keyword?.trim();
  return [
    banks.length > 0 ? inArray(questions.bankId, banks) : undefined,
    types.length > 0 ? inArray(questions.type, types) : undefined,
    filter.difficultyMin !== undefined ? sql`${questions.difficulty} >= ${filter.difficultyMin}` : undefined,
    filter.difficultyMax !== undefined ? sql`${questions.difficulty} <= ${filter.difficultyMax}` : undefined,
    filter.status !== undefined ? eq(questions.status, filter.status) : undefined,
    // The GIN-indexed two-character pieces narrow the search; ILIKE confirms the exact substring.
    useGrams && keyword && [...keyword].length >= 2
      ? sql`kp_bigrams(${questions.stemText}) @> kp_bigrams(${keyword})`
      : undefined,
    keyword ? ilike(questions.stemText, containsPattern(keyword)) : undefined,
  ];
}

/** The ids of questions carrying any of the filter's tags and any of its knowledge points, as SQL. */
function linkedIds(filter: QuestionFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.tagIds && filter.tagIds.length > 0)
    parts.push(
      sql`select ${questionTags.questionId} as question_id from ${questionTags} where ${inArray(questionTags.tagId, filter.tagIds)}`,
    );
  if (filter.knowledgeIds && filter.knowledgeIds.length > 0)
    parts.push(
      sql`select ${questionKnowledge.questionId} as question_id from ${questionKnowledge} where ${inArray(questionKnowledge.knowledgeId, filter.knowledgeIds)}`,
    );
  return parts.length > 0 ? sql.join(parts, sql` intersect `) : undefined;
}

function filterConditions(filter: QuestionFilter, useGrams = true): (SQL | undefined)[] {
  const linked = linkedIds(filter);
  return [...columnConditions(filter, useGrams), linked ? sql`${questions.id} in (${linked})` : undefined];
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

const CODE_TYPES_ORDER: QuestionType[] = [0, 1, 2, 3, 4, 5];

/** Question counts per type from the trigger-kept counters, for a filter `counterFilter` accepts. */
async function countersByType(
  db: DbOrTx,
  organizationId: number,
  filter: QuestionFilter,
): Promise<Map<number, number>> {
  const banks = filterBanks(filter);
  const types = filterTypes(filter);
  const rows = await db
    .select({
      type: questionCounts.type,
      count: sql<number>`coalesce(sum(${questionCounts.count}), 0)`.mapWith(Number),
    })
    .from(questionCounts)
    .where(
      and(
        eq(questionCounts.organizationId, organizationId),
        banks.length > 0 ? inArray(questionCounts.bankId, banks) : undefined,
        types.length > 0 ? inArray(questionCounts.type, types) : undefined,
        filter.status !== undefined ? eq(questionCounts.status, filter.status) : undefined,
        filter.difficultyMin !== undefined
          ? sql`${questionCounts.difficulty} >= ${filter.difficultyMin}`
          : undefined,
        filter.difficultyMax !== undefined
          ? sql`${questionCounts.difficulty} <= ${filter.difficultyMax}`
          : undefined,
      ),
    )
    .groupBy(questionCounts.type);
  return new Map(rows.map((row) => [row.type, row.count]));
}

/**
 * Up to `limit` questions matching a filter the counters cannot answer, as (id, type). Tag and
 * knowledge filters start from their link tables (a materialised set, so the planner never walks the
 * whole organisation looking for a rare combination); keywords start from the GIN index.
 */
async function matchSample(
  db: DbOrTx,
  organizationId: number,
  filter: QuestionFilter,
  limit: number,
): Promise<{ id: number; type: number }[]> {
  const linked = linkedIds(filter);
  const where = and(eq(questions.organizationId, organizationId), ...columnConditions(filter));
  const query = linked
    ? sql`with linked as materialized (${linked})
          select ${questions.id} as id, ${questions.type} as type
          from linked join ${questions} on ${questions.id} = linked.question_id
          where ${where} limit ${limit}`
    : sql`select ${questions.id} as id, ${questions.type} as type from ${questions} where ${where} limit ${limit}`;
  return rowsOf<{ id: number | string; type: number }>(await db.execute(query)).map((row) => ({
    id: Number(row.id),
    type: Number(row.type),
  }));
}

/**
 * A keyword the planner expects in more than this many questions is common: counting it is skipped at
 * once (there are surely more than COUNT_CAP), and its page walks the list order, where matches are met
 * quickly, instead of collecting a large share of the organisation through the index.
 */
export const COMMON_ESTIMATE = 10 * COUNT_CAP;

/** The planner's estimate of the questions matching the row conditions (EXPLAIN, nothing is read). */
export async function estimateMatches(
  db: DbOrTx,
  organizationId: number,
  filter: QuestionFilter,
): Promise<number> {
  const where = and(eq(questions.organizationId, organizationId), ...columnConditions(filter));
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) select 1 from ${questions} where ${where}`),
  );
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** All matches of a filter the counters cannot answer, or null when there are more than COUNT_CAP. */
async function collectMatches(
  db: DbOrTx,
  organizationId: number,
  filter: QuestionFilter,
): Promise<{ id: number; type: number }[] | null> {
  if (
    !linkedIds(filter) &&
    filter.keyword?.trim() &&
    (await estimateMatches(db, organizationId, filter)) > COMMON_ESTIMATE
  ) {
    return null;
  }
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

const SORT_COLUMNS = {
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
  difficulty: questions.difficulty,
  type: questions.type,
  status: questions.status,
  id: questions.id,
} as const;

export interface QuestionPage {
  rows: QuestionRow[];
  total: number;
  /** The total stopped at COUNT_CAP: there are at least that many. */
  totalCapped: boolean;
}

/**
 * A page of questions matching `filter` in `organizationId`. Filters of banks, types, statuses and
 * difficulty walk an index in list order and take the total from the counters. Other filters first
 * collect up to COUNT_CAP matches: when that is all of them, the page is sorted from those ids and the
 * total is exact; when there are more, the page walks the index in list order (matches are then
 * common enough to be met quickly) and the total reads "at least COUNT_CAP".
 */
async function searchIn(
  db: Db,
  ctx: RequestContext,
  organizationId: number,
  filter: QuestionFilter & { limit: number; offset: number },
): Promise<QuestionPage> {
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const sortColumn = SORT_COLUMNS[filter.sortField ?? 'createdAt'];
  const page = (where: SQL | undefined) =>
    db
      .select(rowColumns)
      .from(questions)
      .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
      .where(and(eq(questions.organizationId, organizationId), where))
      .orderBy(direction(sortColumn), direction(questions.id))
      .limit(filter.limit)
      .offset(filter.offset);
  if (counterFilter(filter)) {
    const [rows, byType] = await Promise.all([
      page(and(...filterConditions(filter))),
      countersByType(db, organizationId, filter),
    ]);
    let total = 0;
    for (const value of byType.values()) total += value;
    return { rows: await withLinks(db, ctx, rows), total, totalCapped: false };
  }
  const sample = await matchSample(db, organizationId, filter, COUNT_CAP + 1);
  if (sample.length <= COUNT_CAP) {
    const rows =
      sample.length === 0 || filter.offset >= sample.length
        ? []
        : await page(
            inArray(
              questions.id,
              sample.map((row) => row.id),
            ),
          );
    return { rows: await withLinks(db, ctx, rows), total: sample.length, totalCapped: false };
  }
  const rows = await page(and(...filterConditions(filter, false)));
  return { rows: await withLinks(db, ctx, rows), total: COUNT_CAP, totalCapped: true };
}

export function searchQuestions(
  db: Db,
  ctx: RequestContext,
  filter: QuestionFilter & { limit: number; offset: number },
): Promise<QuestionPage> {
  return searchIn(db, ctx, ctx.organizationId, filter);
}

/** The platform's approved public questions (read-only for everyone else). */
export async function searchPlatformQuestions(
  db: Db,
  ctx: RequestContext,
  filter: QuestionFilter & { limit: number; offset: number },
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
  return CODE_TYPES_ORDER.map((type) => {
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
  const rows = await db
    .select({ knowledgeId: questionKnowledge.knowledgeId, type: questions.type, count: count() })
    .from(questionKnowledge)
    .innerJoin(questions, eq(questions.id, questionKnowledge.questionId))
    .where(
      and(
        eq(questions.organizationId, ctx.organizationId),
        ...filterConditions({ ...filter, knowledgeIds: undefined }),
        filter.knowledgeIds && filter.knowledgeIds.length > 0
          ? inArray(questionKnowledge.knowledgeId, filter.knowledgeIds)
          : undefined,
      ),
    )
    .groupBy(questionKnowledge.knowledgeId, questions.type)
    .orderBy(asc(questionKnowledge.knowledgeId), asc(questions.type));
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
  if (stemText === '' && !/<img/i.test(stem)) throw badRequest('参数 stem 不正确：题干不能为空');
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
  if (tagIds !== undefined) {
    await tx.delete(questionTags).where(inArray(questionTags.questionId, questionIds));
    if (tagIds.length > 0) {
      await tx
        .insert(questionTags)
        .values(questionIds.flatMap((questionId) => tagIds.map((tagId) => ({ questionId, tagId }))));
    }
  }
  if (knowledgeIds !== undefined) {
    await tx.delete(questionKnowledge).where(inArray(questionKnowledge.questionId, questionIds));
    if (knowledgeIds.length > 0) {
      await tx
        .insert(questionKnowledge)
        .values(
          questionIds.flatMap((questionId) =>
            knowledgeIds.map((knowledgeId) => ({ questionId, knowledgeId })),
          ),
        );
    }
  }
}

export async function addQuestion(
  db: Db,
  ctx: RequestContext,
  input: QuestionContentInput & { bankId: number },
): Promise<QuestionRow> {
  const prepared = prepareQuestion(input);
  await requireWritableBank(db, ctx, input.bankId);
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION, input.tagIds);
  const knowledgeIds = await requireKnowledge(db, ctx, input.knowledgeIds);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        ...prepared,
        organizationId: ctx.organizationId,
        bankId: input.bankId,
        createdBy: ctx.userId,
      })
      .returning({ id: questions.id });
    if (!row) throw new Error('question insert failed');
    await replaceLinks(
      tx,
      [row.id],
      tagList.map((tag) => tag.tagId),
      knowledgeIds,
    );
    return row.id;
  });
  return getQuestion(db, ctx, id);
}

/** Replaces a question's content; its audit status goes back to 待审核. */
export async function modifyQuestion(
  db: Db,
  ctx: RequestContext,
  id: number,
  input: QuestionContentInput & { bankId: number },
): Promise<QuestionRow> {
  const prepared = prepareQuestion(input);
  await requireOwnQuestions(db, ctx, [id]);
  await requireWritableBank(db, ctx, input.bankId);
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION, input.tagIds);
  const knowledgeIds = await requireKnowledge(db, ctx, input.knowledgeIds);
  await db.transaction(async (tx) => {
    await tx
      .update(questions)
      .set({
        ...prepared,
        bankId: input.bankId,
        status: 0,
        auditReason: null,
        auditedBy: null,
        auditedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(questions.id, id), eq(questions.organizationId, ctx.organizationId)));
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

/** Inserts prepared questions into one bank in batches inside `tx`. Returns the new ids. */
export async function insertPrepared(
  tx: DbOrTx,
  ctx: RequestContext,
  bankId: number,
  list: (PreparedQuestion & { tagIds?: number[]; knowledgeIds?: number[] })[],
  onBatch?: (done: number) => Promise<void>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += BATCH_SIZE) {
    const chunk = list.slice(start, start + BATCH_SIZE);
    const inserted = await tx
      .insert(questions)
      .values(
        chunk.map(({ tagIds: _tags, knowledgeIds: _knowledge, ...prepared }) => ({
          ...prepared,
          organizationId: ctx.organizationId,
          bankId,
          createdBy: ctx.userId,
        })),
      )
      .returning({ id: questions.id });
    const chunkIds = inserted.map((row) => row.id);
    const tagRows = chunk.flatMap((item, index) =>
      (item.tagIds ?? []).map((tagId) => ({ questionId: chunkIds[index] as number, tagId })),
    );
    const knowledgeRows = chunk.flatMap((item, index) =>
      (item.knowledgeIds ?? []).map((knowledgeId) => ({
        questionId: chunkIds[index] as number,
        knowledgeId,
      })),
    );
    if (tagRows.length > 0) await tx.insert(questionTags).values(tagRows).onConflictDoNothing();
    if (knowledgeRows.length > 0)
      await tx.insert(questionKnowledge).values(knowledgeRows).onConflictDoNothing();
    ids.push(...chunkIds);
    if (onBatch) await onBatch(ids.length);
  }
  return ids;
}

/** Adds a JSON list of questions to one bank, all or nothing; errors name the item (第 n 题). */
export async function addQuestionBatch(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  list: QuestionContentInput[],
): Promise<{ count: number; ids: number[] }> {
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
  const ids = await db.transaction((tx) =>
    insertPrepared(
      tx,
      ctx,
      bankId,
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
  const deleted = await db
    .delete(questions)
    .where(and(eq(questions.organizationId, ctx.organizationId), inArray(questions.id, unique)))
    .returning({ id: questions.id });
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
  const moved = await db
    .update(questions)
    .set({ bankId: toBankId, updatedAt: new Date() })
    .where(and(eq(questions.organizationId, ctx.organizationId), inArray(questions.id, unique)))
    .returning({ id: questions.id });
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
  if (status === 2 && !reason) throw badRequest('参数 reason 不正确：驳回时必须填写原因');
  await db
    .update(questions)
    .set({
      status,
      auditReason: status === 2 ? (reason ?? null) : reason || null,
      auditedBy: ctx.userId,
      auditedAt: new Date(),
    })
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, ctx.organizationId)));
  return getQuestion(db, ctx, questionId);
}

export async function auditInfo(db: Db, ctx: RequestContext, questionId: number): Promise<AuditInfo> {
  const [row] = await db
    .select({
      status: questions.status,
      reason: questions.auditReason,
      auditorId: questions.auditedBy,
      auditorName: users.realName,
      auditedAt: questions.auditedAt,
    })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.auditedBy))
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, ctx.organizationId)));
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
  const added = await db
    .insert(questionTags)
    .values(ids.flatMap((questionId) => tagList.map((tag) => ({ questionId, tagId: tag.tagId }))))
    .onConflictDoNothing()
    .returning({ questionId: questionTags.questionId });
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
  const added = await db
    .insert(questionKnowledge)
    .values(values)
    .onConflictDoNothing()
    .returning({ questionId: questionKnowledge.questionId });
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
