import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTreeOptions, withAllCategoriesRoot } from '@kaopei/shared';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import { staffWithMenus } from '../paper/paper.fixtures';
import type { CategoryNode, CategoryRow } from '@kaopei/shared/contracts/paper-category';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const C = '/paper/api/v1/category';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

async function add(name: string, parentId = 0, user = org.admin): Promise<CategoryRow> {
  const res = await call(t, 'POST', `${C}/add`, { user, body: { name, parentId } });
  expect(res.status).toBe(200);
  return data<CategoryRow>(res);
}

describe('paper categories', () => {
  it('builds a tree under the 全部分类 root (value 0) that the tree mapping keeps as is', async () => {
    const safety = await add('安全');
    const fire = await add('消防', safety.id);
    await add('技能');
    const res = await call(t, 'GET', `${C}/tree`, { user: org.admin });
    expect(res.status).toBe(200);
    const tree = data<CategoryNode[]>(res);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 0, name: '全部分类' });
    const options = toTreeOptions(tree);
    expect(options).toEqual(withAllCategoriesRoot(toTreeOptions(tree[0]?.categoryTreeVOS ?? [])));
    expect(options[0]?.children?.map((o) => o.label)).toEqual(['安全', '技能']);
    const sub = data<CategoryNode[]>(
      await call(t, 'GET', `${C}/tree?categoryId=${safety.id}`, { user: org.admin }),
    );
    expect(sub[0]?.categoryTreeVOS.map((c) => c.id)).toEqual([fire.id]);
    const flat = data<CategoryRow[]>(await call(t, 'GET', `${C}/get-all`, { user: org.admin }));
    expect(flat.map((c) => c.name).sort()).toEqual(['安全', '技能', '消防'].sort());
  });

  it('modifies, moves (never into its own subtree), publishes and deletes', async () => {
    const a = await add('甲');
    const b = await add('乙', a.id);
    const renamed = await call(t, 'POST', `${C}/modify`, {
      user: org.admin,
      body: { categoryId: a.id, name: '甲类' },
    });
    expect(data<CategoryRow>(renamed).name).toBe('甲类');
    const loop = await call(t, 'POST', `${C}/move`, {
      user: org.admin,
      body: { categoryId: a.id, parentId: b.id },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toContain('不能移动到自身或其子分类下');
    const moved = await call(t, 'POST', `${C}/move`, {
      user: org.admin,
      body: { categoryId: b.id, parentId: 0 },
    });
    expect(data<CategoryRow>(moved).parentId).toBe(0);
    const published = await call(t, 'POST', `${C}/publish?categoryId=${b.id}&published=true`, {
      user: org.admin,
    });
    expect(data<CategoryRow>(published).published).toBe(true);
    const c = await add('丙', b.id);
    const refused = await call(t, 'POST', `${C}/delete?categoryId=${b.id}`, { user: org.admin });
    expect(refused.status).toBe(409);
    const ids = async () =>
      data<CategoryRow[]>(await call(t, 'GET', `${C}/get-all`, { user: org.admin })).map((row) => row.id);
    // Refused: both still there.
    expect(await ids()).toEqual(expect.arrayContaining([b.id, c.id]));
    expect((await call(t, 'POST', `${C}/delete?categoryId=${c.id}`, { user: org.admin })).status).toBe(200);
    expect(await ids()).not.toContain(c.id);
    expect((await call(t, 'POST', `${C}/delete?categoryId=${b.id}`, { user: org.admin })).status).toBe(200);
    expect(await ids()).not.toContain(b.id);
  });

  it('refuses bad input naming the field, and duplicate sibling names', async () => {
    const empty = await call(t, 'POST', `${C}/add`, { user: org.admin, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('分类名称');
    const badId = await call(t, 'GET', `${C}/tree?categoryId=abc`, { user: org.admin });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('分类必须是数字');
    await add('重名');
    const dup = await call(t, 'POST', `${C}/add`, { user: org.admin, body: { name: '重名' } });
    expect(dup.status).toBe(409);
    const badPublish = await call(t, 'POST', `${C}/publish?categoryId=1&published=maybe`, {
      user: org.admin,
    });
    expect(badPublish.status).toBe(400);
  });

  it('treats another organisation’s categories as missing', async () => {
    const theirs = await add('别人的', 0, other.admin);
    for (const [method, url, body] of [
      ['GET', `${C}/tree?categoryId=${theirs.id}`, undefined],
      ['POST', `${C}/modify`, { categoryId: theirs.id, name: 'x' }],
      ['POST', `${C}/move`, { categoryId: theirs.id, parentId: 0 }],
      ['POST', `${C}/publish?categoryId=${theirs.id}`, undefined],
      ['POST', `${C}/delete?categoryId=${theirs.id}`, undefined],
      ['POST', `${C}/add`, { name: '子', parentId: theirs.id }],
    ] as const) {
      const res = await call(t, method, url, { user: org.admin, body });
      expect(res.status, url).toBe(404);
    }
    const mine = data<CategoryRow[]>(await call(t, 'GET', `${C}/get-all`, { user: org.admin }));
    expect(mine.some((c) => c.id === theirs.id)).toBe(false);
  });

  it('needs the 试卷管理 menus: reading with any, writing with 试卷库', async () => {
    expect((await call(t, 'GET', `${C}/get-all`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'POST', `${C}/add`, { user: org.staff, body: { name: '员工' } })).status).toBe(403);
    const reader = await staffWithMenus(t, org, [402]);
    expect((await call(t, 'GET', `${C}/tree`, { user: reader })).status).toBe(200);
    expect((await call(t, 'POST', `${C}/add`, { user: reader, body: { name: '读者' } })).status).toBe(403);
    const manager = await staffWithMenus(t, org, [401]);
    expect((await call(t, 'POST', `${C}/add`, { user: manager, body: { name: '管理者' } })).status).toBe(200);
    expect((await call(t, 'GET', `${C}/get-all`)).status).toBe(401);
  });
});
