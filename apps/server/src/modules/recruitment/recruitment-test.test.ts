import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { questionContracts } from '@kaopei/shared/contracts/question';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { api } from '../../../test/factories';
import { createPost } from '../../../test/support';
import { uploadResume } from './recruitment.fixtures';
import { readSmsOutbox } from '../../core/sms';
import { recruitmentApplications, recruitmentJobs } from '../../db/schema';
import { signReport } from './report-signing';

/**
 * The applicant's side of the written test (issue 20): moved to 笔试 → the SMS link → sign-in by SMS
 * code with the phone they applied with → the exam → the graded score on the card and in /mine; and a
 * Word .docx résumé read into the form's fields.
 */

const R = '/recruit/api/v1';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
}, 120_000);
afterAll(() => t.close());

/** A saved paper of two questions worth 10 each: 判断 (answer true) and 单选 (answer 二). */
async function twoQuestionPaper(o: TestOrg) {
  const bank = await api(t, o.admin, bankContracts.add, { body: { name: unique('题库') } });
  const judge = await api(t, o.admin, questionContracts.add, {
    body: { bankId: bank.bankId, type: 0, stem: '代码评审能提前发现缺陷。', answer: true },
  });
  const single = await api(t, o.admin, questionContracts.add, {
    body: {
      bankId: bank.bankId,
      type: 1,
      stem: '一加一等于几？',
      options: [
        { content: '二', correct: true },
        { content: '三', correct: false },
      ],
    },
  });
  for (const questionId of [judge.questionId, single.questionId])
    await api(t, o.admin, questionContracts.check, { query: { questionId, status: 1 }, body: {} });
  const paper = await api(t, o.admin, paperContracts.create, {
    body: {
      name: unique('笔试卷'),
      status: 'saved',
      sectionVOS: [
        {
          name: '试题',
          questionVOS: [judge.questionId, single.questionId].map((questionId) => ({
            questionId,
            points: 10,
          })),
        },
      ],
    },
  });
  return { paperId: paper.paperId, judgeId: judge.questionId };
}

async function publishedJob(o: TestOrg, paperId: number | null): Promise<number> {
  const postId = await createPost(t, o, unique('岗位'));
  const job = await call(t, 'POST', `${R}/job/add`, {
    user: o.admin,
    body: { name: unique('职位'), postId, paperId, headcount: 1 },
  });
  expect(job.status).toBe(200);
  const jobId = data<{ jobId: number }>(job).jobId;
  expect((await call(t, 'POST', `${R}/job/publish?jobId=${jobId}`, { user: o.admin })).status).toBe(200);
  return jobId;
}

async function applyAs(jobId: number, name: string, phone: string): Promise<number> {
  const res = await call(t, 'POST', `${R}/public/apply`, { body: { jobId, name, phone } });
  expect(res.status).toBe(200);
  return data<{ applicationId: number }>(res).applicationId;
}

const lastCode = (phone: string) =>
  readSmsOutbox(t.config.dataDir)
    .filter((m) => m.phone === phone)
    .at(-1)
    ?.content.match(/\d{6}/)?.[0];

async function storedApplication(applicationId: number) {
  const [row] = await t.app.deps.db
    .select()
    .from(recruitmentApplications)
    .where(eq(recruitmentApplications.id, applicationId));
  return row;
}

