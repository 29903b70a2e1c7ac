import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsOutbox } from '../../core/sms';
import { hashPassword } from '../../core/crypto';
import { orgApplications, organizations, roles, users } from '../../db/schema';
import { ensurePlatformAdmin } from '../../db/seed';
import {
  call,
  createOrg,
  createTestApp,
  TEST_PASSWORD,
  tokenRequest,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import type { ApplicationView, OrganizationView } from '@kaopei/shared/contracts/org';

let auto: TestApp;
let manual: TestApp;
let org: TestOrg;
let other: TestOrg;
let platformAdmin: TestUser;

/** An administrator of the platform organisation (seeded by seedReference). */
async function createPlatformAdmin(t: TestApp): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const [platform] = await db.select().from(organizations).where(eq(organizations.kind, 'platform'));
  if (!platform) throw new Error('platform organisation missing');
  const account = unique('plat');
  const [user] = await db
    .insert(users)
    .values({
      organizationId: platform.id,
      account,
      realName: '平台审核员',
      isAdmin: true,
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning();
  if (!user) throw new Error('insert failed');
  const token = await tokens.signAccess({ userId: user.id, organizationId: platform.id });
  return { id: user.id, account, phone: '', token };
}

beforeAll(async () => {
  auto = await createTestApp();
  manual = await createTestApp({ ORG_APPROVAL: 'manual' });
  org = await createOrg(auto);
  other = await createOrg(auto);
  platformAdmin = await createPlatformAdmin(manual);
});
afterAll(async () => {
  await auto.close();
  await manual.close();
});

function latestCode(t: TestApp, phone: string): string {
  const message = readSmsOutbox(t.config.dataDir)
    .filter((m) => m.phone === phone)
    .at(-1);
  const code = message?.content.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

interface Applicant {
  organizationName: string;
  contactName: string;
  phone: string;
  email: string;
  account: string;
  password: string;
  industry?: string;
  scale?: string;
}

function applicant(): Applicant {
  return {
    organizationName: unique('星火科技'),
    contactName: '王经理',
    phone: uniquePhone(),
    email: `${unique('boss')}@example.com`,
    account: unique('boss'),
    password: 'Welcome2024',
    industry: '互联网',
    scale: '50-200人',
  };
}

/** Sends the register code and returns the applicant with the code filled in. */
async function withCode(t: TestApp, a: Applicant): Promise<Applicant & { code: string }> {
  const sent = await call(t, 'POST', `/v1/org/sms/code/add?phone=${a.phone}`);
  expect(sent.status).toBe(200);
  return { ...a, code: latestCode(t, a.phone) };
}

async function applicationCount(t: TestApp, a: Pick<Applicant, 'account'>): Promise<number> {
  const [row] = await t.app.deps.db
    .select({ n: count() })
    .from(orgApplications)
    .where(eq(orgApplications.account, a.account));
  return row?.n ?? 0;
}

describe('company sign-up with automatic approval', () => {
  it('opens the organisation with default roles and an administrator who can sign in at once', async () => {
    const a = await withCode(auto, applicant());
    const res = await call(auto, 'POST', '/v1/org/addApply', { body: a });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('注册成功，请使用管理员账号登录');
    const result = res.body.res?.data as { applicationId: number; status: number; organizationId: number };
    expect(result.status).toBe(1);

    const [created] = await auto.app.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, result.organizationId));
    expect(created).toMatchObject({ name: a.organizationName, kind: 'enterprise', status: 0 });
    const roleRows = await auto.app.deps.db
      .select({ name: roles.name })
      .from(roles)
      .where(eq(roles.organizationId, result.organizationId));
    expect(roleRows.map((r) => r.name).sort()).toEqual(
      ['培训专员', '培训管理员', '招聘专员', '普通员工'].sort(),
    );

    const token = await tokenRequest(auto, { username: a.account, password: a.password, role: '1' });
    expect(token.statusCode).toBe(200);
    const access = token.json().access_token as string;
    const detail = await auto.app.inject({
      url: '/user/api/v1/user/detail',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(detail.json().res.data).toMatchObject({
      isAdmin: true,
      realName: '王经理',
      organizationName: a.organizationName,
      organizationKind: 'enterprise',
      email: a.email,
    });
    const menu = await auto.app.inject({
      url: '/user/api/v2/sys/permission/get/menu?endpoint=1',
      headers: { authorization: `Bearer ${access}` },
    });
    const names = (menu.json().res.data as { name: string }[]).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['控制台', '考试管理', '系统管理', '招聘管理']));
    const notices = await auto.app.inject({
      url: '/user/api/v1/notice/get/notices?page=0&size=5',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(notices.json().res.data[0]).toMatchObject({ title: '欢迎入驻考培', status: 1 });
  });

  it('registers colleges as college organisations and industry bodies as enterprises', async () => {
    const path = '/user/api/v1/org/management/industry/and/eduction/organiztion/register';
    const college = await withCode(auto, applicant());
    const c = await call(auto, 'POST', path, { body: { ...college, kind: 'college' } });
    expect(c.status).toBe(200);
    const collegeOrg = (c.body.res?.data as { organizationId: number }).organizationId;
    const industry = await withCode(auto, applicant());
    const i = await call(auto, 'POST', path, { body: { ...industry, kind: 'industry' } });
    const industryOrg = (i.body.res?.data as { organizationId: number }).organizationId;
    const kinds = await auto.app.deps.db
      .select({ id: organizations.id, kind: organizations.kind })
      .from(organizations)
      .where(sql`${organizations.id} in (${collegeOrg}, ${industryOrg})`);
    expect(Object.fromEntries(kinds.map((k) => [k.id, k.kind]))).toEqual({
      [collegeOrg]: 'college',
      [industryOrg]: 'enterprise',
    });
    const [stored] = await auto.app.deps.db
      .select()
      .from(orgApplications)
      .where(eq(orgApplications.account, industry.account));
    expect(stored).toMatchObject({
      kind: 'industry',
      status: 1,
      details: { industry: '互联网', scale: '50-200人' },
      // The password hash moved to the administrator account.
      passwordHash: '',
    });

    const badKind = await call(auto, 'POST', path, {
      body: { ...applicant(), code: '123456', kind: 'school' },
    });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe('机构类型只能是院校（college）或产业机构（industry）');
  });

  it('rejects bad input naming the field, and a wrong code, creating nothing', async () => {
    const a = await withCode(auto, applicant());
    const cases: [Record<string, unknown>, string][] = [
      [{ organizationName: 'x' }, '组织名称至少 2 个字'],
      [{ contactName: '' }, '请输入联系人'],
      [{ phone: '12345' }, '手机号格式不正确'],
      [{ email: 'bad@' }, '邮箱格式不正确'],
      [{ account: '1abc' }, '账号需为 4–32 位字母、数字或下划线，并以字母开头'],
      [{ password: 'abcdefgh' }, '密码需同时包含字母和数字'],
      [{ code: 'abc' }, '验证码为 6 位数字'],
      [{ code: a.code === '000000' ? '111111' : '000000' }, '验证码错误'],
    ];
    for (const [patch, message] of cases) {
      const res = await call(auto, 'POST', '/v1/org/addApply', { body: { ...a, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await applicationCount(auto, a)).toBe(0);
    const [existing] = await auto.app.deps.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, a.organizationName));
    expect(existing).toBeUndefined();
    // The right code still works after the failures above.
    const ok = await call(auto, 'POST', '/v1/org/addApply', { body: a });
    expect(ok.status).toBe(200);
  });

  it('refuses duplicate account, phone, e-mail and organisation name with clear messages', async () => {
    const first = await withCode(auto, applicant());
    expect((await call(auto, 'POST', '/v1/org/addApply', { body: first })).status).toBe(200);

    const phoneTaken = await call(auto, 'POST', `/v1/org/sms/code/add?phone=${first.phone}`);
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.body.message).toBe('该手机号已被注册，请直接登录或更换手机号');

    const cases: [Partial<Applicant>, string][] = [
      [{ account: first.account.toUpperCase() }, `账号「${first.account.toUpperCase()}」已被注册`],
      [{ email: first.email }, '该邮箱已被注册，请更换邮箱'],
      [{ organizationName: ` ${first.organizationName} ` }, `组织名称「${first.organizationName}」已被注册`],
      [{ account: 'platform' }, '账号「platform」为系统保留，请更换'],
    ];
    for (const [patch, message] of cases) {
      const next = await withCode(auto, applicant());
      const res = await call(auto, 'POST', '/v1/org/addApply', { body: { ...next, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(409);
      expect(res.body.message).toBe(message);
    }
    const orgTaken = await call(auto, 'POST', '/v1/org/addApply', {
      body: { ...(await withCode(auto, applicant())), organizationName: org.name },
    });
    expect(orgTaken.status).toBe(409);
  });
});

describe('manual approval by the platform', () => {
  it('keeps an application pending until a platform administrator approves it', async () => {
    const a = await withCode(manual, applicant());
    const res = await call(manual, 'POST', '/v1/org/addApply', { body: a });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('申请已提交，请等待平台审核');
    const { applicationId, status } = res.body.res?.data as { applicationId: number; status: number };
    expect(status).toBe(0);
    expect((await tokenRequest(manual, { username: a.account, password: a.password })).statusCode).toBe(400);

    // While pending, the same account, phone and name cannot apply again.
    const twin = await withCode(manual, applicant());
    const dup = await call(manual, 'POST', '/v1/org/addApply', {
      body: { ...twin, organizationName: a.organizationName },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`组织名称「${a.organizationName}」已有待审核的入驻申请`);
    const phoneDup = await call(manual, 'POST', `/v1/org/sms/code/add?phone=${a.phone}`);
    expect(phoneDup.body.message).toBe('该手机号已有待审核的入驻申请');

    const list = await call(
      manual,
      'GET',
      `/user/api/v1/platform/applications?page=0&size=10&status=0&keyword=${encodeURIComponent(a.organizationName)}`,
      {
        user: platformAdmin,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.res?.total).toBe(1);
    expect((list.body.res?.data as ApplicationView[])[0]).toMatchObject({
      applicationId,
      organizationName: a.organizationName,
      kindName: '企业',
      status: 0,
      industry: '互联网',
    });

    const approved = await call(
      manual,
      'POST',
      `/user/api/v1/platform/applications/approve?applicationId=${applicationId}`,
      {
        user: platformAdmin,
      },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.res?.data).toMatchObject({ status: 1 });
    expect((await tokenRequest(manual, { username: a.account, password: a.password })).statusCode).toBe(200);
    const sms = readSmsOutbox(manual.config.dataDir)
      .filter((m) => m.phone === a.phone)
      .at(-1);
    expect(sms?.content).toContain('已通过审核');

    const twice = await call(
      manual,
      'POST',
      `/user/api/v1/platform/applications/approve?applicationId=${applicationId}`,
      {
        user: platformAdmin,
      },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该申请已处理，请刷新列表');
  });

  it('rejects with a reason, which the applicant is told', async () => {
    const a = await withCode(manual, applicant());
    const res = await call(manual, 'POST', '/v1/org/addApply', { body: a });
    const { applicationId } = res.body.res?.data as { applicationId: number };
    const noReason = await call(
      manual,
      'POST',
      `/user/api/v1/platform/applications/reject?applicationId=${applicationId}`,
      {
        user: platformAdmin,
        body: { reason: '  ' },
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写驳回原因');
    const rejected = await call(
      manual,
      'POST',
      `/user/api/v1/platform/applications/reject?applicationId=${applicationId}`,
      {
        user: platformAdmin,
        body: { reason: '资料不完整' },
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.res?.data).toMatchObject({ status: 2, reviewReason: '资料不完整' });
    const sms = readSmsOutbox(manual.config.dataDir)
      .filter((m) => m.phone === a.phone)
      .at(-1);
    expect(sms?.content).toContain('原因：资料不完整');
    const [none] = await manual.app.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, a.account));
    expect(none).toBeUndefined();
    // A rejected application frees the name for a new attempt.
    const retry = await call(manual, 'POST', '/v1/org/addApply', {
      body: await withCode(manual, { ...applicant(), organizationName: a.organizationName }),
    });
    expect(retry.status).toBe(200);
  });

  it('is only for administrators of the platform organisation', async () => {
    const customer = await createOrg(manual);
    for (const user of [customer.admin, customer.staff]) {
      const list = await call(manual, 'GET', '/user/api/v1/platform/applications', { user });
      expect(list.status).toBe(403);
      const approve = await call(
        manual,
        'POST',
        '/user/api/v1/platform/applications/approve?applicationId=1',
        {
          user,
        },
      );
      expect(approve.status).toBe(403);
    }
    const anonymous = await call(manual, 'GET', '/user/api/v1/platform/applications');
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for unknown applications and 400 for bad ids', async () => {
    const missing = await call(
      manual,
      'POST',
      '/user/api/v1/platform/applications/approve?applicationId=999999999',
      {
        user: platformAdmin,
      },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('入驻申请不存在');
    const bad = await call(manual, 'POST', '/user/api/v1/platform/applications/reject?applicationId=abc', {
      user: platformAdmin,
      body: { reason: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('入驻申请');
    const badStatus = await call(manual, 'GET', '/user/api/v1/platform/applications?status=7', {
      user: platformAdmin,
    });
    expect(badStatus.status).toBe(400);
  });
});

describe('organisation information', () => {
  it('reads for every member and updates name and logo for administrators', async () => {
    const read = await call(auto, 'POST', '/user/api/v1/org/show', { user: org.staff });
    expect(read.status).toBe(200);
    expect(read.body.res?.data).toMatchObject({
      organizationId: org.id,
      organizationName: org.name,
      kind: 'enterprise',
      kindName: '企业',
      staffCount: 2,
      departmentCount: 2,
      editable: false,
    });
    const newName = unique('新名称');
    const updated = await call(auto, 'POST', '/user/api/v1/org/show', {
      user: org.admin,
      body: { organizationName: newName, organizationLogoUrl: '/api/files/9/logo.png' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.res?.data).toMatchObject({
      organizationName: newName,
      organizationLogoUrl: '/api/files/9/logo.png',
      editable: true,
    });
    const detail = await call(auto, 'GET', '/user/api/v1/user/detail', { user: org.staff });
    expect(detail.body.res?.data).toMatchObject({
      organizationName: newName,
      organizationLogoUrl: '/api/files/9/logo.png',
    });
    org.name = newName;
  });

  it('refuses updates by staff, duplicate names and bad input, changing nothing', async () => {
    const before = (await call(auto, 'POST', '/user/api/v1/org/show', { user: org.admin })).body.res
      ?.data as OrganizationView;
    const staff = await call(auto, 'POST', '/user/api/v1/org/show', {
      user: org.staff,
      body: { organizationName: '员工改名' },
    });
    expect(staff.status).toBe(403);
    const dup = await call(auto, 'POST', '/user/api/v1/org/show', {
      user: org.admin,
      body: { organizationName: other.name },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`组织名称「${other.name}」已被注册`);
    const badLogo = await call(auto, 'POST', '/user/api/v1/org/show', {
      user: org.admin,
      body: { organizationLogoUrl: 'data:text/html,hi' },
    });
    expect(badLogo.status).toBe(400);
    expect(badLogo.body.message).toBe('Logo地址不正确');
    const shortName = await call(auto, 'POST', '/user/api/v1/org/show', {
      user: org.admin,
      body: { organizationName: 'A' },
    });
    expect(shortName.status).toBe(400);
    const after = (await call(auto, 'POST', '/user/api/v1/org/show', { user: org.admin })).body.res?.data;
    expect(after).toEqual(before);
    // The other organisation is untouched by everything above.
    const theirs = await call(auto, 'POST', '/user/api/v1/org/show', { user: other.admin });
    expect(theirs.body.res?.data).toMatchObject({ organizationId: other.id, organizationName: other.name });
  });
});

describe('platform administrator seeding', () => {
  it('creates the platform account and resets its password on every start', async () => {
    const db = manual.app.deps.db;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'platform'));
    const first = await ensurePlatformAdmin(db, 'Platform2024');
    expect(first).toBe(existing ? 'updated' : 'created');
    expect((await tokenRequest(manual, { username: 'platform', password: 'Platform2024' })).statusCode).toBe(
      200,
    );
    expect(await ensurePlatformAdmin(db, 'Rotated2025')).toBe('updated');
    expect((await tokenRequest(manual, { username: 'platform', password: 'Rotated2025' })).statusCode).toBe(
      200,
    );
    const [row] = await db
      .select({ isAdmin: users.isAdmin, kind: organizations.kind })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.account, 'platform')));
    expect(row).toEqual({ isAdmin: true, kind: 'platform' });
  });
});
