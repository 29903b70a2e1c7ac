import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsOutbox } from '../../core/sms';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import type { NoticeRow } from '@kaopei/shared/contracts/notice';
import { SMS_INFO_PER_PHONE_PER_HOUR } from './sms-info.service';

let t: TestApp;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  other = await createOrg(t);
});
afterAll(() => t.close());

const rows = (res: Awaited<ReturnType<typeof call>>) => res.body.res?.data as NoticeRow[];

async function sendMany(o: TestOrg, n: number) {
  for (let i = 0; i < n; i++) {
    await call(t, 'POST', '/user/api/v1/user/message', {
      user: o.admin,
      body: { content: `消息${i}`, userIds: [o.staff.id] },
    });
  }
}

describe('message box', () => {
  it('lists unread messages only with status=1 and read ones with status=0', async () => {
    const o = await createOrg(t);
    await sendMany(o, 3);
    const all = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5', { user: o.staff });
    const newest = rows(all)[0];
    await call(t, 'POST', '/user/api/v1/notice/read', { user: o.staff, body: [newest?.noticeReceiveId] });
    const unread = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5&status=1', {
      user: o.staff,
    });
    expect(unread.body.res?.total).toBe(2);
    expect(rows(unread).every((r) => r.status === 1)).toBe(true);
    const read = await call(t, 'GET', '/user/api/v1/notice/get/notices?page=0&size=5&status=0', {
      user: o.staff,
    });
    expect(rows(read).map((r) => r.noticeReceiveId)).toEqual([newest?.noticeReceiveId]);
    const bad = await call(t, 'GET', '/user/api/v1/notice/get/notices?status=3', { user: o.staff });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('状态只能是 0（已读）或 1（未读）');
  });

  it('pages the notices by pageNumber and pageSize (one-based) as well as by page and size', async () => {
    const o = await createOrg(t);
    await sendMany(o, 7);
    const url = '/user/api/v1/notice/get/notices';
    const zeroBased = await call(t, 'GET', `${url}?page=1&size=3`, { user: o.staff });
    const oneBased = await call(t, 'GET', `${url}?pageNumber=2&pageSize=3`, { user: o.staff });
    expect(oneBased.status).toBe(200);
    expect(oneBased.body.res?.total).toBe(7);
    expect(rows(oneBased)).toHaveLength(3);
    expect(rows(oneBased).map((r) => r.content)).toEqual(['消息3', '消息2', '消息1']);
    expect(rows(oneBased)).toEqual(rows(zeroBased));
    const last = await call(t, 'GET', `${url}?pageNumber=3&pageSize=3&status=1`, { user: o.staff });
    expect(rows(last).map((r) => r.content)).toEqual(['消息0']);
    const bad = await call(t, 'GET', `${url}?pageNumber=0&pageSize=3`, { user: o.staff });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('页码必须是大于等于 1 的整数');
  });

  it('marks everything read for the caller only', async () => {
    const o = await createOrg(t);
    await sendMany(o, 7);
    await call(t, 'POST', '/user/api/v1/user/message', {
      user: other.admin,
      body: { content: '别的组织', userIds: [other.staff.id] },
    });
    const res = await call(t, 'POST', '/user/api/v1/notice/read/all', { user: o.staff });
    expect(res.status).toBe(200);
    expect(res.body.res?.data).toEqual({ count: 7 });
    const flag = await call(t, 'POST', '/user/api/v1/notice/is/unread', { user: o.staff });
    expect(flag.body.res?.data).toBe(false);
    const again = await call(t, 'POST', '/user/api/v1/notice/read/all', { user: o.staff });
    expect(again.body.res?.data).toEqual({ count: 0 });
    const theirs = await call(t, 'POST', '/user/api/v1/notice/is/unread', { user: other.staff });
    expect(theirs.body.res?.data).toBe(true);
  });
});

describe('SMS notices to staff', () => {
  it('sends through the SMS adapter to a staff member of the organisation', async () => {
    const o = await createOrg(t);
    const res = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: o.staff.phone, content: '明天上午九点参加消防演练' },
    });
    expect(res.status).toBe(200);
    expect(res.body.res?.data).toEqual({ userId: o.staff.id, realName: '员工' });
    const message = readSmsOutbox(t.config.dataDir)
      .filter((m) => m.phone === o.staff.phone)
      .at(-1);
    expect(message?.content).toBe(`【考培】${o.name}：明天上午九点参加消防演练`);
  });

  it('treats phones outside the organisation as not found, and sends nothing', async () => {
    const o = await createOrg(t);
    const before = readSmsOutbox(t.config.dataDir).length;
    const foreign = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: other.staff.phone, content: '越权短信' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('该手机号不属于本组织的在职员工');
    const unknown = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: '13000000000', content: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(readSmsOutbox(t.config.dataDir)).toHaveLength(before);
  });

  it('is for administrators only and validates its input', async () => {
    const o = await createOrg(t);
    const before = readSmsOutbox(t.config.dataDir).length;
    const staff = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.staff,
      body: { phone: o.admin.phone, content: 'hi' },
    });
    expect(staff.status).toBe(403);
    const badPhone = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: '1234', content: 'hi' },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('手机号格式不正确');
    const empty = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: o.staff.phone, content: '   ' },
    });
    expect(empty.body.message).toBe('短信内容不能为空');
    const long = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: o.staff.phone, content: '长'.repeat(301) },
    });
    expect(long.body.message).toBe('短信内容不能超过 300 个字符');
    expect(readSmsOutbox(t.config.dataDir)).toHaveLength(before);
  });

  it('limits messages per recipient', async () => {
    const o = await createOrg(t);
    for (let i = 0; i < SMS_INFO_PER_PHONE_PER_HOUR; i++) {
      const res = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
        user: o.admin,
        body: { phone: o.staff.phone, content: `第${i}条` },
      });
      expect(res.status).toBe(200);
    }
    const limited = await call(t, 'POST', '/user/api/v1/user/send/sms/info', {
      user: o.admin,
      body: { phone: o.staff.phone, content: '超限' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('向该员工发送短信过于频繁，请稍后再试');
  });
});
