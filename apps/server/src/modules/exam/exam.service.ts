import {
  TagType,
  candidatePaths,
  defaultPassScore,
  formatExamTime,
  passScoreProblem,
  type ExamState,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
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
import {
  copyExamPapers,
  countCandidates,
  countPeopleOfExams,
  deleteExamPapers,
  deleteExamQuestions,
  deleteExamsById,
  examHasAttempts,
  findExam,
  insertCandidates,
  insertExam,
  insertExamPapers,
  insertFrozenQuestions,
  listAudienceUserIds,
  listDepartmentIds,
  listExamNames,
  listExamPaperIds,
  listFrozenQuestionIds,
  listPaperQuestionIds,
  listPapers,
  listPapersOfExams,
  listStaffIds,
  searchExamRecords,
  updateExam,
  type ExamRecord,
  type ExamSearch,
  type ExamValues,
} from './exam.repo';

export { OUTER_EXAM_ID } from './exam.repo';
export type { ExamSearch } from './exam.repo';

export const examNotFound = () => notFound('考试不存在');

export type { ExamState } from '@kaopei/shared';
export const EXAM_STATE_LABELS: Record<ExamState, string> = {
  draft: '未发布',
  upcoming: '未开始',
  ongoing: '进行中',
  ended: '已结束',
};

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
  const [paperRows, counts] = await Promise.all([listPapersOfExams(db, ids), countPeopleOfExams(db, ids)]);
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
  const exam = await findExam(db, ctx, examId, lock);
  if (!exam) throw examNotFound();
  return exam;
}

export async function getExam(db: DbOrTx, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const [row] = await toRows(db, [await requireExam(db, ctx, examId)]);
  if (!row) throw examNotFound();
  return row;
}

export async function searchExams(
  db: Db,
  ctx: RequestContext,
  search: ExamSearch,
): Promise<{ rows: ExamRow[]; total: number }> {
  const { records, total } = await searchExamRecords(db, ctx, search);
  return { rows: await toRows(db, records), total };
}

/**
 * The papers of the caller's organisation with these ids, each holding at least one question, and the
 * exam's pass mark with them: the one given (never above a paper's total: a candidate with full marks
 * passes), else `fallback`, else 60 % of the smallest total.
 */
async function requirePapers(
  db: DbOrTx,
  ctx: RequestContext,
  paperIds: number[],
  passScore: number | undefined,
  fallback?: number,
): Promise<{ paperIds: number[]; passScore: number }> {
  const unique = [...new Set(paperIds)];
  const found = await listPapers(db, ctx, unique);
  if (found.length !== unique.length) throw notFound('试卷不存在');
  const empty = found.find((paper) => paper.questionCount === 0 && !paper.settings?.drawPerCandidate);
  if (empty) throw badRequest(`试卷「${empty.name}」还没有试题`);
  const totals = found.map((paper) => ({ name: paper.name, totalScore: Number(paper.totalScore) }));
  const chosen = passScore ?? fallback ?? defaultPassScore(totals);
  const problem = passScoreProblem(chosen, totals);
  if (problem) throw badRequest(problem, 'passScore');
  return { paperIds: unique, passScore: chosen };
}

function examValues(input: ExamInput & { passScore: number }): ExamValues {
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
    const { paperIds, passScore } = await requirePapers(tx, ctx, input.paperIds, input.passScore);
    await requireAudience(tx, ctx, input.audience);
    const examId = await insertExam(tx, ctx, examValues({ ...input, passScore }));
    await insertExamPapers(tx, examId, paperIds);
    return examId;
  });
  return getExam(db, ctx, examId);
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
    const { paperIds, passScore } = await requirePapers(
      tx,
      ctx,
      input.paperIds,
      input.passScore,
      Number(exam.passScore),
    );
    await requireAudience(tx, ctx, input.audience);
    const current = await listExamPaperIds(tx, examId);
    const changed =
      current.length !== paperIds.length || current.some((paperId) => !paperIds.includes(paperId));
    if (changed && (await examHasAttempts(tx, examId))) {
      throw conflict('已有考生开始作答，不能更换试卷');
    }
    await updateExam(tx, examId, { ...examValues({ ...input, passScore }), updatedAt: new Date() });
    if (changed) {
      await deleteExamPapers(tx, examId);
      await insertExamPapers(tx, examId, paperIds);
      // Content frozen for the old papers is not needed any more (nobody has started).
      await deleteExamQuestions(tx, examId);
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
    const found = await listExamNames(tx, ctx, unique);
    if (found.length !== unique.length) throw examNotFound();
    for (const exam of found) {
      if (await examHasAttempts(tx, exam.id)) throw conflict(`考试「${exam.name}」已有考生作答，不能删除`);
    }
    await deleteExamsById(tx, unique);
    return { count: unique.length };
  });
}

