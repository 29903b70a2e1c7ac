import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagType } from '@kaopei/shared';
import { roleMenus, roles, tags, userRoles, userTags, users } from '../../db/schema';
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
import { AppError } from '../../core/http';
import type { TagRef, TagRow } from '@kaopei/shared/contracts/tag';
import { requireTags, tagsOfUsers } from './tag.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

const TAG = '/user/api/v1/tag';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function addTag(o: TestOrg, body: Record<string, unknown>, user: TestUser = o.admin): Promise<Res> {
  return call(t, 'POST', `${TAG}/add`, { user, body });
}

async function newTag(o: TestOrg, type: number, name = unique('标签'), color = '#1677ff'): Promise<TagRow> {
  const res = await addTag(o, { type, name, color });
  expect(res.status).toBe(200);
  return data<TagRow>(res);
}

async function tagCount(o: TestOrg): Promise<number> {
  return (await t.app.deps.db.select().from(tags).where(eq(tags.organizationId, o.id))).length;
}

/** A staff member whose only role grants these menus. */
async function staffWithMenus(o: TestOrg, menuIds: number[]): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const [role] = await db
    .insert(roles)
    .values({ organizationId: o.id, name: unique('角色') })
    .returning();
  if (!role) throw new Error('role insert failed');
  if (menuIds.length > 0)
    await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
  const account = unique('stf');
  const [user] = await db
    .insert(users)
    .values({ organizationId: o.id, account, phone: uniquePhone(), realName: '员工' })
    .returning();
  if (!user) throw new Error('user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return {
    id: user.id,
    account,
    phone: '',
    token: await tokens.signAccess({ userId: user.id, organizationId: o.id }),
  };
}

