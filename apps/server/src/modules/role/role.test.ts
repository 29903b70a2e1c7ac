import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_GROUPS, MODES, PERMISSIONS, permissionMaskFromIndices } from '@kaopei/shared';
import { activityLog, roleMenus, roles, userRoles, users } from '../../db/schema';
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
import { MENU_TREE, type MenuSeed } from '../menu/menu.data';
import type { GrantMenuNode, FlatMenuEntry, MenuNode, ModeMenuGroup } from '../menu/menu.service';
import { isUniqueViolation } from '../../core/db-errors';
import type { RoleMember, RoleRow } from './role.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

const ROLE = '/user/api/v1/role';
const PERM = '/user/api/v2/sys/permission';

type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

/** A staff member of `o` holding exactly `roleIds` (none: no role at all). */
async function createStaff(o: TestOrg, roleIds: number[] = [], realName = '员工'): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const account = unique('stf');
  const phone = uniquePhone();
  const [user] = await db
    .insert(users)
    .values({ organizationId: o.id, account, phone, realName, departmentId: o.departmentIds[0] })
    .returning();
  if (!user) throw new Error('user insert failed');
  if (roleIds.length > 0)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  const token = await tokens.signAccess({ userId: user.id, organizationId: o.id });
  return { id: user.id, account, phone, token };
}

/** A role of `o` straight in the database. */
async function insertRole(o: TestOrg, menuIds: number[], permission: number[] = []): Promise<number> {
  const { db } = t.app.deps;
  const [role] = await db
    .insert(roles)
    .values({ organizationId: o.id, name: unique('角色'), permission: permissionMaskFromIndices(permission) })
    .returning();
  if (!role) throw new Error('role insert failed');
  if (menuIds.length > 0)
    await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
  return role.id;
}

async function rolesOf(userId: number): Promise<number[]> {
  const rows = await t.app.deps.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
}

/** A role's row as stored. */
async function storedRole(roleId: number) {
  const [row] = await t.app.deps.db.select().from(roles).where(eq(roles.id, roleId));
  return row;
}

/** The menu ids a role grants, as the menu page reads them. */
async function grantOf(roleId: number, user: TestUser): Promise<number[]> {
  return data<number[]>(await call(t, 'GET', `${PERM}/get/by-role?roleId=${roleId}`, { user }));
}

async function roleCount(o: TestOrg): Promise<number> {
  return (await t.app.deps.db.select().from(roles).where(eq(roles.organizationId, o.id))).length;
}

const menuUrls = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...menuUrls(n.children)]);
const seedIds = (nodes: MenuSeed[]): number[] => nodes.flatMap((n) => [n.id, ...seedIds(n.children ?? [])]);

async function menuOf(user: TestUser): Promise<MenuNode[]> {
  return data<MenuNode[]>(await call(t, 'GET', `${PERM}/get/menu?endpoint=1`, { user }));
}

async function addRole(body: Record<string, unknown>, user: TestUser = org.admin): Promise<Res> {
  return call(t, 'POST', `${ROLE}/permission/role/add`, { user, body });
}

describe('permission bits', () => {
  it('lists the four permission indices with label, icon and bit', async () => {
    const res = await call(t, 'GET', `${ROLE}/permission/get`, { user: org.admin });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual(PERMISSIONS.map((p) => ({ ...p, mask: 1 << p.index })));
  });
});

