import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  examPapers,
  knowledgeNodes,
  paperAutoRules,
  paperBanks,
  paperPosts,
  paperQuestions,
  paperRandomRules,
  paperSections,
  papers,
  posts,
  questionBanks,
  questionKnowledge,
  questionCalibration,
  questionTags,
  questions,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import type { PaperQuery, PickerFilter } from '@kaopei/shared/contracts/paper';

/**
 * Every query of papers, random papers, the builder's picker and intelligent generation (design.md §5).
 *
 * - Papers and rule sets belong to an organisation: functions take the request context and scope by it.
 * - Questions, question banks and knowledge points a paper may use are the caller's and the platform's:
 *   functions take `orgs`, the organisations whose questions the caller may read (questionOrgs).
 * - A paper's sections, questions, random rules and posts have no organisation of their own: functions
 *   take the id of a paper the caller has already checked (requireOwnPaper / requireReadablePaper).
 * - The few reads across organisations by design are named InAnyOrg.
 */

type OrgScope = Pick<RequestContext, 'organizationId'>;
type Author = Pick<RequestContext, 'organizationId' | 'userId'>;
/** The organisations whose questions the caller may read: their own and the platform's (questionOrgs). */
type ReadableOrgs = readonly number[];

export type PaperRecord = typeof papers.$inferSelect;
/** The columns of a paper a write may set (never its organisation or author). */
export type PaperColumns = Partial<Omit<typeof papers.$inferInsert, 'id' | 'organizationId' | 'createdBy'>>;
export type AutoRuleRecord = typeof paperAutoRules.$inferSelect;

export function idArraySql(ids: readonly number[]): SQL {
  return ids.length === 0
    ? sql`array[]::bigint[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`;
}

// ---------- papers ----------

/** A paper of the caller's organisation (undefined otherwise). */
export async function findPaper(
  db: DbOrTx,
  ctx: OrgScope,
  paperId: number,
): Promise<PaperRecord | undefined> {
  const [paper] = await db
    .select()
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
  return paper;
}

/**
 * A paper by id in any organisation, by design: a platform paper in a public paper bank is readable by
 * every organisation; the caller decides whether this one is.
 */
export async function findPaperInAnyOrg(db: DbOrTx, paperId: number): Promise<PaperRecord | undefined> {
  const [paper] = await db.select().from(papers).where(eq(papers.id, paperId));
  return paper;
}

/** The caller's papers among `ids`. */
export function listPapersByIds(db: DbOrTx, ctx: OrgScope, ids: readonly number[]): Promise<PaperRecord[]> {
  return db
    .select()
    .from(papers)
    .where(and(inArray(papers.id, [...ids]), eq(papers.organizationId, ctx.organizationId)));
}

