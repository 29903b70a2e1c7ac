import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { extractResumeFields, JOB_STATUS_CODES, type ApplicantSource } from '@kaopei/shared';
import type { ApplicationInput, applicantPatch, ResumeUploaded } from '@kaopei/shared/contracts/recruitment';
import type { z } from 'zod';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound } from '../../core/http';
import { violatedUniqueIndex } from '../../core/db-errors';
import type { Db, DbOrTx } from '../../db/client';
import {
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentJobs,
  recruitmentResumes,
  recruitmentStageMoves,
} from '../../db/schema';
import { storeLocalFile } from '../file/file.service';
import { requireApplicant } from './recruitment-applications.repo';
import { findCampusInAnyOrg, findJob, jobNotFound } from './recruitment-jobs.repo';
import { resumeText, resumeType } from './resume-text';

/** Résumé uploads, applications (public or entered by a recruiter, merged by phone/e-mail), applicant edits. */

type Org = { organizationId: number };

/** Stores the résumé through the storage adapter, reads its text and the fields it names. */
export async function uploadResume(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: Org & { userId: number | null },
  file: { data: Buffer; name: string },
): Promise<ResumeUploaded> {
  if (file.data.length === 0) throw badRequest('简历文件是空的');
  const type = await resumeType(file.data);
  const text = await resumeText(file.data, type);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kaopei-resume-'));
  try {
    const local = path.join(dir, `resume.${type.ext}`);
    await fs.promises.writeFile(local, file.data);
    const stored = await storeLocalFile(deps, ctx, {
      localPath: local,
      name: file.name || `简历.${type.ext}`,
      mime: type.mime,
      ext: type.ext,
    });
    const fields = extractResumeFields(text);
    const claimToken = crypto.randomBytes(24).toString('base64url');
    const [row] = await deps.db
      .insert(recruitmentResumes)
      .values({
        organizationId: ctx.organizationId,
        fileId: stored.id,
        text,
        fields: { ...fields },
        claimToken,
      })
      .returning({ id: recruitmentResumes.id });
    if (!row) throw new Error('resume insert failed');
    return { resumeId: row.id, claimToken, fileName: stored.name, fields, textLength: text.length };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The organisation's applicant with this phone, else with this e-mail (the merge rule). */
async function findSamePerson(db: DbOrTx, ctx: Org, phone: string, email: string | null) {
  const P = recruitmentApplicants;
  const [byPhone] = await db
    .select()
    .from(P)
    .where(and(eq(P.organizationId, ctx.organizationId), eq(P.phone, phone)));
  if (byPhone || !email) return byPhone;
  const [byEmail] = await db
    .select()
    .from(P)
    .where(and(eq(P.organizationId, ctx.organizationId), sql`lower(${P.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return byEmail;
}

async function upsertApplicant(db: DbOrTx, ctx: Org, input: ApplicationInput) {
  const same = await findSamePerson(db, ctx, input.phone, input.email);
  const P = recruitmentApplicants;
  if (same) {
    // The newest form wins for what it states; what it leaves blank stays as it was.
    await db
      .update(P)
      .set({
        name: input.name,
        email: input.email ?? same.email,
        school: input.school ?? same.school,
        degree: input.degree ?? same.degree,
        years: input.years ?? same.years,
        updatedAt: new Date(),
      })
      .where(eq(P.id, same.id));
    return { applicantId: same.id, merged: true };
  }
  const [created] = await db
    .insert(P)
    .values({
      organizationId: ctx.organizationId,
      name: input.name,
      phone: input.phone,
      email: input.email,
      school: input.school,
      degree: input.degree,
      years: input.years,
    })
    .returning({ id: P.id });
  if (!created) throw new Error('applicant insert failed');
  return { applicantId: created.id, merged: false };
}

async function claimResume(
  db: DbOrTx,
  ctx: Org,
  input: ApplicationInput,
  applicantId: number,
): Promise<number | null> {
  if (input.resumeId === null) return null;
  const R = recruitmentResumes;
  const [resume] = await db
    .select({ id: R.id, claimToken: R.claimToken, applicantId: R.applicantId })
    .from(R)
    .where(and(eq(R.id, input.resumeId), eq(R.organizationId, ctx.organizationId)));
  const owned =
    resume &&
    (resume.applicantId === applicantId ||
      (resume.claimToken !== null && resume.claimToken === input.claimToken));
  if (!resume || !owned) throw notFound('简历不存在，请重新上传');
  await db.update(R).set({ applicantId, claimToken: null }).where(eq(R.id, resume.id));
  return resume.id;
}

/** Checks the job (and campus session) an application names: of the organisation, open to applications. */
async function checkTarget(db: DbOrTx, ctx: Org | null, input: ApplicationInput, publicApply: boolean) {
  const job = ctx ? await findJob(db, ctx, input.jobId) : await findJobInAnyOrg(db, input.jobId);
  if (!job) throw jobNotFound();
  if (publicApply && job.status !== JOB_STATUS_CODES.published) throw conflict('该职位已停止招聘');
  if (!publicApply && job.status === JOB_STATUS_CODES.closed) throw conflict('职位已关闭，不能再录入应聘者');
  if (input.campusSessionId !== null) {
    const session = await findCampusInAnyOrg(db, input.campusSessionId);
    if (!session || session.organizationId !== job.organizationId || !session.jobIds.includes(job.id))
      throw notFound('校园招聘场次不存在');
  }
  return job;
}

async function findJobInAnyOrg(db: DbOrTx, jobId: number) {
  const [job] = await db.select().from(recruitmentJobs).where(eq(recruitmentJobs.id, jobId));
  return job;
}

export interface ApplyOutcome {
  applicationId: number;
  applicantId: number;
  merged: boolean;
}

/**
 * An application: the applicant found by phone or e-mail (merged) or created, the résumé claimed, the
 * application created at 投递 (or, applying again to the same job, refreshed with the new résumé).
 * `actorId` null: the applicant applied on the public page.
 */
export async function apply(
  db: Db,
  ctx: Org | null,
  input: ApplicationInput,
  actorId: number | null,
): Promise<ApplyOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const job = await checkTarget(tx, ctx, input, actorId === null);
      const org = { organizationId: job.organizationId };
      const { applicantId, merged } = await upsertApplicant(tx, org, input);
      const resumeId = await claimResume(tx, org, input, applicantId);
      const source: ApplicantSource =
        actorId !== null ? 'recruiter' : input.campusSessionId ? 'campus' : 'web';
      const A = recruitmentApplications;
      const [existing] = await tx
        .select({ id: A.id })
        .from(A)
        .where(and(eq(A.jobId, job.id), eq(A.applicantId, applicantId)));
      if (existing) {
        if (resumeId !== null) await tx.update(A).set({ resumeId }).where(eq(A.id, existing.id));
        return { applicationId: existing.id, applicantId, merged: true };
      }
      const [created] = await tx
        .insert(A)
        .values({
          organizationId: org.organizationId,
          jobId: job.id,
          applicantId,
          resumeId,
          source,
          campusSessionId: input.campusSessionId,
        })
        .returning({ id: A.id });
      if (!created) throw new Error('application insert failed');
      await tx.insert(recruitmentStageMoves).values({
        organizationId: org.organizationId,
        applicationId: created.id,
        fromStage: null,
        toStage: 'applied',
        actorId,
      });
      return { applicationId: created.id, applicantId, merged };
    });
  } catch (error) {
    // Two submissions of one phone at the same instant: the unique index answers, not a 500.
    if (violatedUniqueIndex(error)) throw conflict('投递正在处理，请稍后刷新查看');
    throw error;
  }
}

export async function modifyApplicant(
  db: Db,
  ctx: Org,
  patch: z.output<typeof applicantPatch>,
): Promise<void> {
  const applicant = await requireApplicant(db, ctx, patch.applicantId);
  const P = recruitmentApplicants;
  if (patch.phone !== applicant.phone) {
    const [clash] = await db
      .select({ id: P.id })
      .from(P)
      .where(and(eq(P.organizationId, ctx.organizationId), eq(P.phone, patch.phone)));
    if (clash) throw conflict(`手机号「${patch.phone}」已属于另一位应聘者`, 'phone');
  }
  await db
    .update(P)
    .set({
      name: patch.name,
      phone: patch.phone,
      email: patch.email,
      school: patch.school,
      degree: patch.degree,
      years: patch.years,
      tags: [...new Set(patch.tags)],
      rating: patch.rating,
      notes: patch.notes,
      updatedAt: new Date(),
    })
    .where(eq(P.id, applicant.id));
}