describe('role list', () => {
  it('lists the organisation’s roles, default first, with permissions and member counts', async () => {
    const res = await call(t, 'GET', `${ROLE}/permission/role/get?page=0&size=10`, { user: org.admin });
    expect(res.status).toBe(200);
    const rows = data<RoleRow[]>(res);
    expect(res.body.res?.total).toBe(4);
    expect(rows.map((r) => r.name)).toEqual(['普通员工', '培训管理员', '培训专员', '招聘专员']);
    expect(rows[0]).toMatchObject({ isDefault: true, userCount: 1, permission: 0, permissions: [] });
    expect(rows.find((r) => r.name === '培训管理员')).toMatchObject({
      roleId: org.roleIds.manager,
      permission: 30,
      permissions: [1, 2, 3, 4],
      userCount: 0,
      isDefault: false,
      description: '管理考试、试卷、题库、课程与组织架构',
    });
    expect(typeof rows[0]?.createdAt).toBe('number');
  });

  it('pages and searches by name or description', async () => {
    const page1 = await call(t, 'GET', `${ROLE}/permission/role/get?page=1&size=3`, { user: org.admin });
    expect(data<RoleRow[]>(page1)).toHaveLength(1);
    expect(page1.body.res?.total).toBe(4);
    const byName = await call(t, 'GET', `${ROLE}/permission/role/get?keyword=${encodeURIComponent('专员')}`, {
      user: org.admin,
    });
    expect(data<RoleRow[]>(byName).map((r) => r.name)).toEqual(['培训专员', '招聘专员']);
    const byDescription = await call(
      t,
      'GET',
      `${ROLE}/permission/role/get?keyword=${encodeURIComponent('应聘者')}`,
      {
        user: org.admin,
      },
    );
    expect(data<RoleRow[]>(byDescription).map((r) => r.name)).toEqual(['招聘专员']);
    const literal = await call(t, 'GET', `${ROLE}/permission/role/get?keyword=${encodeURIComponent('%')}`, {
      user: org.admin,
    });
    expect(literal.body.res?.total).toBe(0);
  });

  it('never shows another organisation’s roles', async () => {
    const res = await call(t, 'GET', `${ROLE}/permission/role/get?size=100`, { user: other.admin });
    const ids = data<RoleRow[]>(res).map((r) => r.roleId);
    expect(ids).not.toContain(org.roleIds.staff);
    expect(ids.sort()).toEqual(Object.values(other.roleIds).sort());
  });

  it('validates paging', async () => {
    const res = await call(t, 'GET', `${ROLE}/permission/role/get?page=-1`, { user: org.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('页码');
  });
});

describe('adding roles', () => {
  it('creates a role with permission indices and menus, storing the smallest equivalent grant', async () => {
    const o = await createOrg(t);
    const res = await addRole(
      { name: ' 题库编辑 ', description: '维护题库', permissions: [2], menuIds: [100, 1100, 1103, 1103] },
      o.admin,
    );
    expect(res.status).toBe(200);
    const role = data<RoleRow>(res);
    expect(role).toMatchObject({
      name: '题库编辑',
      description: '维护题库',
      permission: 4,
      permissions: [2],
      userCount: 0,
      isDefault: false,
    });
    // 1103 lies under 1100, which already grants it.
    const grant = await call(t, 'GET', `${PERM}/get/by-role?roleId=${role.roleId}&permissionType=1`, {
      user: o.admin,
    });
    expect(data(grant)).toEqual([100, 1100]);
    const bits = await call(t, 'GET', `${PERM}/get/by-role?roleId=${role.roleId}&permissionType=2`, {
      user: o.admin,
    });
    expect(data(bits)).toEqual([2]);
    const detail = await call(t, 'GET', `${ROLE}/detail?roleId=${role.roleId}`, { user: o.admin });
    expect(data(detail)).toMatchObject({ name: '题库编辑', menuIds: [100, 1100] });
  });

  it('accepts the permission as a mask, and both forms when they agree', async () => {
    const o = await createOrg(t);
    const mask = await addRole({ name: '考试', permission: 16 }, o.admin);
    expect(data<RoleRow>(mask).permissions).toEqual([4]);
    const both = await addRole({ name: '课程', permission: 2, permissions: [1] }, o.admin);
    expect(data<RoleRow>(both)).toMatchObject({ permission: 2, permissions: [1] });
    const none = await addRole({ name: '空角色' }, o.admin);
    expect(data<RoleRow>(none)).toMatchObject({ permission: 0, permissions: [], description: null });
  });

  it('rejects bad input with a message naming the field, and creates nothing', async () => {
    const before = await roleCount(org);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, '角色名称不能为空'],
      [{}, '角色名称必须是文本'],
      [{ name: 'x'.repeat(51) }, '角色名称不能超过 50 个字符'],
      [{ name: '甲', permission: 64 }, '权限只能包含权限 1 到 4 的位'],
      [{ name: '甲', permission: -2 }, '权限不能为负数'],
      [{ name: '甲', permission: 'all' }, '权限必须是数字'],
      [{ name: '甲', permissions: [5] }, '权限编号必须是 1 到 4 之间的整数'],
      [{ name: '甲', permission: 2, permissions: [2] }, '权限编号与权限值不一致'],
      [{ name: '甲', menuIds: [100, 99999] }, '菜单不存在：99999'],
      [{ name: '甲', menuIds: ['abc'] }, '菜单必须是数字'],
      [{ name: '甲', description: 'x'.repeat(201) }, '角色描述不能超过 200 个字符'],
    ];
    for (const [body, message] of cases) {
      const res = await addRole(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.code).toBe(-1);
    }
    expect(await roleCount(org)).toBe(before);
  });

  it('keeps role names unique within an organisation only', async () => {
    const o = await createOrg(t);
    const dup = await addRole({ name: '普通员工' }, o.admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('角色名称“普通员工”已存在');
    expect(await roleCount(o)).toBe(4);
    const elsewhere = await addRole({ name: '跨组织同名' }, o.admin);
    expect(elsewhere.status).toBe(200);
    const same = await addRole({ name: '跨组织同名' }, other.admin);
    expect(same.status).toBe(200);
  });
});

describe('modifying roles', () => {
  it('changes only the fields sent and replaces menus when menuIds is sent', async () => {
    const o = await createOrg(t);
    const created = data<RoleRow>(
      await addRole({ name: '讲师', description: '授课', menuIds: [100] }, o.admin),
    );
    const renamed = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: created.roleId, name: '高级讲师', permissions: [1, 4] },
    });
    expect(renamed.status).toBe(200);
    expect(data<RoleRow>(renamed)).toMatchObject({ name: '高级讲师', description: '授课', permission: 18 });
    const unchangedMenus = await call(t, 'GET', `${PERM}/get/by-role?roleId=${created.roleId}`, {
      user: o.admin,
    });
    expect(data(unchangedMenus)).toEqual([100]);
    const cleared = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: created.roleId, description: null, menuIds: [900, 1103] },
    });
    expect(data<RoleRow>(cleared)).toMatchObject({ description: null, name: '高级讲师' });
    expect(await grantOf(created.roleId, o.admin)).toEqual([900, 1103]);
  });

  it('refuses a name another role has, and bad input, changing nothing', async () => {
    const o = await createOrg(t);
    const dup = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.trainer, name: '招聘专员' },
    });
    expect(dup.status).toBe(409);
    const bad = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.trainer, name: '新名字', menuIds: [123456] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('菜单不存在');
    const noId = await call(t, 'POST', `${ROLE}/modify`, { user: o.admin, body: { name: '无 id' } });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain('角色必须是数字');
    const row = await storedRole(o.roleIds.trainer);
    expect(row?.name).toBe('培训专员');
  });

  it('moves the default flag and never leaves the organisation without a default role', async () => {
    const o = await createOrg(t);
    const keep = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.staff, isDefault: false },
    });
    expect(keep.status).toBe(400);
    expect(keep.body.message).toContain('默认角色');
    const move = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.trainer, isDefault: true },
    });
    expect(data<RoleRow>(move).isDefault).toBe(true);
    const defaults = await t.app.deps.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.organizationId, o.id))
      .then((rows) => rows);
    const flagged = await t.app.deps.db
      .select()
      .from(roles)
      .where(
        inArray(
          roles.id,
          defaults.map((d) => d.id),
        ),
      );
    expect(flagged.filter((r) => r.isDefault).map((r) => r.id)).toEqual([o.roleIds.trainer]);
  });

  it('treats another organisation’s role as missing', async () => {
    const res = await call(t, 'POST', `${ROLE}/modify`, {
      user: org.admin,
      body: { roleId: other.roleIds.manager, name: '被改了' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('角色不存在');
    const row = await storedRole(other.roleIds.manager);
    expect(row?.name).toBe('培训管理员');
  });
});

describe('deleting roles', () => {
  it('deletes roles given as repeated or comma-separated ids; members left without a role get the default', async () => {
    const o = await createOrg(t);
    const a = await insertRole(o, [100]);
    const b = await insertRole(o, [900]);
    const c = await insertRole(o, [600]);
    const onlyA = await createStaff(o, [a]);
    const aAndTrainer = await createStaff(o, [a, o.roleIds.trainer]);
    const repeated = await call(t, 'POST', `${ROLE}/permission/role/delete?roleIds=${a}&roleIds=${b}`, {
      user: o.admin,
    });
    expect(repeated.status).toBe(200);
    expect(data(repeated)).toEqual({ count: 2, reassigned: 1 });
    expect(await rolesOf(onlyA.id)).toEqual([o.roleIds.staff]);
    expect(await rolesOf(aAndTrainer.id)).toEqual([o.roleIds.trainer]);
    const left = await t.app.deps.db
      .select()
      .from(roleMenus)
      .where(inArray(roleMenus.roleId, [a, b]));
    expect(left).toEqual([]);
    const comma = await call(t, 'POST', `${ROLE}/permission/role/delete?roleIds=${c},${c}`, {
      user: o.admin,
    });
    expect(data(comma)).toEqual({ count: 1, reassigned: 0 });
    expect(await roleCount(o)).toBe(4);
  });

  it('refuses the default role, foreign ids and empty input, deleting nothing', async () => {
    const o = await createOrg(t);
    const extra = await insertRole(o, [100]);
    const withDefault = await call(
      t,
      'POST',
      `${ROLE}/permission/role/delete?roleIds=${extra}&roleIds=${o.roleIds.staff}`,
      { user: o.admin },
    );
    expect(withDefault.status).toBe(409);
    expect(withDefault.body.message).toBe('默认角色“普通员工”不能删除');
    const foreign = await call(
      t,
      'POST',
      `${ROLE}/permission/role/delete?roleIds=${extra}&roleIds=${other.roleIds.trainer}`,
      { user: o.admin },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('角色不存在');
    const empty = await call(t, 'POST', `${ROLE}/permission/role/delete`, { user: o.admin });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请选择要删除的角色');
    const bad = await call(t, 'POST', `${ROLE}/permission/role/delete?roleIds=x`, { user: o.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('角色');
    expect(await roleCount(o)).toBe(5);
    const theirs = await storedRole(other.roleIds.trainer);
    expect(theirs?.name).toBe('培训专员');
  });
});

describe('assigning roles', () => {
  it('adds roles or replaces them, and lists a role’s members', async () => {
    const o = await createOrg(t);
    const a = await createStaff(o, [o.roleIds.staff], '甲');
    const b = await createStaff(o, [o.roleIds.staff], '乙');
    const add = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [a.id, b.id], roleIds: [o.roleIds.recruiter], mode: 'add' },
    });
    expect(add.status).toBe(200);
    expect(data(add)).toEqual({ count: 2 });
    expect(await rolesOf(a.id)).toEqual([o.roleIds.staff, o.roleIds.recruiter].sort((x, y) => x - y));
    const again = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [a.id], roleIds: [o.roleIds.recruiter] },
    });
    expect(again.status).toBe(200);
    const replace = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [b.id], roleIds: [o.roleIds.trainer], mode: 'replace' },
    });
    expect(replace.status).toBe(200);
    expect(await rolesOf(b.id)).toEqual([o.roleIds.trainer]);

    const members = await call(t, 'GET', `${ROLE}/users?roleId=${o.roleIds.recruiter}&page=0&size=10`, {
      user: o.admin,
    });
    expect(members.body.res?.total).toBe(1);
    expect(data<RoleMember[]>(members)[0]).toMatchObject({
      userId: a.id,
      realName: '甲',
      account: a.account,
      departmentName: '研发部',
      status: 0,
      isAdmin: false,
    });
    const staffMembers = await call(
      t,
      'GET',
      `${ROLE}/users?roleId=${o.roleIds.staff}&keyword=${encodeURIComponent('甲')}`,
      { user: o.admin },
    );
    expect(data<RoleMember[]>(staffMembers).map((m) => m.userId)).toEqual([a.id]);
    const list = await call(t, 'GET', `${ROLE}/permission/role/get`, { user: o.admin });
    expect(data<RoleRow[]>(list).find((r) => r.roleId === o.roleIds.staff)?.userCount).toBe(2);
  });

  it('refuses foreign users and roles, and bad input, changing nothing', async () => {
    const o = await createOrg(t);
    const foreignUser = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [o.staff.id, other.staff.id], roleIds: [o.roleIds.manager], mode: 'replace' },
    });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.message).toBe('员工不存在');
    const foreignRole = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [o.staff.id], roleIds: [other.roleIds.manager], mode: 'replace' },
    });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.message).toBe('角色不存在');
    const badMode = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [o.staff.id], roleIds: [o.roleIds.manager], mode: 'merge' },
    });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('方式只能是 replace 或 add');
    const noRoles = await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [o.staff.id], roleIds: [], mode: 'replace' },
    });
    expect(noRoles.status).toBe(400);
    expect(noRoles.body.message).toBe('请选择角色');
    expect(await rolesOf(o.staff.id)).toEqual([o.roleIds.staff]);
    expect(await rolesOf(other.staff.id)).toEqual([other.roleIds.staff]);
    const foreignMembers = await call(t, 'GET', `${ROLE}/users?roleId=${other.roleIds.staff}`, {
      user: o.admin,
    });
    expect(foreignMembers.status).toBe(404);
  });

  it('removes members; nobody is left without a role', async () => {
    const o = await createOrg(t);
    const two = await createStaff(o, [o.roleIds.staff, o.roleIds.trainer], '双角色');
    const onlyTrainer = await createStaff(o, [o.roleIds.trainer], '仅专员');
    const onlyDefault = await createStaff(o, [o.roleIds.staff], '仅默认');
    const fromTrainer = await call(t, 'POST', `${ROLE}/unassign`, {
      user: o.admin,
      body: { userIds: [two.id, onlyTrainer.id], roleIds: [o.roleIds.trainer] },
    });
    expect(data(fromTrainer)).toEqual({ count: 2, reassigned: 1 });
    expect(await rolesOf(two.id)).toEqual([o.roleIds.staff]);
    expect(await rolesOf(onlyTrainer.id)).toEqual([o.roleIds.staff]);
    const fromDefault = await call(t, 'POST', `${ROLE}/unassign`, {
      user: o.admin,
      body: { userIds: [onlyDefault.id], roleIds: [o.roleIds.staff] },
    });
    expect(fromDefault.status).toBe(409);
    expect(fromDefault.body.message).toBe('“仅默认”没有其他角色，不能移出默认角色');
    expect(await rolesOf(onlyDefault.id)).toEqual([o.roleIds.staff]);
  });
});

