import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import {
  createMember,
  createRole,
  download,
  multipart,
  readWorkbook,
  sheetRows,
} from '../../../test/support';
import {
  abilities,
  abilityDimensions,
  exams,
  postAbilities,
  postDepartments,
  postFamilies,
  posts,
  tags,
  users,
} from '../../db/schema';
import type { FamilyNode, FamilyRow, PostDetail, PostRow, PostStaffRow } from '@kaopei/shared/contracts/post';
import type { ImportResult } from '@kaopei/shared/contracts/file';
import ExcelJS from 'exceljs';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const P = '/post/api/v1/post';
const F = '/post/api/v1/family';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

async function family(name: string, parentId = 0, o = org): Promise<FamilyRow> {
  const res = await call(t, 'POST', `${F}/add`, { user: o.admin, body: { name, parentId } });
  expect(res.status).toBe(200);
  return data<FamilyRow>(res);
}

async function post(body: Record<string, unknown>, o = org): Promise<PostDetail> {
  const res = await call(t, 'POST', `${P}/add`, { user: o.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return data<PostDetail>(res);
}

async function postTag(o: TestOrg, name: string, type = 3): Promise<number> {
  const [row] = await db()
    .insert(tags)
    .values({ organizationId: o.id, type, name })
    .returning({ id: tags.id });
  return row?.id as number;
}

async function storedPost(id: number) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  return row;
}

describe('post families', () => {
  it('builds, renames, moves (refusing cycles) and deletes only empty families', async () => {
    const tech = await family('技术序列');
    const dev = await family('研发', tech.id);
    const leaf = await family('后端', dev.id);
    const tree = data<FamilyNode[]>(await call(t, 'GET', `${F}/tree`, { user: org.admin }));
    const techNode = tree.find((n) => n.id === tech.id);
    expect(techNode?.children[0]?.children[0]?.name).toBe('后端');

    const dup = await call(t, 'POST', `${F}/add`, {
      user: org.admin,
      body: { name: '研发', parentId: tech.id },
    });
    expect(dup.status).toBe(409);
    const blank = await call(t, 'POST', `${F}/add`, { user: org.admin, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('序列名称不能为空');

    const renamed = await call(t, 'POST', `${F}/modify`, {
      user: org.admin,
      body: { familyId: dev.id, name: '研发类' },
    });
    expect(data<FamilyRow>(renamed).name).toBe('研发类');

    for (const parentId of [tech.id, leaf.id]) {
      const loop = await call(t, 'POST', `${F}/move`, {
        user: org.admin,
        body: { familyId: tech.id, parentId },
      });
      expect(loop.status).toBe(400);
      expect(loop.body.message).toBe('不能把岗位序列移动到它自身或其下级序列下');
    }
    const [unchanged] = await db().select().from(postFamilies).where(eq(postFamilies.id, tech.id));
    expect(unchanged?.parentId).toBeNull();
    const moved = await call(t, 'POST', `${F}/move`, {
      user: org.admin,
      body: { familyId: leaf.id, parentId: 0 },
    });
    expect(data<FamilyRow>(moved).parentId).toBe(0);

    const withChild = await call(t, 'POST', `${F}/delete?familyId=${tech.id}`, { user: org.admin });
    expect(withChild.status).toBe(409);
    const p = await post({ name: '家族测试岗', familyId: leaf.id });
    const withPost = await call(t, 'POST', `${F}/delete?familyId=${leaf.id}`, { user: org.admin });
    expect(withPost.status).toBe(409);
    expect(withPost.body.message).toContain('岗位');
    await call(t, 'POST', `${P}/delete?postId=${p.postId}`, { user: org.admin });
    expect((await call(t, 'POST', `${F}/delete?familyId=${leaf.id}`, { user: org.admin })).status).toBe(200);
    const left = await db().select().from(postFamilies).where(eq(postFamilies.id, leaf.id));
    expect(left).toHaveLength(0);
  });

  it("refuses another organisation's families for reads and writes", async () => {
    const foreign = await family('外部序列', 0, other);
    const attempts = [
      call(t, 'POST', `${F}/modify`, { user: org.admin, body: { familyId: foreign.id, name: 'x' } }),
      call(t, 'POST', `${F}/move`, { user: org.admin, body: { familyId: foreign.id, parentId: 0 } }),
      call(t, 'POST', `${F}/add`, { user: org.admin, body: { name: 'x', parentId: foreign.id } }),
      call(t, 'POST', `${F}/delete?familyId=${foreign.id}`, { user: org.admin }),
      call(t, 'POST', `${P}/search`, { user: org.admin, body: { familyId: foreign.id } }),
      call(t, 'POST', `${P}/add`, { user: org.admin, body: { name: '外部序列岗', familyId: foreign.id } }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const [still] = await db().select().from(postFamilies).where(eq(postFamilies.id, foreign.id));
    expect(still?.name).toBe('外部序列');
    const tree = data<FamilyNode[]>(await call(t, 'GET', `${F}/tree`, { user: org.admin }));
    expect(tree.some((n) => n.id === foreign.id)).toBe(false);
  });
});

describe('posts', () => {
  it('adds, searches, reads, modifies a post with departments and tags', async () => {
    const fam = await family('产品序列');
    const sub = await family('产品设计', fam.id);
    const tagId = await postTag(org, '核心岗位');
    const created = await post({
      name: '产品经理',
      code: 'PM-01',
      familyId: sub.id,
      grade: 'P6',
      headcount: 3,
      departmentIds: org.departmentIds,
      tagIds: [tagId],
      duties: '负责需求分析',
      requirements: '三年以上经验',
    });
    expect(created).toMatchObject({
      name: '产品经理',
      code: 'PM-01',
      familyPath: '产品序列/产品设计',
      headcount: 3,
      shareToken: null,
      abilities: [],
      knowledgeCount: 0,
      paperCount: 0,
    });
    expect(created.departments.map((d) => d.departmentId).sort()).toEqual([...org.departmentIds].sort());
    expect(created.tags.map((x) => x.tagId)).toEqual([tagId]);
    await post({ name: '运营专员', code: 'OP-01' });

    const search = async (body: Record<string, unknown>) => {
      const res = await call(t, 'POST', `${P}/search?page=0&size=10`, { user: org.admin, body });
      expect(res.status).toBe(200);
      return data<PostRow[]>(res).map((r) => r.name);
    };
    expect(await search({ familyId: fam.id })).toEqual(['产品经理']);
    expect(await search({ departmentId: org.departmentIds[1] })).toEqual(['产品经理']);
    expect(await search({ keyword: 'op-' })).toEqual(['运营专员']);
    expect(await search({ tagIds: [tagId] })).toEqual(['产品经理']);

    // Staff count and the ability model summary show in the detail.
    await db().update(users).set({ postId: created.postId }).where(eq(users.id, org.staff.id));
    const [dim] = await db()
      .insert(abilityDimensions)
      .values({ organizationId: org.id, name: '专业技能' })
      .returning();
    const [ability] = await db()
      .insert(abilities)
      .values({ organizationId: org.id, dimensionId: dim?.id as number, name: '需求分析' })
      .returning();
    await db()
      .insert(postAbilities)
      .values({ postId: created.postId, abilityId: ability?.id as number, requiredLevel: 4, weight: 100 });
    const detail = data<PostDetail>(
      await call(t, 'GET', `${P}/get?postId=${created.postId}`, { user: org.admin }),
    );
    expect(detail.staffCount).toBe(1);
    expect(detail.abilities).toEqual([
      { abilityId: ability?.id, name: '需求分析', dimensionName: '专业技能', requiredLevel: 4, weight: 100 },
    ]);

    const modified = await call(t, 'POST', `${P}/modify`, {
      user: org.admin,
      body: { postId: created.postId, grade: null, departmentIds: [org.departmentIds[0]], code: '' },
    });
    expect(modified.status).toBe(200);
    const stored = await storedPost(created.postId);
    expect(stored).toMatchObject({ grade: null, code: null, name: '产品经理', headcount: 3 });
    const links = await db().select().from(postDepartments).where(eq(postDepartments.postId, created.postId));
    expect(links.map((l) => l.departmentId)).toEqual([org.departmentIds[0]]);

    const simple = data<{ postId: number; postName: string }[]>(
      await call(t, 'GET', `${P}/simple`, { user: org.admin }),
    );
    expect(simple.map((s) => s.postName)).toEqual(expect.arrayContaining(['产品经理', '运营专员']));
  });

  it('refuses bad input with Chinese messages naming the field, changing nothing', async () => {
    const before = await db().select({ id: posts.id }).from(posts).where(eq(posts.organizationId, org.id));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '岗位名称不能为空'],
      [{ name: 'x'.repeat(101) }, '岗位名称不能超过 100 个字符'],
      [{ name: '坏编制', headcount: -1 }, '编制人数不能为负数'],
      [{ name: '坏编制', headcount: 'abc' }, '编制人数必须是数字'],
      [{ name: '坏部门', departmentIds: ['x'] }, '所属部门必须是数字'],
      [{ name: '坏职级', grade: 'g'.repeat(31) }, '职级不能超过 30 个字符'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, 'POST', `${P}/add`, { user: org.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    await post({ name: '唯一岗位', code: 'UQ-1' });
    const sameName = await call(t, 'POST', `${P}/add`, { user: org.admin, body: { name: '唯一岗位' } });
    expect(sameName.status).toBe(409);
    const sameCode = await call(t, 'POST', `${P}/add`, {
      user: org.admin,
      body: { name: '另一岗位', code: 'UQ-1' },
    });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.message).toContain('岗位编码');
    const otherTypeTag = await postTag(org, '题目标签', 2);
    const wrongTag = await call(t, 'POST', `${P}/add`, {
      user: org.admin,
      body: { name: '错标签', tagIds: [otherTypeTag] },
    });
    expect(wrongTag.status).toBe(404);
    const after = await db().select({ id: posts.id }).from(posts).where(eq(posts.organizationId, org.id));
    expect(after.length).toBe(before.length + 1);
    // The same name in another organisation is fine.
    await post({ name: '唯一岗位', code: 'UQ-1' }, other);
  });

  it("refuses another organisation's posts, departments, tags and staff (404, nothing changes)", async () => {
    const mine = await post({ name: '本组织岗位' });
    const theirs = await post({ name: '外组织岗位', departmentIds: [other.departmentIds[0]] }, other);
    const foreignTag = await postTag(other, '外组织标签');
    const reads = [
      call(t, 'GET', `${P}/get?postId=${theirs.postId}`, { user: org.admin }),
      call(t, 'GET', `${P}/staff?postId=${theirs.postId}`, { user: org.admin }),
    ];
    const writes = [
      call(t, 'POST', `${P}/modify`, { user: org.admin, body: { postId: theirs.postId, name: '改' } }),
      call(t, 'POST', `${P}/delete?postId=${theirs.postId}`, { user: org.admin }),
      call(t, 'POST', `${P}/share?postId=${theirs.postId}`, { user: org.admin }),
      call(t, 'POST', `${P}/unshare?postId=${theirs.postId}`, { user: org.admin }),
      call(t, 'POST', `${P}/staff/assign`, {
        user: org.admin,
        body: { postId: theirs.postId, userIds: [org.staff.id] },
      }),
      call(t, 'POST', `${P}/staff/assign`, {
        user: org.admin,
        body: { postId: mine.postId, userIds: [other.staff.id] },
      }),
      call(t, 'POST', `${P}/modify`, {
        user: org.admin,
        body: { postId: mine.postId, departmentIds: [other.departmentIds[0]] },
      }),
      call(t, 'POST', `${P}/modify`, {
        user: org.admin,
        body: { postId: mine.postId, tagIds: [foreignTag] },
      }),
    ];
    for (const res of await Promise.all([...reads, ...writes])) expect(res.status).toBe(404);
    expect(await storedPost(theirs.postId)).toMatchObject({ name: '外组织岗位', shareToken: null });
    const [otherStaff] = await db().select().from(users).where(eq(users.id, other.staff.id));
    expect(otherStaff?.postId).toBeNull();
    const links = await db().select().from(postDepartments).where(eq(postDepartments.postId, mine.postId));
    expect(links).toHaveLength(0);
    const list = data<PostRow[]>(await call(t, 'POST', `${P}/search`, { user: org.admin, body: {} }));
    expect(list.some((r) => r.postId === theirs.postId)).toBe(false);
  });

  it('checks access: readers may read, only the post list menu may write', async () => {
    const matcher = await createMember(t, org, await createRole(t, org, [306]));
    expect((await call(t, 'GET', `${P}/simple`, { user: matcher })).status).toBe(200);
    expect((await call(t, 'POST', `${P}/add`, { user: matcher, body: { name: '无权' } })).status).toBe(403);
    expect((await call(t, 'GET', `${F}/tree`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'GET', `${P}/simple`)).status).toBe(401);
  });

  it('assigns staff, lists them, and deletes a post unless an exam refers to it', async () => {
    const p = await post({ name: '待删岗位' });
    const member = await createMember(t, org, 'staff');
    const assigned = await call(t, 'POST', `${P}/staff/assign`, {
      user: org.admin,
      body: { postId: p.postId, userIds: [member.id, org.staff.id] },
    });
    expect(data<{ count: number }>(assigned).count).toBe(2);
    const staff = await call(t, 'GET', `${P}/staff?postId=${p.postId}&page=0&size=1`, { user: org.admin });
    expect(staff.body.res?.total).toBe(2);
    expect(data<PostStaffRow[]>(staff)).toHaveLength(1);
    const empty = await call(t, 'POST', `${P}/staff/assign`, {
      user: org.admin,
      body: { postId: p.postId, userIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请选择员工');

    const [exam] = await db()
      .insert(exams)
      .values({ organizationId: org.id, name: '岗位考试', purpose: 'post', postId: p.postId })
      .returning({ id: exams.id });
    const refused = await call(t, 'POST', `${P}/delete?postId=${p.postId}`, { user: org.admin });
    expect(refused.status).toBe(409);
    expect(await storedPost(p.postId)).toBeDefined();
    await db()
      .delete(exams)
      .where(eq(exams.id, exam?.id as number));

    const deleted = await call(t, 'POST', `${P}/delete?postId=${p.postId}`, { user: org.admin });
    expect(deleted.status).toBe(200);
    expect(await storedPost(p.postId)).toBeUndefined();
    const people = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [member.id, org.staff.id]));
    expect(people.every((u) => u.postId === null)).toBe(true);
  });

  it('shares idempotently and unshares', async () => {
    const p = await post({ name: '分享岗位' });
    const first = data<{ shareToken: string }>(
      await call(t, 'POST', `${P}/share?postId=${p.postId}`, { user: org.admin }),
    );
    expect(first.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = data<{ shareToken: string }>(
      await call(t, 'POST', `${P}/share?postId=${p.postId}`, { user: org.admin }),
    );
    expect(again.shareToken).toBe(first.shareToken);
    expect((await storedPost(p.postId))?.shareToken).toBe(first.shareToken);
    await call(t, 'POST', `${P}/unshare?postId=${p.postId}`, { user: org.admin });
    expect((await storedPost(p.postId))?.shareToken).toBeNull();
    const bad = await call(t, 'POST', `${P}/share?postId=abc`, { user: org.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('岗位必须是数字');
  });
});

describe('post Excel', () => {
  async function workbook(rows: string[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('岗位信息');
    sheet.addRow(['岗位名称*', '岗位编码', '岗位序列', '职级', '编制人数', '所属部门', '岗位职责']);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  async function importPosts(o: TestOrg, file: Buffer, mode = 'all') {
    const { payload, headers } = multipart({}, { name: '岗位.xlsx', data: file });
    const raw = await t.app.inject({
      method: 'POST',
      url: `${P}/import?mode=${mode}`,
      headers: { ...headers, authorization: `Bearer ${o.admin.token}` },
      payload,
    });
    expect(raw.statusCode, raw.body).toBe(200);
    const { jobId } = (raw.json() as { res: { data: { jobId: number } } }).res.data;
    await t.app.deps.jobs.idle();
    const job = await call(t, 'GET', `/user/api/v1/jobs/${jobId}`, { user: o.admin });
    return data<{ result: ImportResult }>(job).result;
  }

  it('downloads the template, imports (all-or-nothing on a bad row) and exports the filtered list', async () => {
    const xorg = await createOrg(t);
    const fam = await family('营销序列', 0, xorg);
    const template = await download(t, 'GET', `${P}/import/template`, { user: xorg.admin });
    expect(template.status).toBe(200);
    const book = await readWorkbook(template.data);
    expect(sheetRows(book.getWorksheet('岗位信息'))[0]?.[0]).toBe('岗位名称*');
    expect(sheetRows(book.getWorksheet('序列与部门')).flat()).toEqual(
      expect.arrayContaining(['营销序列', '研发部/前端组']),
    );

    const rows = [
      ['销售代表', 'SA-01', '营销序列', 'P3', '10', '研发部；研发部/前端组', '开拓客户'],
      ['坏岗位', 'SA-02', '不存在序列', 'P3', '-2', '无此部门', ''],
      ['销售代表', 'SA-03', '', '', '', '', ''],
    ];
    const failed = await importPosts(xorg, await workbook(rows));
    expect(failed).toMatchObject({ imported: 0, failedRows: 2, total: 3 });
    expect(failed.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['岗位序列', '编制人数', '所属部门', '岗位名称']),
    );
    const none = await db().select().from(posts).where(eq(posts.organizationId, xorg.id));
    expect(none).toHaveLength(0);

    const partial = await importPosts(xorg, await workbook(rows), 'valid');
    expect(partial).toMatchObject({ imported: 1, failedRows: 2 });
    const [stored] = await db().select().from(posts).where(eq(posts.organizationId, xorg.id));
    expect(stored).toMatchObject({ name: '销售代表', code: 'SA-01', familyId: fam.id, headcount: 10 });
    const links = await db()
      .select()
      .from(postDepartments)
      .where(eq(postDepartments.postId, stored?.id as number));
    expect(links).toHaveLength(2);

    const exported = await download(t, 'POST', `${P}/export`, {
      user: xorg.admin,
      body: { familyId: fam.id },
    });
    expect(exported.status).toBe(200);
    const lines = sheetRows((await readWorkbook(exported.data)).getWorksheet('岗位信息'));
    expect(lines).toHaveLength(2);
    expect(lines[1]?.slice(0, 6)).toEqual([
      '销售代表',
      'SA-01',
      '营销序列',
      'P3',
      '10',
      '研发部；研发部/前端组',
    ]);
  });
});