/** One page of the caller's papers (newest change first) and the total (two statements). */
export async function searchPaperRecords(
  db: DbOrTx,
  ctx: OrgScope,
  query: Omit<PaperQuery, 'categoryId'>,
  categoryIds: number[] | undefined,
): Promise<{ records: PaperRecord[]; total: number }> {
  const pattern = query.searchContent ? containsPattern(query.searchContent) : undefined;
  const where = and(
    eq(papers.organizationId, ctx.organizationId),
    categoryIds ? inArray(papers.categoryId, categoryIds) : undefined,
    query.paperBankId ? eq(papers.paperBankId, query.paperBankId) : undefined,
    query.type !== undefined ? eq(papers.paperType, query.type) : undefined,
    query.status !== undefined ? eq(papers.status, query.status) : undefined,
    pattern ? or(ilike(papers.name, pattern), ilike(papers.description, pattern)) : undefined,
    query.postIds && query.postIds.length > 0
      ? sql`exists (select 1 from ${paperPosts} where ${paperPosts.paperId} = ${papers.id} and ${inArray(paperPosts.postId, query.postIds)})`
      : undefined,
  );
  const { pageNumber, pageSize } = query.page;
  const [total] = await db.select({ n: count() }).from(papers).where(where);
  const records = await db
    .select()
    .from(papers)
    .where(where)
    .orderBy(desc(papers.updatedAt), desc(papers.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  return { records, total: total?.n ?? 0 };
}

/** Inserts a paper of the caller's organisation, written by the caller; returns its id. */
export async function insertPaper(
  tx: DbOrTx,
  ctx: Author,
  values: PaperColumns & { name: string },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(papers)
    .values({ ...values, organizationId: ctx.organizationId, createdBy: ctx.userId })
    .returning({ id: papers.id });
  return row?.id;
}

export async function updatePaperColumns(
  tx: DbOrTx,
  ctx: OrgScope,
  paperId: number,
  columns: PaperColumns,
): Promise<void> {
  await tx
    .update(papers)
    .set(columns)
    .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
}

/** Moves the caller's papers among `paperIds` into a bank (and its category); returns the ids moved. */
export function movePaperRecords(
  db: DbOrTx,
  ctx: OrgScope,
  paperIds: readonly number[],
  to: { paperBankId: number; categoryId?: number },
): Promise<{ id: number }[]> {
  return db
    .update(papers)
    .set({ ...to, updatedAt: new Date() })
    .where(and(eq(papers.organizationId, ctx.organizationId), inArray(papers.id, [...paperIds])))
    .returning({ id: papers.id });
}

/** Deletes the caller's papers among `paperIds`; returns the ids deleted. */
export function deletePaperRecords(
  db: DbOrTx,
  ctx: OrgScope,
  paperIds: readonly number[],
): Promise<{ id: number }[]> {
  return db
    .delete(papers)
    .where(and(eq(papers.organizationId, ctx.organizationId), inArray(papers.id, [...paperIds])))
    .returning({ id: papers.id });
}

/** Counts one more use of the caller's papers among `paperIds`. */
export async function incrementTimesUsed(
  tx: DbOrTx,
  ctx: OrgScope,
  paperIds: readonly number[],
): Promise<void> {
  await tx
    .update(papers)
    .set({ timesUsed: sql`${papers.timesUsed} + 1` })
    .where(and(inArray(papers.id, [...paperIds]), eq(papers.organizationId, ctx.organizationId)));
}

/** Brings a paper's stored totals in line with its questions (one statement). */
export async function refreshPaperTotals(tx: DbOrTx, paperId: number): Promise<void> {
  // A random paper drawn per candidate has rules, not questions: its total is what the rules draw.
  await tx.execute(sql`
    update ${papers} set
      total_score = coalesce(
        (select sum(pq.points) from ${paperQuestions} pq where pq.paper_id = ${paperId}),
        (select sum(r.count * r.points) from ${paperRandomRules} r where r.paper_id = ${paperId}),
        0),
      question_count = (select count(*) from ${paperQuestions} pq where pq.paper_id = ${paperId}),
      avg_difficulty = (select round(avg(q.difficulty), 2) from ${paperQuestions} pq
                        join ${questions} q on q.id = pq.question_id where pq.paper_id = ${paperId}),
      updated_at = now()
    where id = ${paperId}`);
}

/**
 * Names of paper banks by id in any organisation, by design: a public platform paper names its bank.
 * Callers pass the banks of papers they may read.
 */
export function listPaperBankNamesInAnyOrg(
  db: DbOrTx,
  bankIds: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: paperBanks.id, name: paperBanks.name })
    .from(paperBanks)
    .where(inArray(paperBanks.id, [...bankIds]));
}

/** Which of `paperIds` an exam uses (exam_papers has no organisation: the ids are the caller's papers). */
export function listPapersUsedByExams(
  db: DbOrTx,
  paperIds: readonly number[],
): Promise<{ paperId: number }[]> {
  return db
    .selectDistinct({ paperId: examPapers.paperId })
    .from(examPapers)
    .where(inArray(examPapers.paperId, [...paperIds]));
}

