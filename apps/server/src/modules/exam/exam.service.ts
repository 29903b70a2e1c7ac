import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { TagType, formatExamTime, type ExamState } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import {
  departments,
  examAttempts,
  examCandidates,
  examPapers,
  examQuestions,
  exams,
  paperQuestions,
  papers,
  questionKnowledge,
  questions,
  userTags,
  users,
  type ExamQuestionContent,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import { departmentWithDescendants, sendMessage } from '../notice/notice.service';
import { requireTags } from '../tag/tag.service';
import {
  examSettingsSchema,
  type Audience,
  type ExamInput,
  type ExamPaperRef,
  type ExamRow,
  type ExamSettings,
} from '@kaopei/shared/contracts/exam';

export const examNotFound = () => notFound('考试不存在');

/**
 * The outer query's exam id inside a correlated subquery. Drizzle leaves columns unqualified in
 * single-table selects, where a bare "id" would bind to the subquery's own table.
 */
export const OUTER_EXAM_ID = sql.raw('"exams"."id"');

export type { ExamState } from '@kaopei/shared';
export const EXAM_STATE_LABELS: Record<ExamState, string> = {
  draft: '未发布',
  upcoming: '未开始',
  ongoing: '进行中',
  ended: '已结束',
};

type ExamRecord = typeof exams.$inferSelect;

/** Draft until published; then upcoming, ongoing or ended by the window. */
export function examState(
  exam: Pick<ExamRecord, 'status' | 'startAt' | 'endAt'>,
  now = Date.now(),
): ExamState {
  if (exam.status !== 1) return 'draft';
  if (exam.startAt && now < exam.startAt.getTime()) return 'upcoming';
  if (exam.endAt && now >= exam.endAt.getTime()) return 'ended';
  return 'ongoing';
}

export function settingsOf(exam: Pick<ExamRecord, 'settings'>): ExamSettings {
  return examSettingsSchema.parse(exam.settings ?? {});
}

export type { ExamPaperRef, ExamRow } from '@kaopei/shared/contracts/exam';

function audienceOf(exam: Pick<ExamRecord, 'audience'>): Audience {
  const a = exam.audience ?? {};
  return {
    mode: a.mode ?? 'assigned',
    departmentIds: a.departmentIds ?? [],
    includeSubDepartments: a.includeSubDepartments ?? true,
    userIds: a.userIds ?? [],
    tagIds: a.tagIds ?? [],
    registrationFields: a.registrationFields ?? [],
  };
}

/** The exam rows with their papers and candidate counts: one query for the exams, one for papers. */
export async function toRows(db: DbOrTx, records: ExamRecord[]): Promise<ExamRow[]> {
  const ids = records.map((exam) => exam.id);
  if (ids.length === 0) return [];
  const [paperRows, counts] = await Promise.all([
    db
      .select({
        examId: examPapers.examId,
        paperId: papers.id,
        name: papers.name,
        totalScore: papers.totalScore,
        questionCount: papers.questionCount,
      })
      .from(examPapers)
      .innerJoin(papers, eq(papers.id, examPapers.paperId))
      .where(inArray(examPapers.examId, ids))
      .orderBy(asc(papers.id)),
    db
      .select({
        examId: exams.id,
        candidates: sql<number>`(select count(*)::int from ${examCandidates} where ${examCandidates.examId} = ${OUTER_EXAM_ID})`,
        started: sql<number>`(select count(distinct ${examAttempts.userId})::int from ${examAttempts} where ${examAttempts.examId} = ${OUTER_EXAM_ID})`,
        submitted: sql<number>`(select count(distinct ${examAttempts.userId})::int from ${examAttempts} where ${examAttempts.examId} = ${OUTER_EXAM_ID} and ${examAttempts.status} > 0)`,
      })
      .from(exams)
      .where(inArray(exams.id, ids)),
  ]);
  const papersByExam = new Map<number, ExamPaperRef[]>();
  for (const row of paperRows) {
    const list = papersByExam.get(row.examId) ?? [];
    list.push({
      paperId: row.paperId,
      name: row.name,
      totalScore: Number(row.totalScore),
      questionCount: row.questionCount,
    });
    papersByExam.set(row.examId, list);
  }
  const countsByExam = new Map(counts.map((row) => [row.examId, row]));
  return records.map((exam) => {
    const state = examState(exam);
    const count = countsByExam.get(exam.id);
    return {
      id: exam.id,
      examId: exam.id,
      name: exam.name,
      description: exam.description,
      coverUrl: exam.coverUrl,
      status: exam.status,
      state,
      stateLabel: EXAM_STATE_LABELS[state],
      startAt: exam.startAt?.getTime() ?? null,
      endAt: exam.endAt?.getTime() ?? null,
      durationMinutes: exam.durationMinutes,
      durationText: formatExamTime(exam.durationMinutes),
      attemptsAllowed: exam.attemptsAllowed,
      passScore: Number(exam.passScore),
      lateEntryMinutes: exam.lateEntryMinutes,
      settings: settingsOf(exam),
      audience: audienceOf(exam),
      notify: exam.notify === 1,
      papers: papersByExam.get(exam.id) ?? [],
      candidateCount: Number(count?.candidates ?? 0),
      startedCount: Number(count?.started ?? 0),
      submittedCount: Number(count?.submitted ?? 0),
      publishedAt: exam.publishedAt?.getTime() ?? null,
      createdAt: exam.createdAt.getTime(),
    };
  });
}

/** An exam of the caller's organisation (404 otherwise), optionally locked for update. */
export async function requireExam(
  db: DbOrTx,
  ctx: RequestContext,
  examId: number,
  lock = false,
): Promise<ExamRecord> {
  const query = db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
  const [exam] = lock ? await query.for('update') : await query;
  if (!exam) throw examNotFound();
  return exam;
}

export async function getExam(db: DbOrTx, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const [row] = await toRows(db, [await requireExam(db, ctx, examId)]);
  if (!row) throw examNotFound();
  return row;
}

export interface ExamSearch {
  keyword?: string;
  state?: ExamState;
  limit: number;
  offset: number;
}

export async function searchExams(
  db: Db,
  ctx: RequestContext,
  search: ExamSearch,
): Promise<{ rows: ExamRow[]; total: number }> {
  const now = new Date();
  const stateCondition: Record<ExamState, SQL> = {
    draft: sql`${exams.status} = 0`,
    upcoming: sql`${exams.status} = 1 and ${exams.startAt} > ${now}`,
    ongoing: sql`${exams.status} = 1 and ${exams.startAt} <= ${now} and ${exams.endAt} > ${now}`,
    ended: sql`${exams.status} = 1 and ${exams.endAt} <= ${now}`,
  };
  const where = and(
    eq(exams.organizationId, ctx.organizationId),
    search.keyword ? ilike(exams.name, containsPattern(search.keyword)) : undefined,
    search.state ? stateCondition[search.state] : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(exams)
      .where(where)
      .orderBy(desc(exams.createdAt), desc(exams.id))
      .limit(search.limit)
      .offset(search.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exams)
      .where(where),
  ]);
  return { rows: await toRows(db, records), total: Number(total?.n ?? 0) };
}

