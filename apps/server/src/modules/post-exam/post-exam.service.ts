import { paperTypeLabel, scoreRate } from '@kaopei/shared';
import {
  EVALUATE_BANK_CATEGORY,
  type AbilityResults,
  type CandidateResult,
  type EvaluateExamInput,
  type PostExamInput,
  type PostOption,
  type PostPaperRow,
  type PurposeExamRow,
  type ResultAbility,
} from '@kaopei/shared/contracts/post-exam';
import type { Paging } from '@kaopei/shared/contracts/common';
import { DEFAULT_EXAM_SETTINGS } from '@kaopei/shared/contracts/exam';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { departmentWithDescendants } from '../notice/notice.service';
import { createExam, publishExam, toRows } from '../exam/exam.service';
import {
  abilityAverages,
  countMeasured,
  countMet,
  findEvaluationPaper,
  findPost,
  findPurposeExam,
  listAbilities,
  listAttemptAbilities,
  listAttempts,
  listCandidateAttempts,
  listEvaluationPapers,
  listMeasuredAbilityIds,
  listModel,
  listPostNames,
  listPostOptions,
  listPostPapers,
  listPostStaffIds,
  paperOfPost,
  searchPurposeExams,
  setExamAudienceUsers,
  setExamPurpose,
  type Window,
} from './post-exam.repo';

/** Post exams (exam/post) and evaluation exams (evaluate/exam/list): made and published through the exam service. */

type Purpose = 'post' | 'evaluation';
const windowOf = (paging: Paging): Window => ({ limit: paging.size, offset: paging.page * paging.size });
const examNotFound = () => notFound('考试不存在');
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export async function postOptions(db: Db, ctx: RequestContext, query: Paging & { keyword?: string }) {
  const { rows, total } = await listPostOptions(db, ctx, { keyword: query.keyword, ...windowOf(query) });
  return {
    rows: rows.map((row): PostOption => ({
      ...row,
      abilityCount: Number(row.abilityCount),
      staffCount: Number(row.staffCount),
    })),
    total,
  };
}

export async function postPapers(db: Db, ctx: RequestContext, query: Paging & { postId?: number }) {
  if (query.postId && !(await findPost(db, ctx, query.postId))) throw notFound('岗位不存在');
  const { rows, total } = await listPostPapers(db, ctx, { postId: query.postId, ...windowOf(query) });
  return {
    rows: rows.map((row): PostPaperRow => ({
      ...row,
      typeLabel: paperTypeLabel(row.type),
      totalScore: Number(row.totalScore),
      createdAt: row.createdAt.getTime(),
    })),
    total,
  };
}

export async function evaluationPapers(db: Db, ctx: RequestContext, query: Paging & { keyword?: string }) {
  const { rows, total } = await listEvaluationPapers(db, ctx, EVALUATE_BANK_CATEGORY, {
    keyword: query.keyword,
    ...windowOf(query),
  });
  return {
    rows: rows.map((row) => ({
      ...row,
      typeLabel: paperTypeLabel(row.type),
      totalScore: Number(row.totalScore),
      createdAt: row.createdAt.getTime(),
    })),
    total,
  };
}

// ---------- exams ----------

async function toPurposeRows(db: DbOrTx, ctx: RequestContext, records: Parameters<typeof toRows>[1]) {
  const [rows, measured, names] = await Promise.all([
    toRows(db, records),
    countMeasured(
      db,
      records.map((r) => r.id),
    ),
    listPostNames(db, ctx, [...new Set(records.flatMap((r) => (r.postId ? [r.postId] : [])))]),
  ]);
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  return rows.map((row, index): PurposeExamRow => {
    const record = records[index];
    return {
      ...row,
      purpose: record?.purpose ?? 'general',
      postId: record?.postId ?? null,
      postName: record?.postId ? (nameOf.get(record.postId) ?? null) : null,
      measuredCount: measured.get(row.examId) ?? 0,
    };
  });
}

async function purposeRow(db: DbOrTx, ctx: RequestContext, examId: number): Promise<PurposeExamRow> {
  const record = await findPurposeExam(db, ctx, examId);
  if (!record) throw examNotFound();
  const [row] = await toPurposeRows(db, ctx, [record]);
  if (!row) throw examNotFound();
  return row;
}

/** An exam of the caller's organisation with this purpose (404 otherwise). */
async function requirePurposeExam(db: DbOrTx, ctx: RequestContext, examId: number, purpose: Purpose) {
  const exam = await findPurposeExam(db, ctx, examId);
  if (!exam || exam.purpose !== purpose) throw examNotFound();
  return exam;
}