/** How many exams use a paper. */
export async function countExamsUsingPaper(db: DbOrTx, paperId: number): Promise<number> {
  const [exams] = await db.select({ n: count() }).from(examPapers).where(eq(examPapers.paperId, paperId));
  return exams?.n ?? 0;
}

/** The caller's posts among `postIds`. */
export function listPostIds(
  db: DbOrTx,
  ctx: OrgScope,
  postIds: readonly number[],
): Promise<{ id: number }[]> {
  return db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, [...postIds]), eq(posts.organizationId, ctx.organizationId)));
}

// ---------- a paper's posts, sections, questions and random rules (the paper is checked by the caller) ----------

export function listPaperPosts(
  db: DbOrTx,
  paperIds: readonly number[],
): Promise<(typeof paperPosts.$inferSelect)[]> {
  return db
    .select()
    .from(paperPosts)
    .where(inArray(paperPosts.paperId, [...paperIds]));
}

/** Replaces a paper's posts (a delete, then an insert when there are any). */
export async function replacePaperPosts(
  tx: DbOrTx,
  paperId: number,
  postIds: readonly number[],
): Promise<void> {
  await tx.delete(paperPosts).where(eq(paperPosts.paperId, paperId));
  if (postIds.length > 0) await tx.insert(paperPosts).values(postIds.map((postId) => ({ paperId, postId })));
}

/** Gives a copy the posts of its source. */
export async function copyPaperPosts(tx: DbOrTx, fromPaperId: number, toPaperId: number): Promise<void> {
  await tx.execute(sql`
        insert into ${paperPosts} (paper_id, post_id) select ${toPaperId}, post_id from ${paperPosts} where paper_id = ${fromPaperId}`);
}

/** A paper's sections in order. */
export function listSections(db: DbOrTx, paperId: number): Promise<(typeof paperSections.$inferSelect)[]> {
  return db
    .select()
    .from(paperSections)
    .where(eq(paperSections.paperId, paperId))
    .orderBy(asc(paperSections.sort), asc(paperSections.id));
}

/** A paper's sections in order, id and name only (an exam start's light read). */
export function listSectionNames(db: DbOrTx, paperId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: paperSections.id, name: paperSections.name })
    .from(paperSections)
    .where(eq(paperSections.paperId, paperId))
    .orderBy(asc(paperSections.sort), asc(paperSections.id));
}

/** Deletes a paper's sections (their questions and rules go with them). */
export async function deleteSections(tx: DbOrTx, paperId: number): Promise<void> {
  await tx.delete(paperSections).where(eq(paperSections.paperId, paperId));
}

/** Inserts a section; returns its id. */
export async function insertSection(
  tx: DbOrTx,
  values: { paperId: number; name: string; sort: number },
): Promise<number | undefined> {
  const [row] = await tx.insert(paperSections).values(values).returning({ id: paperSections.id });
  return row?.id;
}

export async function insertPaperQuestions(
  tx: DbOrTx,
  rows: (typeof paperQuestions.$inferInsert)[],
): Promise<void> {
  await tx.insert(paperQuestions).values(rows);
}

export async function insertRandomRules(
  tx: DbOrTx,
  rows: (typeof paperRandomRules.$inferInsert)[],
): Promise<void> {
  await tx.insert(paperRandomRules).values(rows);
}

/** Copies a section's questions and random rules into another paper's section (two statements). */
export async function copySectionContent(
  tx: DbOrTx,
  from: { sectionId: number },
  to: { paperId: number; sectionId: number },
): Promise<void> {
  await tx.execute(sql`
        insert into ${paperQuestions} (paper_id, section_id, question_id, sort, points)
        select ${to.paperId}, ${to.sectionId}, question_id, sort, points from ${paperQuestions} where section_id = ${from.sectionId}`);
  await tx.execute(sql`
        insert into ${paperRandomRules} (paper_id, section_id, sort, type, count, points, bank_ids, knowledge_ids, tag_ids, difficulty_min, difficulty_max)
        select ${to.paperId}, ${to.sectionId}, sort, type, count, points, bank_ids, knowledge_ids, tag_ids, difficulty_min, difficulty_max
        from ${paperRandomRules} where section_id = ${from.sectionId}`);
}

