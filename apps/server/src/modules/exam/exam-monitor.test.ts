import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import { buildApp } from '../../app';
import { hashPassword } from '../../core/crypto';
import { RedisRealtime } from '../../core/realtime';
import {
  examAttempts,
  exams,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
  userRoles,
  users,
} from '../../db/schema';
import {
  TEST_PASSWORD,
  call,
  createOrg,
  createTestApp,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import type { AttemptView } from './exam-attempt.service';
import type { ExamRow } from './exam.service';
import type { ResultRow } from './exam-result.service';
import type {
  EventsResult,
  MonitorAttemptDetail,
  MonitorExamRow,
  MonitorRow,
  WarningMessage,
} from './exam-monitor.service';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const E = '/exam/api/v1/exam';
const C = '/exam/api/v1/candidate';
const M = '/exam/api/v1/monitor';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
/** A second candidate in the same department as org.staff. */
let peer: TestUser;
let base: string;

async function addStaff(o: TestOrg): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const account = unique('stf');
  const phone = uniquePhone();
  const [user] = await db
    .insert(users)
    .values({
      organizationId: o.id,
      account,
      phone,
      realName: '同事',
      departmentId: o.departmentIds[1],
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: o.roleIds.staff });
  return {
    id: user.id,
    account,
    phone,
    token: await tokens.signAccess({ userId: user.id, organizationId: o.id }),
  };
}

/** A paper of two objective questions (10 points each). */
async function newPaper(o: TestOrg): Promise<number> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: o.id, name: unique('题库') })
    .returning();
  if (!bank) throw new Error('bank insert failed');
  const inserted = await db
    .insert(questions)
    .values([
      {
        organizationId: o.id,
        bankId: bank.id,
        type: QuestionType.TRUE_FALSE,
        stem: '<p>地球是圆的</p>',
        stemText: '地球是圆的',
        answer: true,
        status: 1,
      },
      {
        organizationId: o.id,
        bankId: bank.id,
        type: QuestionType.SINGLE,
        stem: '<p>1+1=?</p>',
        stemText: '1+1=?',
        options: [
          { content: '1', correct: false },
          { content: '2', correct: true },
        ],
        status: 1,
      },
    ])
    .returning({ id: questions.id });
  const [paper] = await db
    .insert(papers)
    .values({ organizationId: o.id, name: unique('试卷'), status: 1, questionCount: 2, totalScore: 20 })
    .returning();
  if (!paper) throw new Error('paper insert failed');
  const [section] = await db.insert(paperSections).values({ paperId: paper.id, name: '综合题' }).returning();
  if (!section) throw new Error('section insert failed');
  await db.insert(paperQuestions).values(
    inserted.map((q, sort) => ({
      paperId: paper.id,
      sectionId: section.id,
      questionId: q.id,
      sort,
      points: 10,
    })),
  );
  return paper.id;
}

async function publishedExam(o: TestOrg, settings: Record<string, unknown> = {}, name = unique('监考考试')) {
  const paperId = await newPaper(o);
  const now = Date.now();
  const created = await call(t, 'POST', `${E}/add`, {
    user: o.admin,
    body: {
      name,
      paperIds: [paperId],
      startAt: now - 60_000,
      endAt: now + 3600_000,
      durationMinutes: 30,
      passScore: 10,
      audience: { mode: 'assigned', departmentIds: [o.departmentIds[1]] },
      settings,
    },
  });
  expect(created.body.message).toBe('成功');
  const exam = data<ExamRow>(created);
  const published = await call(t, 'POST', `${E}/publish?examId=${exam.examId}`, { user: o.admin });
  expect(published.body.message).toBe('成功');
  return exam;
}

async function start(user: TestUser, examId: number, app: TestApp = t): Promise<AttemptView> {
  const res = await call(app, 'POST', `${C}/start?examId=${examId}`, { user });
  expect(res.body.message).toBe('成功');
  return data<AttemptView>(res);
}

