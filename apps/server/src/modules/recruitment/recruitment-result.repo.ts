import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { JOB_STATUS_CODES, jobStatusOf, type ApplicantSource, type RecruitStage } from '@kaopei/shared';
import type { ExternalReport, Overview } from '@kaopei/shared/contracts/recruitment';
import type { RequestContext } from '../../core/context';
import { recordActivity } from '../../core/activity';
import { hashPassword } from '../../core/crypto';
import { conflict, notFound } from '../../core/http';
import type { Db } from '../../db/client';
import {
  departments,
  posts,
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentJobs,
  recruitmentStageMoves,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import type { MenuService } from '../menu/menu.service';
import { assertMayChangeRoles } from '../role/role.service';
import { applicationNotFound, movesAndMessages, resumesOf } from './recruitment-applications.repo';
import { organizationName } from './recruitment-pipeline.repo';
import { interviewsBetween, scorecardsOf } from './interview-hook';
import { verifyReport } from './report-signing';
import { funnelsOf, hireAccountPlan, weekOf } from './recruitment.rules';

/** 招聘结果 (hire, external report) and 招聘概览. */

const A = recruitmentApplications;
const P = recruitmentApplicants;
type Org = Pick<RequestContext, 'organizationId'>;
/** The jobs the overview's funnel lists at most. */
const OVERVIEW_JOBS = 200;

export async function hireOptions(db: Db, ctx: Org) {
  const [deps, postRows] = await Promise.all([
    db
      .select({ departmentId: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.organizationId, ctx.organizationId))
      .orderBy(asc(departments.sort), asc(departments.id))
      .limit(2000),
    db
      .select({ postId: posts.id, name: posts.name })
      .from(posts)
      .where(eq(posts.organizationId, ctx.organizationId))
      .orderBy(asc(posts.sort), asc(posts.id))
      .limit(1000),
  ]);
  return { departments: deps, posts: postRows };
}

async function requireApplication(db: Db, ctx: Org, applicationId: number) {
  const [row] = await db
    .select({ application: A, applicant: P, jobName: recruitmentJobs.name })
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId))
    .where(and(eq(A.id, applicationId), eq(A.organizationId, ctx.organizationId)));
  if (!row) throw applicationNotFound();
  return row;
}

async function checkPlace(db: Db, ctx: Org, departmentId: number, postId: number) {
  const [dept] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.organizationId, ctx.organizationId)));
  if (!dept) throw notFound('部门不存在');
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  if (!post) throw notFound('岗位不存在');
}

const newPassword = () => `Kp${crypto.randomBytes(5).toString('hex')}8`;

/**
 * Hire: the applicant becomes a staff member of the department and post, their name, phone and e-mail
 * carried over. Their test account (a candidate) becomes the staff account, or the organisation's
 * person with that phone is moved; else a new account is made. The organisation's default role is given
 * when the caller may give it (the house's one role rule); a new password is returned once.
 */
export async function hireApplicant(
  deps: { db: Db; menus: MenuService },
  ctx: RequestContext,
  input: {
    applicationId: number;
    departmentId: number;
    postId: number;
    account: string | null;
    note: string | null;
  },
) {
  const { db } = deps;
  const { application, applicant, jobName } = await requireApplication(db, ctx, input.applicationId);
  if (application.stage === 'hired') throw conflict('该应聘者已入职');
  await checkPlace(db, ctx, input.departmentId, input.postId);
  const [owner] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      kind: users.kind,
      account: users.account,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.phone, applicant.phone));
  if (owner && owner.organizationId !== ctx.organizationId)
    throw conflict(`手机号「${applicant.phone}」已是其他单位的账号，无法录用`);
  if (input.account) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.account}) = ${input.account.toLowerCase()}`);
    if (taken && taken.id !== owner?.id) throw conflict(`账号「${input.account}」已被使用`, 'account');
  }
  const [emailOwner] = applicant.email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${applicant.email.toLowerCase()}`)
    : [];
  const [defaultRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, ctx.organizationId), eq(roles.isDefault, true)));
  const mayGiveDefault = defaultRole
    ? await assertMayChangeRoles(deps, ctx, [defaultRole.id]).then(
        () => true,
        () => false,
      )
    : false;
  const { account, password, email } = hireAccountPlan({
    owner,
    account: input.account,
    applicantEmail: applicant.email,
    emailOwnerId: emailOwner?.id,
    newAccount: () => `hire_${crypto.randomBytes(4).toString('hex')}`,
    newPassword,
  });
  const passwordHash = password ? await hashPassword(password) : undefined;
  const userId = await db.transaction(async (tx) => {
    const values = {
      account,
      realName: applicant.name,
      email,
      kind: 'member' as const,
      departmentId: input.departmentId,
      postId: input.postId,
      status: 0,
      updatedAt: new Date(),
      ...(passwordHash ? { passwordHash } : {}),
    };
    let id = owner?.id;
    if (id) await tx.update(users).set(values).where(eq(users.id, id));
    else {
      const [created] = await tx
        .insert(users)
        .values({
          ...values,
          organizationId: ctx.organizationId,
          phone: applicant.phone,
          passwordHash: passwordHash ?? null,
        })
        .returning({ id: users.id });
      id = created?.id;
    }
    if (!id) throw new Error('user not written');
    if (defaultRole && mayGiveDefault)
      await tx.insert(userRoles).values({ userId: id, roleId: defaultRole.id }).onConflictDoNothing();
    const now = new Date();
    await tx
      .update(A)
      .set({
        stage: 'hired',
        stageChangedAt: now,
        hiredAt: now,
        hiredUserId: id,
        decisionNote: input.note,
        testToken: null,
      })
      .where(eq(A.id, application.id));
    await tx.update(P).set({ userId: id, updatedAt: now }).where(eq(P.id, applicant.id));
    await tx.insert(recruitmentStageMoves).values({
      organizationId: ctx.organizationId,
      applicationId: application.id,
      fromStage: application.stage,
      toStage: 'hired',
      actorId: ctx.userId,
      note: input.note,
    });
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '录用',
      detail: `${applicant.name}（${jobName}）`,
    });
    return id;
  });
  return { userId, account, initialPassword: password };
}