/** A paper's questions in order with their content and bank (the paper's own and platform questions). */
export function listSectionQuestions(db: DbOrTx, paperId: number) {
  return db
    .select({
      sectionId: paperQuestions.sectionId,
      sort: paperQuestions.sort,
      points: paperQuestions.points,
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      stemText: questions.stemText,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      difficulty: questions.difficulty,
      bankId: questions.bankId,
      bankName: questionBanks.name,
    })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort), asc(paperQuestions.id));
}

/** Which question sits in which section for how many points, in order (no content: an exam start's light read). */
export function listQuestionPlan(
  db: DbOrTx,
  paperId: number,
): Promise<{ sectionId: number; questionId: number; points: number }[]> {
  return db
    .select({
      sectionId: paperQuestions.sectionId,
      questionId: paperQuestions.questionId,
      points: paperQuestions.points,
    })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort), asc(paperQuestions.id));
}

/** A paper's random rules in order. */
export function listRandomRules(
  db: DbOrTx,
  paperId: number,
): Promise<(typeof paperRandomRules.$inferSelect)[]> {
  return db
    .select()
    .from(paperRandomRules)
    .where(eq(paperRandomRules.paperId, paperId))
    .orderBy(asc(paperRandomRules.sort), asc(paperRandomRules.id));
}

/** The ids of the questions in a paper. */
export function listQuestionIdsInPaper(db: DbOrTx, paperId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: paperQuestions.questionId })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, paperId));
}

/** Which of `questionIds` are in a paper. */
export function listQuestionsPresentInPaper(
  db: DbOrTx,
  paperId: number,
  questionIds: readonly number[],
): Promise<{ questionId: number }[]> {
  return db
    .select({ questionId: paperQuestions.questionId })
    .from(paperQuestions)
    .where(and(eq(paperQuestions.paperId, paperId), inArray(paperQuestions.questionId, [...questionIds])));
}

export async function updateQuestionPoints(
  tx: DbOrTx,
  paperId: number,
  questionId: number,
  points: number,
): Promise<void> {
  await tx
    .update(paperQuestions)
    .set({ points })
    .where(and(eq(paperQuestions.paperId, paperId), eq(paperQuestions.questionId, questionId)));
}

/** The caller's papers that use a question, with the section, points and bank (newest change first). */
export function listPapersUsingQuestion(db: DbOrTx, ctx: OrgScope, questionId: number) {
  return db
    .select({
      paperId: papers.id,
      name: papers.name,
      status: papers.status,
      sectionName: paperSections.name,
      points: paperQuestions.points,
      paperBankName: paperBanks.name,
      updatedAt: papers.updatedAt,
    })
    .from(paperQuestions)
    .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
    .innerJoin(paperSections, eq(paperSections.id, paperQuestions.sectionId))
    .leftJoin(paperBanks, eq(paperBanks.id, papers.paperBankId))
    .where(and(eq(paperQuestions.questionId, questionId), eq(papers.organizationId, ctx.organizationId)))
    .orderBy(desc(papers.updatedAt), desc(papers.id));
}

// ---------- questions a paper may use ----------

const pickColumns = {
  id: questions.id,
  organizationId: questions.organizationId,
  type: questions.type,
  stem: questions.stem,
  stemText: questions.stemText,
  options: questions.options,
  answer: questions.answer,
  analysis: questions.analysis,
  difficulty: questions.difficulty,
  defaultPoints: questions.defaultPoints,
  bankId: questions.bankId,
  bankName: questionBanks.name,
};

