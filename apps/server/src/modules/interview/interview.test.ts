import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeRunView,
  InterviewDetail,
  InterviewRow,
  RoomView,
  ScorecardView,
} from '@kaopei/shared/contracts/interview';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { createMember, createPost, multipart } from '../../../test/support';
import { abilities, abilityDimensions, interviews, postAbilities } from '../../db/schema';
import { signRoomTicket } from './interview.rules';
import { interviewsBetween, scorecardsOf as recruitmentScorecards } from '../recruitment/interview-hook';

const A = '/recruit/api/v1/interview';
const R = '/recruit/api/v1/interview-room';
const HOUR = 3600_000;
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

/** A post with a two-ability model. */
async function postWithModel(o: TestOrg) {
  const postId = await createPost(t, o, unique('岗位'));
  const [dimension] = await db()
    .insert(abilityDimensions)
    .values({ organizationId: o.id, name: unique('维度') })
    .returning();
  const rows = await db()
    .insert(abilities)
    .values(
      ['编程能力', '沟通能力'].map((name) => ({ organizationId: o.id, dimensionId: dimension!.id, name })),
    )
    .returning();
  await db()
    .insert(postAbilities)
    .values(rows.map((a, i) => ({ postId, abilityId: a.id, requiredLevel: 3, weight: 50, sort: i })));
  return { postId, abilityIds: rows.map((a) => a.id) };
}

function body(o: TestOrg, values: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: unique('面试'),
    interviewerIds: [o.admin.id],
    applicantName: '王小明',
    applicantPhone: '13800001111',
    applicantEmail: 'wang@example.com',
    startAt: now + 5 * 60_000,
    endAt: now + HOUR,
    ...values,
  };
}

async function schedule(o: TestOrg, values: Record<string, unknown> = {}): Promise<number> {
  const res = await call(t, 'POST', `${A}/add`, { user: o.admin, body: body(o, values) });
  expect(res.status, res.body.message).toBe(200);
  return data<{ id: number }>(res).id;
}

async function detail(o: TestOrg, id: number) {
  return data<InterviewDetail>(await call(t, 'GET', `${A}/detail?id=${id}`, { user: o.admin }));
}

async function inviteToken(o: TestOrg, id: number): Promise<string> {
  const path = (await detail(o, id)).invitePath;
  return decodeURIComponent(path.split('token=')[1]!);
}

describe('scheduling', () => {
  it('schedules, lists and shows an interview with its post and interviewers', async () => {
    const { postId } = await postWithModel(org);
    const id = await schedule(org, { postId, applicantId: 4242, recordingEnabled: true });
    const list = await call(t, 'GET', `${A}/list?keyword=王小明&size=50`, { user: org.admin });
    const row = data<InterviewRow[]>(list).find((r) => r.id === id);
    expect(row).toMatchObject({ applicantId: 4242, postId, status: 'scheduled', recordingEnabled: true });
    expect(row!.interviewers.map((p) => p.id)).toEqual([org.admin.id]);
    const shown = await detail(org, id);
    expect(shown.abilities.map((a) => a.name)).toEqual(['编程能力', '沟通能力']);
    expect(shown.invitePath).toMatch(/^\/interview\?token=/);
  });

  it('refuses bad input with messages naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请输入面试名称'],
      [{ interviewerIds: [] }, '请选择面试官'],
      [{ applicantPhone: '123' }, '应聘者手机号格式不正确'],
      [{ applicantEmail: 'nope' }, '应聘者邮箱格式不正确'],
      [{ endAt: Date.now() - HOUR }, '结束时间必须晚于开始时间'],
      [{ startAt: 'tomorrow' }, '开始时间'],
    ];
    for (const [values, message] of cases) {
      const res = await call(t, 'POST', `${A}/add`, { user: org.admin, body: body(org, values) });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.message).not.toMatch(/select|insert|Error|\bat\b/);
    }
  });

  it("refuses another organisation's post, interviewers and interviews, changing nothing", async () => {
    const foreignPost = await createPost(t, other, unique('外部岗位'));
    let res = await call(t, 'POST', `${A}/add`, {
      user: org.admin,
      body: body(org, { postId: foreignPost }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('岗位不存在');
    res = await call(t, 'POST', `${A}/add`, {
      user: org.admin,
      body: body(org, { interviewerIds: [other.admin.id] }),
    });
    expect(res.body.message).toBe('面试官不存在或已停用');

    const theirs = await schedule(other);
    const [before] = await db().select().from(interviews).where(eq(interviews.id, theirs));
    for (const [method, url, payload] of [
      ['GET', `${A}/detail?id=${theirs}`, undefined],
      ['PUT', `${A}/modify?id=${theirs}`, body(org, { title: '改掉' })],
      ['POST', `${A}/cancel?id=${theirs}`, undefined],
      ['POST', `${A}/ticket?id=${theirs}`, undefined],
      ['GET', `${A}/recording?id=${theirs}`, undefined],
      ['POST', `${A}/scorecard`, { interviewId: theirs, scores: [], recommendation: 'yes' }],
    ] as const) {
      const r = await call(t, method, url, { user: org.admin, body: payload });
      expect(r.status, url).toBe(404);
    }
    const [after] = await db().select().from(interviews).where(eq(interviews.id, theirs));
    expect(after).toEqual(before);
    const list = data<InterviewRow[]>(await call(t, 'GET', `${A}/list?size=100`, { user: org.admin }));
    expect(list.some((r) => r.id === theirs)).toBe(false);
  });

  it('edits and cancels; a cancelled interview cannot be edited and its link stops working', async () => {
    const id = await schedule(org);
    const token = await inviteToken(org, id);
    let res = await call(t, 'PUT', `${A}/modify?id=${id}`, {
      user: org.admin,
      body: body(org, { title: '二面', applicantName: '李四' }),
    });
    expect(res.status).toBe(200);
    expect((await detail(org, id)).applicantName).toBe('李四');
    res = await call(t, 'POST', `${A}/cancel?id=${id}`, { user: org.admin });
    expect(res.status).toBe(200);
    res = await call(t, 'PUT', `${A}/modify?id=${id}`, { user: org.admin, body: body(org) });
    expect(res.status).toBe(409);
    res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(token)}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('本次面试已取消，邀请链接已失效');
  });

  it('needs the 视频面试 menu to schedule; a plain member cannot list', async () => {
    const res = await call(t, 'GET', `${A}/list`, { user: org.staff });
    expect(res.status).toBe(403);
    const add = await call(t, 'POST', `${A}/add`, { user: org.staff, body: body(org) });
    expect(add.status).toBe(403);
  });
});