describe('menu grants (/user/api/v2/sys/permission)', () => {
  it('offers the whole menu tree as a flat list with parent ids', async () => {
    const res = await call(t, 'GET', `${PERM}/get/by-endpoint/list?endpoint=1`, { user: org.admin });
    expect(res.status).toBe(200);
    const list = data<FlatMenuEntry[]>(res);
    expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(seedIds(MENU_TREE).sort((a, b) => a - b));
    expect(list[0]).toMatchObject({ id: 100, parentId: null, name: '控制台', url: '/manage/console' });
    expect(list.find((m) => m.id === 1103)).toMatchObject({ parentId: 1100, url: '/manage/system/tag' });
    expect(list.find((m) => m.id === 1100)).toMatchObject({ permissionIndex: 3 });
  });

  it('offers the tree grouped by mode with the groups the navigation shows', async () => {
    const res = await call(t, 'GET', `${PERM}/get/by-endpoint/menu`, { user: org.admin });
    const groups = data<ModeMenuGroup[]>(res);
    expect(groups.map((g) => [g.mode, g.label])).toEqual(MODES.map((m) => [m.key, m.label]));
    for (const group of groups) {
      expect(group.children.map((n) => n.name)).toEqual(
        [...MODE_GROUPS[group.mode]].sort(
          (a, b) => MENU_TREE.findIndex((m) => m.name === a) - MENU_TREE.findIndex((m) => m.name === b),
        ),
      );
    }
    const system = groups[2]?.children.find((n) => n.name === '系统管理') as GrantMenuNode;
    expect(system.children.map((c) => c.url)).toEqual([
      '/manage/system/staff',
      '/manage/system/permission',
      '/manage/system/tag',
    ]);
  });

  it('replaces a role’s menus and validates the ids', async () => {
    const o = await createOrg(t);
    const res = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: o.admin,
      body: { roleId: o.roleIds.recruiter, menuIds: [1001, 1002, 1000, 100] },
    });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual([100, 1000]);
    const bad = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: o.admin,
      body: { roleId: o.roleIds.recruiter, menuIds: [100, 424242] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('菜单不存在：424242');
    const missing = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: o.admin,
      body: { roleId: o.roleIds.recruiter },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('菜单');
    const foreign = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: o.admin,
      body: { roleId: other.roleIds.recruiter, menuIds: [] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('角色不存在');
    const theirs = await call(t, 'GET', `${PERM}/get/by-role?roleId=${other.roleIds.recruiter}`, {
      user: other.admin,
    });
    expect(data(theirs)).toEqual([1000]);
    const ours = await call(t, 'GET', `${PERM}/get/by-role?roleId=${o.roleIds.recruiter}`, { user: o.admin });
    expect(data(ours)).toEqual([100, 1000]);
    const badType = await call(
      t,
      'GET',
      `${PERM}/get/by-role?roleId=${o.roleIds.recruiter}&permissionType=3`,
      {
        user: o.admin,
      },
    );
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('权限类型必须是');
    const foreignRead = await call(t, 'GET', `${PERM}/get/by-role?roleId=${other.roleIds.staff}`, {
      user: o.admin,
    });
    expect(foreignRead.status).toBe(404);
  });

  it('changes a member’s menu and server-side access at once', async () => {
    const o = await createOrg(t);
    const roleId = await insertRole(o, [1103]);
    const member = await createStaff(o, [roleId]);
    expect(menuUrls(await menuOf(member))).toEqual(['/manage/system/tag']);
    const refused = await call(t, 'GET', '/user/api/v1/statistic/console', { user: member });
    expect(refused.status).toBe(403);

    await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: o.admin,
      body: { roleId, menuIds: [100, 1103] },
    });
    expect(menuUrls(await menuOf(member))).toEqual(['/manage/console', '/manage/system/tag']);
    const allowed = await call(t, 'GET', '/user/api/v1/statistic/console', { user: member });
    expect(allowed.status).toBe(200);

    // Replacing the member's roles takes the console away again.
    await call(t, 'POST', `${ROLE}/assign`, {
      user: o.admin,
      body: { userIds: [member.id], roleIds: [o.roleIds.recruiter], mode: 'replace' },
    });
    expect(menuUrls(await menuOf(member))).not.toContain('/manage/console');
    expect((await call(t, 'GET', '/user/api/v1/statistic/console', { user: member })).status).toBe(403);

    // A permission bit given to the role grants its groups at once.
    await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.recruiter, permissions: [3] },
    });
    expect(menuUrls(await menuOf(member))).toContain('/manage/system/permission');
    // Deleting the role leaves the member with the default role only (console).
    await call(t, 'POST', `${ROLE}/permission/role/delete?roleIds=${o.roleIds.recruiter}`, { user: o.admin });
    expect(menuUrls(await menuOf(member))).toEqual(['/manage/console']);
  });
});