/** The papers of the caller's organisation with these ids, each holding at least one question. */
async function requirePapers(db: DbOrTx, ctx: RequestContext, paperIds: number[]): Promise<number[]> {
  const unique = [...new Set(paperIds)];
  const found = await db
    .select({
      id: papers.id,
      name: papers.name,
      questionCount: papers.questionCount,
      settings: papers.settings,
    })
    .from(papers)
    .where(and(inArray(papers.id, unique), eq(papers.organizationId, ctx.organizationId)));
  if (found.length !== unique.length) throw notFound('试卷不存在');
  const empty = found.find((paper) => paper.questionCount === 0 && !paper.settings?.drawPerCandidate);
  if (empty) throw badRequest(`试卷「${empty.name}」还没有试题`);
  return unique;
}

function examValues(input: ExamInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    coverUrl: input.coverUrl ?? null,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    durationMinutes: input.durationMinutes,
    attemptsAllowed: input.attemptsAllowed,
    passScore: input.passScore,
    lateEntryMinutes: input.lateEntryMinutes ?? null,
    settings: input.settings,
    audience: input.audience,
    notify: input.notify ? 1 : 0,
  };
}

export async function createExam(db: Db, ctx: RequestContext, input: ExamInput): Promise<ExamRow> {
  const examId = await db.transaction(async (tx) => {
    const paperIds = await requirePapers(tx, ctx, input.paperIds);
    const [exam] = await tx
      .insert(exams)
      .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, ...examValues(input) })
      .returning({ id: exams.id });
    if (!exam) throw new Error('exam insert failed');
    await tx.insert(examPapers).values(paperIds.map((paperId) => ({ examId: exam.id, paperId })));
    return exam.id;
  });
  return getExam(db, ctx, examId);
}

async function hasAttempts(db: DbOrTx, examId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId))
    .limit(1);
  return row !== undefined;
}

