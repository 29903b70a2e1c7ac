/**
 * Outsiders from open links (issue 13, point 2): a visitor who registers through an exam's open link is
 * a candidate (users.kind), reaches their own exam and nothing of the organisation; a member who
 * registers through the link stays a member. And an exam's audience is checked when it is saved
 * (issue 13, point 10): another organisation's people, departments or tags are refused, nothing stored.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType, TagType } from '@kaopei/shared';
import {
  exams,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
  tags,
  userRoles,
  users,
} from '../../db/schema';
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
import { readSmsOutbox } from '../../core/sms';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;

const E = '/exam/api/v1/exam';
const C = '/exam/api/v1/candidate';
const O = '/exam/api/v1/open';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

/** What a default-role member read before (the probe of issue 13); a candidate must get none of it. */
const MEMBER_ROUTES = [
  '/user/api/v1/department/organization/staffs?page=0&size=10',
  '/user/api/v1/department/tree',
  '/user/api/v1/statistic/console',
  '/question/api/v1/bank/simple',
  '/knowledge/api/v1/knowledge/tree',
  '/user/api/v1/edu/project/list?page=0&size=10',
  `/user/api/v1/tag/simple?type=${TagType.USER}`,
];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});

afterAll(async () => {
  await t.close();
});

/** A saved paper of the organisation with one approved true/false question. */
async function newPaper(o: TestOrg): Promise<{ paperId: number; questionId: number }> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: o.id, name: unique('题库') })
    .returning();
  const [question] = await db
    .insert(questions)
    .values({
      organizationId: o.id,
      bankId: bank!.id,
      type: QuestionType.TRUE_FALSE,
      stem: '<p>地球是圆的</p>',
      stemText: '地球是圆的',
      answer: true,
      status: 1,
    })
    .returning();
  const [paper] = await db
    .insert(papers)
    .values({ organizationId: o.id, name: unique('试卷'), status: 1, questionCount: 1, totalScore: 10 })
    .returning();
  const [section] = await db.insert(paperSections).values({ paperId: paper!.id, name: '判断题' }).returning();
  await db
    .insert(paperQuestions)
    .values({ paperId: paper!.id, sectionId: section!.id, questionId: question!.id, sort: 0, points: 10 });
  return { paperId: paper!.id, questionId: question!.id };
}

function examBody(paperId: number, audience: Record<string, unknown>, name = unique('开放考试')) {
  const now = Date.now();
  return {
    name,
    paperIds: [paperId],
    startAt: now - 60_000,
    endAt: now + 3600_000,
    durationMinutes: 30,
    audience,
  };
}

/** A published open-link exam of `org`. */
async function openExam(): Promise<{ examId: number; questionId: number }> {
  const { paperId, questionId } = await newPaper(org);
  const added = await call(t, 'POST', `${E}/add`, {
    user: org.admin,
    body: examBody(paperId, { mode: 'open', registrationFields: ['单位'] }),
  });
  expect(added.body.message).toBe('成功');
  const { examId } = data<{ examId: number }>(added);
  const published = await call(t, 'POST', `${E}/publish?examId=${examId}`, { user: org.admin });
  expect(published.body.message).toBe('成功');
  return { examId, questionId };
}

/** Proves the phone by SMS and registers through the link; the registrant signed in. */
async function register(examId: number, phone: string, realName = '访客'): Promise<TestUser> {
  const sent = await call(t, 'POST', `${O}/sms?examId=${examId}&phone=${phone}`);
  expect(sent.body.message).toBe('成功');
  const code = readSmsOutbox(t.config.dataDir)
    .filter((m) => m.phone === phone)
    .at(-1)
    ?.content.match(/\d{6}/)?.[0];
  const res = await call(t, 'POST', `${O}/register?examId=${examId}`, {
    body: { realName, phone, code, fields: { 单位: '外包施工队' } },
  });
  expect(res.body.message).toBe('成功');
  const [row] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return { id: row!.id, account: '', phone, token: data<{ access_token: string }>(res).access_token };
}

async function storedUser(id: number) {
  const { db } = t.app.deps;
  const [row] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, id));
  const roles = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
  return { kind: row?.kind, roleIds: roles.map((r) => r.roleId) };
}

