import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { activityLog, departmentLeaders, departments, users } from '../../db/schema';
import { createMember, createPost, download, readWorkbook, sheetRows, userRow } from '../../../test/support';
import type {
  DepartmentNode,
  FlatDepartment,
  PostMatchNode,
  SearchedDepartmentNode,
  StaffTreeNode,
} from '@kaopei/shared/contracts/department';

let t: TestApp;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  other = await createOrg(t);
});
afterAll(() => t.close());

const data = <T>(res: Awaited<ReturnType<typeof call>>) => res.body.res?.data as T;
const D = '/user/api/v1/department';

async function departmentCount(orgId: number): Promise<number> {
  const rows = await t.app.deps.db.select().from(departments).where(eq(departments.organizationId, orgId));
  return rows.length;
}

async function addDepartment(org: TestOrg, name: string, parentId?: number): Promise<number> {
  const res = await call(t, 'POST', `${D}/add`, { user: org.admin, body: { name, parentId } });
  expect(res.status, res.body.message).toBe(200);
  return data<{ departmentId: number }>(res).departmentId;
}

describe('department trees and lists', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(t);
  });

  it('returns the tree with head counts that include sub-departments', async () => {
    const res = await call(t, 'GET', `${D}/tree`, { user: org.admin });
    expect(res.status).toBe(200);
    const tree = data<DepartmentNode[]>(res);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: '研发部', parentId: null, staffCount: 2, ownStaffCount: 1 });
    expect(tree[0]?.children[0]).toMatchObject({
      name: '前端组',
      staffCount: 1,
      ownStaffCount: 1,
      children: [],
    });
  });

  it('is readable by any signed-in member and never shows another organisation', async () => {
    const res = await call(t, 'GET', `${D}/tree`, { user: org.staff });
    expect(res.status).toBe(200);
    const ids = JSON.stringify(data(res));
    expect(ids).not.toContain(`"departmentId":${other.departmentIds[0]},`);
    const anonymous = await call(t, 'GET', `${D}/tree`);
    expect(anonymous.status).toBe(401);
  });

  it('lists all departments flat with their paths', async () => {
    const res = await call(t, 'GET', `${D}/all`, { user: org.staff });
    expect(data<FlatDepartment[]>(res).map((d) => [d.name, d.path, d.level])).toEqual([
      ['研发部', '研发部', 1],
      ['前端组', '研发部/前端组', 2],
    ]);
  });

  it('gives the staff-manage tree with each department’s active members', async () => {
    const res = await call(t, 'GET', `${D}/tree/staff-manage`, { user: org.admin });
    const [root] = data<StaffTreeNode[]>(res);
    expect(root?.staffs).toEqual([{ userId: org.admin.id, realName: '管理员' }]);
    expect(root?.children[0]?.staffs).toEqual([{ userId: org.staff.id, realName: '员工' }]);
  });

  it('marks staff holding a post in tree/post/match', async () => {
    const postId = await createPost(t, org, unique('岗位'));
    await t.app.deps.db.update(users).set({ postId }).where(eq(users.id, org.staff.id));
    const res = await call(t, 'GET', `${D}/tree/post/match?postId=${postId}`, { user: org.admin });
    expect(res.status).toBe(200);
    const [root] = data<PostMatchNode[]>(res);
    expect(root?.matchedCount).toBe(1);
    expect(root?.staffs[0]).toMatchObject({ userId: org.admin.id, matched: false });
    expect(root?.children[0]?.staffs[0]).toMatchObject({ userId: org.staff.id, matched: true });
    const foreignPost = await createPost(t, other, unique('岗位'));
    const foreign = await call(t, 'GET', `${D}/tree/post/match?postId=${foreignPost}`, { user: org.admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('岗位不存在');
    const bad = await call(t, 'GET', `${D}/tree/post/match?postId=abc`, { user: org.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('岗位');
  });

  it('returns a simple subtree, or 404 for another organisation’s department', async () => {
    const res = await call(t, 'GET', `${D}/subtree/simple?departmentId=${org.departmentIds[0]}`, {
      user: org.staff,
    });
    expect(data(res)).toEqual([
      {
        departmentId: org.departmentIds[0],
        name: '研发部',
        parentId: null,
        children: [
          {
            departmentId: org.departmentIds[1],
            name: '前端组',
            parentId: org.departmentIds[0],
            children: [],
          },
        ],
      },
    ]);
    const whole = await call(t, 'GET', `${D}/subtree/simple`, { user: org.staff });
    expect(data<unknown[]>(whole)).toHaveLength(1);
    const foreign = await call(t, 'GET', `${D}/subtree/simple?departmentId=${other.departmentIds[0]}`, {
      user: org.admin,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('部门不存在');
  });

  it('searches the tree by name keeping ancestors and the matched subtree', async () => {
    const res = await call(t, 'POST', `${D}/tree/search`, { user: org.staff, body: { keyword: '前端' } });
    const [root] = data<SearchedDepartmentNode[]>(res);
    expect(root).toMatchObject({ name: '研发部', matched: false });
    expect(root?.children).toHaveLength(1);
    expect(root?.children[0]).toMatchObject({ name: '前端组', matched: true });
    const none = await call(t, 'POST', `${D}/tree/search`, {
      user: org.staff,
      body: { keyword: '不存在的部门' },
    });
    expect(data(none)).toEqual([]);
    const all = await call(t, 'POST', `${D}/tree/search`, { user: org.staff, body: {} });
    expect(data<unknown[]>(all)).toHaveLength(1);
  });

  it('lists a department’s staff (with sub-departments) as directory rows without contact details', async () => {
    const res = await call(
      t,
      'GET',
      `${D}/staffs?status=0&departmentId=${org.departmentIds[0]}&page=0&size=10`,
      {
        user: org.staff,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.res?.total).toBe(2);
    const rows = data<Record<string, unknown>[]>(res);
    expect(rows.map((r) => r.userId).sort()).toEqual([org.admin.id, org.staff.id].sort());
    expect(rows[0]).not.toHaveProperty('phone');
    expect(rows[0]).not.toHaveProperty('account');
    const direct = await call(
      t,
      'GET',
      `${D}/staffs?departmentId=${org.departmentIds[0]}&includeSubDepartments=false`,
      { user: org.staff },
    );
    expect(data<{ userId: number }[]>(direct).map((r) => r.userId)).toEqual([org.admin.id]);
    const foreign = await call(t, 'GET', `${D}/staffs?departmentId=${other.departmentIds[0]}`, {
      user: org.admin,
    });
    expect(foreign.status).toBe(404);
    const paged = await call(t, 'GET', `${D}/staffs?departmentId=${org.departmentIds[0]}&page=1&size=1`, {
      user: org.staff,
    });
    expect(data<unknown[]>(paged)).toHaveLength(1);
    expect(paged.body.res?.total).toBe(2);
    const badStatus = await call(t, 'GET', `${D}/staffs?departmentId=${org.departmentIds[0]}&status=5`, {
      user: org.staff,
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('状态只能是 0（在职）或 1（离职）');
  });

  it('lists staff of several departments and of the whole organisation', async () => {
    const batch = await call(
      t,
      'GET',
      `${D}/staffs/batch?departmentIds=${org.departmentIds[1]}&departmentIds=${org.departmentIds[0]}`,
      { user: org.staff },
    );
    expect(batch.status).toBe(200);
    expect(batch.body.res?.total).toBe(2);
    const foreign = await call(
      t,
      'GET',
      `${D}/staffs/batch?departmentIds=${org.departmentIds[1]}&departmentIds=${other.departmentIds[0]}`,
      { user: org.staff },
    );
    expect(foreign.status).toBe(404);
    const none = await call(t, 'GET', `${D}/staffs/batch`, { user: org.staff });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('部门');
    const orgStaff = await call(t, 'GET', `${D}/organization/staffs?page=0&size=10`, { user: org.staff });
    expect(orgStaff.body.res?.total).toBe(2);
    expect(data<{ userId: number }[]>(orgStaff).map((r) => r.userId)).not.toContain(other.admin.id);
  });
});

describe('department changes', () => {
  it('adds departments and children, refusing duplicates among siblings', async () => {
    const org = await createOrg(t);
    const hr = await addDepartment(org, '人力资源部');
    const child = await addDepartment(org, '招聘组', hr);
    const tree = data<DepartmentNode[]>(await call(t, 'GET', `${D}/tree`, { user: org.admin }));
    expect(tree.map((n) => n.name)).toEqual(['研发部', '人力资源部']);
    expect(tree[1]?.children.map((n) => [n.departmentId, n.name])).toEqual([[child, '招聘组']]);

    const dup = await call(t, 'POST', `${D}/add`, {
      user: org.admin,
      body: { name: '招聘组', parentId: hr },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('「人力资源部」下已存在名为「招聘组」的部门');
    // The same name under another parent is fine.
    await addDepartment(org, '招聘组', org.departmentIds[0]);
    const activity = await t.app.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.action, '新增部门')));
    expect(activity.map((a) => a.detail)).toContain('人力资源部/招聘组');
  });

  it('rejects bad input naming the field and changes nothing', async () => {
    const org = await createOrg(t);
    const before = await departmentCount(org.id);
    const empty = await call(t, 'POST', `${D}/add`, { user: org.admin, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('部门名称不能为空');
    const missing = await call(t, 'POST', `${D}/add`, { user: org.admin, body: {} });
    expect(missing.body.message).toBe('部门名称不能为空');
    const slash = await call(t, 'POST', `${D}/add`, { user: org.admin, body: { name: '技术/研发' } });
    expect(slash.status).toBe(400);
    expect(slash.body.message).toContain('部门名称不能包含“/”');
    const long = await call(t, 'POST', `${D}/add`, { user: org.admin, body: { name: 'x'.repeat(51) } });
    expect(long.body.message).toBe('部门名称不能超过 50 个字符');
    const badParent = await call(t, 'POST', `${D}/add`, {
      user: org.admin,
      body: { name: 'a', parentId: -1 },
    });
    expect(badParent.status).toBe(400);
    expect(badParent.body.message).toContain('上级部门');
    const foreignParent = await call(t, 'POST', `${D}/add`, {
      user: org.admin,
      body: { name: '越权', parentId: other.departmentIds[0] },
    });
    expect(foreignParent.status).toBe(404);
    expect(foreignParent.body.message).toBe('上级部门不存在');
    expect(await departmentCount(org.id)).toBe(before);
    expect(await departmentCount(other.id)).toBe(2);
  });

  it('needs the 员工管理 menu for changes (a plain staff member gets 403; a 培训管理员 may)', async () => {
    const org = await createOrg(t);
    const denied = await call(t, 'POST', `${D}/add`, { user: org.staff, body: { name: '新部门' } });
    expect(denied.status).toBe(403);
    for (const [path, body] of [
      ['modify', { departmentId: org.departmentIds[1], name: 'x' }],
      ['delete', { departmentId: org.departmentIds[1] }],
      ['set/department/leaders', { departmentId: org.departmentIds[1], userIds: [] }],
    ] as const) {
      const res = await call(t, 'POST', `${D}/${path}`, { user: org.staff, body });
      expect(res.status, path).toBe(403);
    }
    const exportRes = await download(t, 'GET', `${D}/export`, { user: org.staff });
    expect(exportRes.status).toBe(403);
    expect(await departmentCount(org.id)).toBe(2);
    const manager = await createMember(t, org, 'manager');
    const allowed = await call(t, 'POST', `${D}/add`, { user: manager, body: { name: '新部门' } });
    expect(allowed.status).toBe(200);
  });

  it('renames, moves and reorders, refusing cycles', async () => {
    const org = await createOrg(t);
    const [dev, fe] = org.departmentIds as [number, number];
    const ops = await addDepartment(org, '运维部');
    const renamed = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: fe, name: '前端开发组' },
    });
    expect(renamed.status).toBe(200);

    const cycle = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: dev, parentId: fe },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe('不能把部门移动到它自己或它的下级部门之下');
    const self = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: dev, parentId: dev },
    });
    expect(self.status).toBe(400);

    const moved = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: fe, parentId: ops },
    });
    expect(moved.status).toBe(200);
    let tree = data<DepartmentNode[]>(await call(t, 'GET', `${D}/tree`, { user: org.admin }));
    expect(tree.map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([
      ['研发部', []],
      ['运维部', ['前端开发组']],
    ]);
    // Head counts follow the move.
    expect(tree[1]?.staffCount).toBe(1);

    // To the top level, placed first.
    const toTop = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: fe, parentId: null, sort: 0 },
    });
    expect(toTop.status).toBe(200);
    tree = data<DepartmentNode[]>(await call(t, 'GET', `${D}/tree`, { user: org.admin }));
    expect(tree.map((n) => n.name)).toEqual(['前端开发组', '研发部', '运维部']);

    const reorder = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: ops, sort: 0 },
    });
    expect(reorder.status).toBe(200);
    tree = data<DepartmentNode[]>(await call(t, 'GET', `${D}/tree`, { user: org.admin }));
    expect(tree.map((n) => n.name)).toEqual(['运维部', '前端开发组', '研发部']);

    const clash = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: ops, name: '研发部' },
    });
    expect(clash.status).toBe(409);
    const badSort = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: ops, sort: -1 },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe('排序位置不能小于 0');
  });

  it('answers 404 for another organisation’s department and changes nothing there', async () => {
    const org = await createOrg(t);
    const rename = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: other.departmentIds[1], name: '被改了' },
    });
    expect(rename.status).toBe(404);
    expect(rename.body.message).toBe('部门不存在');
    const moveUnder = await call(t, 'POST', `${D}/modify`, {
      user: org.admin,
      body: { departmentId: org.departmentIds[1], parentId: other.departmentIds[0] },
    });
    expect(moveUnder.status).toBe(404);
    const del = await call(t, 'POST', `${D}/delete`, {
      user: org.admin,
      body: { departmentId: other.departmentIds[1] },
    });
    expect(del.status).toBe(404);
    const [row] = await t.app.deps.db
      .select()
      .from(departments)
      .where(eq(departments.id, other.departmentIds[1] as number));
    expect(row?.name).toBe('前端组');
  });

  it('refuses to delete a department that still has staff or children', async () => {
    const org = await createOrg(t);
    const [dev, fe] = org.departmentIds as [number, number];
    const withStaff = await call(t, 'POST', `${D}/delete`, { user: org.admin, body: { departmentId: fe } });
    expect(withStaff.status).toBe(409);
    expect(withStaff.body.message).toBe('该部门下还有员工，无法删除');

    // Move everyone out of 研发部; it still has 前端组 below it.
    await t.app.deps.db.update(users).set({ departmentId: null }).where(eq(users.departmentId, dev));
    const withChildren = await call(t, 'POST', `${D}/delete`, {
      user: org.admin,
      body: { departmentId: dev },
    });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toBe('该部门下还有子部门，无法删除');

    // Former staff still count.
    await t.app.deps.db.update(users).set({ status: 1 }).where(eq(users.id, org.staff.id));
    const leftOnly = await call(t, 'POST', `${D}/delete`, { user: org.admin, body: { departmentId: fe } });
    expect(leftOnly.status).toBe(409);
    expect(leftOnly.body.message).toContain('离职员工');
    expect(await departmentCount(org.id)).toBe(2);

    await t.app.deps.db.update(users).set({ departmentId: null }).where(eq(users.id, org.staff.id));
    const ok1 = await call(t, 'POST', `${D}/delete`, { user: org.admin, body: { departmentId: fe } });
    expect(ok1.status).toBe(200);
    const ok2 = await call(t, 'POST', `${D}/delete`, { user: org.admin, body: { departmentId: dev } });
    expect(ok2.status).toBe(200);
    expect(await departmentCount(org.id)).toBe(0);
    const again = await call(t, 'POST', `${D}/delete`, { user: org.admin, body: { departmentId: dev } });
    expect(again.status).toBe(404);
  });
});

