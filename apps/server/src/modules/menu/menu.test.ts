import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_GROUPS, permissionMaskFromIndices } from '@kaopei/shared';
import { roleMenus, roles, userRoles } from '../../db/schema';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import { MENU_TREE, type MenuSeed } from './menu.data';
import type { MenuNode } from './menu.service';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
});
afterAll(() => t.close());

const urls = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.children)]);
const seedUrls = (nodes: MenuSeed[]): string[] =>
  nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...seedUrls(n.children ?? [])]);

async function menuOf(user: TestOrg['admin']): Promise<MenuNode[]> {
  const res = await call(t, 'GET', '/user/api/v2/sys/permission/get/menu?endpoint=1', { user });
  expect(res.status).toBe(200);
  return res.body.res?.data as MenuNode[];
}

describe('menu tree', () => {
  it('gives an admin every group of every mode, with name, id, icon, url and children', async () => {
    const tree = await menuOf(org.admin);
    const groups = tree.map((n) => n.name);
    for (const mode of Object.values(MODE_GROUPS)) for (const group of mode) expect(groups).toContain(group);
    expect(tree[0]).toMatchObject({
      id: 100,
      name: '控制台',
      icon: 'DashboardOutlined',
      url: '/manage/console',
    });
    expect(urls(tree).sort()).toEqual(seedUrls(MENU_TREE).sort());
  });

  it('covers every /manage route of the spec', () => {
    const all = seedUrls(MENU_TREE);
    for (const url of [
      '/manage/exam/list',
      '/manage/paperBankMgt',
      '/manage/question/bank',
      '/manage/study/task',
      '/manage/recruitment/job',
      '/manage/system/staff',
      '/manage/analysis/report',
      '/manage/operation/order',
      '/manage/knowledge/show',
      '/manage/post/match',
      '/manage/evaluate/question/list',
      '/manage/pmt/list',
    ]) {
      expect(all).toContain(url);
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives a staff member only what their role grants', async () => {
    const tree = await menuOf(org.staff);
    expect(urls(tree)).toEqual(['/manage/console']);
  });

  it('applies a role change at once, for menus and for server-side access', async () => {
    const o = await createOrg(t);
    const denied = await call(t, 'GET', '/user/api/v1/statistic/console', { user: o.staff });
    expect(denied.status).toBe(200);
    // Take the console away: the staff role now grants nothing.
    await t.app.deps.db.delete(roleMenus).where(eq(roleMenus.roleId, o.roleIds.staff));
    expect(await menuOf(o.staff)).toEqual([]);
    const refused = await call(t, 'GET', '/user/api/v1/statistic/console', { user: o.staff });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: -1, message: '您没有权限访问该功能' });
  });

  it('lets a permission bit grant a whole group with its nested levels', async () => {
    const o = await createOrg(t);
    const [role] = await t.app.deps.db
      .insert(roles)
      .values({ organizationId: o.id, name: '考试管理员', permission: permissionMaskFromIndices([4]) })
      .returning();
    await t.app.deps.db.insert(userRoles).values({ userId: o.staff.id, roleId: role!.id });
    const tree = await menuOf(o.staff);
    const names = tree.map((n) => n.name);
    expect(names).toEqual(['控制台', '考试管理', '试卷管理']);
    const exam = tree.find((n) => n.name === '考试管理')!;
    expect(exam.children[0]?.children.map((c) => c.url)).toContain('/manage/exam/list');
    expect(exam.modes).toEqual(['evaluation']);
  });

  it('shows the ancestors of a granted leaf but not their other children', async () => {
    const o = await createOrg(t);
    await t.app.deps.db.insert(roleMenus).values({ roleId: o.roleIds.staff, menuId: 921 });
    const tree = await menuOf(o.staff);
    const analysis = tree.find((n) => n.name === '数据分析')!;
    expect(analysis.children.map((c) => c.name)).toEqual(['业务分析']);
    expect(analysis.children[0]?.children.map((c) => c.url)).toEqual(['/manage/analysis/exam']);
  });

  it('needs a token', async () => {
    const res = await call(t, 'GET', '/user/api/v2/sys/permission/get/menu?endpoint=1');
    expect(res.status).toBe(401);
  });

  it('validates the endpoint parameter', async () => {
    const res = await call(t, 'GET', '/user/api/v2/sys/permission/get/menu?endpoint=abc', {
      user: org.admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('接口必须是数字');
  });
});

describe('menu grants', () => {
  it('reduces a grant to the nodes no granted ancestor covers, dropping unknown ids', async () => {
    const { menus } = t.app.deps;
    expect(await menus.compactGrant([211, 200, 210, 1103, 99999, 100])).toEqual([100, 200, 1103]);
    expect(await menus.compactGrant([])).toEqual([]);
  });

  it('names what a grant gives beyond the caller’s own access', async () => {
    const { menus } = t.app.deps;
    const staff = { userId: org.staff.id, isAdmin: false };
    expect(await menus.beyondAccess(staff, { menuIds: [100] })).toEqual([]);
    expect(await menus.beyondAccess(staff, { menuIds: [100, 1103], permission: 1 << 4 })).toEqual([
      '标签管理',
      '考试管理权限',
    ]);
    expect(await menus.beyondAccess({ userId: org.admin.id, isAdmin: true }, { menuIds: [1000] })).toEqual(
      [],
    );
  });
});