export async function searchExams(
  db: Db,
  ctx: RequestContext,
  purpose: Purpose,
  query: Paging & { postId?: number; keyword?: string },
) {
  const { records, total } = await searchPurposeExams(db, ctx, purpose, {
    postId: query.postId,
    keyword: query.keyword,
    ...windowOf(query),
  });
  return { rows: await toPurposeRows(db, ctx, records), total };
}

function examInput(
  input: PostExamInput | EvaluateExamInput,
  audience: { departmentIds: number[]; includeSubDepartments: boolean; userIds: number[] },
) {
  return {
    name: input.name,
    paperIds: [input.paperId],
    startAt: input.startAt,
    endAt: input.endAt,
    durationMinutes: input.durationMinutes,
    attemptsAllowed: 1,
    passScore: input.passScore,
    settings: DEFAULT_EXAM_SETTINGS,
    audience: { mode: 'assigned' as const, tagIds: [], registrationFields: [], ...audience },
    notify: true,
  };
}

/** A post exam for the post's staff with one of the post's papers; published at once when asked. */
export async function addPostExam(
  db: Db,
  ctx: RequestContext,
  input: PostExamInput,
): Promise<PurposeExamRow> {
  const post = await findPost(db, ctx, input.postId);
  if (!post) throw notFound('岗位不存在');
  if (!(await paperOfPost(db, ctx, input.paperId, post.id))) {
    throw notFound(`试卷不存在或不是岗位「${post.name}」的试卷`);
  }
  const staff = await listPostStaffIds(db, ctx, post.id);
  if (staff.length === 0) throw badRequest(`岗位「${post.name}」还没有员工，无法发送考试`, 'postId');
  const exam = await createExam(
    db,
    ctx,
    examInput(input, { departmentIds: [], includeSubDepartments: false, userIds: staff }),
  );
  await setExamPurpose(db, ctx, exam.examId, 'post', post.id);
  if (input.publish) await publishExam(db, ctx, exam.examId);
  return purposeRow(db, ctx, exam.examId);
}

/** Publishes a post exam after bringing its candidates up to the post's current staff. */
export async function publishPostExam(db: Db, ctx: RequestContext, examId: number): Promise<PurposeExamRow> {
  const exam = await requirePurposeExam(db, ctx, examId, 'post');
  if (exam.status !== 1 && exam.postId) {
    const staff = await listPostStaffIds(db, ctx, exam.postId);
    if (staff.length > 0) await setExamAudienceUsers(db, ctx, examId, staff);
  }
  await publishExam(db, ctx, examId);
  return purposeRow(db, ctx, examId);
}

/** An evaluation exam from a 测评 paper for departments and staff. */
export async function addEvaluationExam(
  db: Db,
  ctx: RequestContext,
  input: EvaluateExamInput,
): Promise<PurposeExamRow> {
  const paper = await findEvaluationPaper(db, ctx, input.paperId, EVALUATE_BANK_CATEGORY);
  if (!paper) throw notFound('试卷不存在');
  if (!paper.ok) throw badRequest(`试卷「${paper.name}」的试题须全部来自测评题库`, 'paperId');
  const exam = await createExam(
    db,
    ctx,
    examInput(input, {
      departmentIds: input.departmentIds,
      includeSubDepartments: input.includeSubDepartments,
      userIds: input.userIds,
    }),
  );
  await setExamPurpose(db, ctx, exam.examId, 'evaluation', null);
  if (input.publish) await publishExam(db, ctx, exam.examId);
  return purposeRow(db, ctx, exam.examId);
}

export async function publishEvaluationExam(
  db: Db,
  ctx: RequestContext,
  examId: number,
): Promise<PurposeExamRow> {
  await requirePurposeExam(db, ctx, examId, 'evaluation');
  await publishExam(db, ctx, examId);
  return purposeRow(db, ctx, examId);
}

// ---------- results ----------

const STATUS_LABELS: Record<number, string> = { 0: '未交卷', 1: '待阅卷', 2: '已完成' };

/**
 * Each candidate's latest attempt with its per-ability results, and per ability the requirement (post
 * exams: the post's model) and averages over every candidate's latest graded attempt.
 */