describe('department leaders', () => {
  it('sets and reads leaders, validating the people', async () => {
    const org = await createOrg(t);
    const fe = org.departmentIds[1] as number;
    const set = await call(t, 'POST', `${D}/set/department/leaders`, {
      user: org.admin,
      body: { departmentId: fe, userIds: [org.staff.id, org.admin.id] },
    });
    expect(set.status).toBe(200);
    const res = await call(t, 'GET', `${D}/get/department/leaders?departmentId=${fe}`, { user: org.staff });
    expect(
      data<{ userId: number }[]>(res)
        .map((l) => l.userId)
        .sort(),
    ).toEqual([org.admin.id, org.staff.id].sort());

    const foreignUser = await call(t, 'POST', `${D}/set/department/leaders`, {
      user: org.admin,
      body: { departmentId: fe, userIds: [other.staff.id] },
    });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.message).toBe('员工不存在');
    const foreignDept = await call(t, 'POST', `${D}/set/department/leaders`, {
      user: org.admin,
      body: { departmentId: other.departmentIds[1], userIds: [org.staff.id] },
    });
    expect(foreignDept.status).toBe(404);
    const readForeign = await call(
      t,
      'GET',
      `${D}/get/department/leaders?departmentId=${other.departmentIds[1]}`,
      {
        user: org.admin,
      },
    );
    expect(readForeign.status).toBe(404);

    await t.app.deps.db.update(users).set({ status: 1 }).where(eq(users.id, org.staff.id));
    const left = await call(t, 'POST', `${D}/set/department/leaders`, {
      user: org.admin,
      body: { departmentId: fe, userIds: [org.staff.id] },
    });
    expect(left.status).toBe(400);
    expect(left.body.message).toBe('「员工」已离职，不能设为部门负责人');
    const rows = await t.app.deps.db
      .select()
      .from(departmentLeaders)
      .where(eq(departmentLeaders.departmentId, fe));
    expect(rows).toHaveLength(2);

    const cleared = await call(t, 'POST', `${D}/set/department/leaders`, {
      user: org.admin,
      body: { departmentId: fe, userIds: [] },
    });
    expect(data(cleared)).toEqual([]);
  });
});

