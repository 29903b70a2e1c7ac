import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import type { NoticeRow } from '@kaopei/shared/contracts/notice';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

const rows = (res: Awaited<ReturnType<typeof call>>) => res.body.res?.data as NoticeRow[];

describe('messages and notices', () => {
  it('lets an admin message staff and the staff member see it unread in the bell', async () => {
    const sent = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { title: '通知', content: '下午三点开会', userIds: [org.staff.id] },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.res?.data).toEqual({ count: 1 });

    const unread = await call(t, 'POST', '/user/api/v1/notice/is/unread', { user: org.staff });
    expect(unread.body.res?.data).toBe(true);
    const bell = await call(t, 'POST', '/user/api/v1/user/message/unread?page=0&size=5', {
      user: org.staff,
      body: { type: 0, userId: org.staff.id },
    });
    expect(bell.body.res?.total).toBe(1);
    const [message] = rows(bell);
    expect(message).toMatchObject({ content: '下午三点开会', status: 1, senderName: '管理员' });
    expect(typeof message?.sendTime).toBe('number');

    const read = await call(
      t,
      'POST',
      `/user/api/v1/user/message/read?messageId=${message?.noticeReceiveId}`,
      { user: org.staff },
    );
    expect(read.body.res?.data).toEqual({ count: 1 });
    const after = await call(t, 'POST', '/user/api/v1/notice/is/unread', { user: org.staff });
    expect(after.body.res?.data).toBe(false);
  });

  it('sends to a department including its sub-departments', async () => {
    const o = await createOrg(t);
    // The staff member sits in the child department of departmentIds[0].
    const sent = await call(t, 'POST', '/user/api/v1/user/message', {
      user: o.admin,
      body: { content: '部门通知', departmentIds: [o.departmentIds[0]] },
    });
    expect(sent.body.res?.data).toEqual({ count: 2 });
  });

  it('pages the notice list five at a time and marks several read', async () => {
    const o = await createOrg(t);
    for (let i = 0; i < 7; i++) {
      await call(t, 'POST', '/user/api/v1/user/message', {
        user: o.admin,
        body: { content: `消息${i}`, userIds: [o.staff.id] },
      });
    }
    const page0 = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5', { user: o.staff });
    expect(page0.body.res?.total).toBe(7);
    expect(rows(page0).map((r) => r.content)).toEqual(['消息6', '消息5', '消息4', '消息3', '消息2']);
    const page1 = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=1&size=5', { user: o.staff });
    expect(rows(page1)).toHaveLength(2);
    const ids = rows(page0).map((r) => r.noticeReceiveId);
    const read = await call(t, 'POST', '/user/api/v1/notice/read', { user: o.staff, body: ids });
    expect(read.body.res?.data).toEqual({ count: 5 });
  });

  it('cannot read or mark another user’s messages', async () => {
    const o = await createOrg(t);
    await call(t, 'POST', '/user/api/v1/user/message', {
      user: o.admin,
      body: { content: '私信', userIds: [o.staff.id] },
    });
    const bell = await call(t, 'POST', '/user/api/v1/user/message/unread?page=0&size=5', {
      user: o.staff,
      body: {},
    });
    const id = rows(bell)[0]?.noticeReceiveId;
    const foreign = await call(t, 'POST', `/user/api/v1/user/message/read?messageId=${id}`, {
      user: other.admin,
    });
    expect(foreign.body.res?.data).toEqual({ count: 0 });
    const theirs = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5', {
      user: other.admin,
    });
    expect(rows(theirs).some((r) => r.noticeReceiveId === id)).toBe(false);
    const still = await call(t, 'POST', '/user/api/v1/notice/is/unread', { user: o.staff });
    expect(still.body.res?.data).toBe(true);
  });

  it('refuses recipients from another organisation', async () => {
    const res = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { content: '越权', userIds: [other.staff.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('接收人不存在');
    const dept = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { content: '越权', departmentIds: [other.departmentIds[0]] },
    });
    expect(dept.status).toBe(400);
    expect(dept.body.message).toBe('所选部门不存在');
  });

  it('lets only admins send', async () => {
    const res = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.staff,
      body: { content: 'x', userIds: [org.admin.id] },
    });
    expect(res.status).toBe(403);
  });

  it('rejects bad input with a message naming the field and changes nothing', async () => {
    const before = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5', { user: org.staff });
    const empty = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { content: '  ', userIds: [org.staff.id] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('消息内容不能为空');
    const noOne = await call(t, 'POST', '/user/api/v1/user/message', {
      user: org.admin,
      body: { content: 'hi' },
    });
    expect(noOne.body.message).toBe('请选择接收人或部门');
    const badPage = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=-1&size=5', {
      user: org.staff,
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toContain('页码');
    const badIds = await call(t, 'POST', '/user/api/v1/notice/read', { user: org.staff, body: ['abc'] });
    expect(badIds.status).toBe(400);
    const after = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5', { user: org.staff });
    expect(after.body.res?.total).toBe(before.body.res?.total);
  });
});
