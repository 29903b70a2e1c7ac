import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  fillTemplate,
  MESSAGE_TEMPLATES,
  moveProblem,
  RECRUIT_STAGE_LABELS,
  type MessageTemplateKey,
  type RecruitStage,
} from '@kaopei/shared';
import { examBodySchema } from '@kaopei/shared/contracts/exam';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import type { RequestContext } from '../../core/context';
import type { Deps } from '../../core/deps';
import { badRequest, conflict } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import {
  examCandidates,
  exams,
  organizations,
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentJobs,
  recruitmentMessages,
  recruitmentStageMoves,
  users,
} from '../../db/schema';
import { createExam, publishExam } from '../exam/exam.service';
import { applicationNotFound } from './recruitment-applications.repo';

/** The pipeline: stage moves (bulk, logged), written tests sent as exams, messages to applicants. */

const A = recruitmentApplications;
const P = recruitmentApplicants;
const TEST_WINDOW_DAYS = 90;
const DAY = 86_400_000;

export async function organizationName(db: DbOrTx, organizationId: number): Promise<string> {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.name ?? '';
}

/** The applications named, all of the caller's organisation (404 otherwise, nothing changes). */
async function loadTargets(db: DbOrTx, ctx: RequestContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: A.id,
      stage: A.stage,
      jobId: A.jobId,
      applicantId: A.applicantId,
      testToken: A.testToken,
      name: P.name,
      phone: P.phone,
      email: P.email,
      userId: P.userId,
      jobName: recruitmentJobs.name,
      paperId: recruitmentJobs.paperId,
    })
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId))
    .where(and(eq(A.organizationId, ctx.organizationId), inArray(A.id, unique)));
  if (rows.length !== unique.length) throw applicationNotFound();
  return rows;
}
type Target = Awaited<ReturnType<typeof loadTargets>>[number];

/**
 * Moves applications to a stage (all or nothing; those already there are left alone), logging who and
 * when. Moving to 笔试 sends each the job's written test.
 */
export async function moveApplications(
  deps: Deps,
  ctx: RequestContext,
  input: { applicationIds: number[]; stage: RecruitStage; note: string | null },
): Promise<{ count: number; testsSent: number }> {
  const targets = (await loadTargets(deps.db, ctx, input.applicationIds)).filter(
    (t) => t.stage !== input.stage,
  );
  for (const target of targets) {
    const problem = moveProblem(target.stage as RecruitStage, input.stage);
    if (problem) throw badRequest(`${target.name}：${problem}`);
    if (input.stage === 'test' && target.paperId === null)
      throw badRequest(`职位「${target.jobName}」未设置笔试试卷，请先在职位中选择试卷`);
  }
  if (targets.length === 0) return { count: 0, testsSent: 0 };
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(A)
      .set({ stage: input.stage, stageChangedAt: now })
      .where(
        inArray(
          A.id,
          targets.map((t) => t.id),
        ),
      );
    await tx.insert(recruitmentStageMoves).values(
      targets.map((t) => ({
        organizationId: ctx.organizationId,
        applicationId: t.id,
        fromStage: t.stage,
        toStage: input.stage,
        actorId: ctx.userId,
        note: input.note,
        createdAt: now,
      })),
    );
  });
  let testsSent = 0;
  if (input.stage === 'test') {
    for (const target of targets) {
      await sendTest(deps, ctx, target);
      testsSent++;
    }
  }
  return { count: targets.length, testsSent };
}

/** The job's written-test exam: created and published at its first use, its window kept open. */
async function testExamOf(
  deps: Deps,
  ctx: RequestContext,
  jobId: number,
  firstUserId: number,
): Promise<number> {
  const { db } = deps;
  const [job] = await db.select().from(recruitmentJobs).where(eq(recruitmentJobs.id, jobId));
  if (!job?.paperId) throw badRequest('职位未设置笔试试卷');
  const now = Date.now();
  if (job.testExamId) {
    const [exam] = await db.select({ endAt: exams.endAt }).from(exams).where(eq(exams.id, job.testExamId));
    if (exam) {
      if (!exam.endAt || exam.endAt.getTime() < now + 14 * DAY)
        await db
          .update(exams)
          .set({ endAt: new Date(now + TEST_WINDOW_DAYS * DAY) })
          .where(eq(exams.id, job.testExamId));
      return job.testExamId;
    }
  }
  const input = examBodySchema.parse({
    name: `${job.name} 笔试`.slice(0, 200),
    description: '招聘笔试：请独立完成，提交后由系统评分。',
    paperIds: [job.paperId],
    startAt: now - 60_000,
    endAt: now + TEST_WINDOW_DAYS * DAY,
    durationMinutes: 60,
    audience: { mode: 'assigned', userIds: [] },
    notify: false,
  });
  const exam = await createExam(db, ctx, input);
  await db.update(exams).set({ purpose: 'recruitment', postId: job.postId }).where(eq(exams.id, exam.examId));
  // A published assigned exam needs a candidate: the first applicant is added before publishing.
  await db
    .insert(examCandidates)
    .values({ examId: exam.examId, userId: firstUserId, organizationId: ctx.organizationId })
    .onConflictDoNothing();
  await publishExam(db, ctx, exam.examId);
  await db.update(recruitmentJobs).set({ testExamId: exam.examId }).where(eq(recruitmentJobs.id, job.id));
  return exam.examId;
}