describe('who may manage roles', () => {
  const writes = (o: TestOrg): [string, string, unknown][] => [
    ['POST', `${ROLE}/permission/role/add`, { name: '越权角色' }],
    ['POST', `${ROLE}/modify`, { roleId: o.roleIds.staff, name: '越权' }],
    ['POST', `${ROLE}/permission/role/delete?roleIds=${o.roleIds.trainer}`, undefined],
    ['POST', `${ROLE}/assign`, { userIds: [o.staff.id], roleIds: [o.roleIds.manager], mode: 'add' }],
    ['POST', `${ROLE}/unassign`, { userIds: [o.staff.id], roleIds: [o.roleIds.staff] }],
    ['POST', `${PERM}/modify/by-role`, { roleId: o.roleIds.staff, menuIds: [100, 1100] }],
  ];
  const reads = (o: TestOrg): string[] => [
    `${ROLE}/permission/get`,
    `${ROLE}/permission/role/get`,
    `${ROLE}/users?roleId=${o.roleIds.staff}`,
    `${ROLE}/detail?roleId=${o.roleIds.staff}`,
    `${PERM}/get/by-role?roleId=${o.roleIds.staff}`,
    `${PERM}/get/by-endpoint/list?endpoint=1`,
    `${PERM}/get/by-endpoint/menu`,
  ];

  it('refuses staff without the 角色权限 menu (403) and changes nothing', async () => {
    const o = await createOrg(t);
    for (const [method, url, body] of writes(o)) {
      const res = await call(t, method as 'POST', url, { user: o.staff, body });
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe('您没有权限访问该功能');
    }
    for (const url of reads(o)) {
      expect((await call(t, 'GET', url, { user: o.staff })).status, url).toBe(403);
    }
    expect(await roleCount(o)).toBe(4);
    expect(await rolesOf(o.staff.id)).toEqual([o.roleIds.staff]);
    expect(await grantOf(o.roleIds.staff, o.admin)).toEqual([100]);
  });

  it('lets the staff page read roles but not change them', async () => {
    const o = await createOrg(t);
    const staffRole = await insertRole(o, [1101]);
    const staffManager = await createStaff(o, [staffRole]);
    const roles = await call(t, 'GET', `${ROLE}/permission/role/get`, { user: staffManager });
    expect(roles.status).toBe(200);
    const seen = data<{ roleId: number }[]>(roles).map((r) => r.roleId);
    expect(seen.sort()).toEqual([...Object.values(o.roleIds), staffRole].sort());
    const members = await call(t, 'GET', `${ROLE}/users?roleId=${o.roleIds.staff}`, { user: staffManager });
    expect(members.status).toBe(200);
    expect(data<{ userId: number }[]>(members).map((m) => m.userId)).toContain(o.staff.id);
    expect((await addRole({ name: '不行' }, staffManager)).status).toBe(403);
    expect((await call(t, 'GET', `${PERM}/get/by-endpoint/menu`, { user: staffManager })).status).toBe(403);
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', `${ROLE}/permission/role/get`)).status).toBe(401);
    expect((await call(t, 'POST', `${ROLE}/permission/role/add`, { body: { name: 'x' } })).status).toBe(401);
  });

  it('lets a non-admin with the menu grant only what they have themselves', async () => {
    const o = await createOrg(t);
    // Roles + tags pages and the console; no recruitment, no permission bits.
    const delegate = await createStaff(o, [await insertRole(o, [100, 1102, 1103])]);
    const within = await addRole({ name: '标签维护', menuIds: [1103] }, delegate);
    expect(within.status).toBe(200);
    const beyondMenu = await addRole({ name: '招聘', menuIds: [100, 1000] }, delegate);
    expect(beyondMenu.status).toBe(403);
    expect(beyondMenu.body.message).toBe('不能授予超出您自身权限的功能：招聘管理');
    const beyondBit = await addRole({ name: '组织', permissions: [3] }, delegate);
    expect(beyondBit.status).toBe(403);
    expect(beyondBit.body.message).toContain('组织架构管理权限');
    const selfPromotion = await call(t, 'POST', `${ROLE}/assign`, {
      user: delegate,
      body: { userIds: [delegate.id], roleIds: [o.roleIds.manager], mode: 'add' },
    });
    expect(selfPromotion.status).toBe(403);
    const widen = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: delegate,
      body: { roleId: data<RoleRow>(within).roleId, menuIds: [1103, 1000] },
    });
    expect(widen.status).toBe(403);
    // Renaming a bigger role is fine: nothing is granted.
    const rename = await call(t, 'POST', `${ROLE}/modify`, {
      user: delegate,
      body: { roleId: o.roleIds.manager, name: '培训经理' },
    });
    expect(rename.status).toBe(200);
    expect(await roleCount(o)).toBe(6);
    // An admin may grant anything.
    expect(
      (await addRole({ name: '全部', permissions: [1, 2, 3, 4], menuIds: [1000] }, o.admin)).status,
    ).toBe(200);
  });
});