describe('an open-link registrant', () => {
  it('is a candidate without roles, refused (403) by every member route', async () => {
    const { examId } = await openExam();
    const guest = await register(examId, uniquePhone());
    for (const url of MEMBER_ROUTES) {
      const refused = await call(t, 'GET', url, { user: guest });
      expect([url, refused.status]).toEqual([url, 403]);
      expect(refused.body.message).toBe('考生账号只能参加考试，不能使用该功能');
      expect(refused.body.res).toBeNull();
      // A default-role member and the administrator still read them.
      for (const user of [org.staff, org.admin]) {
        expect([url, (await call(t, 'GET', url, { user })).status]).toEqual([url, 200]);
      }
    }
    // Writes are refused as well (a member route that changes something).
    const addTag = await call(t, 'POST', '/user/api/v1/tag/add', {
      user: guest,
      body: { type: TagType.USER, name: unique('标签') },
    });
    expect(addTag.status).toBe(403);
    expect(await storedUser(guest.id)).toEqual({ kind: 'candidate', roleIds: [] });
  });

  it('is no staff: the staff list, the directory and the console counts leave candidates out', async () => {
    const { examId } = await openExam();
    const staffTotal = async () =>
      (await call(t, 'POST', '/user/api/v2/staff/search?page=0&size=100', { user: org.admin, body: {} })).body
        .res?.total;
    const directory = async () =>
      (
        await call(t, 'GET', '/user/api/v1/department/organization/staffs?page=0&size=100', {
          user: org.admin,
        })
      ).body.res?.total;
    const consoleStaff = async () =>
      (
        (await call(t, 'GET', '/user/api/v1/statistic/console', { user: org.admin })).body.res?.data as {
          figures: { staffCount: number };
        }
      )?.figures.staffCount;
    const before = [await staffTotal(), await directory(), await consoleStaff()];
    const guest = await register(examId, uniquePhone(), '外来考生');
    expect([await staffTotal(), await directory(), await consoleStaff()]).toEqual(before);
    expect(before.every((n) => typeof n === 'number' && n > 0)).toBe(true);
    expect(await storedUser(guest.id)).toEqual({ kind: 'candidate', roleIds: [] });
  });

  it('takes their own exam: list, instructions, start, save, submit, result, own info', async () => {
    const { examId, questionId } = await openExam();
    const guest = await register(examId, uniquePhone(), '王访客');
    const mine = data<{ examId: number }[]>(await call(t, 'GET', `${C}/exams?tab=ongoing`, { user: guest }));
    expect(mine.map((row) => row.examId)).toEqual([examId]);
    expect((await call(t, 'GET', `${C}/exam?examId=${examId}`, { user: guest })).status).toBe(200);
    const started = await call(t, 'POST', `${C}/start?examId=${examId}`, { user: guest });
    expect(started.status).toBe(200);
    const { attemptId } = data<{ attemptId: number }>(started);
    const saved = await call(t, 'POST', `${C}/answers?attemptId=${attemptId}`, {
      user: guest,
      body: [{ questionId, answer: true, seq: 1 }],
    });
    expect(saved.status).toBe(200);
    expect(
      (
        await call(t, 'POST', `${C}/events?attemptId=${attemptId}`, {
          user: guest,
          body: { events: [{ kind: 'heartbeat' }] },
        })
      ).status,
    ).toBe(200);
    expect((await call(t, 'GET', `${C}/messages?attemptId=${attemptId}`, { user: guest })).status).toBe(200);
    // Code runs answer them too (here: a run that does not exist, 404 rather than 403).
    const run = await call(t, 'GET', `${C}/code/run?jobId=999999999`, { user: guest });
    expect([run.status, run.body.message]).toEqual([404, '运行记录不存在']);
    expect((await call(t, 'POST', `${C}/submit?attemptId=${attemptId}`, { user: guest })).status).toBe(200);
    expect((await call(t, 'GET', `${C}/result?attemptId=${attemptId}`, { user: guest })).status).toBe(200);
    const detail = await call(t, 'GET', '/user/api/v1/user/detail', { user: guest });
    expect(data<{ kind: string; realName: string; roles: unknown[] }>(detail)).toMatchObject({
      kind: 'candidate',
      realName: '王访客',
      roles: [],
    });
    const menu = await call(t, 'GET', '/user/api/v2/sys/permission/get/menu?endpoint=1', { user: guest });
    expect([menu.status, data(menu)]).toEqual([200, []]);
    // Another exam of the organisation, not theirs, stays closed.
    const { examId: notTheirs } = await openExam();
    const refused = await call(t, 'POST', `${C}/start?examId=${notTheirs}`, { user: guest });
    expect([refused.status, refused.body.message]).toEqual([403, '您不在本场考试的考生名单中']);
  });

  it('stays a member, with their roles, when they already were one', async () => {
    const { examId } = await openExam();
    const before = await storedUser(org.staff.id);
    const staff = await register(examId, org.staff.phone, '员工');
    expect(staff.id).toBe(org.staff.id);
    expect(await storedUser(org.staff.id)).toEqual(before);
    expect(before).toEqual({ kind: 'member', roleIds: [org.roleIds.staff] });
    const detail = await call(t, 'GET', '/user/api/v1/user/detail', { user: staff });
    expect(data<{ kind: string }>(detail).kind).toBe('member');
    for (const url of ['/user/api/v1/department/tree', '/question/api/v1/bank/simple']) {
      expect([url, (await call(t, 'GET', url, { user: staff })).status]).toEqual([url, 200]);
    }
    expect((await call(t, 'GET', `${C}/exams?tab=ongoing`, { user: staff })).status).toBe(200);
  });
});