describe('written test', () => {
  it('moves to 笔试, signs the applicant in by SMS code, grades the test and shows the score to them only', async () => {
    const { paperId, judgeId } = await twoQuestionPaper(org);
    const jobId = await publishedJob(org, paperId);
    const phone = uniquePhone();
    const otherPhone = uniquePhone();
    const applicationId = await applyAs(jobId, '钱笔试', phone);
    const bystanderId = await applyAs(jobId, '孙旁观', otherPhone);

    // Another organisation cannot move it; the recruiter can, and the test link goes out by SMS.
    const foreign = await call(t, 'POST', `${R}/application/move`, {
      user: other.admin,
      body: { applicationIds: [applicationId], stage: 'test' },
    });
    expect(foreign.status).toBe(404);
    expect((await storedApplication(applicationId))?.testToken).toBeNull();
    const moved = await call(t, 'POST', `${R}/application/move`, {
      user: org.admin,
      body: { applicationIds: [applicationId], stage: 'test' },
    });
    expect(data(moved)).toEqual({ count: 1, testsSent: 1 });
    const token = (await storedApplication(applicationId))?.testToken ?? '';
    expect(token.length).toBeGreaterThanOrEqual(16);
    const invite = readSmsOutbox(t.config.dataDir).filter((m) => m.phone === phone);
    expect(invite.at(-1)?.content).toContain(`/join/test/${token}`);

    const info = await call(t, 'GET', `${R}/public/test?token=${token}`);
    expect(data<{ phoneHint: string }>(info).phoneHint).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

    // Only the phone applied with gets a code; a wrong code is refused.
    const wrongPhone = await call(t, 'POST', `${R}/public/test/code`, { body: { token, phone: otherPhone } });
    expect(wrongPhone.status).toBe(400);
    expect(wrongPhone.body.message).toBe('手机号与投递时填写的不一致');
    expect(lastCode(otherPhone)).toBeUndefined();
    expect((await call(t, 'POST', `${R}/public/test/code`, { body: { token, phone } })).status).toBe(200);
    const code = lastCode(phone) ?? '';
    const badCode = code === '000000' ? '111111' : '000000';
    const refused = await call(t, 'POST', `${R}/public/test/sign-in`, {
      body: { token, phone, code: badCode },
    });
    expect(refused.status).toBe(400);
    const signed = await call(t, 'POST', `${R}/public/test/sign-in`, { body: { token, phone, code } });
    expect(signed.status).toBe(200);
    const { access_token, examId } = data<{ access_token: string; examId: number }>(signed);
    const [job] = await t.app.deps.db.select().from(recruitmentJobs).where(eq(recruitmentJobs.id, jobId));
    expect(examId).toBe(job?.testExamId);
    const applicant: TestUser = { id: 0, account: '', phone, token: access_token } as TestUser;

    // The applicant sees their own application only (not the bystander's), test not yet scored.
    const before = data<{ applicationId: number; testExamId: number | null; testScore: number | null }[]>(
      await call(t, 'GET', `${R}/mine`, { user: applicant }),
    );
    expect(before.map((a) => a.applicationId)).toEqual([applicationId]);
    expect(before[0]).toMatchObject({ testExamId: examId, testScore: null });
    expect(before.some((a) => a.applicationId === bystanderId)).toBe(false);
    // A candidate account reaches no recruiter endpoint.
    const list = await call(t, 'GET', `${R}/application/list?jobId=${jobId}`, { user: applicant });
    expect(list.status).toBe(403);

    // The test: one of two answered right → 10 of 20, on the card and in /mine.
    const attempt = await api(t, applicant, examCandidateContracts.start, { query: { examId } });
    await api(t, applicant, examCandidateContracts.saveAnswers, {
      query: { attemptId: attempt.attemptId },
      body: [{ questionId: judgeId, answer: true, seq: 1 }],
    });
    await api(t, applicant, examCandidateContracts.submit, { query: { attemptId: attempt.attemptId } });
    await t.app.deps.queue.drain();
    const stored = await storedApplication(applicationId);
    expect([Number(stored?.testScore), Number(stored?.testTotal)]).toEqual([10, 20]);
    expect((await storedApplication(bystanderId))?.testScore).toBeNull();
    const after = data<{ testScore: number | null; testTotal: number | null; stage: string }[]>(
      await call(t, 'GET', `${R}/mine`, { user: applicant }),
    );
    expect(after[0]).toMatchObject({ stage: 'test', testScore: 10, testTotal: 20 });

    // Once rejected the invitation is gone; a made-up token never was one.
    await call(t, 'POST', `${R}/application/move`, {
      user: org.admin,
      body: { applicationIds: [applicationId], stage: 'rejected' },
    });
    const gone = await call(t, 'GET', `${R}/public/test?token=${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('笔试邀请不存在或已失效');
    const madeUp = await call(t, 'GET', `${R}/public/test?token=${'x'.repeat(32)}`);
    expect(madeUp.status).toBe(404);
  });

  it('refuses 笔试 for a job without a paper, and nothing moves', async () => {
    const jobId = await publishedJob(org, null);
    const applicationId = await applyAs(jobId, '周无卷', uniquePhone());
    const res = await call(t, 'POST', `${R}/application/move`, {
      user: org.admin,
      body: { applicationIds: [applicationId], stage: 'test' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/未设置笔试试卷/);
    expect((await storedApplication(applicationId))?.stage).toBe('applied');
  });
});

/** A minimal Word .docx: the parts a reader sniffs, and one paragraph per line. */
function docx(lines: string[]): Buffer {
  const body = lines
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, '&amp;')}</w:t></w:r></w:p>`)
    .join('');
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

const upload = (jobId: number, file: Buffer, name: string): Promise<Res> =>
  uploadResume(t, jobId, file, name) as Promise<Res>;

describe('résumé upload', () => {
  it('reads a Word .docx résumé into the form fields and lets the application claim it', async () => {
    const jobId = await publishedJob(org, null);
    const file = docx([
      '个人简历',
      '姓名：王小红',
      '电话：138 0013 8000',
      '邮箱：Wang.XH@Example.com',
      '毕业院校：南京大学',
      '学历：本科',
      '工作经验：三年',
    ]);
    const up = await upload(jobId, file, '王小红简历.docx');
    expect(up.status).toBe(200);
    const resume = data<{ resumeId: number; claimToken: string; fields: Record<string, unknown> }>(up);
    expect(resume.fields).toEqual({
      name: '王小红',
      phone: '13800138000',
      email: 'wang.xh@example.com',
      school: '南京大学',
      degree: '本科',
      years: 3,
    });
    const applied = await call(t, 'POST', `${R}/public/apply`, {
      body: {
        jobId,
        name: '王小红',
        phone: uniquePhone(),
        resumeId: resume.resumeId,
        claimToken: resume.claimToken,
      },
    });
    expect(applied.status).toBe(200);
    const { applicantId } = data<{ applicantId: number }>(applied);
    const detail = await call(t, 'GET', `${R}/applicant/get?applicantId=${applicantId}`, { user: org.admin });
    const resumes = data<{ resumes: { fileName: string; text: string }[] }>(detail).resumes;
    expect(resumes.map((r) => r.fileName)).toEqual(['王小红简历.docx']);
    expect(resumes[0]?.text).toContain('毕业院校：南京大学');
  });

  it('refuses an old .doc (an OLE file) with its own message, and a closed job’s upload', async () => {
    const jobId = await publishedJob(org, null);
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    const doc = await upload(jobId, ole, 'cv.doc');
    expect(doc.status).toBe(400);
    expect(doc.body.message).toBe('暂不支持旧版 Word（.doc）文件，请另存为 .docx 或 PDF 后上传');
    await call(t, 'POST', `${R}/job/close?jobId=${jobId}`, { user: org.admin });
    const closed = await upload(jobId, docx(['姓名：王小红']), 'cv.docx');
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('该职位已停止招聘');
  });
});

describe('external report link', () => {
  it('opens the one application it was made for, until it expires; altered or expired links are refused', async () => {
    const jobId = await publishedJob(org, null);
    const applicationId = await applyAs(jobId, '郑报告', uniquePhone());
    const foreign = await call(t, 'POST', `${R}/result/report-link`, {
      user: other.admin,
      body: { applicationId, days: 1 },
    });
    expect(foreign.status).toBe(404);
    const made = await call(t, 'POST', `${R}/result/report-link`, {
      user: org.admin,
      body: { applicationId, days: 1 },
    });
    const { url, expiresAt } = data<{ url: string; expiresAt: number }>(made);
    expect(expiresAt - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    const token = new URL(url).searchParams.get('token') ?? '';
    const open = await call(t, 'GET', `${R}/public/report?token=${encodeURIComponent(token)}`);
    expect(open.status).toBe(200);
    expect(data<{ name: string; expiresAt: number }>(open)).toMatchObject({ name: '郑报告' });

    const refused = async (candidate: string) => {
      const res = await call(t, 'GET', `${R}/public/report?token=${encodeURIComponent(candidate)}`);
      return [res.status, res.body.message];
    };
    const gone = [404, '报告链接无效或已过期'];
    const [id, expires, mac] = token.split('.');
    expect(await refused(`${id}.${expires}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`)).toEqual(
      gone,
    );
    // Another application's id under this signature, and a later expiry under it: both refused.
    expect(await refused(`${Number(id) + 1}.${expires}.${mac}`)).toEqual(gone);
    expect(await refused(`${id}.${Number(expires) + 86_400}.${mac}`)).toEqual(gone);
    // Signed by the server but already expired (a second ago).
    expect(await refused(signReport(applicationId, Date.now() - 1000))).toEqual(gone);
    expect(
      (
        await call(
          t,
          'GET',
          `${R}/public/report?token=${encodeURIComponent(signReport(applicationId, Date.now() + 60_000))}`,
        )
      ).status,
    ).toBe(200);
  });
});