export async function externalReport(db: Db, token: string): Promise<ExternalReport> {
  const signed = verifyReport(token);
  if (!signed) throw notFound('报告链接无效或已过期');
  const [row] = await db
    .select({ application: A, applicant: P, jobName: recruitmentJobs.name, postName: posts.name })
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId))
    .innerJoin(posts, eq(posts.id, recruitmentJobs.postId))
    .where(eq(A.id, signed.applicationId));
  if (!row) throw notFound('报告链接无效或已过期');
  const { application, applicant } = row;
  const [{ moves }, resumes, cards, orgName] = await Promise.all([
    movesAndMessages(db, [application.id]),
    resumesOf(db, applicant.id),
    scorecardsOf(db, application.organizationId, [applicant.id]),
    organizationName(db, application.organizationId),
  ]);
  return {
    organizationName: orgName,
    jobName: row.jobName,
    postName: row.postName,
    name: applicant.name,
    school: applicant.school,
    degree: applicant.degree,
    years: applicant.years,
    stage: application.stage as RecruitStage,
    appliedAt: application.appliedAt.getTime(),
    testScore: application.testScore === null ? null : Number(application.testScore),
    testTotal: application.testTotal === null ? null : Number(application.testTotal),
    rating: applicant.rating,
    tags: applicant.tags,
    moves: moves.map(({ applicationId: _, at, ...m }) => ({ ...m, at: at.getTime() })),
    scorecards: cards
      .filter((c) => c.jobId === null || c.jobId === application.jobId)
      .map(({ applicantId: _a, jobId: _j, at, ...c }) => ({ ...c, at: at.getTime() })),
    resumeText: resumes[0]?.text.slice(0, 5000) ?? '',
    expiresAt: signed.expiresAt,
  };
}

export async function ensureApplication(db: Db, ctx: Org, applicationId: number): Promise<void> {
  await requireApplication(db, ctx, applicationId);
}

/** The jobs the overview lists (open ones first, newest first) and the organisation's open-job count. */
async function overviewJobs(db: Db, ctx: Org) {
  const J = recruitmentJobs;
  const [jobs, [open]] = await Promise.all([
    db
      .select({ id: J.id, name: J.name, status: J.status })
      .from(J)
      .where(eq(J.organizationId, ctx.organizationId))
      .orderBy(asc(J.status), desc(J.createdAt))
      .limit(OVERVIEW_JOBS),
    db
      .select({ n: count() })
      .from(J)
      .where(and(eq(J.organizationId, ctx.organizationId), eq(J.status, JOB_STATUS_CODES.published))),
  ]);
  return { jobs, openJobs: Number(open?.n ?? 0) };
}

/** Per listed job and stage, the number of applications (an index-only scan of the board index). */
async function funnelCounts(db: Db, ctx: Org, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return db
    .select({ jobId: A.jobId, stage: A.stage, n: count() })
    .from(A)
    .where(and(eq(A.organizationId, ctx.organizationId), inArray(A.jobId, jobIds)))
    .groupBy(A.jobId, A.stage);
}

/**
 * The overview: grouped counts only, all at once — the listed jobs' funnels (board index), the sources
 * (org-source index), hires (partial hired index), applicants — so 100,000 applications stay well under
 * 150 ms (bench/recruitment.bench.ts).
 */
export async function recruitmentOverview(db: Db, ctx: Org, now = new Date()): Promise<Overview> {
  const org = eq(A.organizationId, ctx.organizationId);
  const since = new Date(now.getTime() - 180 * 86_400_000);
  const week = weekOf(now);
  const [{ jobs, openJobs, funnelRows }, sourceRows, [hires], [applicants], interviews] = await Promise.all([
    overviewJobs(db, ctx).then(async (listed) => ({
      ...listed,
      funnelRows: await funnelCounts(
        db,
        ctx,
        listed.jobs.map((j) => j.id),
      ),
    })),
    db.select({ source: A.source, n: count() }).from(A).where(org).groupBy(A.source),
    db
      .select({
        n: count(),
        avgDays: sql<
          number | null
        >`avg(extract(epoch from (${A.hiredAt} - ${A.appliedAt})) / 86400) filter (where ${A.hiredAt} >= ${since})`,
      })
      .from(A)
      .where(and(org, eq(A.stage, 'hired'))),
    db.select({ n: count() }).from(P).where(eq(P.organizationId, ctx.organizationId)),
    interviewsBetween(db, ctx.organizationId, week.from, week.to),
  ]);
  const funnel = funnelsOf(jobs, funnelRows).map(({ job, counts, total }) => ({
    jobId: job.id,
    name: job.name,
    status: jobStatusOf(job.status),
    counts,
    total,
  }));
  return {
    openJobs,
    applicants: Number(applicants?.n ?? 0),
    hired: Number(hires?.n ?? 0),
    avgDaysToHire:
      hires?.avgDays === null || hires?.avgDays === undefined
        ? null
        : Math.round(Number(hires.avgDays) * 10) / 10,
    interviewsThisWeek: interviews,
    funnel,
    sources: sourceRows.map((r) => ({ source: r.source as ApplicantSource, count: Number(r.n) })),
  };
}
