import { and, desc, eq, inArray } from 'drizzle-orm';
import { JOB_STATUS_CODES } from '@kaopei/shared';
import type { PublicJob } from '@kaopei/shared/contracts/recruitment';
import { notFound } from '../../core/http';
import type { DbOrTx } from '../../db/client';
import { organizations, posts, recruitmentJobs } from '../../db/schema';

/** What anyone may read: published jobs (list, page) of an organisation. Drafts are never shown. */

const J = recruitmentJobs;
const columns = {
  jobId: J.id,
  organizationId: J.organizationId,
  organizationName: organizations.name,
  name: J.name,
  postName: posts.name,
  headcount: J.headcount,
  location: J.location,
  salaryMin: J.salaryMin,
  salaryMax: J.salaryMax,
  description: J.description,
  status: J.status,
  publishedAt: J.publishedAt,
};

function toPublic(
  row: { status: number; publishedAt: Date | null } & Omit<PublicJob, 'open' | 'publishedAt'>,
): PublicJob {
  const { status, publishedAt, ...rest } = row;
  return {
    ...rest,
    open: status === JOB_STATUS_CODES.published,
    publishedAt: publishedAt?.getTime() ?? null,
  };
}

const selectJobs = (db: DbOrTx) =>
  db
    .select(columns)
    .from(J)
    .innerJoin(organizations, eq(organizations.id, J.organizationId))
    .innerJoin(posts, eq(posts.id, J.postId));

/** A job page: published or closed (a shared link of a closed job says so); a draft is not found. */
export async function publicJob(db: DbOrTx, jobId: number): Promise<PublicJob> {
  const [row] = await selectJobs(db).where(eq(J.id, jobId));
  if (!row || row.status === JOB_STATUS_CODES.draft) throw notFound('职位不存在或已下线');
  return toPublic(row);
}

/** The organisation's published jobs (optionally only those named). */
export async function publicJobs(db: DbOrTx, organizationId: number, only?: number[]) {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw notFound('单位不存在');
  if (only && only.length === 0) return { organizationName: org.name, jobs: [] };
  const rows = await selectJobs(db)
    .where(
      and(
        eq(J.organizationId, organizationId),
        eq(J.status, JOB_STATUS_CODES.published),
        only ? inArray(J.id, only) : undefined,
      ),
    )
    .orderBy(desc(J.publishedAt))
    .limit(200);
  return { organizationName: org.name, jobs: rows.map(toPublic) };
}

export const publicJobsOf = (db: DbOrTx, organizationId: number) => publicJobs(db, organizationId);