describe('department and staff exports', () => {
  it('exports the department tree with head counts as xlsx', async () => {
    const org = await createOrg(t);
    const res = await download(t, 'GET', `${D}/export`, { user: org.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E9%83%A8%E9%97%A8%E6%9E%B6%E6%9E%84",
    );
    const workbook = await readWorkbook(res.data);
    const rows = sheetRows(workbook.getWorksheet('部门架构'));
    expect(rows[0]).toEqual([
      '部门路径',
      '部门名称',
      '上级部门',
      '层级',
      '负责人',
      '本部门在职人数',
      '在职人数（含下级）',
      '本部门离职人数',
    ]);
    expect(rows[1]?.slice(0, 4)).toEqual(['研发部', '研发部', '', '1']);
    expect(rows[1]?.slice(5, 8)).toEqual(['1', '2', '0']);
    expect(rows[2]?.slice(0, 8)).toEqual(['研发部/前端组', '前端组', '研发部', '2', '', '1', '1', '0']);
    expect(rows[3]?.[0]).toBe('合计');

    const sub = await download(t, 'GET', `${D}/export?departmentId=${org.departmentIds[1]}`, {
      user: org.admin,
    });
    const subRows = sheetRows((await readWorkbook(sub.data)).getWorksheet('部门架构'));
    expect(subRows.map((r) => r[0])).toEqual(['部门路径', '研发部/前端组', '合计']);
    const foreign = await download(t, 'GET', `${D}/export?departmentId=${other.departmentIds[0]}`, {
      user: org.admin,
    });
    expect(foreign.status).toBe(404);
  });

  it('exports chosen staff or a filter as xlsx that parses back', async () => {
    const org = await createOrg(t);
    const chosen = await download(t, 'POST', `${D}/export/specific`, {
      user: org.admin,
      body: { userIds: [org.staff.id] },
    });
    expect(chosen.status).toBe(200);
    const rows = sheetRows((await readWorkbook(chosen.data)).getWorksheet('员工信息'));
    expect(rows[0]?.slice(0, 8)).toEqual(['姓名', '账号', '手机号', '邮箱', '性别', '工号', '部门', '岗位']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 2)).toEqual(['员工', org.staff.account]);
    expect(rows[1]?.[6]).toBe('研发部/前端组');
    expect(rows[1]?.[8]).toBe('普通员工');
    expect(rows[1]?.[9]).toBe('在职');

    const filtered = await download(t, 'POST', `${D}/export/specific`, {
      user: org.admin,
      body: { filter: { departmentId: org.departmentIds[0], sort: { field: 'account', order: 'asc' } } },
    });
    const filteredRows = sheetRows((await readWorkbook(filtered.data)).getWorksheet('员工信息'));
    expect(filteredRows.slice(1).map((r) => r[1])).toEqual([org.admin.account, org.staff.account].sort());

    const foreign = await download(t, 'POST', `${D}/export/specific`, {
      user: org.admin,
      body: { userIds: [org.staff.id, other.staff.id] },
    });
    expect(foreign.status).toBe(404);
    const denied = await download(t, 'POST', `${D}/export/specific`, { user: org.staff, body: {} });
    expect(denied.status).toBe(403);
  });

  it('zips several workbooks when more than 5,000 staff are exported', async () => {
    const org = await createOrg(t);
    const prefix = unique('bulk');
    const values = Array.from({ length: 5001 }, (_, i) => ({
      organizationId: org.id,
      account: `${prefix}_${i}`,
      realName: `批量${i}`,
      departmentId: org.departmentIds[1],
    }));
    for (let i = 0; i < values.length; i += 1000)
      await t.app.deps.db.insert(users).values(values.slice(i, i + 1000));
    const res = await download(t, 'POST', `${D}/export/specific`, { user: org.admin, body: { filter: {} } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(res.data));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^员工信息_\d{8}_1\.xlsx$/);
    let total = 0;
    for (const name of names) {
      const sheet = (await readWorkbook(files[name] as Uint8Array)).getWorksheet('员工信息');
      total += (sheet?.rowCount ?? 1) - 1;
    }
    expect(total).toBe(5003);
    expect((await userRow(t, org.staff.id))?.status).toBe(0);
  }, 120_000);
});
