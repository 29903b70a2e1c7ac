import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { jobStatusOf, RECRUIT_STAGES, type ApplicantSource, type RecruitStage } from '@kaopei/shared';
import {
  BOARD_COLUMN_LIMIT,
  type ApplicantDetail,
  type ApplicationRow,
  type Board,
} from '@kaopei/shared/contracts/recruitment';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { notFound } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import {
  files,
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentJobs,
  recruitmentMessages,
  recruitmentResumes,
  recruitmentStageMoves,
  users,
} from '../../db/schema';
import { signedFileUrl } from '../file/file.service';
import { scorecardsOf } from './interview-hook';
import { requireJob } from './recruitment-jobs.repo';

/** Applications: the table, the board, one applicant's whole record (recruitment/staff, job/detail). */

type Org = Pick<RequestContext, 'organizationId'>;
const A = recruitmentApplications;
const P = recruitmentApplicants;

export const applicationNotFound = () => notFound('应聘记录不存在');
export const applicantNotFound = () => notFound('应聘者不存在');

const rowColumns = {
  applicationId: A.id,
  applicantId: A.applicantId,
  jobId: A.jobId,
  jobName: recruitmentJobs.name,
  name: P.name,
  phone: P.phone,
  email: P.email,
  school: P.school,
  degree: P.degree,
  years: P.years,
  stage: A.stage,
  stageChangedAt: A.stageChangedAt,
  appliedAt: A.appliedAt,
  source: A.source,
  campusSessionId: A.campusSessionId,
  testScore: A.testScore,
  testTotal: A.testTotal,
  testSentAt: A.testSentAt,
  rating: P.rating,
  tags: P.tags,
  hiredUserId: A.hiredUserId,
};

type RawRow = Awaited<ReturnType<typeof selectRows>>[number];

function toRow(raw: RawRow): ApplicationRow {
  const { testSentAt, ...rest } = raw;
  return {
    ...rest,
    stage: raw.stage as RecruitStage,
    source: raw.source as ApplicantSource,
    stageChangedAt: raw.stageChangedAt.getTime(),
    appliedAt: raw.appliedAt.getTime(),
    testScore: raw.testScore === null ? null : Number(raw.testScore),
    testTotal: raw.testTotal === null ? null : Number(raw.testTotal),
    testSent: testSentAt !== null,
  };
}

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(A)
    .innerJoin(P, eq(P.id, A.applicantId))
    .innerJoin(recruitmentJobs, eq(recruitmentJobs.id, A.jobId));
}

export interface ApplicationFilter {
  jobId?: number;
  campusSessionId?: number;
  stage?: RecruitStage;
  decided?: '1';
  source?: ApplicantSource;
  keyword?: string;
}

function filterWhere(ctx: Org, filter: ApplicationFilter): SQL | undefined {
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return and(
    eq(A.organizationId, ctx.organizationId),
    filter.jobId ? eq(A.jobId, filter.jobId) : undefined,
    filter.campusSessionId ? eq(A.campusSessionId, filter.campusSessionId) : undefined,
    filter.stage ? eq(A.stage, filter.stage) : undefined,
    filter.decided ? inArray(A.stage, ['offer', 'hired', 'rejected']) : undefined,
    filter.source ? eq(A.source, filter.source) : undefined,
    pattern ? or(ilike(P.name, pattern), ilike(P.phone, pattern), ilike(P.school, pattern)) : undefined,
  );
}

export async function listApplications(
  db: Db,
  ctx: Org,
  filter: ApplicationFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = filterWhere(ctx, filter);
  const [raw, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(A.stageChangedAt), desc(A.id))
      .limit(window.limit)
      .offset(window.offset),
    // The applicant is joined only when the keyword needs their fields (every application has one).
    filter.keyword
      ? db.select({ n: count() }).from(A).innerJoin(P, eq(P.id, A.applicantId)).where(where)
      : db.select({ n: count() }).from(A).where(where),
  ]);
  return { rows: raw.map(toRow), total: Number(total?.n ?? 0) };
}

/**
 * A job's board: per stage the newest BOARD_COLUMN_LIMIT cards and the stage's total. The cards are one
 * short backward scan of recruitment_applications_board_idx per stage (a lateral join over the stages,
 * so a job of 10,000 applications reads 7 × 50 rows, not all of them); the totals one grouped
 * index-only count.
 */
export async function jobBoard(db: Db, ctx: Org, jobId: number): Promise<Board> {
  const job = await requireJob(db, ctx, jobId);
  const stages = sql.join(
    RECRUIT_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  );
  const newest = sql`${A.id} in (
    select c.id from unnest(array[${stages}]::text[]) s(stage)
    cross join lateral (
      select b.id from ${A} b
      where b.organization_id = ${ctx.organizationId} and b.job_id = ${job.id} and b.stage = s.stage
      order by b.stage_changed_at desc, b.id desc limit ${BOARD_COLUMN_LIMIT}) c)`;
  const [raw, totals] = await Promise.all([
    selectRows(db).where(newest).orderBy(desc(A.stageChangedAt), desc(A.id)),
    db
      .select({ stage: A.stage, n: count() })
      .from(A)
      .where(and(eq(A.organizationId, ctx.organizationId), eq(A.jobId, job.id)))
      .groupBy(A.stage),
  ]);
  const rows = raw.map(toRow);
  const totalOf = new Map(totals.map((t) => [t.stage, Number(t.n)]));
  return {
    job: { jobId: job.id, name: job.name, status: jobStatusOf(job.status), hasPaper: job.paperId !== null },
    columns: RECRUIT_STAGES.map((stage) => ({
      stage,
      total: totalOf.get(stage) ?? 0,
      cards: rows.filter((row) => row.stage === stage),
    })),
  };
}