const report = (attemptId: number, kinds: string[], user: TestUser = org.staff, app: TestApp = t) =>
  call(app, 'POST', `${C}/events?attemptId=${attemptId}`, {
    user,
    body: { events: kinds.map((kind) => ({ kind, at: Date.now() })) },
  });

interface SseClient {
  status: number;
  contentType: string | null;
  /** The next event of this name not taken yet. */
  next(event: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  comments: string[];
  close(): void;
}

/** Reads a Server-Sent-Events stream over real HTTP with fetch and a bearer token, as the browser does. */
async function openStream(url: string, user: TestUser, origin = base): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(origin + url, {
    headers: { authorization: `Bearer ${user.token}` },
    signal: controller.signal,
  });
  const events: { event: string; data: Record<string, unknown>; taken?: boolean }[] = [];
  const comments: string[] = [];
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let payload = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) payload += line.slice(6);
            }
            if (payload) events.push({ event, data: JSON.parse(payload) as Record<string, unknown> });
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    comments,
    async next(event, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.event === event && !e.taken);
        if (found) {
          found.taken = true;
          return found.data;
        }
        if (Date.now() > until) throw new Error(`no ${event} event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
}

beforeAll(async () => {
  t = await createTestApp({ EXAM_SWEEP_SECONDS: '1' });
  org = await createOrg(t);
  other = await createOrg(t);
  peer = await addStaff(org);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

describe('candidate anti-cheating', () => {
  it('gives the page the settings and counts, and submits past the leave limit as cheating', async () => {
    const exam = await publishedExam(org, { leaveLimit: 2, requireFullscreen: true, blockCopyPaste: true });
    const view = await start(org.staff, exam.examId);
    expect(view.antiCheat).toEqual({
      leaveLimit: 2,
      requireFullscreen: true,
      blockCopyPaste: true,
      webcamSnapshots: false,
      snapshotIntervalSeconds: 60,
    });
    expect(view.counts).toEqual({ tabSwitches: 0, fullscreenExits: 0, warnings: 0, snapshots: 0 });

    // Bad input changes nothing.
    const badKind = await call(t, 'POST', `${C}/events?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: { events: [{ kind: 'sneeze' }] },
    });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toContain('事件类型只能是');
    const tooMany = await report(
      view.attemptId,
      Array.from({ length: 51 }, () => 'heartbeat'),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('50');
    expect((await report(view.attemptId, [])).status).toBe(400);
    expect(
      (await call(t, 'POST', `${C}/events?attemptId=abc`, { user: org.staff, body: { events: [] } })).status,
    ).toBe(400);
    // Nobody else's attempt: not a colleague's, not another organisation's, not signed out.
    expect((await report(view.attemptId, ['tab_switch'], peer)).status).toBe(404);
    expect((await report(view.attemptId, ['tab_switch'], other.staff)).status).toBe(404);
    expect((await report(view.attemptId, ['tab_switch'], org.admin)).status).toBe(404);
    expect(
      (
        await call(t, 'POST', `${C}/events?attemptId=${view.attemptId}`, {
          body: { events: [{ kind: 'heartbeat' }] },
        })
      ).status,
    ).toBe(401);

    const heartbeat = data<EventsResult>(await report(view.attemptId, ['heartbeat', 'copy_blocked']));
    expect(heartbeat).toEqual({
      tabSwitches: 0,
      fullscreenExits: 0,
      leaveLimit: 2,
      leavesLeft: 2,
      submitted: false,
    });
    expect(data<EventsResult>(await report(view.attemptId, ['tab_switch']))).toMatchObject({
      tabSwitches: 1,
      leavesLeft: 1,
      submitted: false,
    });
    expect(data<EventsResult>(await report(view.attemptId, ['fullscreen_exit']))).toMatchObject({
      fullscreenExits: 1,
      leavesLeft: 0,
      submitted: false,
    });
    const reloaded = data<AttemptView>(
      await call(t, 'GET', `${C}/attempt?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(reloaded.counts).toMatchObject({ tabSwitches: 1, fullscreenExits: 1 });

    const third = data<EventsResult>(await report(view.attemptId, ['tab_switch']));
    expect(third).toEqual({
      tabSwitches: 2,
      fullscreenExits: 1,
      leaveLimit: 2,
      leavesLeft: 0,
      submitted: true,
    });
    const [stored] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, view.attemptId));
    expect(stored).toMatchObject({ submitReason: 'cheating', status: 2, score: 0 });
    const late = await report(view.attemptId, ['tab_switch']);
    expect(late.status).toBe(409);

    // The administrator's results name the reason; the monitor's detail has the trail.
    const results = data<ResultRow[]>(
      await call(t, 'POST', `${E}/result/search?examId=${exam.examId}&page=0&size=10`, {
        user: org.admin,
        body: {},
      }),
    );
    expect(results.find((r) => r.attemptId === view.attemptId)?.submitReason).toBe('cheating');
    const detail = data<MonitorAttemptDetail>(
      await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(detail.row).toMatchObject({
      state: 'graded',
      submitReason: 'cheating',
      tabSwitches: 2,
      fullscreenExits: 1,
    });
    expect(detail.events.map((e) => e.kind)).toEqual([
      'auto_submit',
      'tab_switch',
      'fullscreen_exit',
      'tab_switch',
      'copy_blocked',
    ]);
  });

  it('marks the candidate seen on a save, at most every few seconds (the page then skips a heartbeat)', async () => {
    const exam = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const { db } = t.app.deps;
    const lastSeen = async () =>
      (
        await db
          .select({ at: examAttempts.lastSeenAt })
          .from(examAttempts)
          .where(eq(examAttempts.id, view.attemptId))
      )[0]?.at?.getTime() ?? null;
    const anHourAgo = new Date(Date.now() - 3600_000);
    await db.update(examAttempts).set({ lastSeenAt: anHourAgo }).where(eq(examAttempts.id, view.attemptId));
    const question = view.sections[0]?.questions[0];
    const save = (seq: number) =>
      call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
        user: org.staff,
        body: [{ questionId: question?.questionId, answer: true, seq }],
      });
    expect((await save(1)).status).toBe(200);
    const marked = await lastSeen();
    expect(marked).toBeGreaterThan(Date.now() - 60_000);
    expect((await save(2)).status).toBe(200);
    expect(await lastSeen()).toBe(marked);
  });

  it('counts no leaves against an exam without a limit', async () => {
    const exam = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const result = data<EventsResult>(
      await report(
        view.attemptId,
        Array.from({ length: 20 }, () => 'tab_switch'),
      ),
    );
    expect(result).toEqual({
      tabSwitches: 20,
      fullscreenExits: 0,
      leaveLimit: 0,
      leavesLeft: null,
      submitted: false,
    });
  });

  it('stores webcam snapshots only for exams that take them, as JPEG or PNG up to 1 MB', async () => {
    const plain = await publishedExam(org);
    const plainView = await start(org.staff, plain.examId);
    const exam = await publishedExam(org, { webcamSnapshots: true, snapshotIntervalSeconds: 30 });
    const view = await start(org.staff, exam.examId);
    expect(view.antiCheat).toMatchObject({ webcamSnapshots: true, snapshotIntervalSeconds: 30 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    const upload = (attemptId: number, blob: Blob, user: TestUser = org.staff, filename = 'snap.jpg') => {
      const form = new FormData();
      form.append('file', blob, filename);
      return fetch(`${base}${C}/snapshot?attemptId=${attemptId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
    };
    const ok = await upload(view.attemptId, new Blob([jpeg], { type: 'image/jpeg' }));
    expect(ok.status).toBe(200);
    const { eventId } = ((await ok.json()) as { res: { data: { eventId: number } } }).res.data;
    expect(eventId).toBeGreaterThan(0);

    const wrongType = await upload(
      view.attemptId,
      new Blob(['hello'], { type: 'text/plain' }),
      org.staff,
      'a.txt',
    );
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { message: string }).message).toContain('JPEG 或 PNG');
    const big = await upload(
      view.attemptId,
      new Blob([Buffer.alloc(1024 * 1024 + 10)], { type: 'image/jpeg' }),
    );
    expect(big.status).toBe(400);
    expect(((await big.json()) as { message: string }).message).toContain('1MB');
    const notMultipart = await call(t, 'POST', `${C}/snapshot?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
    expect((await upload(plainView.attemptId, new Blob([jpeg], { type: 'image/jpeg' }))).status).toBe(409);
    expect((await upload(view.attemptId, new Blob([jpeg], { type: 'image/jpeg' }), peer)).status).toBe(404);
    expect((await upload(view.attemptId, new Blob([jpeg], { type: 'image/jpeg' }), other.staff)).status).toBe(
      404,
    );

    const bytes = await t.app.inject({
      method: 'GET',
      url: `${M}/snapshot?eventId=${eventId}`,
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(bytes.rawPayload, jpeg)).toBe(0);
    expect((await call(t, 'GET', `${M}/snapshot?eventId=${eventId}`, { user: other.admin })).status).toBe(
      404,
    );
    expect((await call(t, 'GET', `${M}/snapshot?eventId=${eventId}`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'GET', `${M}/snapshot?eventId=x`, { user: org.admin })).status).toBe(400);

    const detail = data<MonitorAttemptDetail>(
      await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(detail.snapshots.map((s) => s.eventId)).toEqual([eventId]);
    expect(detail.row.snapshots).toBe(1);
    expect(detail.events[0]).toMatchObject({ kind: 'snapshot', detail: null });
  });
});

describe('invigilating', () => {
  it('lists current exams with live counts, for the own organisation and the monitor menu only', async () => {
    const name = unique('正在监考');
    const exam = await publishedExam(org, {}, name);
    await start(org.staff, exam.examId);
    const otherExam = await publishedExam(other, {}, name);
    const list = await call(t, 'GET', `${M}/exams?page=0&size=50&keyword=${encodeURIComponent(name)}`, {
      user: org.admin,
    });
    expect(list.body.res?.total).toBe(1);
    expect(data<MonitorExamRow[]>(list)).toEqual([
      {
        id: exam.examId,
        name,
        state: 'ongoing',
        startAt: expect.any(Number),
        endAt: expect.any(Number),
        candidates: 2,
        notStarted: 1,
        inProgress: 1,
        submitted: 0,
        online: 0,
      },
    ]);
    const theirs = data<MonitorExamRow[]>(
      await call(t, 'GET', `${M}/exams?keyword=${encodeURIComponent(name)}`, { user: other.admin }),
    );
    expect(theirs.map((e) => e.id)).toEqual([otherExam.examId]);

    // Ongoing first, then those opening within a day, then those that ended within a day; older ones not.
    const window = async (startAt: number, endAt: number) => {
      const row = await publishedExam(org, {}, `${name}-${startAt}`);
      await t.app.deps.db
        .update(exams)
        .set({ startAt: new Date(startAt), endAt: new Date(endAt) })
        .where(eq(exams.id, row.examId));
      return row.examId;
    };
    const hour = 3600_000;
    const now = Date.now();
    const ended = await window(now - 3 * hour, now - hour);
    const upcoming = await window(now + 2 * hour, now + 3 * hour);
    await window(now - 50 * hour, now - 30 * hour);
    await window(now + 30 * hour, now + 31 * hour);
    const ordered = data<MonitorExamRow[]>(
      await call(t, 'GET', `${M}/exams?keyword=${encodeURIComponent(name)}`, { user: org.admin }),
    );
    expect(ordered.map((e) => [e.id, e.state])).toEqual([
      [exam.examId, 'ongoing'],
      [upcoming, 'upcoming'],
      [ended, 'ended'],
    ]);
    expect((await call(t, 'GET', `${M}/exams`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'GET', `${M}/exams`)).status).toBe(401);
    expect((await call(t, 'GET', `${M}/exams?page=-1`, { user: org.admin })).status).toBe(400);
  });

  it('shows each candidate with progress, leaves and time left, filtered and paged', async () => {
    const exam = await publishedExam(org, { leaveLimit: 5 });
    const view = await start(org.staff, exam.examId);
    const tf = view.sections[0]?.questions.find((q) => q.type === QuestionType.TRUE_FALSE);
    await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: [{ questionId: tf?.questionId, answer: true, seq: 1, flagged: true }],
    });
    await report(view.attemptId, ['tab_switch', 'tab_switch', 'fullscreen_exit']);

    const res = await call(t, 'GET', `${M}/candidates?examId=${exam.examId}&page=0&size=10`, {
      user: org.admin,
    });
    expect(res.body.res?.total).toBe(2);
    const rows = data<MonitorRow[]>(res);
    expect(rows[0]).toEqual({
      userId: org.staff.id,
      name: '员工',
      account: org.staff.account,
      departmentName: '前端组',
      attemptId: view.attemptId,
      state: 'in_progress',
      online: true,
      lastSeenAt: expect.any(Number),
      answered: 1,
      total: 2,
      startedAt: view.startedAt,
      deadlineAt: view.deadlineAt,
      remainingSeconds: expect.any(Number),
      tabSwitches: 2,
      fullscreenExits: 1,
      warnings: 0,
      snapshots: 0,
      submitReason: null,
    });
    expect(rows[0]?.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(rows[1]).toMatchObject({
      userId: peer.id,
      state: 'not_started',
      attemptId: null,
      online: false,
      total: 0,
    });

    const waiting = data<MonitorRow[]>(
      await call(t, 'GET', `${M}/candidates?examId=${exam.examId}&state=not_started`, { user: org.admin }),
    );
    expect(waiting.map((r) => r.userId)).toEqual([peer.id]);
    const byName = await call(t, 'GET', `${M}/candidates?examId=${exam.examId}&keyword=${peer.account}`, {
      user: org.admin,
    });
    expect(data<MonitorRow[]>(byName).map((r) => r.userId)).toEqual([peer.id]);
    const second = await call(t, 'GET', `${M}/candidates?examId=${exam.examId}&page=1&size=1`, {
      user: org.admin,
    });
    expect(second.body.res?.total).toBe(2);
    expect(data<MonitorRow[]>(second).map((r) => r.userId)).toEqual([peer.id]);

    const badState = await call(t, 'GET', `${M}/candidates?examId=${exam.examId}&state=asleep`, {
      user: org.admin,
    });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toContain('状态只能是');
    expect((await call(t, 'GET', `${M}/candidates`, { user: org.admin })).status).toBe(400);
    expect(
      (await call(t, 'GET', `${M}/candidates?examId=${exam.examId}`, { user: other.admin })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `${M}/candidates?examId=${exam.examId}`, { user: org.staff })).status).toBe(
      403,
    );

    const detail = data<MonitorAttemptDetail>(
      await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(detail.row.attemptId).toBe(view.attemptId);
    expect(detail.questions).toEqual(
      view.sections[0]?.questions.map((q, index) => ({
        sort: index + 1,
        type: q.type,
        answered: q.questionId === tf?.questionId,
        flagged: q.questionId === tf?.questionId,
      })),
    );
    expect(
      (await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: other.admin })).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: org.staff })).status,
    ).toBe(403);
    expect((await call(t, 'GET', `${M}/attempt?attemptId=0`, { user: org.admin })).status).toBe(400);
  });

  it('warns a candidate: validated, counted, listed for the candidate and pushed over the stream', async () => {
    const exam = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const warn = (body: unknown, user: TestUser = org.admin) => call(t, 'POST', `${M}/warn`, { user, body });
    const empty = await warn({ attemptId: view.attemptId, message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('提醒内容');
    expect((await warn({ attemptId: view.attemptId, message: '长'.repeat(201) })).status).toBe(400);
    expect((await warn({ message: '请看屏幕' })).status).toBe(400);
    expect((await warn({ attemptId: view.attemptId, message: '请看屏幕' }, other.admin)).status).toBe(404);
    expect((await warn({ attemptId: view.attemptId, message: '请看屏幕' }, org.staff)).status).toBe(403);

    const monitor = await openStream(`${M}/stream?examId=${exam.examId}`, org.admin);
    expect(monitor.status).toBe(200);
    const stream = await openStream(`${C}/stream?attemptId=${view.attemptId}`, org.staff);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(await monitor.next('update')).toMatchObject({ attemptId: view.attemptId, online: true });

    // A save's progress reaches the monitor.
    const first = view.sections[0]?.questions[0];
    await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: [{ questionId: first?.questionId, answer: true, seq: 1 }],
    });
    expect(await monitor.next('update')).toMatchObject({ attemptId: view.attemptId, answered: 1 });

    const sent = await warn({ attemptId: view.attemptId, message: '请不要左顾右盼' });
    expect(sent.body.message).toBe('成功');
    const { eventId } = data<{ eventId: number }>(sent);
    expect(await stream.next('warning')).toEqual({
      id: eventId,
      message: '请不要左顾右盼',
      at: expect.any(Number),
    });
    expect(await monitor.next('update')).toMatchObject({
      attemptId: view.attemptId,
      userId: org.staff.id,
      warnings: 1,
    });

    const messages = data<WarningMessage[]>(
      await call(t, 'GET', `${C}/messages?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(messages).toEqual([{ id: eventId, message: '请不要左顾右盼', at: expect.any(Number) }]);
    expect(
      data<WarningMessage[]>(
        await call(t, 'GET', `${C}/messages?attemptId=${view.attemptId}&afterId=${eventId}`, {
          user: org.staff,
        }),
      ),
    ).toEqual([]);
    expect((await call(t, 'GET', `${C}/messages?attemptId=${view.attemptId}`, { user: peer })).status).toBe(
      404,
    );
    expect(
      (await call(t, 'GET', `${C}/messages?attemptId=${view.attemptId}&afterId=x`, { user: org.staff }))
        .status,
    ).toBe(400);

    // Extra time and a forced submit reach the candidate's page and the monitor, and are logged.
    const extended = await call(
      t,
      'POST',
      `${E}/examinee/extend?examId=${exam.examId}&userId=${org.staff.id}`,
      {
        user: org.admin,
        body: { minutes: 5 },
      },
    );
    expect(extended.body.message).toBe('成功');
    expect(await stream.next('extended')).toEqual({ deadlineAt: view.deadlineAt + 5 * 60_000 });
    expect(await monitor.next('update')).toMatchObject({ deadlineAt: view.deadlineAt + 5 * 60_000 });
    await call(t, 'POST', `${E}/examinee/force-submit?examId=${exam.examId}&userId=${org.staff.id}`, {
      user: org.admin,
    });
    expect(await stream.next('submitted')).toEqual({ reason: 'forced' });
    expect(await monitor.next('update')).toMatchObject({ state: 'graded', submitReason: 'forced' });
    const detail = data<MonitorAttemptDetail>(
      await call(t, 'GET', `${M}/attempt?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(detail.events.slice(0, 3).map((e) => [e.kind, e.actorName])).toEqual([
      ['force_submit', '管理员'],
      ['extend', '管理员'],
      ['warning', '管理员'],
    ]);
    expect((await warn({ attemptId: view.attemptId, message: '还在吗' })).status).toBe(409);
    stream.close();
    monitor.close();
  });

  it('streams only to the attempt owner and the exam organisation, and reports presence', async () => {
    const exam = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    expect((await openStream(`${C}/stream?attemptId=${view.attemptId}`, peer)).status).toBe(404);
    expect((await openStream(`${C}/stream?attemptId=${view.attemptId}`, other.staff)).status).toBe(404);
    expect((await openStream(`${M}/stream?examId=${exam.examId}`, other.admin)).status).toBe(404);
    expect((await openStream(`${M}/stream?examId=${exam.examId}`, org.staff)).status).toBe(403);
    expect((await openStream(`${M}/stream?examId=abc`, org.admin)).status).toBe(400);

    const monitor = await openStream(`${M}/stream?examId=${exam.examId}`, org.admin);
    const stream = await openStream(`${C}/stream?attemptId=${view.attemptId}`, org.staff);
    expect(await monitor.next('update')).toMatchObject({ attemptId: view.attemptId, online: true });
    stream.close();
    expect(await monitor.next('update')).toMatchObject({ attemptId: view.attemptId, online: false });
    monitor.close();
  });

  it('tells the candidate when the server closes an attempt past its deadline', async () => {
    const exam = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const stream = await openStream(`${C}/stream?attemptId=${view.attemptId}`, org.staff);
    await t.app.deps.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(Date.now() - 120_000) })
      .where(eq(examAttempts.id, view.attemptId));
    // The deadline sweep, a periodic job of the queue that tests work by hand.
    await t.app.deps.queue.send('exam-sweep', {});
    await t.app.deps.queue.drain();
    expect(await stream.next('submitted', 8000)).toEqual({ reason: 'timeout' });
    stream.close();
    // A stream opened on a closed attempt says so at once.
    const again = await openStream(`${C}/stream?attemptId=${view.attemptId}`, org.staff);
    expect(await again.next('submitted')).toEqual({ reason: 'timeout' });
    again.close();
  });
});

describe('two instances sharing Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;
  const realtimes: RedisRealtime[] = [];

  beforeAll(async () => {
    const prefix = `kaopei:test:${process.pid}:${Date.now()}:`;
    const make = async () => {
      const realtime = new RedisRealtime(REDIS_URL, prefix);
      realtimes.push(realtime);
      const app = await buildApp(t.config, {
        database: t.app.deps.database,
        skipMigrate: true,
        serveWeb: false,
        realtime,
      });
      await app.ready();
      return app;
    };
    a = await make();
    b = await make();
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    await Promise.all(realtimes.map((realtime) => realtime.close()));
  });

  it('delivers a warning and leave counts sent through instance A to streams on instance B', async () => {
    const onA: TestApp = { app: a, config: t.config, close: async () => {} };
    const exam = await publishedExam(org, { leaveLimit: 1 });
    const view = await start(org.staff, exam.examId, onA);
    const monitor = await openStream(`${M}/stream?examId=${exam.examId}`, org.admin, baseB);
    const stream = await openStream(`${C}/stream?attemptId=${view.attemptId}`, org.staff, baseB);
    expect(await monitor.next('update')).toMatchObject({ attemptId: view.attemptId, online: true });

    const sent = await call(onA, 'POST', `${M}/warn`, {
      user: org.admin,
      body: { attemptId: view.attemptId, message: '请保持坐姿端正' },
    });
    expect(await stream.next('warning')).toMatchObject({
      id: data<{ eventId: number }>(sent).eventId,
      message: '请保持坐姿端正',
    });
    expect(await monitor.next('update')).toMatchObject({ warnings: 1 });

    await report(view.attemptId, ['tab_switch'], org.staff, onA);
    expect(await monitor.next('update')).toMatchObject({ tabSwitches: 1, online: true });
    const over = data<EventsResult>(await report(view.attemptId, ['tab_switch'], org.staff, onA));
    expect(over.submitted).toBe(true);
    expect(await stream.next('submitted')).toEqual({ reason: 'cheating' });
    expect(await monitor.next('update')).toMatchObject({ tabSwitches: 2 });
    expect(await monitor.next('update')).toMatchObject({ state: 'graded', submitReason: 'cheating' });
    stream.close();
    monitor.close();
  });
});
