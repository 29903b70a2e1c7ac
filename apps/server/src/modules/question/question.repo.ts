import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  knowledgeNodes,
  organizations,
  questionBanks,
  questionCounts,
  questionKnowledge,
  questionOrgCounts,
  questionTags,
  questions,
  tags,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import type { QuestionFilter } from '@kaopei/shared/contracts/question';
import type { PreparedQuestion } from './question.service';
import type { AuditStamp } from './question.audit';
import { keywordTerms } from './question.keywords';

/** The organisation a query reads: the caller's, or the platform's for its public questions. */
type OrgScope = Pick<RequestContext, 'organizationId'>;

/** The question–tag link table, for `registerTagLinks` (usage counts, removal on tag deletion). */
export const questionTagLink = { table: questionTags, tagId: questionTags.tagId };

// ---------- organisations and banks ----------

/** The platform organisation's id; not scoped: every organisation reads the platform's public questions. */
export async function findPlatformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .limit(1);
  return row?.id;
}

/** A bank by id in any organisation: the caller tells its own (writable) from the platform's (403). */
export async function findBankInAnyOrg(
  db: DbOrTx,
  bankId: number,
): Promise<{ id: number; name: string; organizationId: number } | undefined> {
  const [bank] = await db
    .select({ id: questionBanks.id, name: questionBanks.name, organizationId: questionBanks.organizationId })
    .from(questionBanks)
    .where(eq(questionBanks.id, bankId));
  return bank;
}

/** A bank of the caller's organisation. */
export async function findOwnBank(
  db: DbOrTx,
  ctx: OrgScope,
  bankId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [bank] = await db
    .select({ id: questionBanks.id, name: questionBanks.name })
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), eq(questionBanks.organizationId, ctx.organizationId)));
  return bank;
}

/** Locks a bank of the caller's organisation for the transaction; undefined when it is gone. */
export async function lockOwnBank(
  tx: DbOrTx,
  ctx: OrgScope,
  bankId: number,
): Promise<{ id: number } | undefined> {
  const [bank] = await tx
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), eq(questionBanks.organizationId, ctx.organizationId)))
    .for('update');
  return bank;
}

/** Ids of the caller's banks of one category, by id. */
export async function listBankIdsOfCategory(db: DbOrTx, ctx: OrgScope, category: string): Promise<number[]> {
  const banks = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.organizationId, ctx.organizationId), eq(questionBanks.category, category)))
    .orderBy(asc(questionBanks.id));
  return banks.map((bank) => bank.id);
}

/** Owners of the questions with these ids in any organisation: the caller tells 403 (platform) from 404. */
export function listQuestionOwnersInAnyOrg(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: questions.id, organizationId: questions.organizationId })
    .from(questions)
    .where(inArray(questions.id, ids));
}

/** Knowledge nodes among these ids in the organisations the caller may read (its own, the platform's). */
export function listReadableKnowledgeIds(db: DbOrTx, ids: number[], readable: number[]) {
  return db
    .select({ id: knowledgeNodes.id })
    .from(knowledgeNodes)
    .where(and(inArray(knowledgeNodes.id, ids), inArray(knowledgeNodes.organizationId, readable)));
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

/**
 * The tags and knowledge points of these questions (ids the caller may read), in one query, by name.
 * `kind` tells them apart; knowledge rows have no type or colour.
 */
export async function listLinksOfQuestions(db: DbOrTx, ids: number[]) {
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
  return (await unionAll(tagLinks, knowledgeLinks)).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}

/** One question (with its bank's name) of the organisations the caller may read. */
export async function findReadableQuestionRow(db: DbOrTx, id: number, readable: number[]) {
  const [row] = await db
    .select(rowColumns)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(eq(questions.id, id), inArray(questions.organizationId, readable)));
  return row;
}

export type QuestionRecord = NonNullable<Awaited<ReturnType<typeof findReadableQuestionRow>>>;

function filterBanks(filter: QuestionFilter): number[] {
  return [...(filter.bankIds ?? []), ...(filter.bankId !== undefined ? [filter.bankId] : [])];
}