export async function requireApplicant(db: DbOrTx, ctx: Org, applicantId: number) {
  const [applicant] = await db
    .select()
    .from(P)
    .where(and(eq(P.id, applicantId), eq(P.organizationId, ctx.organizationId)));
  if (!applicant) throw applicantNotFound();
  return applicant;
}

async function movesAndMessages(db: DbOrTx, applicationIds: number[]) {
  if (applicationIds.length === 0) return { moves: [], messages: [] };
  const [moves, messages] = await Promise.all([
    db
      .select({
        applicationId: recruitmentStageMoves.applicationId,
        fromStage: recruitmentStageMoves.fromStage,
        toStage: recruitmentStageMoves.toStage,
        actorName: users.realName,
        note: recruitmentStageMoves.note,
        at: recruitmentStageMoves.createdAt,
      })
      .from(recruitmentStageMoves)
      .leftJoin(users, eq(users.id, recruitmentStageMoves.actorId))
      .where(inArray(recruitmentStageMoves.applicationId, applicationIds))
      .orderBy(recruitmentStageMoves.createdAt, recruitmentStageMoves.id),
    db
      .select({
        applicationId: recruitmentMessages.applicationId,
        channel: recruitmentMessages.channel,
        recipient: recruitmentMessages.recipient,
        content: recruitmentMessages.content,
        at: recruitmentMessages.createdAt,
      })
      .from(recruitmentMessages)
      .where(inArray(recruitmentMessages.applicationId, applicationIds))
      .orderBy(recruitmentMessages.createdAt, recruitmentMessages.id),
  ]);
  return { moves, messages };
}

export async function resumesOf(db: DbOrTx, applicantId: number) {
  const rows = await db
    .select({
      resumeId: recruitmentResumes.id,
      fileName: files.name,
      mime: files.mime,
      size: files.size,
      key: files.key,
      text: recruitmentResumes.text,
      createdAt: recruitmentResumes.createdAt,
    })
    .from(recruitmentResumes)
    .innerJoin(files, eq(files.id, recruitmentResumes.fileId))
    .where(eq(recruitmentResumes.applicantId, applicantId))
    .orderBy(desc(recruitmentResumes.createdAt));
  return rows.map(({ key, createdAt, ...rest }) => ({
    ...rest,
    url: signedFileUrl({ key }),
    createdAt: createdAt.getTime(),
  }));
}

/** One applicant: their fields, résumés, and every application with its moves, messages and scorecards. */
export async function applicantDetail(db: Db, ctx: Org, applicantId: number): Promise<ApplicantDetail> {
  const applicant = await requireApplicant(db, ctx, applicantId);
  const [raw, resumes, cards] = await Promise.all([
    selectRows(db)
      .where(and(eq(A.organizationId, ctx.organizationId), eq(A.applicantId, applicant.id)))
      .orderBy(desc(A.appliedAt)),
    resumesOf(db, applicant.id),
    scorecardsOf(db, ctx.organizationId, [applicant.id]),
  ]);
  const notes = await db
    .select({ id: A.id, decisionNote: A.decisionNote })
    .from(A)
    .where(eq(A.applicantId, applicant.id));
  const noteOf = new Map(notes.map((n) => [n.id, n.decisionNote]));
  const { moves, messages } = await movesAndMessages(
    db,
    raw.map((r) => r.applicationId),
  );
  return {
    applicantId: applicant.id,
    name: applicant.name,
    phone: applicant.phone,
    email: applicant.email,
    school: applicant.school,
    degree: applicant.degree,
    years: applicant.years,
    tags: applicant.tags,
    rating: applicant.rating,
    notes: applicant.notes,
    createdAt: applicant.createdAt.getTime(),
    resumes,
    applications: raw.map((r) => ({
      ...toRow(r),
      decisionNote: noteOf.get(r.applicationId) ?? null,
      moves: moves
        .filter((m) => m.applicationId === r.applicationId)
        .map(({ applicationId: _, at, ...m }) => ({ ...m, at: at.getTime() })),
      messages: messages
        .filter((m) => m.applicationId === r.applicationId)
        .map(({ applicationId: _, at, ...m }) => ({ ...m, at: at.getTime() })),
      scorecards: cards
        .filter((c) => c.jobId === null || c.jobId === r.jobId)
        .map(({ applicantId: _a, jobId: _j, at, ...c }) => ({ ...c, at: at.getTime() })),
    })),
  };
}

export { movesAndMessages };