describe('the invitation link', () => {
  it('opens the room only inside its window (15 minutes before the start until 30 after the end)', async () => {
    const now = Date.now();
    const early = await schedule(org, { startAt: now + 20 * 60_000, endAt: now + HOUR });
    const late = await schedule(org, { startAt: now - 3 * HOUR, endAt: now - 31 * 60_000 });
    const open = await schedule(org, { startAt: now + 10 * 60_000, endAt: now + HOUR });
    const lingering = await schedule(org, { startAt: now - 2 * HOUR, endAt: now - 20 * 60_000 });
    let res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(await inviteToken(org, early))}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^面试尚未开始：面试间在开始前 15 分钟开放/);
    res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(await inviteToken(org, late))}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('面试已结束，邀请链接已过期');
    // Signals and runs are refused the same way outside the window.
    res = await call(t, 'POST', `${R}/signal`, {
      body: { ticket: await inviteToken(org, late), from: 'peer-aaaaaaaa', type: 'hello', payload: '' },
    });
    expect(res.status).toBe(403);
    for (const id of [open, lingering]) {
      res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(await inviteToken(org, id))}`);
      expect(res.status, res.body.message).toBe(200);
      expect(data<RoomView>(res)).toMatchObject({ interviewId: id, role: 'applicant', name: '王小明' });
    }
  });

  it('refuses forged, altered and foreign tickets', async () => {
    const id = await schedule(org);
    const token = await inviteToken(org, id);
    for (const bad of [
      token.slice(0, -2) + 'xx',
      'not-a-token-at-all',
      await t.app.deps.tokens.signAccess({ userId: org.admin.id, organizationId: org.id }),
    ]) {
      const res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('面试邀请链接无效');
    }
    // A ticket naming another organisation for this interview id (signed with the real key) is refused.
    const crossed = await signRoomTicket(t.config.jwtSecret, {
      interviewId: id,
      organizationId: other.id,
      role: 'applicant',
      userId: null,
      nonce: 'x',
    });
    const res = await call(t, 'GET', `${R}/info?ticket=${encodeURIComponent(crossed)}`);
    expect(res.status).toBe(403);
  });

  it("reaches only its own interview: not another's run, not the admin endpoints", async () => {
    const mine = await schedule(org);
    const theirs = await schedule(org);
    const token = await inviteToken(org, mine);
    const interviewer = data<{ ticket: string }>(
      await call(t, 'POST', `${A}/ticket?id=${theirs}`, { user: org.admin }),
    ).ticket;
    const run = await call(t, 'POST', `${R}/run`, {
      body: { ticket: interviewer, language: 'python', code: 'print(1)' },
    });
    expect(run.status, run.body.message).toBe(200);
    const runId = data<{ id: number }>(run).id;
    const peek = await call(t, 'GET', `${R}/run?ticket=${encodeURIComponent(token)}&id=${runId}`);
    expect(peek.status).toBe(404);
    // The token is not a sign-in: admin endpoints answer 401 with it as a bearer token.
    for (const url of [`${A}/detail?id=${mine}`, `${A}/list`, `${A}/ticket?id=${mine}`]) {
      const res = await call(t, url.includes('ticket') ? 'POST' : 'GET', url, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
    // The applicant cannot upload a recording nor act as the interviewer.
    const upload = multipart({}, { name: 'r.webm', data: webm(), contentType: 'video/webm' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${R}/recording?ticket=${encodeURIComponent(token)}`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad room input with Chinese messages', async () => {
    const token = await inviteToken(org, await schedule(org));
    let res = await call(t, 'POST', `${R}/signal`, {
      body: { ticket: token, from: 'x', type: 'hello', payload: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('连接标识格式不正确');
    res = await call(t, 'POST', `${R}/signal`, {
      body: { ticket: token, from: 'peer-aaaaaaaa', type: 'evil', payload: '' },
    });
    expect(res.body.message).toContain('信令类型不正确');
    res = await call(t, 'POST', `${R}/run`, { body: { ticket: token, language: 'cobol', code: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('请选择语言');
  });
});

/** The smallest bytes file-type reads as WebM. */
function webm(): Buffer {
  return Buffer.concat([Buffer.from('1a45dfa3874282847765626d', 'hex'), Buffer.alloc(256, 1)]);
}

describe('signalling', () => {
  it('relays a signal to the room stamped with the sender role and name, never to another room', async () => {
    const id = await schedule(org);
    const otherId = await schedule(org);
    const seen: Record<string, unknown>[] = [];
    const elsewhere: Record<string, unknown>[] = [];
    const stop = t.app.deps.realtime.subscribe(`interview:${id}`, (m) => seen.push(m));
    const stop2 = t.app.deps.realtime.subscribe(`interview:${otherId}`, (m) => elsewhere.push(m));
    const res = await call(t, 'POST', `${R}/signal`, {
      body: {
        ticket: await inviteToken(org, id),
        from: 'peer-applicant',
        to: 'peer-interviewer',
        type: 'offer',
        payload: '{"sdp":"v=0"}',
      },
    });
    expect(res.status).toBe(200);
    stop();
    stop2();
    expect(seen).toEqual([
      {
        event: 'signal',
        data: {
          from: 'peer-applicant',
          to: 'peer-interviewer',
          type: 'offer',
          payload: '{"sdp":"v=0"}',
          role: 'applicant',
          name: '王小明',
        },
      },
    ]);
    expect(elsewhere).toEqual([]);
  });

  it('streams join, signal and leave events over Server-Sent Events', async () => {
    const id = await schedule(org);
    const token = await inviteToken(org, id);
    const interviewer = data<{ ticket: string }>(
      await call(t, 'POST', `${A}/ticket?id=${id}`, { user: org.admin }),
    ).ticket;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(
      `${address}${R}/events?ticket=${encodeURIComponent(interviewer)}&peer=peer-interviewer`,
      { signal: controller.signal },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += new TextDecoder().decode(value);
      }
    };
    await until('event: join');
    expect(text).toContain('"role":"interviewer"');
    await call(t, 'POST', `${R}/signal`, {
      body: { ticket: token, from: 'peer-applicant', type: 'yjs', payload: 'AQID' },
    });
    await until('event: signal');
    expect(text).toContain('"payload":"AQID"');
    expect(text).toContain('"name":"王小明"');
    controller.abort();
  });
});

describe('code pad runs and recordings', () => {
  it('runs the code pad through the judge and both sides read the output', async () => {
    const id = await schedule(org);
    const token = await inviteToken(org, id);
    const start = await call(t, 'POST', `${R}/run`, {
      body: { ticket: token, language: 'python', code: 'print(int(input()) * 2)', stdin: '21\n' },
    });
    expect(start.status, start.body.message).toBe(200);
    const runId = data<{ id: number }>(start).id;
    await t.app.deps.queue.drain();
    const interviewer = data<{ ticket: string }>(
      await call(t, 'POST', `${A}/ticket?id=${id}`, { user: org.admin }),
    ).ticket;
    const view = data<CodeRunView>(
      await call(t, 'GET', `${R}/run?ticket=${encodeURIComponent(interviewer)}&id=${runId}`),
    );
    expect(view).toMatchObject({ status: 'done', verdictLabel: '运行完成' });
    expect(view.stdout.trim()).toBe('42');
  });

  it('stores a recording only after the consent, through storage, playable on the detail', async () => {
    const id = await schedule(org, { recordingEnabled: true });
    const token = await inviteToken(org, id);
    const ticket = data<{ ticket: string }>(
      await call(t, 'POST', `${A}/ticket?id=${id}`, { user: org.admin }),
    ).ticket;
    const upload = () => {
      const form = multipart({}, { name: 'r.webm', data: webm(), contentType: 'video/webm' });
      return t.app.inject({
        method: 'POST',
        url: `${R}/recording?ticket=${encodeURIComponent(ticket)}`,
        payload: form.payload,
        headers: form.headers,
      });
    };
    let res = await upload();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('应聘者尚未同意录制');
    const consent = await call(t, 'POST', `${R}/consent`, { body: { ticket } });
    expect(consent.status).toBe(403);
    expect((await call(t, 'POST', `${R}/consent`, { body: { ticket: token } })).status).toBe(200);
    res = await upload();
    expect(res.statusCode, res.body).toBe(200);
    const shown = await detail(org, id);
    expect(shown.hasRecording).toBe(true);
    expect(shown.consentAt).not.toBeNull();
    const file = await t.app.inject({
      method: 'GET',
      url: `${A}/recording?id=${id}`,
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    expect(file.rawPayload.equals(webm())).toBe(true);
  });
});

describe('scorecards', () => {
  it('stores a scorecard per ability of the post, shown on the detail and listed by applicant', async () => {
    const { postId, abilityIds } = await postWithModel(org);
    const interviewer = await createMember(t, org, 'staff', { realName: '面试官甲' });
    const id = await schedule(org, { postId, applicantId: 777, interviewerIds: [interviewer.id] });
    const submit = (scores: unknown[], user = interviewer) =>
      call(t, 'POST', `${A}/scorecard`, {
        user,
        body: { interviewId: id, scores, comment: '基础扎实', recommendation: 'yes' },
      });
    let res = await submit([{ abilityId: abilityIds[0], score: 4 }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请为能力“沟通能力”评分');
    res = await submit([
      { abilityId: abilityIds[0], score: 9 },
      { abilityId: abilityIds[1], score: 3 },
    ]);
    expect(res.body.message).toContain('能力评分必须是 1 到 5 的整数');
    res = await submit([
      { abilityId: abilityIds[0], score: 4, comment: '算法好' },
      { abilityId: abilityIds[1], score: 3 },
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(data<ScorecardView>(res)).toMatchObject({ average: 3.5, recommendationLabel: '推荐' });
    // A member who is not an interviewer of it and has no 视频面试 menu cannot score.
    const outsider = await createMember(t, org, 'staff');
    expect((await submit([], outsider)).status).toBe(403);

    const shown = await detail(org, id);
    expect(shown.scorecards).toHaveLength(1);
    expect(shown.scorecards[0]).toMatchObject({ interviewerName: '面试官甲', comment: '基础扎实' });
    expect(shown.scorecards[0]!.scores.map((s) => [s.abilityName, s.score])).toEqual([
      ['编程能力', 4],
      ['沟通能力', 3],
    ]);
    const byApplicant = await call(t, 'GET', `${A}/scorecards?applicantId=777`, { user: org.admin });
    expect(data<ScorecardView[]>(byApplicant).map((c) => c.interviewId)).toEqual([id]);
    const foreign = await call(t, 'GET', `${A}/scorecards?applicantId=777`, { user: other.admin });
    expect(data<ScorecardView[]>(foreign)).toEqual([]);

    // Recruitment reads them through its hook (the decision page, the external report, the overview).
    const cards = await recruitmentScorecards(db(), org.id, [777]);
    expect(cards).toEqual([
      expect.objectContaining({ applicantId: 777, interviewId: id, interviewerName: '面试官甲', total: 3.5 }),
    ]);
    expect(cards[0]!.recommendation).toBe('推荐');
    expect(await recruitmentScorecards(db(), other.id, [777])).toEqual([]);
    const now = Date.now();
    const window = [new Date(now - HOUR), new Date(now + 2 * HOUR)] as const;
    const before = await interviewsBetween(db(), org.id, ...window);
    expect(before).toBeGreaterThanOrEqual(1);
    await call(t, 'POST', `${A}/cancel?id=${id}`, { user: org.admin });
    expect(await interviewsBetween(db(), org.id, ...window)).toBe(before - 1);
  });
});