/** The readable questions among `ids` with their review state. */
export function listQuestionStates(
  db: DbOrTx,
  orgs: ReadableOrgs,
  ids: readonly number[],
): Promise<{ id: number; type: number; difficulty: number; status: number }[]> {
  return db
    .select({
      id: questions.id,
      type: questions.type,
      difficulty: questions.difficulty,
      status: questions.status,
    })
    .from(questions)
    .where(and(inArray(questions.id, [...ids]), inArray(questions.organizationId, [...orgs])));
}

/** A readable question's id (undefined for a missing or foreign one). */
export async function findQuestionId(
  db: DbOrTx,
  orgs: ReadableOrgs,
  questionId: number,
): Promise<{ id: number } | undefined> {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), inArray(questions.organizationId, [...orgs])));
  return question;
}

/** Full rows of the readable questions among `ids`, for the builder. */
export function listPickRows(db: DbOrTx, orgs: ReadableOrgs, ids: readonly number[]) {
  return db
    .select(pickColumns)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(inArray(questions.id, [...ids]), inArray(questions.organizationId, [...orgs])));
}

export type PickRecord = Awaited<ReturnType<typeof listPickRows>>[number];

/**
 * Full rows of questions by id in any organisation, by design: the ids are the plan of a paper the
 * caller has checked (its questions, or a draw from its rules: own and platform questions only).
 */
export function listPickRowsInAnyOrg(db: DbOrTx, ids: readonly number[]): Promise<PickRecord[]> {
  return db
    .select(pickColumns)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(inArray(questions.id, [...ids]));
}

function pickerScope(orgs: ReadableOrgs, ctx: OrgScope, scope: 'mine' | 'public' | 'all'): SQL {
  if (scope === 'mine') return eq(questions.organizationId, ctx.organizationId);
  if (scope === 'public') {
    const others = orgs.filter((org) => org !== ctx.organizationId);
    return others.length > 0 ? inArray(questions.organizationId, others) : sql`false`;
  }
  return inArray(questions.organizationId, [...orgs]);
}

/** The picker's filters as the repository applies them. */
export type PickableFilter = Pick<
  PickerFilter,
  'scope' | 'difficultyMin' | 'difficultyMax' | 'keyword' | 'tagIds' | 'sortOrder'
> & {
  types: number[];
  bankIds: number[];
  /** The knowledge nodes the filter covers (undefined: no knowledge filter). */
  knowledgeNodes?: number[];
  excluded: number[];
};

/** The picker's filters on questions of `scope` (an organisation condition), apart from the status. */
function pickableConditions(scope: SQL, filter: PickableFilter): SQL {
  const knowledge = filter.knowledgeNodes;
  return and(
    scope,
    filter.bankIds.length > 0 ? inArray(questions.bankId, filter.bankIds) : undefined,
    filter.types.length > 0 ? inArray(questions.type, filter.types) : undefined,
    filter.difficultyMin !== undefined ? sql`${questions.difficulty} >= ${filter.difficultyMin}` : undefined,
    filter.difficultyMax !== undefined ? sql`${questions.difficulty} <= ${filter.difficultyMax}` : undefined,
    filter.keyword ? ilike(questions.stemText, containsPattern(filter.keyword)) : undefined,
    filter.excluded.length > 0 ? notInArray(questions.id, filter.excluded) : undefined,
    filter.tagIds?.length
      ? sql`exists (select 1 from ${questionTags} where ${questionTags.questionId} = ${questions.id} and ${inArray(questionTags.tagId, filter.tagIds)})`
      : undefined,
    knowledge
      ? knowledge.length > 0
        ? sql`exists (select 1 from ${questionKnowledge} where ${questionKnowledge.questionId} = ${questions.id} and ${inArray(questionKnowledge.knowledgeId, knowledge)})`
        : sql`false`
      : undefined,
  ) as SQL;
}

/**
 * One page of approved readable questions matching the picker's filters, outside `excluded`, with the
 * total (counted with the page; a second statement only for a page past the end).
 */