/** Changes an exam; once somebody has started it, its papers stay as they are. */
export async function modifyExam(
  db: Db,
  ctx: RequestContext,
  examId: number,
  input: ExamInput,
): Promise<ExamRow> {
  await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId, true);
    const paperIds = await requirePapers(tx, ctx, input.paperIds);
    const current = await tx
      .select({ paperId: examPapers.paperId })
      .from(examPapers)
      .where(eq(examPapers.examId, examId));
    const changed =
      current.length !== paperIds.length || current.some((row) => !paperIds.includes(row.paperId));
    if (changed && (await hasAttempts(tx, examId))) {
      throw conflict('已有考生开始作答，不能更换试卷');
    }
    await tx
      .update(exams)
      .set({ ...examValues(input), updatedAt: new Date() })
      .where(eq(exams.id, examId));
    if (changed) {
      await tx.delete(examPapers).where(eq(examPapers.examId, examId));
      await tx.insert(examPapers).values(paperIds.map((paperId) => ({ examId, paperId })));
      // Content frozen for the old papers is not needed any more (nobody has started).
      await tx.delete(examQuestions).where(eq(examQuestions.examId, examId));
    }
    if (exam.status === 1 && audienceChanged(audienceOf(exam), input.audience)) {
      await syncCandidates(tx, ctx, examId, input.audience);
    }
  });
  return getExam(db, ctx, examId);
}

function audienceChanged(a: Audience, b: Audience): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Deletes exams nobody has started (all or nothing). */
export async function deleteExams(db: Db, ctx: RequestContext, ids: number[]): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const found = await tx
      .select({ id: exams.id, name: exams.name })
      .from(exams)
      .where(and(inArray(exams.id, unique), eq(exams.organizationId, ctx.organizationId)));
    if (found.length !== unique.length) throw examNotFound();
    for (const exam of found) {
      if (await hasAttempts(tx, exam.id)) throw conflict(`考试「${exam.name}」已有考生作答，不能删除`);
    }
    await tx.delete(exams).where(inArray(exams.id, unique));
    return { count: unique.length };
  });
}

/** A draft copy of an exam with the same papers, settings and audience. */
export async function copyExam(db: Db, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const newId = await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId);
    const [copy] = await tx
      .insert(exams)
      .values({
        organizationId: ctx.organizationId,
        createdBy: ctx.userId,
        name: `${exam.name.slice(0, 194)}（副本）`,
        description: exam.description,
        coverUrl: exam.coverUrl,
        startAt: exam.startAt,
        endAt: exam.endAt,
        durationMinutes: exam.durationMinutes,
        attemptsAllowed: exam.attemptsAllowed,
        passScore: exam.passScore,
        lateEntryMinutes: exam.lateEntryMinutes,
        settings: exam.settings,
        audience: exam.audience,
        notify: exam.notify,
      })
      .returning({ id: exams.id });
    if (!copy) throw new Error('exam insert failed');
    await tx.execute(
      sql`insert into ${examPapers} (exam_id, paper_id) select ${copy.id}::bigint, paper_id from ${examPapers} where exam_id = ${examId}::bigint`,
    );
    return copy.id;
  });
  return getExam(db, ctx, newId);
}

