import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { JOB_STATUS_CODES, jobStatusOf, PaperType, type JobStatus } from '@kaopei/shared';
import type {
  CampusInput,
  CampusRow,
  JobInput,
  JobRow,
  PaperOption,
} from '@kaopei/shared/contracts/recruitment';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { badRequest, conflict, notFound } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import {
  paperPosts,
  papers,
  posts,
  recruitmentApplications,
  recruitmentCampusSessions,
  recruitmentJobs,
} from '../../db/schema';

/** Jobs (recruitment/job, job/release) and campus sessions (recruitment/school). */

type Org = Pick<RequestContext, 'organizationId'>;
type JobRecord = typeof recruitmentJobs.$inferSelect;
type Window = { limit: number; offset: number };

export const jobNotFound = () => notFound('职位不存在');

export async function findJob(db: DbOrTx, ctx: Org, jobId: number): Promise<JobRecord | undefined> {
  const [job] = await db
    .select()
    .from(recruitmentJobs)
    .where(and(eq(recruitmentJobs.id, jobId), eq(recruitmentJobs.organizationId, ctx.organizationId)));
  return job;
}

export async function requireJob(db: DbOrTx, ctx: Org, jobId: number): Promise<JobRecord> {
  const job = await findJob(db, ctx, jobId);
  if (!job) throw jobNotFound();
  return job;
}

/** Rows of jobs with their post, paper and head counts (two grouped queries, no N+1). */
async function toRows(db: DbOrTx, ctx: Org, records: JobRecord[]): Promise<JobRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [postNames, paperNames, counts] = await Promise.all([
    db
      .select({ id: posts.id, name: posts.name })
      .from(posts)
      .where(inArray(posts.id, [...new Set(records.map((r) => r.postId))])),
    db
      .select({ id: papers.id, name: papers.name })
      .from(papers)
      .where(inArray(papers.id, [0, ...records.map((r) => r.paperId ?? 0)])),
    db
      .select({
        jobId: recruitmentApplications.jobId,
        total: count(),
        hired: sql<number>`count(*) filter (where ${recruitmentApplications.stage} = 'hired')::int`,
      })
      .from(recruitmentApplications)
      .where(
        and(
          eq(recruitmentApplications.organizationId, ctx.organizationId),
          inArray(recruitmentApplications.jobId, ids),
        ),
      )
      .groupBy(recruitmentApplications.jobId),
  ]);
  const postOf = new Map(postNames.map((p) => [p.id, p.name]));
  const paperOf = new Map(paperNames.map((p) => [p.id, p.name]));
  const countOf = new Map(counts.map((c) => [c.jobId, c]));
  return records.map((r) => ({
    jobId: r.id,
    name: r.name,
    postId: r.postId,
    postName: postOf.get(r.postId) ?? '',
    paperId: r.paperId,
    paperName: r.paperId ? (paperOf.get(r.paperId) ?? null) : null,
    headcount: r.headcount,
    location: r.location,
    salaryMin: r.salaryMin,
    salaryMax: r.salaryMax,
    description: r.description,
    status: jobStatusOf(r.status),
    applicants: Number(countOf.get(r.id)?.total ?? 0),
    hired: Number(countOf.get(r.id)?.hired ?? 0),
    publishedAt: r.publishedAt?.getTime() ?? null,
    createdAt: r.createdAt.getTime(),
  }));
}

export async function getJob(db: DbOrTx, ctx: Org, jobId: number): Promise<JobRow> {
  const [row] = await toRows(db, ctx, [await requireJob(db, ctx, jobId)]);
  if (!row) throw jobNotFound();
  return row;
}

export async function listJobs(
  db: Db,
  ctx: Org,
  filter: { status?: JobStatus; keyword?: string },
  window: Window,
): Promise<{ rows: JobRow[]; total: number }> {
  const where = and(
    eq(recruitmentJobs.organizationId, ctx.organizationId),
    filter.status ? eq(recruitmentJobs.status, JOB_STATUS_CODES[filter.status]) : undefined,
    filter.keyword ? ilike(recruitmentJobs.name, containsPattern(filter.keyword)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(recruitmentJobs)
      .where(where)
      .orderBy(asc(recruitmentJobs.status), desc(recruitmentJobs.createdAt), desc(recruitmentJobs.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(recruitmentJobs).where(where),
  ]);
  return { rows: await toRows(db, ctx, records), total: Number(total?.n ?? 0) };
}

/** The post and paper named belong to the organisation; the paper is saved. */
async function checkReferences(db: DbOrTx, ctx: Org, input: JobInput): Promise<void> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, input.postId), eq(posts.organizationId, ctx.organizationId)));
  if (!post) throw notFound('岗位不存在');
  if (input.paperId === null) return;
  const [paper] = await db
    .select({ status: papers.status })
    .from(papers)
    .where(and(eq(papers.id, input.paperId), eq(papers.organizationId, ctx.organizationId)));
  if (!paper) throw notFound('试卷不存在');
  if (paper.status !== 1) throw badRequest('笔试试卷尚未保存，请先在试卷管理中保存试卷');
}

