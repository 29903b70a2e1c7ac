import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, exams, papers, questionBanks, userRoles, users } from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  const other = await createOrg(t);
  const { db } = t.app.deps;
  await db.insert(questionBanks).values([
    { organizationId: org.id, name: '安全题库' },
    { organizationId: org.id, name: '技能题库' },
    { organizationId: other.id, name: '别人的题库' },
  ]);
  await db.insert(papers).values({ organizationId: org.id, name: '试卷一' });
  await db.insert(exams).values([{ organizationId: other.id, name: '别人的考试' }]);
  await db
    .insert(users)
    .values({ organizationId: org.id, account: unique('left'), realName: '离职者', status: 1 });
});
afterAll(() => t.close());

describe('console statistics', () => {
  it('counts only the caller’s organisation', async () => {
    const res = await call(t, 'GET', '/user/api/v1/statistic/console', { user: org.admin });
    expect(res.status).toBe(200);
    expect((res.body.res?.data as { figures: unknown }).figures).toEqual({
      staffCount: 2,
      departmentCount: 2,
      questionBankCount: 2,
      paperCount: 1,
      examCount: 0,
    });
  });

  it('lists recent activity newest first', async () => {
    await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { content: '你好', userIds: [org.staff.id] },
    });
    const res = await call(t, 'GET', '/user/api/v1/statistic/console', { user: org.admin });
    const data = res.body.res?.data as {
      recentActivity: { action: string; actorName: string; detail: string }[];
    };
    expect(data.recentActivity[0]).toMatchObject({
      action: 'message',
      actorName: '管理员',
      detail: '管理员 向 1 人发送了消息',
    });
  });

  it('counts staff by status', async () => {
    const res = await call(t, 'GET', '/user/api/v1/statistic/staff/sum', { user: org.admin });
    expect(res.body.res?.data).toEqual({ total: 3, active: 2, left: 1 });
  });

  it('counts neither open-link candidates nor another organisation’s staff in the staff sum', async () => {
    const { db } = t.app.deps;
    const [outsider] = await db
      .insert(users)
      .values({ organizationId: org.id, account: unique('cand'), realName: '考生', kind: 'candidate' })
      .returning();
    try {
      // `other` (created in beforeAll) has an administrator and a staff member of its own.
      const res = await call(t, 'GET', '/user/api/v1/statistic/staff/sum', { user: org.admin });
      expect(res.body.res?.data).toEqual({ total: 3, active: 2, left: 1 });
    } finally {
      await db.delete(users).where(eq(users.id, outsider!.id));
    }
  });
});

describe('the console of someone who manages nothing', () => {
  it('has no organisation figures and only their own activity', async () => {
    const { db } = t.app.deps;
    await db.insert(activityLog).values([
      { organizationId: org.id, actorId: org.staff.id, action: 'login', detail: '员工 登录了系统' },
      { organizationId: org.id, actorId: org.admin.id, action: 'login', detail: '管理员 登录了系统' },
    ]);
    const res = await call(t, 'GET', '/user/api/v1/statistic/console', { user: org.staff });
    expect(res.status).toBe(200);
    const data = res.body.res?.data as { figures: unknown; recentActivity: { detail: string }[] };
    expect(data.figures).toBeNull();
    expect(data.recentActivity.map((a) => a.detail)).toEqual(['员工 登录了系统']);
  });

  it('may not read the staff counts', async () => {
    const res = await call(t, 'GET', '/user/api/v1/statistic/staff/sum', { user: org.staff });
    expect(res.status).toBe(403);
  });

  it('sees the figures once a role opens a page beyond the console', async () => {
    const { db } = t.app.deps;
    await db.insert(userRoles).values({ userId: org.staff.id, roleId: org.roleIds.trainer });
    try {
      const res = await call(t, 'GET', '/user/api/v1/statistic/console', { user: org.staff });
      expect((res.body.res?.data as { figures: unknown }).figures).toMatchObject({ staffCount: 2 });
      const sum = await call(t, 'GET', '/user/api/v1/statistic/staff/sum', { user: org.staff });
      expect(sum.status).toBe(200);
    } finally {
      await db.delete(userRoles).where(eq(userRoles.roleId, org.roleIds.trainer));
    }
  });
});