/** Active staff of the organisation the audience names (departments with sub-departments, staff, tags). */
async function resolveAudience(db: DbOrTx, ctx: RequestContext, audience: Audience): Promise<number[]> {
  if (audience.mode === 'open') return [];
  if (audience.departmentIds.length > 0) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.organizationId, ctx.organizationId),
          inArray(departments.id, audience.departmentIds),
        ),
      );
    if (found.length !== new Set(audience.departmentIds).size) throw notFound('部门不存在');
  }
  await requireTags(db, ctx.organizationId, TagType.USER, audience.tagIds, 'audience.tagIds');
  const departmentIds = audience.includeSubDepartments
    ? await departmentWithDescendants(db as Db, ctx.organizationId, audience.departmentIds)
    : audience.departmentIds;
  const choices: SQL[] = [];
  if (departmentIds.length > 0) choices.push(inArray(users.departmentId, departmentIds));
  if (audience.userIds.length > 0) choices.push(inArray(users.id, audience.userIds));
  if (audience.tagIds.length > 0) {
    choices.push(
      sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${users.id} and ${inArray(userTags.tagId, audience.tagIds)})`,
    );
  }
  if (choices.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.status, 0),
        sql`(${sql.join(choices, sql` or `)})`,
      ),
    );
  if (audience.userIds.length > 0) {
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, audience.userIds), eq(users.organizationId, ctx.organizationId)));
    if (staff.length !== new Set(audience.userIds).size) throw notFound('考生不存在');
  }
  return rows.map((row) => row.id);
}

/** Adds the audience's people as candidates (nobody is removed: manual additions stay). */
async function syncCandidates(
  db: DbOrTx,
  ctx: RequestContext,
  examId: number,
  audience: Audience,
): Promise<number[]> {
  const userIds = await resolveAudience(db, ctx, audience);
  if (userIds.length > 0) {
    await db
      .insert(examCandidates)
      .values(userIds.map((userId) => ({ examId, userId, organizationId: ctx.organizationId })))
      .onConflictDoNothing();
  }
  return userIds;
}

/**
 * Freezes the content of a paper's questions for an exam (exam_questions), so that later edits of the
 * questions change neither the running exam nor its records. Existing rows are kept.
 */
export async function freezeQuestions(db: DbOrTx, examId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  // Every start of a fixed-paper exam asks for questions frozen at publish: read and write only the
  // missing ones (an index-only probe instead of re-reading and re-inserting 50 contents per start).
  const wanted = [...new Set(questionIds)];
  const frozen = await db
    .select({ questionId: examQuestions.questionId })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, wanted)));
  const have = new Set(frozen.map((row) => row.questionId));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      difficulty: questions.difficulty,
      knowledgeIds: sql<
        number[]
      >`coalesce((select array_agg(${questionKnowledge.knowledgeId}) from ${questionKnowledge} where ${questionKnowledge.questionId} = ${questions.id}), '{}')`,
    })
    .from(questions)
    .where(inArray(questions.id, missing));
  await db
    .insert(examQuestions)
    .values(
      rows.map((row) => ({
        examId,
        questionId: row.id,
        content: {
          type: row.type,
          stem: row.stem,
          options: (row.options as ExamQuestionContent['options']) ?? null,
          answer: row.answer ?? null,
          analysis: row.analysis,
          difficulty: row.difficulty,
          knowledgeIds: (row.knowledgeIds ?? []).map(Number),
        } satisfies ExamQuestionContent,
      })),
    )
    .onConflictDoNothing();
}

/** Publishes an exam: candidates resolved, fixed papers frozen, candidates told by message. */
export async function publishExam(db: Db, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const notifyIds = await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId, true);
    if (exam.status === 1) throw conflict('考试已发布');
    if (!exam.endAt || exam.endAt.getTime() <= Date.now())
      throw badRequest('考试结束时间已过，请修改考试时间后再发布');
    const paperIds = (
      await tx.select({ paperId: examPapers.paperId }).from(examPapers).where(eq(examPapers.examId, examId))
    ).map((row) => row.paperId);
    if (paperIds.length === 0) throw badRequest('请先为考试选择试卷');
    await requirePapers(tx, ctx, paperIds);
    const fixed = await tx
      .select({ questionId: paperQuestions.questionId })
      .from(paperQuestions)
      .where(inArray(paperQuestions.paperId, paperIds));
    await freezeQuestions(
      tx,
      examId,
      fixed.map((row) => row.questionId),
    );
    const audience = audienceOf(exam);
    const userIds = await syncCandidates(tx, ctx, examId, audience);
    if (audience.mode === 'assigned') {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(examCandidates)
        .where(eq(examCandidates.examId, examId));
      if (Number(count?.n ?? 0) === 0) throw badRequest('请先选择考生（部门、员工或标签）');
    }
    await tx
      .update(exams)
      .set({ status: 1, publishedAt: new Date(), updatedAt: new Date() })
      .where(eq(exams.id, examId));
    return exam.notify === 1 ? userIds : [];
  });
  if (notifyIds.length > 0) {
    const exam = await requireExam(db, ctx, examId);
    await sendMessage(db, ctx, {
      title: '考试通知',
      content: `您有一场考试「${exam.name}」，考试时间 ${formatTime(exam.startAt)} 至 ${formatTime(exam.endAt)}，时长 ${formatExamTime(exam.durationMinutes)}。请在“我的考试”中参加。`,
      userIds: notifyIds,
      type: 1,
    });
  }
  return getExam(db, ctx, examId);
}

function formatTime(date: Date | null): string {
  if (!date) return '';
  // Messages are read in China; show Beijing time.
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Takes an exam back to draft while nobody has started it. */
export async function unpublishExam(db: Db, ctx: RequestContext, examId: number): Promise<ExamRow> {
  await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId, true);
    if (exam.status !== 1) throw conflict('考试尚未发布');
    if (await hasAttempts(tx, examId)) throw conflict('已有考生开始作答，不能取消发布');
    await tx
      .update(exams)
      .set({ status: 0, publishedAt: null, updatedAt: new Date() })
      .where(eq(exams.id, examId));
  });
  return getExam(db, ctx, examId);
}