describe("an exam's audience", () => {
  async function otherOrgAudiences(): Promise<[Record<string, unknown>, string][]> {
    const [tag] = await t.app.deps.db
      .insert(tags)
      .values({ organizationId: other.id, type: TagType.USER, name: unique('标签') })
      .returning();
    return [
      [{ mode: 'assigned', userIds: [other.staff.id] }, '考生不存在'],
      [{ mode: 'assigned', userIds: [org.staff.id, other.staff.id] }, '考生不存在'],
      [{ mode: 'assigned', departmentIds: [other.departmentIds[0]] }, '部门不存在'],
      [{ mode: 'assigned', tagIds: [tag!.id] }, '标签不存在'],
    ];
  }

  it("refuses another organisation's people, departments and tags at add, storing nothing", async () => {
    const { paperId } = await newPaper(org);
    for (const [audience, message] of await otherOrgAudiences()) {
      const name = unique('跨组织考试');
      const res = await call(t, 'POST', `${E}/add`, {
        user: org.admin,
        body: examBody(paperId, audience, name),
      });
      expect([audience, res.status, res.body.message]).toEqual([audience, 404, message]);
      const stored = await t.app.deps.db
        .select({ id: exams.id })
        .from(exams)
        .where(and(eq(exams.organizationId, org.id), eq(exams.name, name)));
      expect(stored).toEqual([]);
    }
    // The organisation's own audience is accepted.
    const own = await call(t, 'POST', `${E}/add`, {
      user: org.admin,
      body: examBody(paperId, {
        mode: 'assigned',
        userIds: [org.staff.id],
        departmentIds: [org.departmentIds[0]],
      }),
    });
    expect(own.body.message).toBe('成功');
  });

  it('refuses them at modify, leaving the stored audience as it was', async () => {
    const { paperId } = await newPaper(org);
    const audience = { mode: 'assigned', userIds: [org.staff.id] };
    const added = await call(t, 'POST', `${E}/add`, { user: org.admin, body: examBody(paperId, audience) });
    const { examId } = data<{ examId: number }>(added);
    const storedAudience = async () => {
      const [row] = await t.app.deps.db
        .select({ audience: exams.audience })
        .from(exams)
        .where(eq(exams.id, examId));
      return row?.audience;
    };
    const before = await storedAudience();
    for (const [foreign, message] of await otherOrgAudiences()) {
      const res = await call(t, 'POST', `${E}/modify?examId=${examId}`, {
        user: org.admin,
        body: examBody(paperId, foreign, '改过的名称'),
      });
      expect([foreign, res.status, res.body.message]).toEqual([foreign, 404, message]);
      expect(await storedAudience()).toEqual(before);
    }
    const [row] = await t.app.deps.db.select({ name: exams.name }).from(exams).where(eq(exams.id, examId));
    expect(row?.name).not.toBe('改过的名称');
  });
});