export async function abilityResults(
  db: Db,
  ctx: RequestContext,
  purpose: Purpose,
  query: Paging & { examId: number; departmentId?: number },
): Promise<{ data: AbilityResults; total: number }> {
  const exam = await requirePurposeExam(db, ctx, query.examId, purpose);
  let departmentIds: number[] | undefined;
  if (query.departmentId) {
    departmentIds = await departmentWithDescendants(db, ctx.organizationId, [query.departmentId]);
    if (departmentIds.length === 0) throw notFound('部门不存在');
  }
  // The post's model as it is now (a post deleted since: no requirements, the measured abilities stay).
  const model = purpose === 'post' && exam.postId ? await listModel(db, ctx, exam.postId) : [];
  const required = new Map(model.map((m) => [m.abilityId, m.requiredLevel]));
  const measuredIds = await listMeasuredAbilityIds(db, ctx, exam.id);
  const abilityIds = [...new Set([...model.map((m) => m.abilityId), ...measuredIds])];
  const [names, averages, met, page] = await Promise.all([
    listAbilities(db, ctx, abilityIds),
    abilityAverages(db, ctx, exam.id, departmentIds),
    countMet(db, ctx, exam.id, departmentIds, required),
    listCandidateAttempts(db, ctx, exam.id, { departmentIds, ...windowOf(query) }),
  ]);
  const nameOf = new Map(names.map((n) => [n.abilityId, n]));
  const modelOf = new Map(model.map((m) => [m.abilityId, m]));
  const averageOf = new Map(averages.map((a) => [a.abilityId, a]));
  // The model's abilities in its order, then any other measured ability.
  const ordered = [
    ...model.map((m) => m.abilityId),
    ...names.map((n) => n.abilityId).filter((id) => !modelOf.has(id)),
  ];
  const abilities = ordered.map((abilityId): ResultAbility => {
    const average = averageOf.get(abilityId);
    const m = modelOf.get(abilityId);
    return {
      abilityId,
      name: m?.name ?? nameOf.get(abilityId)?.name ?? '',
      dimensionName: m?.dimensionName ?? nameOf.get(abilityId)?.dimensionName ?? '',
      requiredLevel: m?.requiredLevel ?? null,
      weight: m?.weight ?? null,
      averageRate: average ? oneDecimal(average.rate) : null,
      averageLevel: average ? oneDecimal(average.level) : null,
      metCount: met.get(abilityId) ?? 0,
      measuredCount: average?.count ?? 0,
    };
  });
  const candidates = await candidateRows(db, ctx, page.rows, required);
  const [examRow] = await toPurposeRows(db, ctx, [exam]);
  if (!examRow) throw examNotFound();
  return { data: { exam: examRow, abilities, candidates }, total: page.total };
}

async function candidateRows(
  db: Db,
  ctx: RequestContext,
  rows: Awaited<ReturnType<typeof listCandidateAttempts>>['rows'],
  required: Map<number, number>,
): Promise<CandidateResult[]> {
  const attemptIds = rows.flatMap((row) => (row.attemptId ? [Number(row.attemptId)] : []));
  const [attempts, results] = await Promise.all([
    listAttempts(db, attemptIds),
    listAttemptAbilities(db, ctx, attemptIds),
  ]);
  const attemptOf = new Map(attempts.map((a) => [a.id, a]));
  return rows.map((row) => {
    const attemptId = row.attemptId ? Number(row.attemptId) : null;
    const attempt = attemptId ? attemptOf.get(attemptId) : undefined;
    const abilities = results
      .filter((r) => r.attemptId === attemptId)
      .map((r) => {
        const requiredLevel = required.get(r.abilityId) ?? null;
        return {
          abilityId: r.abilityId,
          score: Number(r.score),
          maxScore: Number(r.maxScore),
          rate: scoreRate(Number(r.score), Number(r.maxScore)),
          level: r.level,
          requiredLevel,
          met: requiredLevel === null ? null : r.level >= requiredLevel,
        };
      });
    return {
      userId: row.userId,
      realName: row.realName,
      account: row.account,
      departmentName: row.departmentName ?? '',
      attemptId,
      statusLabel: attempt ? (STATUS_LABELS[attempt.status] ?? '') : '未参加',
      score: attempt?.score === null || attempt?.score === undefined ? null : Number(attempt.score),
      totalPoints: attempt ? Number(attempt.totalPoints) : null,
      passed: attempt?.passed === null || attempt?.passed === undefined ? null : attempt.passed === 1,
      metCount: abilities.filter((a) => a.met === true).length,
      abilities,
    };
  });
}