function filterTypes(filter: QuestionFilter): number[] {
  return [...(filter.types ?? []), ...(filter.type !== undefined ? [filter.type] : [])];
}

/**
 * How a keyword narrows the questions: `words`, every word of it (`keywordTerms`: 消防设备 finds 消防 and
 * 设备 apart too; this is what matches); `phrase`, the keyword as typed; `rest`, every word but not the
 * phrase. The last two order the results by relevance (question.service.ts).
 */
export type KeywordMode = 'words' | 'phrase' | 'rest';
export type SearchFilter = QuestionFilter & { keywordMode?: KeywordMode };

/**
 * The keyword's conditions. `useGrams` adds the GIN-indexed two-character pieces, which pay off when
 * the keyword is rare; for a common one, walking the list order and checking ILIKE finds a page sooner.
 * The pieces narrow the search; ILIKE confirms each word (or the phrase) as a substring. Without
 * `confirm`, only the pieces remain where there are any: what the planner estimates well.
 */
function keywordConditions(
  keyword: string,
  mode: KeywordMode,
  { useGrams, confirm }: { useGrams: boolean; confirm: boolean },
): (SQL | undefined)[] {
  const isLong = (text: string) => [...text].length >= 2;
  const contains = (text: string) =>
    confirm || !useGrams || !isLong(text) ? ilike(questions.stemText, containsPattern(text)) : undefined;
  const pieces = (texts: string[]) => {
    const long = texts.filter(isLong);
    return useGrams && long.length > 0
      ? sql`kp_bigrams(${questions.stemText}) @> (${sql.join(
          long.map((text) => sql`kp_bigrams(${text})`),
          sql` || `,
        )})`
      : undefined;
  };
  if (mode === 'phrase') return [pieces([keyword]), contains(keyword)];
  const terms = keywordTerms(keyword);
  return [
    pieces(terms),
    ...terms.map(contains),
    mode === 'rest' && confirm ? not(ilike(questions.stemText, containsPattern(keyword))) : undefined,
  ];
}