/** A draft copy of an exam with the same papers, settings and audience. */
export async function copyExam(db: Db, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const newId = await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId);
    const copyId = await insertExam(tx, ctx, {
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
    });
    await copyExamPapers(tx, examId, copyId);
    return copyId;
  });
  return getExam(db, ctx, newId);
}

/**
 * The audience names only the organisation's own departments, people and user tags (checked when an
 * exam is saved, not only at publish: another organisation's ids are never stored).
 */
async function requireAudience(db: DbOrTx, ctx: RequestContext, audience: Audience): Promise<void> {
  if (audience.mode === 'open') return;
  if (audience.departmentIds.length > 0) {
    const found = await listDepartmentIds(db, ctx, audience.departmentIds);
    if (found.length !== new Set(audience.departmentIds).size) throw notFound('部门不存在');
  }
  await requireTags(db, ctx.organizationId, TagType.USER, audience.tagIds);
  if (audience.userIds.length > 0) {
    const staff = await listStaffIds(db, ctx, audience.userIds);
    if (staff.length !== new Set(audience.userIds).size) throw notFound('考生不存在');
  }
}

/** Active staff of the organisation the audience names (departments with sub-departments, staff, tags). */
async function resolveAudience(db: DbOrTx, ctx: RequestContext, audience: Audience): Promise<number[]> {
  if (audience.mode === 'open') return [];
  await requireAudience(db, ctx, audience);
  const departmentIds = audience.includeSubDepartments
    ? await departmentWithDescendants(db as Db, ctx.organizationId, audience.departmentIds)
    : audience.departmentIds;
  const userIds = await listAudienceUserIds(db, ctx, {
    departmentIds,
    userIds: audience.userIds,
    tagIds: audience.tagIds,
  });
  return userIds;
}

/** Adds the audience's people as candidates (nobody is removed: manual additions stay). */
async function syncCandidates(
  db: DbOrTx,
  ctx: RequestContext,
  examId: number,
  audience: Audience,
): Promise<number[]> {
  const userIds = await resolveAudience(db, ctx, audience);
  if (userIds.length > 0) await insertCandidates(db, ctx, examId, userIds);
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
  const have = new Set(await listFrozenQuestionIds(db, examId, wanted));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  await insertFrozenQuestions(db, examId, missing);
}

/** Publishes an exam: candidates resolved, fixed papers frozen, candidates told by message. */
export async function publishExam(db: Db, ctx: RequestContext, examId: number): Promise<ExamRow> {
  const notifyIds = await db.transaction(async (tx) => {
    const exam = await requireExam(tx, ctx, examId, true);
    if (exam.status === 1) throw conflict('考试已发布');
    if (!exam.endAt || exam.endAt.getTime() <= Date.now())
      throw badRequest('考试结束时间已过，请修改考试时间后再发布');
    const paperIds = await listExamPaperIds(tx, examId);
    if (paperIds.length === 0) throw badRequest('请先为考试选择试卷');
    // A paper may have changed since the exam was saved: its pass mark is checked again.
    await requirePapers(tx, ctx, paperIds, Number(exam.passScore));
    await freezeQuestions(tx, examId, await listPaperQuestionIds(tx, paperIds));
    const audience = audienceOf(exam);
    const userIds = await syncCandidates(tx, ctx, examId, audience);
    // A course's exam gets its candidates as learners reach its section (modules/learn), so it is published empty.
    if (audience.mode === 'assigned' && exam.purpose !== 'course') {
      if ((await countCandidates(tx, examId)) === 0) throw badRequest('请先选择考生（部门、员工或标签）');
    }
    await updateExam(tx, examId, { status: 1, publishedAt: new Date(), updatedAt: new Date() });
    return exam.notify === 1 ? userIds : [];
  });
  if (notifyIds.length > 0) {
    const exam = await requireExam(db, ctx, examId);
    await sendMessage(db, ctx, {
      title: '考试通知',
      content: `您有一场考试「${exam.name}」，考试时间 ${formatTime(exam.startAt)} 至 ${formatTime(exam.endAt)}，时长 ${formatExamTime(exam.durationMinutes)}。请在“我的考试”中参加。`,
      userIds: notifyIds,
      type: 1,
      link: candidatePaths.exam(examId),
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
    if (await examHasAttempts(tx, examId)) throw conflict('已有考生开始作答，不能取消发布');
    await updateExam(tx, examId, { status: 0, publishedAt: null, updatedAt: new Date() });
  });
  return getExam(db, ctx, examId);
}
