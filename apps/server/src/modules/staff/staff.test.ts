import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  call,
  createOrg,
  createTestApp,
  tokenRequest,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { activityLog, roles, userRoles, users } from '../../db/schema';
import type { StaffDetail, StaffRow } from './staff.service';
import type { ImportResult } from './staff.import';
import {
  TEMPLATE_HEADER,
  createMember,
  createPost,
  createRole,
  download,
  importWorkbook,
  multipart,
  readWorkbook,
  sheetRows,
  userRow,
} from '../../../test/support';

let t: TestApp;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  other = await createOrg(t);
});
afterAll(() => t.close());

const S = '/user/api/v1/staff';
const SEARCH = '/user/api/v2/staff/search';
const data = <T>(res: Awaited<ReturnType<typeof call>>) => res.body.res?.data as T;

async function signIn(username: string, password: string) {
  return tokenRequest(t, { grant_type: 'password', username, password, role: '1' });
}

async function addStaff(org: TestOrg, body: Record<string, unknown>, user: TestUser = org.admin) {
  return call(t, 'POST', `${S}/add`, { user, body });
}

async function orgUserCount(orgId: number): Promise<number> {
  return (await t.app.deps.db.select().from(users).where(eq(users.organizationId, orgId))).length;
}

describe('staff search', () => {
  let org: TestOrg;
  let postId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    org = await createOrg(t);
    postId = await createPost(t, org, '前端工程师');
    const people = [
      {
        key: 'a',
        realName: '甲',
        jobNumber: 'J001',
        departmentId: org.departmentIds[1],
        postId,
        gender: true,
      },
      { key: 'b', realName: '乙', jobNumber: 'J002', departmentId: org.departmentIds[0], gender: false },
      { key: 'c', realName: '丙', jobNumber: 'K003', departmentId: org.departmentIds[1], status: 1 },
    ];
    for (const { key, ...person } of people) {
      const [row] = await t.app.deps.db
        .insert(users)
        .values({ organizationId: org.id, account: unique(`s${key}`), phone: uniquePhone(), ...person })
        .returning({ id: users.id });
      ids[key] = row?.id ?? 0;
    }
  });

  it('pages, counts and returns the staff row shape with post and roles', async () => {
    const res = await call(t, 'POST', `${SEARCH}?page=0&size=2`, { user: org.admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.res?.total).toBe(5);
    const rows = data<StaffRow[]>(res);
    expect(rows).toHaveLength(2);
    const page2 = await call(t, 'POST', `${SEARCH}?page=2&size=2`, { user: org.admin, body: {} });
    expect(data<StaffRow[]>(page2)).toHaveLength(1);
    const beyond = await call(t, 'POST', `${SEARCH}?page=9&size=2`, { user: org.admin, body: {} });
    expect(data<StaffRow[]>(beyond)).toEqual([]);
    expect(beyond.body.res?.total).toBe(5);

    const one = await call(t, 'POST', `${SEARCH}?page=0&size=10`, {
      user: org.admin,
      body: { jobNumber: 'J001' },
    });
    expect(data<StaffRow[]>(one)).toEqual([
      expect.objectContaining({
        userId: ids.a,
        realName: '甲',
        gender: true,
        jobNumber: 'J001',
        status: 0,
        departmentId: org.departmentIds[1],
        departmentName: '前端组',
        postVO: { postId, postName: '前端工程师' },
        roles: [],
        isAdmin: false,
      }),
    ]);
    const staffRow = data<StaffRow[]>(
      await call(t, 'POST', `${SEARCH}?page=0&size=10`, {
        user: org.admin,
        body: { keyword: org.staff.account },
      }),
    );
    expect(staffRow[0]?.roles).toEqual([{ roleId: org.roleIds.staff, name: '普通员工' }]);
    expect(typeof staffRow[0]?.createdAt).toBe('number');
  });

  it('filters by department with sub-departments, status, job number and keyword', async () => {
    const search = async (body: Record<string, unknown>) =>
      data<StaffRow[]>(await call(t, 'POST', `${SEARCH}?page=0&size=50`, { user: org.admin, body }))
        .map((r) => r.userId)
        .sort();
    expect(await search({ departmentId: org.departmentIds[0] })).toEqual(
      [org.admin.id, org.staff.id, ids.a, ids.b, ids.c].sort(),
    );
    expect(await search({ departmentId: org.departmentIds[1], status: 0 })).toEqual(
      [org.staff.id, ids.a].sort(),
    );
    expect(await search({ status: 1 })).toEqual([ids.c]);
    expect(await search({ jobNumber: 'j00' })).toEqual([ids.a, ids.b].sort());
    expect(await search({ keyword: '乙' })).toEqual([ids.b]);
    const phone = (await userRow(t, ids.c as number))?.phone ?? '';
    expect(await search({ keyword: phone.slice(2) })).toEqual([ids.c]);
    // LIKE wildcards are literal.
    expect(await search({ keyword: '%' })).toEqual([]);
    // Empty strings from a cleared form mean "no filter".
    expect(await search({ keyword: '', jobNumber: '', status: '' })).toHaveLength(5);
  });

  it('sorts by whitelisted fields in both directions and rejects others', async () => {
    const order = async (field: string, dir: string) =>
      data<StaffRow[]>(
        await call(t, 'POST', `${SEARCH}?page=0&size=50`, {
          user: org.admin,
          body: { jobNumber: 'J0', sort: { field, order: dir } },
        }),
      ).map((r) => r.jobNumber);
    expect(await order('jobNumber', 'asc')).toEqual(['J001', 'J002']);
    expect(await order('jobNumber', 'desc')).toEqual(['J002', 'J001']);
    expect(await order('jobNumber', 'descend')).toEqual(['J002', 'J001']);
    const bad = await call(t, 'POST', `${SEARCH}?page=0&size=10`, {
      user: org.admin,
      body: { sort: { field: 'password_hash', order: 'asc' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('排序字段');
  });

  it('never shows another organisation’s staff; a foreign department is 404', async () => {
    const all = data<StaffRow[]>(
      await call(t, 'POST', `${SEARCH}?page=0&size=100`, { user: other.admin, body: {} }),
    );
    expect(all.map((r) => r.userId).sort()).toEqual([other.admin.id, other.staff.id].sort());
    const foreign = await call(t, 'POST', `${SEARCH}?page=0&size=10`, {
      user: org.admin,
      body: { departmentId: other.departmentIds[0] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('部门不存在');
  });

  it('pages with pageNumber/pageSize (one-based) as well as page/size', async () => {
    const zeroBased = data<StaffRow[]>(
      await call(t, 'POST', `${SEARCH}?page=1&size=2`, { user: org.admin, body: {} }),
    );
    const res = await call(t, 'POST', `${SEARCH}?pageNumber=2&pageSize=2`, { user: org.admin, body: {} });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.res?.total).toBe(5);
    const oneBased = data<StaffRow[]>(res);
    expect(oneBased).toHaveLength(2);
    expect(oneBased.map((row) => row.userId)).toEqual(zeroBased.map((row) => row.userId));
    const last = await call(t, 'POST', `${SEARCH}?pageNumber=3&pageSize=2`, { user: org.admin, body: {} });
    expect(data<StaffRow[]>(last)).toHaveLength(1);
    const bad = await call(t, 'POST', `${SEARCH}?pageNumber=0&pageSize=2`, { user: org.admin, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('页码');
  });

  it('needs the 员工管理 menu', async () => {
    const res = await call(t, 'POST', `${SEARCH}?page=0&size=10`, { user: org.staff, body: {} });
    expect(res.status).toBe(403);
    const badPage = await call(t, 'POST', `${SEARCH}?page=-1&size=10`, { user: org.admin, body: {} });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toContain('页码');
  });
});

describe('adding staff', () => {
  it('adds a staff member who can then sign in, with the default role and an activity line', async () => {
    const org = await createOrg(t);
    const account = unique('new');
    const phone = uniquePhone();
    const res = await addStaff(org, {
      account,
      realName: '王小明',
      phone,
      email: `${account}@Example.com`,
      gender: false,
      jobNumber: 'N001',
      departmentId: org.departmentIds[1],
      password: 'Start1234',
    });
    expect(res.status, res.body.message).toBe(200);
    const { userId, initialPassword } = data<{ userId: number; initialPassword: string | null }>(res);
    expect(initialPassword).toBeNull();
    const detail = data<StaffDetail>(
      await call(t, 'GET', `${S}/detail?userId=${userId}`, { user: org.admin }),
    );
    expect(detail).toMatchObject({
      account,
      realName: '王小明',
      phone,
      gender: false,
      jobNumber: 'N001',
      departmentPath: '研发部/前端组',
      roles: [{ roleId: org.roleIds.staff, name: '普通员工' }],
      status: 0,
    });
    const login = await signIn(account, 'Start1234');
    expect(login.statusCode).toBe(200);
    const activity = await t.app.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.action, '新增员工')));
    expect(activity[0]?.detail).toBe(`王小明（${account}）`);
  });

  it('generates a strong password when none is given and returns it once', async () => {
    const org = await createOrg(t);
    const account = unique('gen');
    const res = await addStaff(org, { account, realName: '随机密码' });
    const { initialPassword } = data<{ initialPassword: string }>(res);
    expect(initialPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[@#$%&*+=?]).{12}$/);
    expect((await signIn(account, initialPassword)).statusCode).toBe(200);
    const detail = await call(t, 'GET', `${S}/detail?userId=${data<{ userId: number }>(res).userId}`, {
      user: org.admin,
    });
    expect(JSON.stringify(detail.body)).not.toContain(initialPassword);
  });

  it('rejects bad input with a Chinese message naming the field and adds nobody', async () => {
    const org = await createOrg(t);
    const before = await orgUserCount(org.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '缺账号' }, '账号不能为空'],
      [{ account: 'ab', realName: 'x' }, '账号需为 4–32 位字母、数字或下划线'],
      [{ account: 'bad-name!', realName: 'x' }, '账号需为 4–32 位字母、数字或下划线'],
      [{ account: '13912345678', realName: 'x' }, '账号不能使用手机号格式（手机号可直接用于登录）'],
      [{ account: unique('ok'), realName: '  ' }, '姓名不能为空'],
      [{ account: unique('ok') }, '姓名不能为空'],
      [
        { account: unique('ok'), realName: 'x', phone: '12345' },
        '手机号格式不正确，应为 11 位中国大陆手机号',
      ],
      [
        { account: unique('ok'), realName: 'x', phone: '12912345678' },
        '手机号格式不正确，应为 11 位中国大陆手机号',
      ],
      [{ account: unique('ok'), realName: 'x', email: 'not-an-email' }, '邮箱格式不正确'],
      [{ account: unique('ok'), realName: 'x', gender: '男' }, '性别必须是 true（男）或 false（女）'],
      [{ account: unique('ok'), realName: 'x', jobNumber: 'J'.repeat(51) }, '工号不能超过 50 个字符'],
      [
        { account: unique('ok'), realName: 'x', password: 'short1' },
        '密码需为 8–32 位，同时包含字母和数字，且不含空格',
      ],
      [
        { account: unique('ok'), realName: 'x', password: 'onlyletters' },
        '密码需为 8–32 位，同时包含字母和数字，且不含空格',
      ],
      [{ account: unique('ok'), realName: 'x', departmentId: 'abc' }, '部门必须是数字'],
    ];
    for (const [body, message] of cases) {
      const res = await addStaff(org, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A refused field is named for the form: the request field's path, never inside the message.
    const bad = await addStaff(org, { account: unique('ok'), realName: 'x', departmentId: 'abc' });
    expect((bad.body as { field?: string }).field).toBe('departmentId');
    expect(await orgUserCount(org.id)).toBe(before);
  });

  it('refuses values already in use (409) and references outside the organisation (404)', async () => {
    const org = await createOrg(t);
    const before = await orgUserCount(org.id);
    const takenAccount = await addStaff(org, { account: org.staff.account.toUpperCase(), realName: 'x' });
    expect(takenAccount.status).toBe(409);
    expect(takenAccount.body.message).toBe(`账号「${org.staff.account.toUpperCase()}」已被使用`);
    // The form shows it under its field.
    expect((takenAccount.body as { field?: string }).field).toBe('account');
    // Accounts and phones are unique across organisations.
    const otherPhone = await addStaff(org, { account: unique('p'), realName: 'x', phone: other.staff.phone });
    expect(otherPhone.status).toBe(409);
    expect(otherPhone.body.message).toBe(`手机号「${other.staff.phone}」已被使用`);
    const first = await addStaff(org, {
      account: unique('e'),
      realName: 'x',
      email: 'Dup@Mail.com',
      jobNumber: 'JN-1',
    });
    expect(first.status).toBe(200);
    const email = await addStaff(org, { account: unique('e'), realName: 'x', email: 'dup@mail.com' });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('邮箱「dup@mail.com」已被使用');
    const job = await addStaff(org, { account: unique('j'), realName: 'x', jobNumber: 'JN-1' });
    expect(job.status).toBe(409);
    expect(job.body.message).toBe('工号「JN-1」已被使用');
    expect((job.body as { field?: string }).field).toBe('jobNumber');
    // Job numbers are only unique inside one organisation.
    const elsewhere = await addStaff(other, { account: unique('j'), realName: 'x', jobNumber: 'JN-1' });
    expect(elsewhere.status).toBe(200);

    const foreignDept = await addStaff(org, {
      account: unique('d'),
      realName: 'x',
      departmentId: other.departmentIds[0],
    });
    expect(foreignDept.status).toBe(404);
    expect(foreignDept.body.message).toBe('部门不存在');
    const foreignPost = await addStaff(org, {
      account: unique('d'),
      realName: 'x',
      postId: await createPost(t, other, unique('岗')),
    });
    expect(foreignPost.status).toBe(404);
    expect(foreignPost.body.message).toBe('岗位不存在');
    const foreignRole = await addStaff(org, {
      account: unique('d'),
      realName: 'x',
      roleIds: [other.roleIds.staff],
    });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.message).toBe('角色不存在');
    expect(await orgUserCount(org.id)).toBe(before + 1);
  });

  it('lets admins assign roles; other staff managers need the 角色权限 menu; plain staff get 403', async () => {
    const org = await createOrg(t);
    const withRoles = await addStaff(org, {
      account: unique('r'),
      realName: 'x',
      roleIds: [org.roleIds.trainer],
    });
    expect(withRoles.status).toBe(200);
    const detail = data<StaffDetail>(
      await call(t, 'GET', `${S}/detail?userId=${data<{ userId: number }>(withRoles).userId}`, {
        user: org.admin,
      }),
    );
    expect(detail.roles.map((r) => r.name)).toEqual(['培训专员']);

    // 员工管理 alone: may not even give the default role (it grants 控制台, which the caller lacks).
    const bare = await createMember(t, org, await createRole(t, org, [1101]));
    const byBare = await addStaff(org, { account: unique('m'), realName: '人事加的' }, bare);
    expect(byBare.status).toBe(403);
    expect(byBare.body.message).toBe('不能授予超出您自身权限的功能：控制台');
    // 员工管理 and 控制台: may add staff (default role) but not choose roles.
    const staffOnly = await createMember(t, org, await createRole(t, org, [100, 1101]));
    const byStaffManager = await addStaff(org, { account: unique('m'), realName: '人事加的' }, staffOnly);
    expect(byStaffManager.status).toBe(200);
    const chosenRoles = await addStaff(
      org,
      { account: unique('m'), realName: 'x', roleIds: [org.roleIds.manager] },
      staffOnly,
    );
    expect(chosenRoles.status).toBe(403);
    expect(chosenRoles.body.message).toBe('您没有分配角色的权限');
    const modifyRoles = await call(t, 'POST', `${S}/modify`, {
      user: staffOnly,
      body: { userId: org.staff.id, roleIds: [org.roleIds.manager] },
    });
    expect(modifyRoles.status).toBe(403);

    // 培训管理员 holds permission 3 (组织架构), which includes 角色权限.
    const manager = await createMember(t, org, 'manager');
    const managerRoles = await addStaff(
      org,
      { account: unique('m'), realName: 'x', roleIds: [org.roleIds.trainer] },
      manager,
    );
    expect(managerRoles.status).toBe(200);

    const denied = await addStaff(org, { account: unique('s'), realName: 'x' }, org.staff);
    expect(denied.status).toBe(403);
  });
});

describe('changing staff', () => {
  it('modifies given fields, clears optional ones with null and keeps the rest', async () => {
    const org = await createOrg(t);
    const postId = await createPost(t, org, '测试岗');
    const res = await call(t, 'POST', `${S}/modify`, {
      user: org.admin,
      body: {
        userId: org.staff.id,
        realName: '改名了',
        phone: null,
        email: 'new@mail.cn',
        postId,
        gender: true,
      },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(data<StaffDetail>(res)).toMatchObject({
      realName: '改名了',
      phone: null,
      email: 'new@mail.cn',
      gender: true,
      postVO: { postId, postName: '测试岗' },
      account: org.staff.account,
      departmentId: org.departmentIds[1],
    });
    const clearDept = await call(t, 'POST', `${S}/modify`, {
      user: org.admin,
      body: { userId: org.staff.id, departmentId: '', postId: null },
    });
    expect(data<StaffDetail>(clearDept)).toMatchObject({ departmentId: null, postVO: null });

    const bad = await call(t, 'POST', `${S}/modify`, {
      user: org.admin,
      body: { userId: org.staff.id, email: 'x@' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('邮箱格式不正确');
    expect((await userRow(t, org.staff.id))?.email).toBe('new@mail.cn');
    const clash = await call(t, 'POST', `${S}/modify`, {
      user: org.admin,
      body: { userId: org.staff.id, account: org.admin.account },
    });
    expect(clash.status).toBe(409);
    // Keeping one's own values is not a clash.
    const same = await call(t, 'POST', `${S}/modify`, {
      user: org.admin,
      body: { userId: org.staff.id, account: org.staff.account, email: 'NEW@mail.cn' },
    });
    expect(same.status).toBe(200);
  });

  it('answers 404 for another organisation’s staff and changes nothing', async () => {
    const org = await createOrg(t);
    const before = await userRow(t, other.staff.id);
    const requests: [string, Record<string, unknown>][] = [
      ['modify', { userId: other.staff.id, realName: '越权' }],
      ['delete', { userIds: [other.staff.id] }],
      ['status', { userIds: [org.staff.id, other.staff.id], status: 1 }],
      ['move', { userIds: [other.staff.id], departmentId: org.departmentIds[0] }],
      ['reset-password', { userId: other.staff.id }],
    ];
    for (const [path, body] of requests) {
      const res = await call(t, 'POST', `${S}/${path}`, { user: org.admin, body });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('员工不存在');
    }
    const detail = await call(t, 'GET', `${S}/detail?userId=${other.staff.id}`, { user: org.admin });
    expect(detail.status).toBe(404);
    expect(await userRow(t, other.staff.id)).toEqual(before);
    expect((await userRow(t, org.staff.id))?.status).toBe(0);
  });

  it('requires the 员工管理 menu for every change', async () => {
    const org = await createOrg(t);
    const requests: [string, Record<string, unknown>][] = [
      ['modify', { userId: org.admin.id, realName: 'x' }],
      ['delete', { userIds: [org.admin.id] }],
      ['status', { userIds: [org.admin.id], status: 1 }],
      ['move', { userIds: [org.admin.id], departmentId: org.departmentIds[1] }],
      ['reset-password', { userId: org.admin.id }],
    ];
    for (const [path, body] of requests) {
      const res = await call(t, 'POST', `${S}/${path}`, { user: org.staff, body });
      expect(res.status, path).toBe(403);
    }
    expect((await call(t, 'GET', `${S}/detail?userId=${org.admin.id}`, { user: org.staff })).status).toBe(
      403,
    );
    expect((await call(t, 'GET', `${S}/options`, { user: org.staff })).status).toBe(403);
    expect((await userRow(t, org.admin.id))?.realName).toBe('管理员');
  });

  it('keeps staff managers who are not admins away from admin accounts', async () => {
    const org = await createOrg(t);
    const manager = await createMember(t, org, 'manager');
    for (const [path, body] of [
      ['modify', { userId: org.admin.id, realName: 'x' }],
      ['status', { userIds: [org.admin.id], status: 1 }],
      ['reset-password', { userId: org.admin.id }],
      ['delete', { userIds: [org.admin.id] }],
    ] as const) {
      const res = await call(t, 'POST', `${S}/${path}`, { user: manager, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('只有管理员可以操作管理员账号');
    }
    const fine = await call(t, 'POST', `${S}/modify`, {
      user: manager,
      body: { userId: org.staff.id, realName: '可以' },
    });
    expect(fine.status).toBe(200);
  });

  it('disables (离职) and re-enables staff; a disabled account cannot sign in; nobody disables themselves', async () => {
    const org = await createOrg(t);
    const self = await call(t, 'POST', `${S}/status`, {
      user: org.admin,
      body: { userIds: [org.admin.id], status: 1 },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能停用自己的账号');
    const bad = await call(t, 'POST', `${S}/status`, {
      user: org.admin,
      body: { userIds: [org.staff.id], status: 3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('状态只能是 0（在职）或 1（离职）');
    const empty = await call(t, 'POST', `${S}/status`, { user: org.admin, body: { userIds: [], status: 1 } });
    expect(empty.body.message).toBe('请选择员工');

    const off = await call(t, 'POST', `${S}/status`, {
      user: org.admin,
      body: { userIds: [org.staff.id], status: 1 },
    });
    expect(data(off)).toEqual({ count: 1 });
    expect((await signIn(org.staff.account, TEST_PASSWORD)).statusCode).toBe(400);
    const blocked = await call(t, 'GET', '/user/api/v1/user/detail', { user: org.staff });
    expect(blocked.status).toBe(401);
    const on = await call(t, 'POST', `${S}/status`, {
      user: org.admin,
      body: { userIds: [org.staff.id], status: 0 },
    });
    expect(on.status).toBe(200);
    expect((await signIn(org.staff.account, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('moves staff to another department', async () => {
    const org = await createOrg(t);
    const res = await call(t, 'POST', `${S}/move`, {
      user: org.admin,
      body: { userIds: [org.staff.id, org.admin.id], departmentId: org.departmentIds[1] },
    });
    expect(data(res)).toEqual({ count: 2 });
    expect((await userRow(t, org.admin.id))?.departmentId).toBe(org.departmentIds[1]);
    const foreign = await call(t, 'POST', `${S}/move`, {
      user: org.admin,
      body: { userIds: [org.staff.id], departmentId: other.departmentIds[0] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('部门不存在');
    const missing = await call(t, 'POST', `${S}/move`, {
      user: org.admin,
      body: { userIds: [org.staff.id] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('部门');
  });

  it('resets a password to a given or generated one and ends the person’s sessions', async () => {
    const org = await createOrg(t);
    const login = await signIn(org.staff.account, TEST_PASSWORD);
    const refresh = (login.json() as { refresh_token: string }).refresh_token;
    const given = await call(t, 'POST', `${S}/reset-password`, {
      user: org.admin,
      body: { userId: org.staff.id, password: 'Given9876' },
    });
    expect(data(given)).toEqual({ password: null });
    expect((await signIn(org.staff.account, 'Given9876')).statusCode).toBe(200);
    expect((await signIn(org.staff.account, TEST_PASSWORD)).statusCode).toBe(400);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(refreshed.statusCode).toBe(400);

    const generated = await call(t, 'POST', `${S}/reset-password`, {
      user: org.admin,
      body: { userId: org.staff.id },
    });
    const { password } = data<{ password: string }>(generated);
    expect(password).toHaveLength(12);
    expect((await signIn(org.staff.account, password)).statusCode).toBe(200);
    const weak = await call(t, 'POST', `${S}/reset-password`, {
      user: org.admin,
      body: { userId: org.staff.id, password: '123' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('密码需为 8–32 位');
  });

  it('deletes staff: never oneself; the account is freed, hidden and cannot sign in', async () => {
    const org = await createOrg(t);
    const self = await call(t, 'POST', `${S}/delete`, {
      user: org.admin,
      body: { userIds: [org.admin.id, org.staff.id] },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能删除自己的账号');
    expect((await userRow(t, org.staff.id))?.status).toBe(0);

    await call(t, 'POST', '/user/api/v1/department/set/department/leaders', {
      user: org.admin,
      body: { departmentId: org.departmentIds[1], userIds: [org.staff.id] },
    });
    const res = await call(t, 'POST', `${S}/delete`, { user: org.admin, body: { userIds: [org.staff.id] } });
    expect(data(res)).toEqual({ count: 1 });
    expect((await signIn(org.staff.account, TEST_PASSWORD)).statusCode).toBe(400);
    const list = data<StaffRow[]>(
      await call(t, 'POST', `${SEARCH}?page=0&size=50`, { user: org.admin, body: {} }),
    );
    expect(list.map((r) => r.userId)).toEqual([org.admin.id]);
    const row = await userRow(t, org.staff.id);
    expect(row).toMatchObject({
      status: 2,
      phone: null,
      departmentId: null,
      passwordHash: null,
      realName: '员工',
    });
    expect(await t.app.deps.db.select().from(userRoles).where(eq(userRoles.userId, org.staff.id))).toEqual(
      [],
    );
    // The account name and phone can be used again.
    const again = await addStaff(org, {
      account: org.staff.account,
      realName: '新人',
      phone: org.staff.phone,
    });
    expect(again.status).toBe(200);
    // A deleted person is gone for every staff operation; the department can now be deleted once empty.
    const twice = await call(t, 'POST', `${S}/delete`, {
      user: org.admin,
      body: { userIds: [org.staff.id] },
    });
    expect(twice.status).toBe(404);
  });

  it('offers the organisation’s roles and posts for the form', async () => {
    const org = await createOrg(t);
    await createPost(t, org, '产品经理');
    const res = await call(t, 'GET', `${S}/options`, { user: org.admin });
    const options = data<{ roles: { name: string; isDefault: boolean }[]; posts: { postName: string }[] }>(
      res,
    );
    const orgRoles = await t.app.deps.db.select().from(roles).where(eq(roles.organizationId, org.id));
    expect(options.roles).toHaveLength(orgRoles.length);
    expect(options.roles.find((r) => r.isDefault)?.name).toBe('普通员工');
    expect(options.posts).toEqual([expect.objectContaining({ postName: '产品经理' })]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------------------

interface JobView {
  status: string;
  percent: number;
  total: number;
  result: ImportResult | null;
  error: string | null;
}

async function importFile(
  org: TestOrg,
  file: Buffer,
  options: { mode?: string; defaultPassword?: string; name?: string; user?: TestUser } = {},
) {
  const { payload, headers } = multipart(
    options.defaultPassword !== undefined ? { defaultPassword: options.defaultPassword } : {},
    { name: options.name ?? '员工.xlsx', data: file },
  );
  const raw = await t.app.inject({
    method: 'POST',
    url: `${S}/import?mode=${options.mode ?? 'all'}`,
    headers: { ...headers, authorization: `Bearer ${(options.user ?? org.admin).token}` },
    payload,
  });
  const body = raw.json() as {
    code: number;
    message: string;
    res: { data: { jobId: number; total: number } } | null;
  };
  return { status: raw.statusCode, body };
}

async function jobOutcome(org: TestOrg, jobId: number): Promise<JobView> {
  await t.app.deps.jobs.idle();
  const res = await call(t, 'GET', `/user/api/v1/jobs/${jobId}`, { user: org.admin });
  expect(res.status).toBe(200);
  return data<JobView>(res);
}

describe('staff Excel template, import and export', () => {
  it('downloads the import template with headers, an example row, notes and the organisation’s departments', async () => {
    const org = await createOrg(t);
    const res = await download(t, 'GET', `${S}/import/template`, { user: org.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('员工导入模板.xlsx')}`,
    );
    const workbook = await readWorkbook(res.data);
    const rows = sheetRows(workbook.getWorksheet('员工信息'));
    expect(rows[0]).toEqual(TEMPLATE_HEADER);
    expect(rows[1]?.[0]).toBe('张三（示例）');
    expect(sheetRows(workbook.getWorksheet('部门与岗位')).map((r) => r[0])).toEqual([
      '部门路径',
      '研发部',
      '研发部/前端组',
    ]);
    expect(workbook.getWorksheet('填写说明')?.getCell(1, 1).text).toBe('员工导入说明');
    const denied = await download(t, 'GET', `${S}/import/template`, { user: org.staff });
    expect(denied.status).toBe(403);
  });

  it('the spec’s staff download exports the organisation’s staff, not the template', async () => {
    const org = await createOrg(t);
    const left = await createMember(t, org, 'staff', { realName: '离职者', status: 1 });
    const gone = await createMember(t, org, 'staff', { realName: '已删除', status: 2 });
    const res = await download(t, 'GET', '/user/api/v1/files/download/excel/auth', { user: org.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('员工信息_')}`,
    );
    const workbook = await readWorkbook(res.data);
    expect(workbook.getWorksheet('填写说明')).toBeUndefined();
    const rows = sheetRows(workbook.getWorksheet('员工信息'));
    expect(rows[0]?.slice(0, 3)).toEqual(['姓名', '账号', '手机号']);
    const accounts = rows.slice(1).map((row) => row[1]);
    // Everyone of the organisation (在职 and 离职), nobody deleted, nobody of another organisation.
    expect(accounts.sort()).toEqual([org.admin.account, org.staff.account, left.account].sort());
    expect(accounts).not.toContain(gone.account);
    expect(accounts).not.toContain(other.admin.account);
    expect(accounts).not.toContain(other.staff.account);
    const activity = await t.app.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.action, '导出员工')));
    expect(activity.map((a) => a.detail)).toEqual(['导出了 3 名员工的信息']);

    const otherRes = await download(t, 'GET', '/user/api/v1/files/download/excel/auth', {
      user: other.admin,
    });
    const otherAccounts = sheetRows((await readWorkbook(otherRes.data)).getWorksheet('员工信息'))
      .slice(1)
      .map((row) => row[1]);
    expect(otherAccounts).toContain(other.staff.account);
    expect(otherAccounts).not.toContain(org.staff.account);
    const denied = await download(t, 'GET', '/user/api/v1/files/download/excel/auth', { user: org.staff });
    expect(denied.status).toBe(403);
  });

  async function badFile(org: TestOrg) {
    const taken = org.staff.account;
    const goodA = unique('imp');
    const goodB = unique('imp');
    const phone = uniquePhone();
    // Excel rows: 1 header, 2 example (skipped), 3.. data.
    return {
      goodA,
      goodB,
      file: await importWorkbook([
        ['张三（示例）', 'zhangsan_demo', '13800138000', '', '男', 'E0001', '技术部/研发组', '', ''],
        ['好人甲', goodA, phone, `${goodA}@mail.com`, '男', 'G-1', '研发部/前端组', '', 'Passw0rd1'],
        ['', 'ab', '123', 'bad-mail', '未知', '', '', '', ''],
        ['重复账号', goodA.toUpperCase(), phone, '', '', 'G-1', '研发部', '', 'Passw0rd1'],
        ['已存在', taken, other.staff.phone, '', '女', '', '不存在的部门/子部门', '没有的岗位', 'weak'],
        [],
        ['好人乙', goodB, 13900001111 + Math.floor(Math.random() * 1e6), '', '女', '', '研发部', '', ''],
      ]),
    };
  }

  it('reports every bad row with its Excel row number, field and reason; mode=all imports nothing', async () => {
    const org = await createOrg(t);
    const before = await orgUserCount(org.id);
    const { file } = await badFile(org);
    const started = await importFile(org, file, { mode: 'all', defaultPassword: 'Default123' });
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.res?.data.total).toBe(5);
    const job = await jobOutcome(org, started.body.res?.data.jobId ?? 0);
    expect(job.status).toBe('succeeded');
    expect(job.percent).toBe(100);
    const result = job.result as ImportResult;
    expect(result).toMatchObject({
      mode: 'all',
      total: 5,
      imported: 0,
      failedRows: 3,
      errorsTruncated: false,
    });
    expect(result.errors).toEqual([
      { row: 4, field: '姓名', reason: '姓名不能为空' },
      { row: 4, field: '账号', reason: '账号需为 4–32 位字母、数字或下划线' },
      { row: 4, field: '手机号', reason: '手机号格式不正确，应为 11 位中国大陆手机号' },
      { row: 4, field: '邮箱', reason: '邮箱格式不正确' },
      { row: 4, field: '性别', reason: '性别只能填写“男”或“女”' },
      { row: 5, field: '账号', reason: '账号与第 3 行重复' },
      { row: 5, field: '手机号', reason: '手机号与第 3 行重复' },
      { row: 5, field: '工号', reason: '工号与第 3 行重复' },
      { row: 6, field: '账号', reason: `账号「${org.staff.account}」已被使用` },
      { row: 6, field: '手机号', reason: `手机号「${other.staff.phone}」已被使用` },
      {
        row: 6,
        field: '部门',
        reason: '部门「不存在的部门/子部门」不存在，请填写完整路径，如 技术部/研发组',
      },
      { row: 6, field: '岗位', reason: '岗位「没有的岗位」不存在' },
      { row: 6, field: '初始密码', reason: '密码需为 8–32 位，同时包含字母和数字，且不含空格' },
    ]);
    expect(await orgUserCount(org.id)).toBe(before);
  });

  it('mode=valid imports only the good rows, in one go, with the default password where none is given', async () => {
    const org = await createOrg(t);
    const before = await orgUserCount(org.id);
    const { file, goodA, goodB } = await badFile(org);
    const started = await importFile(org, file, { mode: 'valid', defaultPassword: 'Default123' });
    const job = await jobOutcome(org, started.body.res?.data.jobId ?? 0);
    expect(job.result).toMatchObject({ mode: 'valid', total: 5, imported: 2, failedRows: 3 });
    expect(job.result?.errors).toHaveLength(13);
    expect(await orgUserCount(org.id)).toBe(before + 2);

    const rows = data<StaffRow[]>(
      await call(t, 'POST', `${SEARCH}?page=0&size=10`, { user: org.admin, body: { keyword: 'imp' } }),
    );
    const a = rows.find((r) => r.account === goodA);
    expect(a).toMatchObject({
      realName: '好人甲',
      gender: true,
      jobNumber: 'G-1',
      departmentName: '前端组',
      roles: [{ roleId: org.roleIds.staff, name: '普通员工' }],
    });
    expect(rows.find((r) => r.account === goodB)).toMatchObject({
      realName: '好人乙',
      gender: false,
      departmentName: '研发部',
    });
    expect((await signIn(goodA, 'Passw0rd1')).statusCode).toBe(200);
    expect((await signIn(goodB, 'Default123')).statusCode).toBe(200);
    const activity = await t.app.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.action, '导入员工')));
    expect(activity[0]?.detail).toBe('从 Excel 导入了 2 名员工');
  });

  it('imports a clean file completely in mode=all; a row without any password is an error', async () => {
    const org = await createOrg(t);
    const accounts = [unique('cl'), unique('cl')];
    const file = await importWorkbook([
      ['清白一', accounts[0] as string, '', '', '', '', '', '', 'Clean1234'],
      ['清白二', accounts[1] as string, '', '', '', '', '研发部/前端组', '', 'Clean1234'],
    ]);
    const job = await jobOutcome(org, (await importFile(org, file)).body.res?.data.jobId ?? 0);
    expect(job.result).toMatchObject({ imported: 2, failedRows: 0, errors: [] });

    const noPassword = await importWorkbook([['无密码', unique('np'), '', '', '', '', '', '', '']]);
    const job2 = await jobOutcome(org, (await importFile(org, noPassword)).body.res?.data.jobId ?? 0);
    expect(job2.result?.errors).toEqual([
      { row: 2, field: '初始密码', reason: '初始密码为空，且导入时未设置默认初始密码' },
    ]);
  });

  it('refuses files that are not usable templates, and callers without the menu', async () => {
    const org = await createOrg(t);
    const notXlsx = await importFile(org, Buffer.from('a,b,c'), { name: 'staff.csv' });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.message).toBe('仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板');
    const garbage = await importFile(org, Buffer.from('not a zip at all'), { name: 'staff.xlsx' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('无法读取该文件，请上传用模板填写的 .xlsx 文件');
    const wrongHeader = await importFile(org, await importWorkbook([['a', 'b']], ['名字', '用户']));
    expect(wrongHeader.status).toBe(400);
    expect(wrongHeader.body.message).toBe('文件缺少表头「姓名*」和「账号*」，请使用下载的导入模板');
    const empty = await importFile(org, await importWorkbook([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('文件中没有可导入的员工数据');
    const weakDefault = await importFile(org, await importWorkbook([['x', unique('w')]]), {
      defaultPassword: '123',
    });
    expect(weakDefault.status).toBe(400);
    expect(weakDefault.body.message).toContain('默认初始密码不正确');
    const badMode = await importFile(org, await importWorkbook([['x', unique('w')]]), { mode: 'some' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('导入方式只能是 all（全部正确才导入）或 valid（只导入正确行）');
    const noFile = await call(t, 'POST', `${S}/import`, { user: org.admin, body: {} });
    expect(noFile.status).toBe(400);
    const denied = await importFile(
      org,
      await importWorkbook([['x', unique('w'), '', '', '', '', '', '', 'Abcd1234']]),
      {
        user: org.staff,
      },
    );
    expect(denied.status).toBe(403);
  });

  it('exports staff that re-import cleanly into another organisation', async () => {
    const org = await createOrg(t);
    const res = await download(t, 'POST', '/user/api/v1/department/export/specific', {
      user: org.admin,
      body: { filter: { status: 0 } },
    });
    const rows = sheetRows((await readWorkbook(res.data)).getWorksheet('员工信息'));
    expect(rows).toHaveLength(3);
    // The same accounts are taken, so a re-import reports them per row.
    const job = await jobOutcome(
      org,
      (await importFile(org, Buffer.from(res.data), { defaultPassword: 'Abc12345' })).body.res?.data.jobId ??
        0,
    );
    expect(job.result?.errors.filter((e) => e.field === '账号').map((e) => e.row)).toEqual([2, 3]);
  });
});