describe('tags', () => {
  it('adds a tag and lists tags by type, newest first, with usage counts', async () => {
    const o = await createOrg(t);
    const res = await addTag(o, {
      type: TagType.USER,
      name: ' 骨干 ',
      color: '#FA541C',
      description: '核心员工',
    });
    expect(res.status).toBe(200);
    const tag = data<TagRow>(res);
    expect(tag).toMatchObject({
      type: 4,
      typeLabel: '用户',
      name: '骨干',
      color: '#fa541c',
      description: '核心员工',
      usageCount: 0,
    });
    const second = await newTag(o, TagType.USER, '新人');
    await newTag(o, TagType.QUESTION, '高频');
    await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [o.staff.id, o.admin.id], tagIds: [tag.tagId] },
    });
    const list = await call(t, 'GET', `${TAG}/list?type=4&page=0&size=10`, { user: o.admin });
    expect(list.status).toBe(200);
    expect(list.body.res?.total).toBe(2);
    expect(data<TagRow[]>(list).map((r) => [r.name, r.usageCount])).toEqual([
      ['新人', 0],
      ['骨干', 2],
    ]);
    const byUsage = await call(t, 'GET', `${TAG}/list?type=4&sortField=usageCount&sortOrder=desc`, {
      user: o.admin,
    });
    expect(data<TagRow[]>(byUsage).map((r) => r.tagId)).toEqual([tag.tagId, second.tagId]);
    const all = await call(t, 'GET', `${TAG}/list`, { user: o.admin });
    expect(all.body.res?.total).toBe(3);
    const search = await call(t, 'GET', `${TAG}/list?keyword=${encodeURIComponent('高')}`, { user: o.admin });
    expect(data<TagRow[]>(search).map((r) => r.name)).toEqual(['高频']);
    const page = await call(t, 'GET', `${TAG}/list?page=1&size=2`, { user: o.admin });
    expect(data<TagRow[]>(page)).toHaveLength(1);
  });

  it('defaults the colour and gives pickers every tag of a type by name', async () => {
    const o = await createOrg(t);
    const plain = data<TagRow>(await addTag(o, { type: TagType.QUESTION_BANK, name: '乙题库' }));
    expect(plain.color).toBe('#1677ff');
    await newTag(o, TagType.QUESTION_BANK, '甲题库', '#abc');
    await newTag(o, TagType.POST, '岗位标签');
    const simple = await call(t, 'GET', `${TAG}/simple?type=1`, { user: o.staff });
    expect(simple.status).toBe(200);
    expect(data<TagRef[]>(simple).map((r) => [r.name, r.color])).toEqual([
      ['乙题库', '#1677ff'],
      ['甲题库', '#abc'],
    ]);
    expect(Object.keys(data<TagRef[]>(simple)[0] ?? {}).sort()).toEqual(['color', 'name', 'tagId', 'type']);
    const missingType = await call(t, 'GET', `${TAG}/simple`, { user: o.staff });
    expect(missingType.status).toBe(400);
    expect(missingType.body.message).toContain('标签类型');
  });

  it('rejects bad input with a message naming the field, and creates nothing', async () => {
    const before = await tagCount(org);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 9, name: '甲' }, '标签类型必须是 1 到 5 之间的整数'],
      [{ name: '甲' }, '标签类型必须是 1 到 5 之间的整数'],
      [{ type: 4, name: '' }, '标签名称不能为空'],
      [{ type: 4, name: 'x'.repeat(51) }, '标签名称不能超过 50 个字符'],
      [{ type: 4, name: '甲', color: 'red' }, '颜色必须是十六进制色值'],
      [{ type: 4, name: '甲', color: '#12345' }, '颜色必须是十六进制色值'],
      [{ type: 4, name: '甲', description: 'x'.repeat(201) }, '标签描述不能超过 200 个字符'],
    ];
    for (const [body, message] of cases) {
      const res = await addTag(org, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const badList = await call(t, 'GET', `${TAG}/list?type=0`, { user: org.admin });
    expect(badList.status).toBe(400);
    expect(badList.body.message).toContain('标签类型');
    const badSort = await call(t, 'GET', `${TAG}/list?sortField=color`, { user: org.admin });
    expect(badSort.body.message).toContain('排序字段只能是');
    expect(await tagCount(org)).toBe(before);
  });

  it('keeps names unique per type within an organisation', async () => {
    const o = await createOrg(t);
    await newTag(o, TagType.POST, '重点');
    const dup = await addTag(o, { type: TagType.POST, name: '重点' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('岗位标签“重点”已存在');
    expect((await addTag(o, { type: TagType.QUESTION, name: '重点' })).status).toBe(200);
    expect((await addTag(other, { type: TagType.POST, name: '重点' })).status).toBe(200);
    expect(await tagCount(o)).toBe(2);
  });

  it('modifies the fields sent; the type stays', async () => {
    const o = await createOrg(t);
    const tag = await newTag(o, TagType.QUESTION, '易错', '#ff0000');
    await newTag(o, TagType.QUESTION, '难题');
    const res = await call(t, 'POST', `${TAG}/modify`, {
      user: o.admin,
      body: { tagId: tag.tagId, name: '易错题', color: '#00AA00', type: 1 },
    });
    expect(res.status).toBe(200);
    expect(data<TagRow>(res)).toMatchObject({ name: '易错题', color: '#00aa00', type: 2 });
    expect(data<TagRow>(res).updatedAt).toBeGreaterThanOrEqual(tag.updatedAt);
    const dup = await call(t, 'POST', `${TAG}/modify`, {
      user: o.admin,
      body: { tagId: tag.tagId, name: '难题' },
    });
    expect(dup.status).toBe(409);
    const badColor = await call(t, 'POST', `${TAG}/modify`, {
      user: o.admin,
      body: { tagId: tag.tagId, color: 'blue' },
    });
    expect(badColor.status).toBe(400);
    expect(badColor.body.message).toContain('颜色');
    const [row] = await t.app.deps.db.select().from(tags).where(eq(tags.id, tag.tagId));
    expect(row).toMatchObject({ name: '易错题', color: '#00aa00' });
  });

  it('treats another organisation’s tags as missing', async () => {
    const theirs = await newTag(other, TagType.USER, unique('他们的'));
    const modify = await call(t, 'POST', `${TAG}/modify`, {
      user: org.admin,
      body: { tagId: theirs.tagId, name: '改掉' },
    });
    expect(modify.status).toBe(404);
    expect(modify.body.message).toBe('标签不存在');
    const mine = await newTag(org, TagType.USER);
    const del = await call(t, 'POST', `${TAG}/delete?tagIds=${mine.tagId}&tagIds=${theirs.tagId}`, {
      user: org.admin,
    });
    expect(del.status).toBe(404);
    const link = await call(t, 'POST', `${TAG}/users/add`, {
      user: org.admin,
      body: { userIds: [org.staff.id], tagIds: [theirs.tagId] },
    });
    expect(link.status).toBe(404);
    const foreignUser = await call(t, 'POST', `${TAG}/users/add`, {
      user: org.admin,
      body: { userIds: [other.staff.id], tagIds: [mine.tagId] },
    });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.message).toBe('员工不存在');
    const [still] = await t.app.deps.db.select().from(tags).where(eq(tags.id, theirs.tagId));
    expect(still?.name).toBe(theirs.name);
    expect((await t.app.deps.db.select().from(tags).where(eq(tags.id, mine.tagId))).length).toBe(1);
    expect(await tagsOfUsers(t.app.deps.db, other.id, [other.staff.id])).toEqual(new Map());
  });

  it('deletes tags with their links', async () => {
    const o = await createOrg(t);
    const a = await newTag(o, TagType.USER);
    const b = await newTag(o, TagType.USER);
    const keep = await newTag(o, TagType.USER);
    await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [o.staff.id], tagIds: [a.tagId, b.tagId, keep.tagId] },
    });
    const res = await call(t, 'POST', `${TAG}/delete?tagIds=${a.tagId},${b.tagId}`, { user: o.admin });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual({ count: 2 });
    const links = await t.app.deps.db.select().from(userTags).where(eq(userTags.userId, o.staff.id));
    expect(links.map((l) => l.tagId)).toEqual([keep.tagId]);
    const empty = await call(t, 'POST', `${TAG}/delete`, { user: o.admin });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请选择要删除的标签');
  });

  it('tags users with user tags only, and removes them', async () => {
    const o = await createOrg(t);
    const star = await newTag(o, TagType.USER, '明星');
    const fresh = await newTag(o, TagType.USER, '新人');
    const questionTag = await newTag(o, TagType.QUESTION, '试题标签');
    const add = await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [o.staff.id, o.admin.id], tagIds: [star.tagId, fresh.tagId] },
    });
    expect(data(add)).toEqual({ count: 4 });
    const again = await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [o.staff.id], tagIds: [star.tagId] },
    });
    expect(data(again)).toEqual({ count: 0 });
    const ofUsers = await tagsOfUsers(t.app.deps.db, o.id, [o.staff.id]);
    expect(
      ofUsers
        .get(o.staff.id)
        ?.map((tag) => tag.name)
        .sort(),
    ).toEqual(['新人', '明星'].sort());
    const wrongType = await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [o.staff.id], tagIds: [questionTag.tagId] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('“试题标签”不是用户标签');
    const noUsers = await call(t, 'POST', `${TAG}/users/add`, {
      user: o.admin,
      body: { userIds: [], tagIds: [star.tagId] },
    });
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.message).toBe('请选择员工');
    const remove = await call(t, 'POST', `${TAG}/users/remove`, {
      user: o.admin,
      body: { userIds: [o.staff.id], tagIds: [star.tagId] },
    });
    expect(data(remove)).toEqual({ count: 1 });
    const list = await call(t, 'GET', `${TAG}/list?type=4&sortField=name&sortOrder=asc`, { user: o.admin });
    expect(Object.fromEntries(data<TagRow[]>(list).map((r) => [r.name, r.usageCount]))).toEqual({
      新人: 2,
      明星: 1,
    });
  });

  it('lets other features check tag ids of a type', async () => {
    const o = await createOrg(t);
    const bank = await newTag(o, TagType.QUESTION_BANK, '银行');
    const post = await newTag(o, TagType.POST, '岗位');
    const { db } = t.app.deps;
    expect(await requireTags(db, o.id, TagType.QUESTION_BANK, [bank.tagId, bank.tagId])).toEqual([
      { tagId: bank.tagId, type: 1, name: '银行', color: '#1677ff' },
    ]);
    expect(await requireTags(db, o.id, TagType.QUESTION_BANK, [])).toEqual([]);
    await expect(requireTags(db, o.id, TagType.QUESTION_BANK, [post.tagId])).rejects.toMatchObject({
      status: 400,
      message: '“岗位”不是题库标签',
    });
    const foreign = requireTags(db, other.id, TagType.QUESTION_BANK, [bank.tagId]);
    await expect(foreign).rejects.toBeInstanceOf(AppError);
    await expect(requireTags(db, other.id, TagType.QUESTION_BANK, [bank.tagId])).rejects.toMatchObject({
      status: 404,
      message: '标签不存在',
    });
  });
});

