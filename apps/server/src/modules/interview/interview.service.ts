import crypto from 'node:crypto';
import {
  INTERVIEW_MENU,
  INTERVIEW_STATUS_LABELS,
  recommendationLabel,
  type InterviewBody,
  type InterviewDetail,
  type InterviewRow,
  type ScorecardBody,
  type ScorecardView,
} from '@kaopei/shared/contracts/interview';
import type { RequestContext } from '../../core/context';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import {
  findInterviewRecord,
  interviewersOf,
  isInterviewer,
  listInterviewRecords,
  ownMemberIds,
  ownPost,
  postModel,
  replaceInterviewers,
  scorecardRecords,
  scorecardsOfApplicants,
  countInterviewsBetween,
  insertInterview,
  updateInterview,
  upsertScorecard,
  type InterviewAbilityScore,
  type InterviewFilter,
  type InterviewRecord,
  type ScorecardRecord,
} from './interview.repo';
import { averageScore, signRoomTicket } from './interview.rules';
import type { InterviewSource } from '../recruitment/interview-hook';

type Page = { limit: number; offset: number };

function rowOf(
  interview: InterviewRecord,
  postName: string | null,
  scorecardCount: number,
  interviewers: { id: number; name: string }[],
): InterviewRow {
  return {
    id: interview.id,
    title: interview.title,
    applicantName: interview.applicantName,
    applicantPhone: interview.applicantPhone,
    applicantEmail: interview.applicantEmail,
    applicantId: interview.applicantId,
    postId: interview.postId,
    postName,
    startAt: interview.startAt.getTime(),
    endAt: interview.endAt.getTime(),
    status: interview.status,
    statusLabel: INTERVIEW_STATUS_LABELS[interview.status] ?? interview.status,
    recordingEnabled: interview.recordingEnabled === 1,
    hasRecording: interview.recordingKey !== null,
    interviewers,
    scorecardCount,
  };
}

export async function listInterviews(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  filter: InterviewFilter,
  page: Page,
  order: 'newest' | 'soonest' = 'newest',
) {
  const { rows, total } = await listInterviewRecords(deps.db, ctx, filter, page, order);
  const people = await interviewersOf(
    deps.db,
    rows.map((r) => r.interview.id),
  );
  return {
    rows: rows.map((r) => rowOf(r.interview, r.postName, r.scorecardCount, people.get(r.interview.id) ?? [])),
    total,
  };
}

/** Whether the caller may act as an interviewer of it: named on it, or a recruiter (menu 视频面试). */
async function mayInterview(deps: Pick<Deps, 'db' | 'menus'>, ctx: RequestContext, interviewId: number) {
  if (await isInterviewer(deps.db, interviewId, ctx.userId)) return true;
  if (ctx.isAdmin) return true;
  return (await deps.menus.grantedUrls(ctx)).has(INTERVIEW_MENU);
}

/** The caller's organisation's interview that the caller interviews in or manages; 404 otherwise. */
async function requireInterview(deps: Pick<Deps, 'db' | 'menus'>, ctx: RequestContext, id: number) {
  const interview = await findInterviewRecord(deps.db, ctx, id);
  if (!interview) throw notFound('面试不存在');
  if (!(await mayInterview(deps, ctx, id))) throw forbidden('您不是这场面试的面试官');
  return interview;
}

export function scorecardViewOf(card: ScorecardRecord, interviewerName: string): ScorecardView {
  return {
    id: card.id,
    interviewId: card.interviewId,
    interviewerId: card.interviewerId,
    interviewerName,
    scores: card.scores,
    average: averageScore(card.scores),
    comment: card.comment,
    recommendation: card.recommendation,
    recommendationLabel: recommendationLabel(card.recommendation),
    updatedAt: card.updatedAt.getTime(),
  };
}

export function invitePathOf(token: string): string {
  return `/interview?token=${encodeURIComponent(token)}`;
}

export async function interviewDetail(
  deps: Pick<Deps, 'db' | 'menus' | 'config'>,
  ctx: RequestContext,
  id: number,
): Promise<InterviewDetail> {
  const interview = await requireInterview(deps, ctx, id);
  const post = interview.postId ? await ownPost(deps.db, ctx, interview.postId) : undefined;
  const [people, cards, model, token] = await Promise.all([
    interviewersOf(deps.db, [id]),
    scorecardRecords(deps.db, ctx, { interviewId: id }),
    interview.postId ? postModel(deps.db, interview.postId) : Promise.resolve([]),
    inviteToken(deps, interview),
  ]);
  return {
    ...rowOf(interview, post?.name ?? null, cards.length, people.get(id) ?? []),
    invitePath: invitePathOf(token),
    consentAt: interview.consentAt?.getTime() ?? null,
    recordedAt: interview.recordedAt?.getTime() ?? null,
    recordingSize: interview.recordingSize,
    abilities: model,
    scorecards: cards.map((c) => scorecardViewOf(c.card, c.interviewerName)),
  };
}

function inviteToken(deps: Pick<Deps, 'config'>, interview: InterviewRecord): Promise<string> {
  return signRoomTicket(deps.config.jwtSecret, {
    interviewId: interview.id,
    organizationId: interview.organizationId,
    role: 'applicant',
    userId: null,
    nonce: interview.inviteNonce,
  });
}

/** Checks the interviewers and the post belong to the organisation. */
async function checkReferences(deps: Pick<Deps, 'db'>, ctx: RequestContext, body: InterviewBody) {
  const ids = [...new Set(body.interviewerIds)];
  const members = await ownMemberIds(deps.db, ctx, ids);
  if (members.size !== ids.length) throw badRequest('面试官不存在或已停用', 'interviewerIds');
  if (body.postId && !(await ownPost(deps.db, ctx, body.postId))) throw badRequest('岗位不存在', 'postId');
  return ids;
}

