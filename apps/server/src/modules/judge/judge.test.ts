import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import {
  examAttempts,
  judgeJobs,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
} from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import type { AttemptResult, AttemptView } from '../exam/exam-attempt.service';
import type { ExamRow } from '../exam/exam.service';
import type { PersonalReport } from '../exam/exam-result.service';
import type { SampleRunView } from './judge.service';
import { Judge0Judge, type Judge } from '../../core/judge';
import { Queue, queueConnection } from '../../core/queue';
import { JudgeWorker, MAX_TRIES, REDISPATCH_MINUTES } from './judge.worker';
import { rowsOf } from '../../db/client';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;

const E = '/exam/api/v1/exam';
const C = '/exam/api/v1/candidate';
const RUN = `${C}/code/run`;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

const SUM = 'a, b = map(int, input().split())\nprint(a + b)';
const CODE_KEY = {
  languages: ['python', 'javascript'],
  templates: {},
  testCases: [
    { input: '1 2\n', output: '3\n', sample: true },
    { input: '5 5\n', output: '10', sample: false },
    { input: '-1 1\n', output: '0', sample: false },
    { input: '100 1\n', output: '101', sample: false },
  ],
  timeLimit: 2000,
  memoryLimit: 128,
};

/** A published exam (score shown immediately) with a 10-point code question and a true/false one. */
async function codeExam(o: TestOrg): Promise<{ examId: number; codeId: number; tfId: number }> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: o.id, name: unique('题库') })
    .returning();
  if (!bank) throw new Error('bank');
  const inserted = await db
    .insert(questions)
    .values([
      {
        organizationId: o.id,
        bankId: bank.id,
        type: QuestionType.CODE,
        stem: '<p>两数之和</p>',
        stemText: '两数之和',
        options: null,
        answer: CODE_KEY,
        status: 1,
      },
      {
        organizationId: o.id,
        bankId: bank.id,
        type: QuestionType.TRUE_FALSE,
        stem: '<p>1+1=2</p>',
        stemText: '1+1=2',
        options: null,
        answer: true,
        status: 1,
      },
    ])
    .returning({ id: questions.id });
  const [paper] = await db
    .insert(papers)
    .values({ organizationId: o.id, name: unique('试卷'), status: 1, questionCount: 2, totalScore: 15 })
    .returning();
  if (!paper) throw new Error('paper');
  const [section] = await db.insert(paperSections).values({ paperId: paper.id, name: '编程' }).returning();
  await db.insert(paperQuestions).values(
    inserted.map((q, sort) => ({
      paperId: paper.id,
      sectionId: section?.id ?? 0,
      questionId: q.id,
      sort,
      points: sort === 0 ? 10 : 5,
    })),
  );
  const now = Date.now();
  const created = await call(t, 'POST', `${E}/add`, {
    user: o.admin,
    body: {
      name: unique('编程考试'),
      paperIds: [paper.id],
      startAt: now - 60_000,
      endAt: now + 3600_000,
      durationMinutes: 30,
      passScore: 9,
      audience: { mode: 'assigned', departmentIds: [o.departmentIds[1]] },
      settings: { showScore: 'immediately', showAnswers: 'immediately' },
    },
  });
  expect(created.body.message).toBe('成功');
  const examId = data<ExamRow>(created).examId;
  expect((await call(t, 'POST', `${E}/publish?examId=${examId}`, { user: o.admin })).body.message).toBe(
    '成功',
  );
  return { examId, codeId: inserted[0]?.id ?? 0, tfId: inserted[1]?.id ?? 0 };
}

async function start(user: TestUser, examId: number): Promise<AttemptView> {
  const res = await call(t, 'POST', `${C}/start?examId=${examId}`, { user });
  expect(res.body.message).toBe('成功');
  return data<AttemptView>(res);
}

async function save(user: TestUser, attemptId: number, answers: { questionId: number; answer: unknown }[]) {
  const res = await call(t, 'POST', `${C}/answers?attemptId=${attemptId}`, {
    user,
    body: answers.map((a, i) => ({ ...a, seq: i + 1 })),
  });
  expect(res.body.message).toBe('成功');
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});

afterAll(async () => {
  await t.close();
});