describe('who may manage tags', () => {
  it('refuses staff without the 标签管理 menu (403) and changes nothing', async () => {
    const o = await createOrg(t);
    const tag = await newTag(o, TagType.USER, '保留');
    const attempts: ['GET' | 'POST', string, unknown][] = [
      ['GET', `${TAG}/list`, undefined],
      ['POST', `${TAG}/add`, { type: 4, name: '越权' }],
      ['POST', `${TAG}/modify`, { tagId: tag.tagId, name: '越权' }],
      ['POST', `${TAG}/delete?tagIds=${tag.tagId}`, undefined],
      ['POST', `${TAG}/users/add`, { userIds: [o.staff.id], tagIds: [tag.tagId] }],
      ['POST', `${TAG}/users/remove`, { userIds: [o.staff.id], tagIds: [tag.tagId] }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(t, method, url, { user: o.staff, body });
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe('您没有权限访问该功能');
    }
    const rows = await t.app.deps.db.select().from(tags).where(eq(tags.organizationId, o.id));
    expect(rows.map((r) => r.name)).toEqual(['保留']);
  });

  it('lets a member whose role grants the tag page manage tags, and the staff page tag users', async () => {
    const o = await createOrg(t);
    const tagKeeper = await staffWithMenus(o, [1103]);
    const created = await addTag(o, { type: 4, name: '由员工创建' }, tagKeeper);
    expect(created.status).toBe(200);
    const staffManager = await staffWithMenus(o, [1101]);
    const link = await call(t, 'POST', `${TAG}/users/add`, {
      user: staffManager,
      body: { userIds: [o.staff.id], tagIds: [data<TagRow>(created).tagId] },
    });
    expect(link.status).toBe(200);
    expect((await addTag(o, { type: 4, name: '不行' }, staffManager)).status).toBe(403);
    const linked = await t.app.deps.db
      .select()
      .from(userTags)
      .where(inArray(userTags.userId, [o.staff.id]));
    expect(linked).toHaveLength(1);
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', `${TAG}/simple?type=1`)).status).toBe(401);
    expect((await call(t, 'POST', `${TAG}/add`, { body: { type: 1, name: 'x' } })).status).toBe(401);
  });
});