/**
 * The applicant's account for tests: theirs already, or the organisation's person with that phone, or a
 * new candidate account (users.kind 'candidate': no roles, only their own exams and applications).
 */
async function candidateUserOf(db: Db, ctx: RequestContext, target: Target): Promise<number> {
  if (target.userId) return target.userId;
  const [owner] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.phone, target.phone));
  if (owner && owner.organizationId !== ctx.organizationId)
    throw conflict(`${target.name}的手机号已是其他单位的账号，无法发送笔试`);
  let userId = owner?.id;
  if (!userId) {
    const [created] = await db
      .insert(users)
      .values({
        organizationId: ctx.organizationId,
        account: `recruit_${crypto.randomBytes(6).toString('hex')}`,
        phone: target.phone,
        realName: target.name,
        kind: 'candidate',
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert failed');
    userId = created.id;
  }
  await db.update(P).set({ userId }).where(eq(P.id, target.applicantId));
  return userId;
}

async function sendTest(deps: Deps, ctx: RequestContext, target: Target): Promise<void> {
  const { db } = deps;
  const userId = await candidateUserOf(db, ctx, target);
  const examId = await testExamOf(deps, ctx, target.jobId, userId);
  await db
    .insert(examCandidates)
    .values({ examId, userId, organizationId: ctx.organizationId })
    .onConflictDoNothing();
  const token = target.testToken ?? crypto.randomBytes(24).toString('base64url');
  await db.update(A).set({ testToken: token, testSentAt: new Date() }).where(eq(A.id, target.id));
  const template = MESSAGE_TEMPLATES.find((t) => t.key === 'test_invite');
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}${recruitPaths.test(token)}`;
  const content = fillTemplate(template?.text ?? '{link}', {
    name: target.name,
    job: target.jobName,
    org: await organizationName(db, ctx.organizationId),
    link,
  });
  await deps.sms.send({ phone: target.phone, content });
  await db.insert(recruitmentMessages).values({
    organizationId: ctx.organizationId,
    applicationId: target.id,
    channel: 'sms',
    recipient: target.phone,
    content,
    sentBy: ctx.userId,
  });
}

/** Sends a (possibly edited) template to each applicant by SMS or e-mail; those without an e-mail are skipped. */
export async function messageApplicants(
  deps: Deps,
  ctx: RequestContext,
  input: { applicationIds: number[]; channel: 'sms' | 'email'; template: MessageTemplateKey; text: string },
): Promise<{ sent: number; skipped: number }> {
  const targets = await loadTargets(deps.db, ctx, input.applicationIds);
  const org = await organizationName(deps.db, ctx.organizationId);
  const base = deps.config.publicUrl.replace(/\/$/, '');
  let sent = 0;
  for (const target of targets) {
    const recipient = input.channel === 'sms' ? target.phone : target.email;
    if (!recipient) continue;
    const link = target.testToken
      ? `${base}${recruitPaths.test(target.testToken)}`
      : `${base}${recruitPaths.mine}`;
    const content = fillTemplate(input.text, { name: target.name, job: target.jobName, org, link });
    if (input.channel === 'sms') await deps.sms.send({ phone: recipient, content });
    else {
      const label = MESSAGE_TEMPLATES.find((t) => t.key === input.template)?.label ?? '招聘通知';
      await deps.mailer.send({ to: recipient, subject: `${org} ${label}：${target.jobName}`, text: content });
    }
    await deps.db.insert(recruitmentMessages).values({
      organizationId: ctx.organizationId,
      applicationId: target.id,
      channel: input.channel,
      recipient,
      content,
      sentBy: ctx.userId,
    });
    sent++;
  }
  return { sent, skipped: targets.length - sent };
}

/** A graded attempt of a job's written test puts its best score on the applicant's card. */
export async function recordTestScore(
  db: DbOrTx,
  attempt: { attemptId: number; examId: number; userId: number; purpose: string },
) {
  if (attempt.purpose !== 'recruitment') return;
  await db.execute(sql`
    update ${A} a set test_score = best.score, test_total = best.total
    from ${recruitmentJobs} j, ${P} p,
      (select max(score) as score, max(total_points) as total from exam_attempts
        where exam_id = ${attempt.examId} and user_id = ${attempt.userId} and status = 2) best
    where a.job_id = j.id and j.test_exam_id = ${attempt.examId}
      and a.applicant_id = p.id and p.user_id = ${attempt.userId}`);
}

export const stageLabel = (stage: string) => RECRUIT_STAGE_LABELS[stage as RecruitStage] ?? stage;