describe('database errors', () => {
  it('recognises a unique violation of the role name index from the driver', async () => {
    const error = await t.app.deps.db
      .insert(roles)
      .values({ organizationId: org.id, name: '普通员工' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'roles_org_name_uq')).toBe(true);
    expect(isUniqueViolation(error, 'tags_org_type_name_uq')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('the operation log of role changes', () => {
  it('records each change with the roles and how many people it touched, and nothing when nothing changed', async () => {
    const o = await createOrg(t);
    const post = (url: string, body: unknown) => call(t, 'POST', url, { user: o.admin, body });
    const created = await addRole({ name: '审计甲', menuIds: [1103] }, o.admin);
    const roleId = data<RoleRow>(created).roleId;
    const second = data<RoleRow>(await addRole({ name: '审计乙' }, o.admin)).roleId;
    await post(`${ROLE}/modify`, { roleId, name: '审计丙' });
    await post(`${ROLE}/modify`, { roleId, description: '只改说明' });
    await post(`${PERM}/modify/by-role`, { roleId, menuIds: [1102] });
    await post(`${ROLE}/assign`, { userIds: [o.staff.id], roleIds: [roleId, second], mode: 'add' });
    await post(`${ROLE}/assign`, { userIds: [o.staff.id], roleIds: [roleId], mode: 'replace' });
    await post(`${ROLE}/unassign`, { userIds: [o.staff.id], roleIds: [roleId] });
    // Nobody holds the role any more: nothing is removed and nothing is logged.
    const nothing = await post(`${ROLE}/unassign`, { userIds: [o.staff.id], roleIds: [roleId] });
    expect(data<{ count: number }>(nothing).count).toBe(0);
    await call(t, 'POST', `${ROLE}/permission/role/delete?roleIds=${roleId},${second}`, { user: o.admin });
    const log = await t.app.deps.db
      .select({ detail: activityLog.detail, actorId: activityLog.actorId })
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, o.id), eq(activityLog.action, 'role')))
      .orderBy(asc(activityLog.id));
    // Several roles are named in the order the database returns them.
    const both = '(“审计丙”、“审计乙”|“审计乙”、“审计丙”)';
    expect(log.map((entry) => entry.detail)).toEqual([
      '创建了角色“审计甲”',
      '创建了角色“审计乙”',
      '修改了角色“审计丙”',
      '修改了角色“审计丙”',
      '修改了角色“审计丙”的菜单权限',
      expect.stringMatching(new RegExp(`^为 1 名员工添加了角色${both}$`)),
      '为 1 名员工设置了角色“审计丙”',
      '将 1 名员工移出了角色“审计丙”',
      expect.stringMatching(new RegExp(`^删除了角色${both}$`)),
    ]);
    expect(new Set(log.map((entry) => entry.actorId))).toEqual(new Set([o.admin.id]));
  });
});

describe('modifying roles: the edges', () => {
  it('stores a new description, clears an empty one, and replaces menus sent alone', async () => {
    const roleId = data<RoleRow>(await addRole({ name: unique('说明'), menuIds: [1103] })).roleId;
    const modify = (body: Record<string, unknown>) =>
      call(t, 'POST', `${ROLE}/modify`, { user: org.admin, body: { roleId, ...body } });
    expect((await modify({ description: '负责标签' })).status).toBe(200);
    const stored = () => storedRole(roleId);
    expect((await stored())?.description).toBe('负责标签');
    expect((await modify({ description: '' })).status).toBe(200);
    expect((await stored())?.description).toBeNull();
    const menusOnly = await modify({ menuIds: [1102] });
    expect(menusOnly.status).toBe(200);
    expect(await grantOf(roleId, org.admin)).toEqual([1102]);
  });

  it('renames the default role, which stays the default', async () => {
    const o = await createOrg(t);
    const res = await call(t, 'POST', `${ROLE}/modify`, {
      user: o.admin,
      body: { roleId: o.roleIds.staff, name: '全体员工' },
    });
    expect(res.status).toBe(200);
    const row = await storedRole(o.roleIds.staff);
    expect(row).toMatchObject({ name: '全体员工', isDefault: true });
  });

  it('names every missing menu', async () => {
    const res = await addRole({ name: unique('缺菜单'), menuIds: [99998, 99999] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('菜单不存在：99998, 99999');
  });
});

describe('a delegate changing a role that already grants more than the delegate has', () => {
  // The delegate: console, roles and tags; no recruitment, no question banks, no permission bits.
  let o: TestOrg;
  let delegate: TestUser;
  let bigRole: number;
  beforeAll(async () => {
    o = await createOrg(t);
    delegate = await createStaff(o, [await insertRole(o, [100, 1102, 1103])]);
    bigRole = await insertRole(o, [1000], [1]);
  });
  const modify = (body: Record<string, unknown>) =>
    call(t, 'POST', `${ROLE}/modify`, { user: delegate, body: { roleId: bigRole, ...body } });

  it('may keep the menus and bits the role has while adding what the delegate has', async () => {
    expect((await modify({ menuIds: [1000, 1103] })).status).toBe(200);
    const menus = await call(t, 'POST', `${PERM}/modify/by-role`, {
      user: delegate,
      body: { roleId: bigRole, menuIds: [1000, 1102, 1103] },
    });
    expect(menus.status).toBe(200);
    expect((await modify({ menuIds: [1000, 1103] })).status).toBe(200);
    expect((await modify({ permissions: [1] })).status).toBe(200);
    const row = await storedRole(bigRole);
    expect(row?.permission).toBe(permissionMaskFromIndices([1]));
  });

  it('may not add a menu or a bit beyond the delegate, and is told only what is being added', async () => {
    const menu = await modify({ menuIds: [1000, 1103, 500] });
    expect(menu.status).toBe(403);
    expect(menu.body.message).toBe('不能授予超出您自身权限的功能：题库管理');
    const bit = await modify({ permissions: [1, 2] });
    expect(bit.status).toBe(403);
    expect(bit.body.message).toBe('不能授予超出您自身权限的功能：题库管理权限');
    const row = await storedRole(bigRole);
    expect(row?.permission).toBe(permissionMaskFromIndices([1]));
    expect((await grantOf(bigRole, o.admin)).sort()).toEqual([1000, 1103]);
  });

  it('names everything beyond the delegate in a new role', async () => {
    const res = await addRole({ name: unique('越权'), menuIds: [500, 1000] }, delegate);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(
      /^不能授予超出您自身权限的功能：(题库管理、招聘管理|招聘管理、题库管理)$/,
    );
  });
});

describe('a delegate and people whose access is beyond the delegate’s', () => {
  it('counts permission bits that come from roles without menus, and names everyone beyond', async () => {
    const o = await createOrg(t);
    const delegate = await createStaff(o, [await insertRole(o, [100, 1101, 1102])], '代管');
    const bitsOnly = await insertRole(o, [], [3]);
    const first = await createStaff(o, [bitsOnly], '甲');
    const second = await createStaff(o, [bitsOnly], '乙');
    const within = await insertRole(o, [100]);
    const replace = await call(t, 'POST', `${ROLE}/assign`, {
      user: delegate,
      body: { userIds: [first.id, second.id], roleIds: [within], mode: 'replace' },
    });
    expect(replace.status).toBe(403);
    expect(replace.body.message).toBe('不能操作权限超出您自身的员工：甲、乙');
    expect(await rolesOf(first.id)).toEqual([bitsOnly]);
    // Adding a role within the delegate's access takes nothing away: allowed.
    const add = await call(t, 'POST', `${ROLE}/assign`, {
      user: delegate,
      body: { userIds: [first.id], roleIds: [within], mode: 'add' },
    });
    expect(add.status).toBe(200);
    expect(await rolesOf(first.id)).toEqual([bitsOnly, within].sort((a, b) => a - b));
  });
});

describe('taking the default role away', () => {
  it('is allowed from people with another role and from admins, refused for whoever it would leave with none', async () => {
    const o = await createOrg(t);
    const lone = await createStaff(o, [o.roleIds.staff], '独');
    const both = await createStaff(o, [o.roleIds.staff, o.roleIds.trainer], '双');
    const unassign = (userIds: number[]) =>
      call(t, 'POST', `${ROLE}/unassign`, { user: o.admin, body: { userIds, roleIds: [o.roleIds.staff] } });
    const refused = await unassign([lone.id, both.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('“独”没有其他角色，不能移出默认角色');
    // Named all, and refused also when the default role goes together with another.
    const alone = await createStaff(o, [o.roleIds.staff, o.roleIds.recruiter], '孤');
    const together = await call(t, 'POST', `${ROLE}/unassign`, {
      user: o.admin,
      body: { userIds: [lone.id, alone.id], roleIds: [o.roleIds.recruiter, o.roleIds.staff] },
    });
    expect(together.status).toBe(409);
    expect(together.body.message).toMatch(/^(“独”、“孤”|“孤”、“独”)没有其他角色，不能移出默认角色$/);
    expect(await rolesOf(alone.id)).toEqual([o.roleIds.recruiter, o.roleIds.staff].sort((a, b) => a - b));
    expect(await rolesOf(both.id)).toEqual([o.roleIds.staff, o.roleIds.trainer].sort((a, b) => a - b));
    expect((await unassign([both.id])).status).toBe(200);
    expect(await rolesOf(both.id)).toEqual([o.roleIds.trainer]);
    await t.app.deps.db
      .insert(userRoles)
      .values({ userId: o.admin.id, roleId: o.roleIds.staff })
      .onConflictDoNothing();
    const admin = await unassign([o.admin.id]);
    expect(admin.status).toBe(200);
    expect(await rolesOf(o.admin.id)).not.toContain(o.roleIds.staff);
  });
});