/** Conditions on the question row itself (bank, type, difficulty, status, keyword). */
function columnConditions(filter: SearchFilter, useGrams = true, confirm = true): (SQL | undefined)[] {
  const types = filterTypes(filter);
  const banks = filterBanks(filter);
  const keyword = filter.keyword?.trim();
  return [
    banks.length > 0 ? inArray(questions.bankId, banks) : undefined,
    types.length > 0 ? inArray(questions.type, types) : undefined,
    filter.difficultyMin !== undefined ? sql`${questions.difficulty} >= ${filter.difficultyMin}` : undefined,
    filter.difficultyMax !== undefined ? sql`${questions.difficulty} <= ${filter.difficultyMax}` : undefined,
    filter.status !== undefined ? eq(questions.status, filter.status) : undefined,
    ...(keyword ? keywordConditions(keyword, filter.keywordMode ?? 'words', { useGrams, confirm }) : []),
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

function filterConditions(filter: SearchFilter, useGrams = true): (SQL | undefined)[] {
  const linked = linkedIds(filter);
  return [...columnConditions(filter, useGrams), linked ? sql`${questions.id} in (${linked})` : undefined];
}

/**
 * Question counts per type from the trigger-kept counters (banks, types, status, difficulty filters
 * only): per bank when the filter names banks, otherwise from the organisation's totals.
 */
export async function sumQuestionCountersByType(
  db: DbOrTx,
  scope: OrgScope,
  filter: QuestionFilter,
): Promise<Map<number, number>> {
  const banks = filterBanks(filter);
  const types = filterTypes(filter);
  const table = banks.length > 0 ? questionCounts : questionOrgCounts;
  const rows = await db
    .select({
      type: table.type,
      count: sql<number>`coalesce(sum(${table.count}), 0)`.mapWith(Number),
    })
    .from(table)
    .where(
      and(
        eq(table.organizationId, scope.organizationId),
        banks.length > 0 ? inArray(questionCounts.bankId, banks) : undefined,
        types.length > 0 ? inArray(table.type, types) : undefined,
        filter.status !== undefined ? eq(table.status, filter.status) : undefined,
        filter.difficultyMin !== undefined ? sql`${table.difficulty} >= ${filter.difficultyMin}` : undefined,
        filter.difficultyMax !== undefined ? sql`${table.difficulty} <= ${filter.difficultyMax}` : undefined,
      ),
    )
    .groupBy(table.type);
  return new Map(rows.map((row) => [row.type, row.count]));
}

/**
 * Up to `limit` questions matching a filter the counters cannot answer, as (id, type). Tag and
 * knowledge filters start from their link tables (a materialised set, so the planner never walks the
 * whole organisation looking for a rare combination); keywords start from the GIN index.
 */
export async function listMatchSample(
  db: DbOrTx,
  scope: OrgScope,
  filter: SearchFilter,
  limit: number,
): Promise<{ id: number; type: number }[]> {
  const linked = linkedIds(filter);
  const where = and(eq(questions.organizationId, scope.organizationId), ...columnConditions(filter));
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
 * The planner's estimate of the questions matching the row conditions (EXPLAIN, nothing is read). The
 * keyword counts by its indexed pieces alone: the planner knows how often each piece occurs (the index's
 * statistics) but guesses ILIKE's share blindly, which made a word found in 50,000 questions look rare.
 */
export async function estimateMatches(
  db: DbOrTx,
  organizationId: number,
  filter: SearchFilter,
): Promise<number> {
  const where = and(eq(questions.organizationId, organizationId), ...columnConditions(filter, true, false));
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) select 1 from ${questions} where ${where}`),
  );
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

const SORT_COLUMNS = {
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
  difficulty: questions.difficulty,
  type: questions.type,
  status: questions.status,
  id: questions.id,
} as const;

type PageFilter = SearchFilter & { limit: number; offset: number };

/**
 * A page of the organisation's questions in list order, narrowed by either the filter's conditions
 * (`useGrams` as in `keywordConditions`) or a set of matching ids already collected; `phraseFirst`
 * puts the questions holding the filter's keyword as typed before the others.
 */
export function listQuestionPage(
  db: Db,
  scope: OrgScope,
  filter: PageFilter,
  narrow: { useGrams: boolean } | { ids: number[]; phraseFirst?: boolean },
) {
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const sortColumn = SORT_COLUMNS[filter.sortField ?? 'createdAt'];
  const where =
    'ids' in narrow ? inArray(questions.id, narrow.ids) : and(...filterConditions(filter, narrow.useGrams));
  const keyword = filter.keyword?.trim();
  const relevance =
    'ids' in narrow && narrow.phraseFirst && keyword
      ? [desc(ilike(questions.stemText, containsPattern(keyword)))]
      : [];
  return db
    .select(rowColumns)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(eq(questions.organizationId, scope.organizationId), where))
    .orderBy(...relevance, direction(sortColumn), direction(questions.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The caller's question counts per knowledge node and type (only nodes with questions). */
export function countQuestionsByKnowledgeAndType(db: DbOrTx, ctx: OrgScope, filter: QuestionFilter) {
  return db
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
}

/** The audit state of one of the caller's questions, with the auditor's name. */
export async function findQuestionAudit(db: DbOrTx, ctx: OrgScope, questionId: number) {
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
  return row;
}

/** The caller's questions of one bank in the export's columns, by id. */
export function listQuestionsForExport(db: DbOrTx, ctx: OrgScope, bankId: number) {
  return db
    .select({
      type: questions.type,
      stemText: questions.stemText,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      difficulty: questions.difficulty,
      defaultPoints: questions.defaultPoints,
      status: questions.status,
    })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(eq(questions.organizationId, ctx.organizationId), eq(questions.bankId, bankId)))
    .orderBy(asc(questions.id));
}

// ---------- writing ----------

type Author = Pick<RequestContext, 'organizationId' | 'userId'>;

/** Replaces the tags and/or knowledge points of questions (ids checked to be the caller's). */
export async function replaceQuestionLinks(
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

/** Inserts one question into a bank of the caller's organisation with its audit state; returns its id. */
export async function insertQuestion(
  tx: DbOrTx,
  ctx: Author,
  bankId: number,
  prepared: PreparedQuestion,
  audit: AuditStamp,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(questions)
    .values({
      ...prepared,
      ...audit,
      organizationId: ctx.organizationId,
      bankId,
      createdBy: ctx.userId,
    })
    .returning({ id: questions.id });
  return row?.id;
}

/**
 * Inserts questions into a bank of the caller's organisation in one statement, all with one audit state;
 * returns their ids in order.
 */
export async function insertQuestions(
  tx: DbOrTx,
  ctx: Author,
  bankId: number,
  list: PreparedQuestion[],
  audit: AuditStamp,
): Promise<number[]> {
  const inserted = await tx
    .insert(questions)
    .values(
      list.map((prepared) => ({
        ...prepared,
        ...audit,
        organizationId: ctx.organizationId,
        bankId,
        createdBy: ctx.userId,
      })),
    )
    .returning({ id: questions.id });
  return inserted.map((row) => row.id);
}

/** Adds question–tag links, existing ones kept (ids checked to be the caller's). */
export async function insertQuestionTagLinks(
  tx: DbOrTx,
  rows: { questionId: number; tagId: number }[],
): Promise<void> {
  await tx.insert(questionTags).values(rows).onConflictDoNothing();
}

/** Adds question–knowledge links, existing ones kept (ids checked to be readable by the caller). */
export async function insertQuestionKnowledgeLinks(
  tx: DbOrTx,
  rows: { questionId: number; knowledgeId: number }[],
): Promise<void> {
  await tx.insert(questionKnowledge).values(rows).onConflictDoNothing();
}

/** As `insertQuestionTagLinks`, returning the links added. */
export function addQuestionTagLinks(db: DbOrTx, rows: { questionId: number; tagId: number }[]) {
  return db
    .insert(questionTags)
    .values(rows)
    .onConflictDoNothing()
    .returning({ questionId: questionTags.questionId });
}

/** As `insertQuestionKnowledgeLinks`, returning the links added. */
export function addQuestionKnowledgeLinks(db: DbOrTx, rows: { questionId: number; knowledgeId: number }[]) {
  return db
    .insert(questionKnowledge)
    .values(rows)
    .onConflictDoNothing()
    .returning({ questionId: questionKnowledge.questionId });
}

/** Replaces one of the caller's questions' content and its audit state (the save's, see question.audit.ts). */
export async function updateQuestionContent(
  tx: DbOrTx,
  ctx: OrgScope,
  id: number,
  bankId: number,
  prepared: PreparedQuestion,
  audit: AuditStamp,
): Promise<void> {
  await tx
    .update(questions)
    .set({
      ...prepared,
      ...audit,
      bankId,
      updatedAt: new Date(),
    })
    .where(and(eq(questions.id, id), eq(questions.organizationId, ctx.organizationId)));
}

/** Deletes the caller's questions among these ids; returns those deleted. */
export function deleteQuestionRows(db: DbOrTx, ctx: OrgScope, ids: number[]) {
  return db
    .delete(questions)
    .where(and(eq(questions.organizationId, ctx.organizationId), inArray(questions.id, ids)))
    .returning({ id: questions.id });
}

/** Moves the caller's questions among these ids into `toBankId`; returns those moved. */
export function moveQuestionRows(db: DbOrTx, ctx: OrgScope, ids: number[], toBankId: number) {
  return db
    .update(questions)
    .set({ bankId: toBankId, updatedAt: new Date() })
    .where(and(eq(questions.organizationId, ctx.organizationId), inArray(questions.id, ids)))
    .returning({ id: questions.id });
}

/** Records an audit decision on one of the caller's questions. */
export async function updateQuestionAudit(
  db: DbOrTx,
  ctx: OrgScope,
  questionId: number,
  audit: { status: number; auditReason: string | null; auditedBy: number; auditedAt: Date },
): Promise<void> {
  await db
    .update(questions)
    .set(audit)
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, ctx.organizationId)));
}

// ---------- copying ----------

/** Question columns a copy does not take over (status is decided separately). */
const UNCOPIED_COLUMNS = new Set([
  'id',
  'organizationId',
  'bankId',
  'status',
  'createdBy',
  'createdAt',
  'updatedAt',
  'auditReason',
  'auditedBy',
  'auditedAt',
]);

/**
 * Which questions a copy takes: a bank's (only its approved ones with `approvedOnly`), or these ids
 * among the caller's own and (when `platformId` is given) the platform's approved questions.
 */
export type CopySource =
  { bankId: number; approvedOnly: boolean } | { ids: number[]; platformId: number | undefined };

function copySourceSql(ctx: OrgScope, source: CopySource): SQL {
  if ('bankId' in source) {
    return and(
      eq(questions.bankId, source.bankId),
      source.approvedOnly ? eq(questions.status, 1) : undefined,
    ) as SQL;
  }
  return and(inArray(questions.id, source.ids), copyableSql(ctx, source.platformId)) as SQL;
}

function copyableSql(ctx: OrgScope, platformId: number | undefined): SQL {
  return or(
    eq(questions.organizationId, ctx.organizationId),
    platformId === undefined
      ? undefined
      : and(eq(questions.organizationId, platformId), eq(questions.status, 1)),
  ) as SQL;
}

/** The ids among these that the caller may copy: its own questions and the platform's approved ones. */
export function listCopyableQuestionIds(
  db: DbOrTx,
  ctx: OrgScope,
  ids: number[],
  platformId: number | undefined,
) {
  return db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), copyableSql(ctx, platformId)));
}

/**
 * Inserts copies of the questions `source` names into `toBankId` of the caller's organisation: every
 * column except identity, ownership, audit trail, timestamps and generated columns. The copies take the
 * save's audit state (`audit`), except that an approved source stays approved when that state is
 * 待审核. Returns the new ids paired with their sources, in source id order.
 */
export async function insertQuestionCopyRows(
  tx: DbOrTx,
  ctx: Author,
  toBankId: number,
  source: CopySource,
  audit: AuditStamp,
): Promise<{ sourceId: number; id: number }[]> {
  // Generated columns (e.g. search helpers) are computed by the database, never inserted.
  const copied = Object.entries(getTableColumns(questions)).filter(
    ([key, column]) => !UNCOPIED_COLUMNS.has(key) && column.generated === undefined,
  );
  const names = sql.join(
    copied.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const fromSource = sql.join(
    copied.map(([, column]) => sql`q.${sql.identifier(column.name)}`),
    sql`, `,
  );
  // New ids are drawn first so each copy is paired with its source without relying on row order.
  const result = await tx.execute(sql`
    with source as (
      select id as source_id, nextval(pg_get_serial_sequence('questions', 'id')) as copy_id
      from ${questions} where ${copySourceSql(ctx, source)}
    ), copied as (
      insert into ${questions}
        (id, organization_id, bank_id, created_by, status, audited_by, audited_at, ${names})
      overriding system value
      select source.copy_id, ${ctx.organizationId}::bigint, ${toBankId}::bigint, ${ctx.userId}::bigint,
        ${audit.status === 1 ? sql`1` : sql`case when q.status = 1 then 1 else 0 end`},
        ${audit.auditedBy}::bigint, ${audit.auditedAt?.toISOString() ?? null}::timestamptz, ${fromSource}
      from source join ${questions} q on q.id = source.source_id
      returning id
    )
    select source.source_id, source.copy_id from source order by source.source_id`);
  return rowsOf<{ source_id: string | number; copy_id: string | number }>(result).map((row) => ({
    sourceId: Number(row.source_id),
    id: Number(row.copy_id),
  }));
}

/** Knowledge links of these questions to nodes of the readable organisations (its own, the platform's). */
export function listReadableKnowledgeLinks(tx: DbOrTx, questionIds: number[], readable: number[]) {
  return tx
    .select({ questionId: questionKnowledge.questionId, knowledgeId: questionKnowledge.knowledgeId })
    .from(questionKnowledge)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionKnowledge.knowledgeId))
    .where(
      and(
        inArray(questionKnowledge.questionId, questionIds),
        inArray(knowledgeNodes.organizationId, readable),
      ),
    );
}