describe('running sample cases while answering', () => {
  it('queues a run, judges only the sample cases out of the request, and shows them to the candidate', async () => {
    const { examId, codeId } = await codeExam(org);
    const attempt = await start(org.staff, examId);
    const started = await call(t, 'POST', `${RUN}?attemptId=${attempt.attemptId}`, {
      user: org.staff,
      body: { questionId: codeId, language: 'python', code: SUM },
    });
    expect(started.body.message).toBe('成功');
    const { jobId } = data<{ jobId: number }>(started);
    const queued = data<SampleRunView>(await call(t, 'GET', `${RUN}?jobId=${jobId}`, { user: org.staff }));
    // Queued, or already claimed by this instance's worker (kicked on insert), not finished yet.
    expect(['queued', 'running']).toContain(queued.status);
    expect(queued).toMatchObject({ jobId, verdict: null, passed: null, cases: [] });

    await t.app.deps.judgeWorker.drain();
    const done = data<SampleRunView>(await call(t, 'GET', `${RUN}?jobId=${jobId}`, { user: org.staff }));
    expect(done).toMatchObject({
      status: 'done',
      verdict: 'accepted',
      verdictLabel: '通过',
      passed: 1,
      total: 1,
    });
    expect(done.cases).toHaveLength(1);
    expect(done.cases[0]).toMatchObject({
      input: '1 2\n',
      expected: '3\n',
      stdout: '3\n',
      verdictLabel: '通过',
    });
    // Hidden cases never reach the candidate.
    expect(JSON.stringify(done)).not.toContain('100 1');

    const wrong = data<{ jobId: number }>(
      await call(t, 'POST', `${RUN}?attemptId=${attempt.attemptId}`, {
        user: org.staff,
        body: { questionId: codeId, language: 'javascript', code: 'console.log(4)' },
      }),
    );
    await t.app.deps.judgeWorker.drain();
    const failed = data<SampleRunView>(
      await call(t, 'GET', `${RUN}?jobId=${wrong.jobId}`, { user: org.staff }),
    );
    expect(failed).toMatchObject({ verdict: 'wrong_answer', verdictLabel: '答案错误', passed: 0 });
    expect(failed.cases[0]).toMatchObject({ stdout: '4\n', verdict: 'wrong_answer' });
  });

  it('refuses bad input, other questions, other people, other organisations and too many runs', async () => {
    const { examId, codeId, tfId } = await codeExam(org);
    const attempt = await start(org.staff, examId);
    const url = `${RUN}?attemptId=${attempt.attemptId}`;
    const post = (body: unknown, user: TestUser = org.staff, to = url) => call(t, 'POST', to, { user, body });

    const noCode = await post({ questionId: codeId, language: 'python', code: '' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toContain('代码');
    const noQuestion = await post({ language: 'python', code: SUM });
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.body.message).toBe('试题必须是数字');
    const huge = await post({ questionId: codeId, language: 'python', code: 'x'.repeat(70_000) });
    expect(huge.status).toBe(400);
    const badAttempt = await call(t, 'POST', `${RUN}?attemptId=abc`, {
      user: org.staff,
      body: { questionId: codeId, language: 'python', code: SUM },
    });
    expect(badAttempt.status).toBe(400);
    expect(badAttempt.body.message).toContain('答卷');
    const language = await post({ questionId: codeId, language: 'java', code: SUM });
    expect(language.status).toBe(400);
    expect(language.body.message).toContain('本题只能使用 python、javascript');
    const notCode = await post({ questionId: tfId, language: 'python', code: SUM });
    expect(notCode.status).toBe(400);
    expect(notCode.body.message).toContain('不是编程题');
    const notInPaper = await post({ questionId: 999_999_999, language: 'python', code: SUM });
    expect(notInPaper.status).toBe(404);
    const anonymous = await call(t, 'POST', url, {
      body: { questionId: codeId, language: 'python', code: SUM },
    });
    expect(anonymous.status).toBe(401);

    // Another member of the organisation (the admin) and a member of another organisation.
    expect((await post({ questionId: codeId, language: 'python', code: SUM }, org.admin)).status).toBe(404);
    expect((await post({ questionId: codeId, language: 'python', code: SUM }, other.staff)).status).toBe(404);

    const mine = data<{ jobId: number }>(await post({ questionId: codeId, language: 'python', code: SUM }));
    expect((await call(t, 'GET', `${RUN}?jobId=${mine.jobId}`, { user: org.admin })).status).toBe(404);
    expect((await call(t, 'GET', `${RUN}?jobId=${mine.jobId}`, { user: other.staff })).status).toBe(404);
    expect((await call(t, 'GET', `${RUN}?jobId=x`, { user: org.staff })).status).toBe(400);

    // 10 runs a minute per attempt: this was the first; nine more pass, the eleventh is refused.
    for (let i = 0; i < 9; i += 1)
      expect((await post({ questionId: codeId, language: 'python', code: SUM })).status).toBe(200);
    const limited = await post({ questionId: codeId, language: 'python', code: SUM });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('每分钟最多运行 10 次');
    await t.app.deps.judgeWorker.drain();

    await call(t, 'POST', `${C}/submit?attemptId=${attempt.attemptId}`, { user: org.staff });
    const closed = await post({ questionId: codeId, language: 'python', code: SUM });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toContain('已交卷');
    await t.app.deps.judgeWorker.drain();
  });
});

describe('grading code answers when an attempt closes', () => {
  it('judges the submitted code against every case, scores it, and the result and report show it', async () => {
    const { examId, codeId, tfId } = await codeExam(org);
    const attempt = await start(org.staff, examId);
    // Right for three of the four cases (wrong when the sum is 0).
    await save(org.staff, attempt.attemptId, [
      {
        questionId: codeId,
        answer: { language: 'python', code: `${SUM.split('\n')[0]}\nprint(a + b or 'zero')` },
      },
      { questionId: tfId, answer: true },
    ]);
    const submitted = await call(t, 'POST', `${C}/submit?attemptId=${attempt.attemptId}`, {
      user: org.staff,
    });
    expect(submitted.body.res?.data).toMatchObject({ status: 1, statusLabel: '待阅卷' });
    const [before] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt.attemptId));
    expect(before).toMatchObject({ pendingMarks: 1, status: 1 });
    const jobs = await t.app.deps.db
      .select()
      .from(judgeJobs)
      .where(eq(judgeJobs.attemptId, attempt.attemptId));
    expect(jobs.map((j) => [j.kind, j.questionId, j.status])).toEqual([['grade', codeId, 0]]);

    await t.app.deps.judgeWorker.drain();
    const [after] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt.attemptId));
    // 10 × 3/4 = 7.5, plus 5 for the true/false question.
    expect(after).toMatchObject({ pendingMarks: 0, status: 2, score: 12.5, passed: 1 });
    const [job] = await t.app.deps.db
      .select()
      .from(judgeJobs)
      .where(eq(judgeJobs.attemptId, attempt.attemptId));
    expect(job).toMatchObject({ status: 2, verdict: 'wrong_answer', tries: 1 });

    const result = data<AttemptResult>(
      await call(t, 'GET', `${C}/result?attemptId=${attempt.attemptId}`, { user: org.staff }),
    );
    expect(result).toMatchObject({ status: 2, score: 12.5, passed: true });
    const code = result.sections.flatMap((s) => s.questions).find((q) => q.questionId === codeId);
    expect(code?.score).toBe(7.5);
    expect(code?.markComment).toBe('自动判题：答案错误，通过 3/4 个测试用例');
    // The released key still hides the hidden cases.
    expect(JSON.stringify(result)).not.toContain('100 1');

    const report = data<PersonalReport>(
      await call(t, 'GET', `${E}/report/personal?attemptId=${attempt.attemptId}`, { user: org.admin }),
    );
    expect(JSON.stringify(report)).toContain('自动判题：答案错误，通过 3/4 个测试用例');

    // A marker may still override the judged score by hand; the judge never overwrites it.
    const marked = await call(t, 'POST', `${E}/check/mark`, {
      user: org.admin,
      body: { attemptId: attempt.attemptId, questionId: codeId, score: 10, comment: '思路正确' },
    });
    expect(marked.body.res?.data).toMatchObject({ score: 15, pendingMarks: 0 });
  });

  it('scores full marks for a correct answer and 0 for a runtime failure', async () => {
    const { examId, codeId } = await codeExam(org);
    const a = await start(org.staff, examId);
    await save(org.staff, a.attemptId, [
      {
        questionId: codeId,
        answer: {
          language: 'javascript',
          code: "const [x, y] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number); console.log(x + y);",
        },
      },
    ]);
    await call(t, 'POST', `${C}/submit?attemptId=${a.attemptId}`, { user: org.staff });
    await t.app.deps.judgeWorker.drain();
    const [graded] = await t.app.deps.db.select().from(examAttempts).where(eq(examAttempts.id, a.attemptId));
    // Code 10 of 10; the unanswered true/false question scored 0 at close.
    expect(graded).toMatchObject({ score: 10, pendingMarks: 0, status: 2 });

    const { examId: examB, codeId: codeB } = await codeExam(other);
    const b = await start(other.staff, examB);
    await save(other.staff, b.attemptId, [
      { questionId: codeB, answer: { language: 'python', code: 'raise SystemExit(3)' } },
    ]);
    await call(t, 'POST', `${C}/submit?attemptId=${b.attemptId}`, { user: other.staff });
    await t.app.deps.judgeWorker.drain();
    const [crashed] = await t.app.deps.db.select().from(examAttempts).where(eq(examAttempts.id, b.attemptId));
    expect(crashed).toMatchObject({ score: 0, pendingMarks: 0, status: 2, passed: 0 });
  });

  /** Another instance of the server: a queue of its own on the same database and queue schema. */
  async function instanceWith(judge: Judge): Promise<{ queue: Queue; worker: JudgeWorker }> {
    const { database, config } = t.app.deps;
    const queue = new Queue(
      queueConnection(database),
      { schema: config.queueSchema, work: false, pollSeconds: 1 },
      t.app.log,
    );
    const worker = new JudgeWorker(database.db, judge, queue, t.app.log, {
      concurrency: 1,
      dispatchSeconds: 0,
    });
    await queue.start();
    return { queue, worker };
  }

  async function submittedCodeAttempt(): Promise<number> {
    const { examId, codeId } = await codeExam(org);
    const attempt = await start(org.staff, examId);
    await save(org.staff, attempt.attemptId, [
      { questionId: codeId, answer: { language: 'python', code: SUM } },
    ]);
    await call(t, 'POST', `${C}/submit?attemptId=${attempt.attemptId}`, { user: org.staff });
    return attempt.attemptId;
  }

  it('retries a judge that cannot work up to 3 times, then leaves the answer to the markers', async () => {
    const attemptId = await submittedCodeAttempt();
    const { db } = t.app.deps;
    // A real judge with nobody listening behind it: every try fails.
    const broken = await instanceWith(new Judge0Judge('http://127.0.0.1:9/'));
    await broken.worker.drain();
    await broken.queue.stop();
    const [job] = await db.select().from(judgeJobs).where(eq(judgeJobs.attemptId, attemptId));
    expect(job).toMatchObject({ status: 3, tries: MAX_TRIES, verdict: null });
    expect(String(job?.result?.error)).toContain('无法连接判题服务');
    const [still] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(still).toMatchObject({ pendingMarks: 1, status: 1 });
  });

  it('hands a row over again when its instance died between taking it and sending its job, never twice', async () => {
    const attemptId = await submittedCodeAttempt();
    const { db, config, judgeWorker, queue } = t.app.deps;
    const row = async () => (await db.select().from(judgeJobs).where(eq(judgeJobs.attemptId, attemptId)))[0];
    const queueJobs = async (id: number) =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql.raw(
            `select count(*)::int as n from ${config.queueSchema}.job where name = 'judge' and data->>'jobId' = '${id}'`,
          ),
        ),
      )[0]?.n;
    // Taken for hand-over by an instance that died before sending: marked, no queue job.
    const taken = await row();
    if (!taken) throw new Error('no judge row');
    await db.update(judgeJobs).set({ lockedAt: new Date() }).where(eq(judgeJobs.id, taken.id));
    expect(await judgeWorker.dispatch()).toBe(0);
    expect(await queueJobs(taken.id)).toBe(0);
    // Past the hand-over's stale time it is handed over again, and judged once.
    await db
      .update(judgeJobs)
      .set({ lockedAt: new Date(Date.now() - (REDISPATCH_MINUTES + 1) * 60_000) })
      .where(eq(judgeJobs.id, taken.id));
    expect(await judgeWorker.dispatch()).toBe(1);
    expect(await queueJobs(taken.id)).toBe(1);
    // Handed over again while its job waits: still one job.
    await db
      .update(judgeJobs)
      .set({ lockedAt: new Date(Date.now() - (REDISPATCH_MINUTES + 1) * 60_000) })
      .where(eq(judgeJobs.id, taken.id));
    expect(await judgeWorker.dispatch()).toBe(1);
    expect(await queueJobs(taken.id)).toBe(1);
    await queue.drain();
    expect(await row()).toMatchObject({ status: 2, verdict: 'accepted', tries: 1 });
  });

  it('gives the try of an instance lost mid-run to a live one once the queue expires it', async () => {
    const attemptId = await submittedCodeAttempt();
    const { db, config } = t.app.deps;
    // An instance whose judge never answers: it takes the job, then is never heard of again.
    const lost = await instanceWith({ run: () => new Promise(() => undefined) } as unknown as Judge);
    void lost.worker.drain();
    const row = async () => (await db.select().from(judgeJobs).where(eq(judgeJobs.attemptId, attemptId)))[0];
    for (let i = 0; i < 100 && (await row())?.status !== 1; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await row()).toMatchObject({ status: 1, tries: 1 });

    // Its try outlives the expiry (STALE_MINUTES): the queue's supervision hands the job out again.
    await db.execute(
      sql.raw(
        `update ${config.queueSchema}.job set started_on = now() - interval '1 hour' where name = 'judge' and state = 'active'`,
      ),
    );
    await t.app.deps.queue.supervise();
    await t.app.deps.judgeWorker.drain();
    expect(await row()).toMatchObject({ status: 2, verdict: 'accepted', tries: 2 });
    const [graded] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(graded).toMatchObject({ pendingMarks: 0, status: 2, score: 10 });
  });
});