export async function searchPickableQuestions(
  db: DbOrTx,
  ctx: OrgScope,
  orgs: ReadableOrgs,
  filter: PickableFilter & { limit: number; offset: number },
): Promise<{ rows: PickRecord[]; total: number }> {
  const where = and(
    pickableConditions(pickerScope(orgs, ctx, filter.scope), filter),
    eq(questions.status, 1),
  );
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...pickColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(where)
    .orderBy(direction(questions.createdAt), direction(questions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(questions)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows, total };
}

/**
 * How many of the caller's own questions waiting for audit match the picker's filters (the platform's
 * unapproved questions are never shown to others). Reads the partial index questions_org_pending_idx.
 */
export async function countPendingPickable(
  db: DbOrTx,
  ctx: OrgScope,
  filter: PickableFilter,
): Promise<number> {
  if (filter.scope === 'public') return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(
      and(
        pickableConditions(eq(questions.organizationId, ctx.organizationId), filter),
        eq(questions.status, 0),
      ),
    );
  return row?.n ?? 0;
}

/** The readable question banks among `bankIds`. */
export function listQuestionBankIds(
  db: DbOrTx,
  orgs: ReadableOrgs,
  bankIds: readonly number[],
): Promise<{ id: number }[]> {
  return db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(inArray(questionBanks.id, [...bankIds]), inArray(questionBanks.organizationId, [...orgs])));
}

/** Every readable knowledge node with its parent. */
export function listKnowledgeTree(
  db: DbOrTx,
  orgs: ReadableOrgs,
): Promise<{ id: number; parentId: number | null }[]> {
  return db
    .select({ id: knowledgeNodes.id, parentId: knowledgeNodes.parentId })
    .from(knowledgeNodes)
    .where(inArray(knowledgeNodes.organizationId, [...orgs]));
}

/** The readable knowledge nodes among `ids`, with their names. */
export function listKnowledgeNames(
  db: DbOrTx,
  orgs: ReadableOrgs,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: knowledgeNodes.id, name: knowledgeNodes.name })
    .from(knowledgeNodes)
    .where(and(inArray(knowledgeNodes.id, [...ids]), inArray(knowledgeNodes.organizationId, [...orgs])));
}

/** Ids of the approved readable questions a random rule may draw from, in id order. */
export async function listRuleCandidateIds(
  db: DbOrTx,
  orgs: ReadableOrgs,
  rule: {
    type: number;
    bankIds: number[];
    tagIds: number[];
    difficultyMin: number;
    difficultyMax: number;
    /** The knowledge nodes the rule covers (undefined: no knowledge filter). */
    knowledgeNodes?: number[];
  },
): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        inArray(questions.organizationId, [...orgs]),
        eq(questions.status, 1),
        inArray(questions.bankId, rule.bankIds),
        eq(questions.type, rule.type),
        sql`${questions.difficulty} between ${rule.difficultyMin} and ${rule.difficultyMax}`,
        rule.knowledgeNodes
          ? sql`exists (select 1 from ${questionKnowledge} where ${questionKnowledge.questionId} = ${questions.id} and ${inArray(questionKnowledge.knowledgeId, rule.knowledgeNodes)})`
          : undefined,
        rule.tagIds.length
          ? sql`exists (select 1 from ${questionTags} where ${questionTags.questionId} = ${questions.id} and ${inArray(questionTags.tagId, rule.tagIds)})`
          : undefined,
      ),
    )
    .orderBy(asc(questions.id));
  return rows.map((row) => row.id);
}

/**
 * The candidate questions of intelligent generation grouped into buckets (type × difficulty ×
 * knowledge rules covered, as a bit mask), with their ids: one statement.
 */
