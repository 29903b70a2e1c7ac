import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { RecruitStage } from '@kaopei/shared';
import type { MyApplication } from '@kaopei/shared/contracts/recruitment';
import type { RequestContext } from '../../core/context';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound } from '../../core/http';
import type { Db } from '../../db/client';
import {
  exams,
  organizations,
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentJobs,
  users,
} from '../../db/schema';
import { issueTokens, type TokenBody } from '../auth/auth.service';
import { consumeSmsCode, sendSmsCode } from '../auth/sms-code.service';

/**
 * The applicant's side: the written-test invitation (/join/test/:token), signing in to it with an SMS
 * code sent to the phone they applied with, and their own applications (/m/recruit).
 */

const A = recruitmentApplications;
const P = recruitmentApplicants;
const invitationGone = () => notFound('笔试邀请不存在或已失效');

async function invitation(db: Db, token: string) {
  const [row] = await db
    .select({
      applicationId: A.id,
      stage: A.stage,
      organizationId: A.organizationId,
      phone: P.phone,
      userId: P.userId,
      jobName: recruitmentJobs.name,
      examId: recruitmentJobs.testExamId,
      organizationName: organizations.name,
    })
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId))
    .innerJoin(organizations, eq(organizations.id, A.organizationId))
    .where(eq(A.testToken, token));
  // An applicant moved on (or out) keeps no open invitation; a hired one signs in as staff.
  if (!row || row.examId === null || row.userId === null || row.stage === 'hired' || row.stage === 'rejected')
    throw invitationGone();
  const [exam] = await db
    .select({ name: exams.name, durationMinutes: exams.durationMinutes })
    .from(exams)
    .where(eq(exams.id, row.examId));
  if (!exam) throw invitationGone();
  return { ...row, examId: row.examId, userId: row.userId, exam };
}

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

export async function testInvitation(db: Db, token: string) {
  const found = await invitation(db, token);
  return {
    jobName: found.jobName,
    organizationName: found.organizationName,
    phoneHint: maskPhone(found.phone),
    examName: found.exam.name,
    durationMinutes: found.exam.durationMinutes,
  };
}

const PHONE_MISMATCH = '手机号与投递时填写的不一致';

export async function sendTestCode(deps: Deps, token: string, phone: string, ip: string): Promise<void> {
  const found = await invitation(deps.db, token);
  if (found.phone !== phone) throw badRequest(PHONE_MISMATCH);
  await sendSmsCode(deps, phone, 'exam', ip);
}

/** Signs the applicant in (their candidate account) once the code of the invited phone is proven. */
export async function testSignIn(
  deps: Deps,
  input: { token: string; phone: string; code: string },
): Promise<TokenBody & { examId: number }> {
  const found = await invitation(deps.db, input.token);
  if (found.phone !== input.phone) throw badRequest(PHONE_MISMATCH);
  const problem = await consumeSmsCode(deps, input.phone, 'exam', input.code);
  if (problem) throw badRequest(problem);
  const [user] = await deps.db
    .select({ id: users.id, organizationId: users.organizationId, status: users.status })
    .from(users)
    .where(eq(users.id, found.userId));
  if (!user || user.status !== 0 || user.organizationId !== found.organizationId)
    throw conflict('账号已停用，请联系招聘方');
  return { ...(await issueTokens(deps, user)), examId: found.examId };
}

/** The signed-in person's own applications in their organisation, newest first. */
export async function myApplications(db: Db, ctx: RequestContext): Promise<MyApplication[]> {
  const rows = await db
    .select({
      applicationId: A.id,
      jobId: A.jobId,
      jobName: recruitmentJobs.name,
      organizationName: organizations.name,
      stage: A.stage,
      appliedAt: A.appliedAt,
      testSentAt: A.testSentAt,
      testExamId: recruitmentJobs.testExamId,
      testScore: A.testScore,
      testTotal: A.testTotal,
    })
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId))
    .innerJoin(organizations, eq(organizations.id, A.organizationId))
    .where(and(eq(A.organizationId, ctx.organizationId), eq(P.userId, ctx.userId), isNotNull(P.userId)))
    .orderBy(desc(A.appliedAt))
    .limit(100);
  return rows.map(({ testSentAt, ...row }) => ({
    ...row,
    stage: row.stage as RecruitStage,
    appliedAt: row.appliedAt.getTime(),
    testExamId: testSentAt ? row.testExamId : null,
    testScore: row.testScore === null ? null : Number(row.testScore),
    testTotal: row.testTotal === null ? null : Number(row.testTotal),
  }));
}