const jobValues = (input: JobInput) => ({
  name: input.name,
  postId: input.postId,
  paperId: input.paperId,
  headcount: input.headcount,
  location: input.location,
  salaryMin: input.salaryMin,
  salaryMax: input.salaryMax,
  description: input.description,
});

export async function addJob(db: Db, ctx: RequestContext, input: JobInput): Promise<JobRow> {
  await checkReferences(db, ctx, input);
  const [created] = await db
    .insert(recruitmentJobs)
    .values({ ...jobValues(input), organizationId: ctx.organizationId, createdBy: ctx.userId })
    .returning({ id: recruitmentJobs.id });
  if (!created) throw new Error('job insert failed');
  return getJob(db, ctx, created.id);
}

export async function modifyJob(
  db: Db,
  ctx: RequestContext,
  jobId: number,
  input: JobInput,
): Promise<JobRow> {
  const job = await requireJob(db, ctx, jobId);
  await checkReferences(db, ctx, input);
  if (job.testExamId && input.paperId !== job.paperId) {
    throw conflict('已向应聘者发出笔试，不能更换笔试试卷');
  }
  await db
    .update(recruitmentJobs)
    .set({ ...jobValues(input), updatedAt: new Date() })
    .where(eq(recruitmentJobs.id, job.id));
  return getJob(db, ctx, jobId);
}

export async function setJobStatus(
  db: Db,
  ctx: RequestContext,
  jobId: number,
  status: 'published' | 'closed',
): Promise<JobRow> {
  const job = await requireJob(db, ctx, jobId);
  const code = JOB_STATUS_CODES[status];
  if (job.status === code) throw conflict(status === 'published' ? '职位已在招聘中' : '职位已关闭');
  if (status === 'closed' && job.status !== JOB_STATUS_CODES.published)
    throw conflict('只有招聘中的职位可以关闭');
  const now = new Date();
  await db
    .update(recruitmentJobs)
    .set(
      status === 'published'
        ? { status: code, publishedAt: now, closedAt: null, updatedAt: now }
        : { status: code, closedAt: now, updatedAt: now },
    )
    .where(eq(recruitmentJobs.id, job.id));
  return getJob(db, ctx, jobId);
}

export async function deleteJob(db: Db, ctx: RequestContext, jobId: number): Promise<void> {
  const job = await requireJob(db, ctx, jobId);
  const [used] = await db
    .select({ n: count() })
    .from(recruitmentApplications)
    .where(eq(recruitmentApplications.jobId, job.id));
  if (Number(used?.n ?? 0) > 0) throw conflict('职位已有应聘者，不能删除，可以关闭职位');
  await db.delete(recruitmentJobs).where(eq(recruitmentJobs.id, job.id));
}

export async function postOptions(db: Db, ctx: Org) {
  const rows = await db
    .select({ postId: posts.id, name: posts.name })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .orderBy(asc(posts.sort), asc(posts.id))
    .limit(1000);
  return rows;
}

/** Saved papers of the organisation: the post's own first, the 岗位招聘组卷 (type 9) before other types. */
export async function paperOptions(db: Db, ctx: Org, postId: number | undefined): Promise<PaperOption[]> {
  const ofPost = postId
    ? sql<boolean>`exists (select 1 from ${paperPosts} pp where pp.paper_id = ${papers.id} and pp.post_id = ${postId})`
    : sql<boolean>`false`;
  const rows = await db
    .select({
      paperId: papers.id,
      name: papers.name,
      paperType: papers.paperType,
      ofPost,
      questionCount: papers.questionCount,
      totalScore: papers.totalScore,
    })
    .from(papers)
    .where(and(eq(papers.organizationId, ctx.organizationId), eq(papers.status, 1)))
    .orderBy(desc(ofPost), desc(sql`${papers.paperType} = ${PaperType.POST_JOB}`), desc(papers.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, ofPost: Boolean(row.ofPost), totalScore: Number(row.totalScore) }));
}

// ---------------------------------------------------------------------------------------------------------
// Campus sessions
// ---------------------------------------------------------------------------------------------------------

type CampusRecord = typeof recruitmentCampusSessions.$inferSelect;