function valuesOf(body: InterviewBody) {
  return {
    title: body.title,
    applicantName: body.applicantName,
    applicantPhone: body.applicantPhone,
    applicantEmail: body.applicantEmail,
    applicantId: body.applicantId ?? null,
    postId: body.postId ?? null,
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    recordingEnabled: body.recordingEnabled ? 1 : 0,
  };
}

export async function addInterview(deps: Pick<Deps, 'db'>, ctx: RequestContext, body: InterviewBody) {
  const ids = await checkReferences(deps, ctx, body);
  return deps.db.transaction(async (tx) => {
    const id = await insertInterview(tx, ctx, {
      ...valuesOf(body),
      inviteNonce: crypto.randomBytes(12).toString('hex'),
    });
    await replaceInterviewers(tx, ctx, id, ids);
    return { id };
  });
}

export async function modifyInterview(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  id: number,
  body: InterviewBody,
): Promise<void> {
  const interview = await findInterviewRecord(deps.db, ctx, id);
  if (!interview) throw notFound('面试不存在');
  if (interview.status === 'cancelled') throw conflict('面试已取消，不能修改');
  const ids = await checkReferences(deps, ctx, body);
  await deps.db.transaction(async (tx) => {
    await updateInterview(tx, ctx, id, valuesOf(body));
    await replaceInterviewers(tx, ctx, id, ids);
  });
}

export async function cancelInterview(deps: Pick<Deps, 'db'>, ctx: RequestContext, id: number) {
  const interview = await findInterviewRecord(deps.db, ctx, id);
  if (!interview) throw notFound('面试不存在');
  if (interview.status === 'cancelled') throw conflict('面试已取消');
  await updateInterview(deps.db, ctx, id, { status: 'cancelled' });
}

/** An interviewer's room ticket (12 hours). */
export async function interviewerTicket(
  deps: Pick<Deps, 'db' | 'menus' | 'config'>,
  ctx: RequestContext,
  id: number,
): Promise<{ ticket: string }> {
  const interview = await requireInterview(deps, ctx, id);
  if (interview.status === 'cancelled') throw conflict('本次面试已取消');
  const ticket = await signRoomTicket(deps.config.jwtSecret, {
    interviewId: id,
    organizationId: ctx.organizationId,
    role: 'interviewer',
    userId: ctx.userId,
    nonce: null,
  });
  return { ticket };
}

/** Stores the caller's scorecard (replacing an earlier one); the abilities must be the post's model's. */
export async function submitScorecard(
  deps: Pick<Deps, 'db' | 'menus'>,
  ctx: RequestContext,
  body: ScorecardBody,
): Promise<ScorecardView> {
  const interview = await requireInterview(deps, ctx, body.interviewId);
  if (interview.status === 'cancelled') throw conflict('面试已取消，不能评分');
  const model = interview.postId ? await postModel(deps.db, interview.postId) : [];
  const names = new Map(model.map((m) => [m.abilityId, m.name]));
  const seen = new Set<number>();
  const scores: InterviewAbilityScore[] = body.scores.map((s) => {
    const name = names.get(s.abilityId);
    if (!name) throw badRequest('评分的能力不在岗位的能力模型中', 'scores');
    if (seen.has(s.abilityId)) throw badRequest(`能力“${name}”重复评分`, 'scores');
    seen.add(s.abilityId);
    return { abilityId: s.abilityId, abilityName: name, score: s.score, comment: s.comment };
  });
  const missing = model.filter((m) => !seen.has(m.abilityId));
  if (missing.length > 0) throw badRequest(`请为能力“${missing[0]!.name}”评分`, 'scores');
  const card = await upsertScorecard(deps.db, {
    organizationId: ctx.organizationId,
    interviewId: interview.id,
    interviewerId: ctx.userId,
    scores,
    comment: body.comment,
    recommendation: body.recommendation,
  });
  return scorecardViewOf(card, ctx.realName);
}

/** Every scorecard of an applicant (recruitment/staff/result reads these). */
export async function scorecardsOfApplicant(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  applicantId: number,
): Promise<ScorecardView[]> {
  const cards = await scorecardRecords(deps.db, ctx, { applicantId });
  return cards.map((c) => scorecardViewOf(c.card, c.interviewerName));
}

/**
 * What recruitment reads of interviews (modules/recruitment/interview-hook.ts): this week's count for the
 * overview, and the scorecards of applicants for the decision page and the external report.
 */
export const recruitmentInterviewSource: InterviewSource = {
  countBetween: countInterviewsBetween,
  scorecardsOf: async (db, organizationId, applicantIds) => {
    const rows = await scorecardsOfApplicants(db, organizationId, applicantIds);
    return rows.map(({ card, interviewerName, applicantId }) => ({
      applicantId: applicantId ?? 0,
      jobId: null,
      interviewId: card.interviewId,
      interviewerName,
      at: card.updatedAt,
      total: averageScore(card.scores),
      recommendation: recommendationLabel(card.recommendation),
      comment: card.comment,
    }));
  },
};

/** The recording of an interview the caller may see. */
export async function recordingFile(
  deps: Pick<Deps, 'db' | 'menus' | 'storage'>,
  ctx: RequestContext,
  id: number,
) {
  const interview = await requireInterview(deps, ctx, id);
  if (!interview.recordingKey) throw notFound('这场面试没有录像');
  const data = await deps.storage.get(interview.recordingKey);
  if (!data) throw notFound('录像文件不存在');
  const mime = interview.recordingMime ?? 'video/webm';
  return { data, mime, fileName: `面试录像-${interview.id}.${mime.includes('mp4') ? 'mp4' : 'webm'}` };
}
