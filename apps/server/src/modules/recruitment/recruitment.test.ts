import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOrg,
  createTestApp,
  uniquePhone,
  type TestApp,
  type TestOrg,
} from '../../../test/harness';
import { createPost } from '../../../test/support';
import { uploadResume } from './recruitment.fixtures';
import { recruitmentApplicants, recruitmentApplications } from '../../db/schema';

const R = '/recruit/api/v1';
const PDF = fs.readFileSync(path.resolve(__dirname, '../../../../../e2e/fixtures/resume-zh.pdf'));
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function publishedJob(o: TestOrg): Promise<number> {
  const postId = await createPost(t, o, `岗位${Math.random().toString(36).slice(2, 8)}`);
  const job = await call(t, 'POST', `${R}/job/add`, {
    user: o.admin,
    body: { name: 'Java 开发', postId, headcount: 2 },
  });
  expect(job.status).toBe(200);
  const jobId = data<{ jobId: number }>(job).jobId;
  expect((await call(t, 'POST', `${R}/job/publish?jobId=${jobId}`, { user: o.admin })).status).toBe(200);
  return jobId;
}

const upload = (jobId: number, file: Buffer, name: string): Promise<Res> =>
  uploadResume(t, jobId, file, name) as Promise<Res>;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
}, 120_000);
afterAll(() => t.close());

describe('recruitment', () => {
  it('reads a Chinese PDF résumé, pre-fills its fields, and merges a second application by phone', async () => {
    const jobId = await publishedJob(org);
    const up = await upload(jobId, PDF, '简历.pdf');
    expect(up.status).toBe(200);
    const resume = data<{ resumeId: number; claimToken: string; fields: Record<string, unknown> }>(up);
    expect(resume.fields).toEqual({
      name: '李晓明',
      phone: '13912345678',
      email: 'lixm@example.com',
      school: '浙江大学',
      degree: '硕士',
      years: 5,
    });
    const phone = uniquePhone();
    const first = await call(t, 'POST', `${R}/public/apply`, {
      body: { jobId, name: '李晓明', phone, resumeId: resume.resumeId, claimToken: resume.claimToken },
    });
    expect(first.status).toBe(200);
    const secondJob = await publishedJob(org);
    const second = await call(t, 'POST', `${R}/public/apply`, {
      body: { jobId: secondJob, name: '李晓明', phone },
    });
    expect(data<{ merged: boolean }>(second).merged).toBe(true);
    const people = await t.app.deps.db
      .select()
      .from(recruitmentApplicants)
      .where(eq(recruitmentApplicants.phone, phone));
    expect(people).toHaveLength(1);
  });

  it('checks uploads and input, with Chinese messages', async () => {
    const jobId = await publishedJob(org);
    const text = await upload(jobId, Buffer.from('not a résumé'), 'a.txt');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('简历只能是 PDF 或 Word（.docx）文件');
    const bad = await call(t, 'POST', `${R}/public/apply`, { body: { jobId, name: '', phone: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/姓名|手机号/);
    const salary = await call(t, 'POST', `${R}/job/add`, {
      user: org.admin,
      body: {
        name: '销售',
        postId: await createPost(t, org, '销售岗'),
        headcount: 1,
        salaryMin: 9000,
        salaryMax: 5000,
      },
    });
    expect(salary.body.message).toBe('最低月薪不能高于最高月薪');
  });

  it('refuses another organisation’s ids for reads and writes, and nothing changes', async () => {
    const jobId = await publishedJob(org);
    const applied = await call(t, 'POST', `${R}/public/apply`, {
      body: { jobId, name: '王五', phone: uniquePhone() },
    });
    const { applicationId, applicantId } = data<{ applicationId: number; applicantId: number }>(applied);
    const reads = [
      await call(t, 'GET', `${R}/job/get?jobId=${jobId}`, { user: other.admin }),
      await call(t, 'GET', `${R}/application/board?jobId=${jobId}`, { user: other.admin }),
      await call(t, 'GET', `${R}/applicant/get?applicantId=${applicantId}`, { user: other.admin }),
    ];
    for (const res of reads) expect(res.status).toBe(404);
    const writes = [
      await call(t, 'POST', `${R}/application/move`, {
        user: other.admin,
        body: { applicationIds: [applicationId], stage: 'rejected' },
      }),
      await call(t, 'POST', `${R}/applicant/modify`, {
        user: other.admin,
        body: { applicantId, name: '改名', phone: uniquePhone() },
      }),
      await call(t, 'POST', `${R}/job/close?jobId=${jobId}`, { user: other.admin }),
    ];
    for (const res of writes) expect(res.status).toBe(404);
    const [row] = await t.app.deps.db
      .select()
      .from(recruitmentApplications)
      .where(eq(recruitmentApplications.id, applicationId));
    expect(row?.stage).toBe('applied');
    const [person] = await t.app.deps.db
      .select()
      .from(recruitmentApplicants)
      .where(eq(recruitmentApplicants.id, applicantId));
    expect(person?.name).toBe('王五');
  });
});