export async function listQuestionBuckets(
  db: DbOrTx,
  ctx: OrgScope,
  orgs: ReadableOrgs,
  filter: {
    bankIds: number[];
    types: number[];
    /** Knowledge nodes covered, each with the bit of the rule it counts for. */
    knowledge: { node: number; bit: number }[];
    tagIds: number[];
    excludeQuestionIds: number[];
    /** Leave out questions in the caller's papers changed within these days. */
    excludeUsedWithinDays?: number;
  },
): Promise<{ type: number | string; difficulty: number | string; roots: string; ids: string }[]> {
  // Knowledge coverage per question in one grouped pass (a hash join), as a bit mask of the rules
  // (cheaper to aggregate and group than sorted id lists).
  const knowledgeJoin =
    filter.knowledge.length > 0
      ? sql`left join (
          select qk.question_id, bit_or(s.bit) as roots
          from question_knowledge qk
          join unnest(${idArraySql(filter.knowledge.map((k) => k.node))}, ${idArraySql(filter.knowledge.map((k) => k.bit))}) as s(node, bit)
            on s.node = qk.knowledge_id
          group by qk.question_id
        ) k on k.question_id = q.id`
      : sql`left join (select null::bigint as question_id, null::bigint as roots) k on false`;
  const result = await db.execute(sql`
    select q.type as type, q.difficulty as difficulty, coalesce(k.roots, 0)::text as roots,
           string_agg(q.id::text, ',') as ids
    from questions q
    ${knowledgeJoin}
    where q.organization_id = any(${idArraySql(orgs)})
      and q.bank_id = any(${idArraySql(filter.bankIds)})
      and q.type = any(${sql.raw(`array[${filter.types.join(',')}]::smallint[]`)})
      and q.status = 1
      ${filter.excludeQuestionIds.length > 0 ? sql`and q.id <> all(${idArraySql(filter.excludeQuestionIds)})` : sql``}
      ${
        filter.tagIds.length > 0
          ? sql`and exists (select 1 from question_tags qt where qt.question_id = q.id and qt.tag_id = any(${idArraySql(filter.tagIds)}))`
          : sql``
      }
      ${
        filter.excludeUsedWithinDays !== undefined
          ? sql`and not exists (
              select 1 from ${paperQuestions} pq join ${papers} p on p.id = pq.paper_id
              where pq.question_id = q.id and p.organization_id = ${ctx.organizationId}
                and p.updated_at >= now() - make_interval(days => ${filter.excludeUsedWithinDays}::int))`
          : sql``
      }
    group by 1, 2, 3`);
  return rowsOf<{ type: number | string; difficulty: number | string; roots: string; ids: string }>(result);
}

// ---------- intelligent generation rule sets ----------

export async function insertAutoRule(
  db: DbOrTx,
  ctx: Author,
  values: { name: string; rules: unknown },
): Promise<AutoRuleRecord | undefined> {
  const [row] = await db
    .insert(paperAutoRules)
    .values({ organizationId: ctx.organizationId, ...values, createdBy: ctx.userId })
    .returning();
  return row;
}

/** A rule set of the caller's organisation. */
export async function findAutoRule(
  db: DbOrTx,
  ctx: OrgScope,
  ruleId: number,
): Promise<AutoRuleRecord | undefined> {
  const [row] = await db
    .select()
    .from(paperAutoRules)
    .where(and(eq(paperAutoRules.id, ruleId), eq(paperAutoRules.organizationId, ctx.organizationId)));
  return row;
}

/** The caller's organisation's rule sets, newest first. */
export function listAutoRules(db: DbOrTx, ctx: OrgScope): Promise<AutoRuleRecord[]> {
  return db
    .select()
    .from(paperAutoRules)
    .where(eq(paperAutoRules.organizationId, ctx.organizationId))
    .orderBy(desc(paperAutoRules.createdAt), desc(paperAutoRules.id));
}

/** IRT-calibrated b of the given questions of the organisation (analysis/question, issue 19). */
export async function listCalibratedB(db: DbOrTx, organizationId: number, questionIds: number[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({ questionId: questionCalibration.questionId, b: questionCalibration.b })
    .from(questionCalibration)
    .where(
      and(
        eq(questionCalibration.organizationId, organizationId),
        inArray(questionCalibration.questionId, questionIds),
      ),
    );
}