async function campusRows(db: DbOrTx, ctx: Org, records: CampusRecord[], base: string): Promise<CampusRow[]> {
  if (records.length === 0) return [];
  const jobIds = [...new Set(records.flatMap((r) => r.jobIds))];
  const [jobs, counts] = await Promise.all([
    jobIds.length
      ? db
          .select({ jobId: recruitmentJobs.id, name: recruitmentJobs.name })
          .from(recruitmentJobs)
          .where(
            and(eq(recruitmentJobs.organizationId, ctx.organizationId), inArray(recruitmentJobs.id, jobIds)),
          )
      : Promise.resolve([]),
    db
      .select({ id: recruitmentApplications.campusSessionId, n: count() })
      .from(recruitmentApplications)
      .where(
        inArray(
          recruitmentApplications.campusSessionId,
          records.map((r) => r.id),
        ),
      )
      .groupBy(recruitmentApplications.campusSessionId),
  ]);
  const jobOf = new Map(jobs.map((j) => [j.jobId, j]));
  const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return records.map((r) => ({
    sessionId: r.id,
    school: r.school,
    heldAt: r.heldAt.getTime(),
    place: r.place,
    description: r.description,
    jobs: r.jobIds.flatMap((id) => jobOf.get(id) ?? []),
    applicants: countOf.get(r.id) ?? 0,
    url: `${base}${recruitPaths.publicCampus(r.id)}`,
  }));
}

export async function listCampus(
  db: Db,
  ctx: Org,
  keyword: string | undefined,
  window: Window,
  base: string,
) {
  const where = and(
    eq(recruitmentCampusSessions.organizationId, ctx.organizationId),
    keyword ? ilike(recruitmentCampusSessions.school, containsPattern(keyword)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(recruitmentCampusSessions)
      .where(where)
      .orderBy(desc(recruitmentCampusSessions.heldAt), desc(recruitmentCampusSessions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(recruitmentCampusSessions).where(where),
  ]);
  return { rows: await campusRows(db, ctx, records, base), total: Number(total?.n ?? 0) };
}

async function checkCampusJobs(db: DbOrTx, ctx: Org, jobIds: number[]): Promise<number[]> {
  const unique = [...new Set(jobIds)];
  if (unique.length === 0) throw badRequest('请选择招聘职位');
  const found = await db
    .select({ id: recruitmentJobs.id })
    .from(recruitmentJobs)
    .where(and(eq(recruitmentJobs.organizationId, ctx.organizationId), inArray(recruitmentJobs.id, unique)));
  if (found.length !== unique.length) throw jobNotFound();
  return unique;
}

export async function saveCampus(
  db: Db,
  ctx: Org,
  sessionId: number | null,
  input: CampusInput,
  base: string,
): Promise<CampusRow> {
  const values = {
    school: input.school,
    heldAt: new Date(input.heldAt),
    place: input.place,
    description: input.description,
    jobIds: await checkCampusJobs(db, ctx, input.jobIds),
  };
  let id = sessionId;
  if (id === null) {
    const [created] = await db
      .insert(recruitmentCampusSessions)
      .values({ ...values, organizationId: ctx.organizationId })
      .returning({ id: recruitmentCampusSessions.id });
    id = created?.id ?? null;
  } else {
    const updated = await db
      .update(recruitmentCampusSessions)
      .set(values)
      .where(
        and(
          eq(recruitmentCampusSessions.id, id),
          eq(recruitmentCampusSessions.organizationId, ctx.organizationId),
        ),
      )
      .returning({ id: recruitmentCampusSessions.id });
    if (updated.length === 0) throw notFound('校园招聘场次不存在');
  }
  const [record] = await db
    .select()
    .from(recruitmentCampusSessions)
    .where(eq(recruitmentCampusSessions.id, id ?? 0));
  if (!record) throw new Error('campus session not written');
  const [row] = await campusRows(db, ctx, [record], base);
  if (!row) throw new Error('campus session not written');
  return row;
}

export async function deleteCampus(db: Db, ctx: Org, sessionId: number): Promise<void> {
  const deleted = await db
    .delete(recruitmentCampusSessions)
    .where(
      and(
        eq(recruitmentCampusSessions.id, sessionId),
        eq(recruitmentCampusSessions.organizationId, ctx.organizationId),
      ),
    )
    .returning({ id: recruitmentCampusSessions.id });
  if (deleted.length === 0) throw notFound('校园招聘场次不存在');
}

export async function findCampusInAnyOrg(db: DbOrTx, sessionId: number): Promise<CampusRecord | undefined> {
  const [record] = await db
    .select()
    .from(recruitmentCampusSessions)
    .where(eq(recruitmentCampusSessions.id, sessionId));
  return record;
}
