import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperBanks, paperCategories, papers } from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { platformOrgId, staffWithMenus } from '../paper/paper.fixtures';
import type { PaperBankRow } from '@kaopei/shared/contracts/paper-bank';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const B = '/paper/api/v1/bank';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

async function category(organizationId: number, name: string, published = false, parentId?: number) {
  const [row] = await t.app.deps.db
    .insert(paperCategories)
    .values({ organizationId, name, published, parentId })
    .returning();
  if (!row) throw new Error('category insert failed');
  return row.id;
}

async function create(body: Record<string, unknown>, user = org.admin): Promise<PaperBankRow> {
  const res = await call(t, 'POST', `${B}/create`, { user, body });
  expect(res.body.message).toBe('成功');
  return data<PaperBankRow>(res);
}

describe('paper banks', () => {
  it('creates, lists, searches by keyword and category (with sub-categories), groups and modifies', async () => {
    const parent = await category(org.id, '安全');
    const child = await category(org.id, '消防', false, parent);
    const a = await create({ name: '消防试卷库', categoryId: child, description: '说明' });
    const b = await create({ name: '技能试卷库' });
    expect(a).toMatchObject({ categoryId: child, categoryName: '消防', paperCount: 0, editable: true });
    const list = await call(t, 'POST', `${B}/list?page=0&size=10`, { user: org.admin, body: {} });
    expect(list.body.res?.total).toBe(2);
    const inner = await call(t, 'POST', `${B}/search/inner?page=0&size=1`, {
      user: org.admin,
      body: { keyword: '消防' },
    });
    expect(data<PaperBankRow[]>(inner).map((r) => r.paperBankId)).toEqual([a.paperBankId]);
    const byCategory = await call(t, 'POST', `${B}/search/bycategory?categoryId=${parent}`, {
      user: org.admin,
      body: {},
    });
    expect(data<PaperBankRow[]>(byCategory).map((r) => r.paperBankId)).toEqual([a.paperBankId]);
    const all = await call(t, 'POST', `${B}/search/bycategory?categoryId=0`, { user: org.admin });
    expect(all.body.res?.total).toBe(2);
    const grouped = data<{ categoryId: number; paperBanks: { paperBankId: number }[] }[]>(
      await call(t, 'GET', `${B}/paper/bank/category/get/all`, { user: org.admin }),
    );
    expect(grouped.find((g) => g.categoryId === child)?.paperBanks).toEqual([
      expect.objectContaining({ paperBankId: a.paperBankId }),
    ]);
    expect(grouped.find((g) => g.categoryId === 0)?.paperBanks).toEqual([
      expect.objectContaining({ paperBankId: b.paperBankId }),
    ]);
    const besides = data<PaperBankRow[]>(
      await call(t, 'GET', `${B}/get/all/besides?paperBankId=${a.paperBankId}`, { user: org.admin }),
    );
    expect(besides.map((r) => r.paperBankId)).toEqual([b.paperBankId]);
    const modified = await call(t, 'POST', `${B}/modify`, {
      user: org.admin,
      body: { paperBankId: b.paperBankId, name: '技能库', categoryId: parent },
    });
    expect(data<PaperBankRow>(modified)).toMatchObject({ name: '技能库', categoryName: '安全' });
  });

  it('lists public banks: the platform’s banks in published categories, read-only', async () => {
    const platform = await platformOrgId(t);
    const published = await category(platform, unique('公开分类'), true);
    const hidden = await category(platform, unique('未发布'), false);
    const [open] = await t.app.deps.db
      .insert(paperBanks)
      .values({ organizationId: platform, name: unique('公开试卷库'), categoryId: published })
      .returning();
    const [closed] = await t.app.deps.db
      .insert(paperBanks)
      .values({ organizationId: platform, name: unique('内部试卷库'), categoryId: hidden })
      .returning();
    const outer = data<PaperBankRow[]>(
      await call(t, 'POST', `${B}/search/outer?size=1000`, { user: org.admin }),
    );
    expect(outer.find((r) => r.paperBankId === open?.id)).toMatchObject({ isPublic: true, editable: false });
    expect(outer.some((r) => r.paperBankId === closed?.id)).toBe(false);
    const write = await call(t, 'POST', `${B}/modify`, {
      user: org.admin,
      body: { paperBankId: open?.id, name: 'x' },
    });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('公开试卷库不可修改');
    expect(
      (
        await call(t, 'POST', `${B}/modify`, {
          user: org.admin,
          body: { paperBankId: closed?.id, name: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('deletes one or many, all or nothing, and refuses banks holding papers', async () => {
    const a = await create({ name: '待删甲' });
    const b = await create({ name: '待删乙' });
    const c = await create({ name: '有试卷' });
    await t.app.deps.db
      .insert(papers)
      .values({ organizationId: org.id, name: '试卷', paperBankId: c.paperBankId });
    const refused = await call(t, 'POST', `${B}/delete/paper-banks`, {
      user: org.admin,
      body: { paperBankIds: [a.paperBankId, c.paperBankId] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('试卷库中还有试卷，请先移动或删除试卷');
    const ok = await call(t, 'POST', `${B}/delete/paper-banks`, {
      user: org.admin,
      body: { paperBankIds: [a.paperBankId, b.paperBankId] },
    });
    expect(data<{ count: number }>(ok).count).toBe(2);
    const d = await create({ name: '单个' });
    expect(
      (await call(t, 'POST', `${B}/delete?paperBankId=${d.paperBankId}`, { user: org.admin })).status,
    ).toBe(200);
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const before = (await call(t, 'POST', `${B}/list`, { user: org.admin })).body.res?.total;
    const res = await call(t, 'POST', `${B}/create`, { user: org.admin, body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('名称');
    const size = await call(t, 'POST', `${B}/list?size=0`, { user: org.admin });
    expect(size.status).toBe(400);
    expect(size.body.message).toContain('每页条数');
    const ids = await call(t, 'POST', `${B}/delete/paper-banks`, {
      user: org.admin,
      body: { paperBankIds: [] },
    });
    expect(ids.status).toBe(400);
    expect((await call(t, 'POST', `${B}/list`, { user: org.admin })).body.res?.total).toBe(before);
  });

  it('treats another organisation’s banks and categories as missing', async () => {
    const theirs = await create({ name: '别人的库' }, other.admin);
    const theirCategory = await category(other.id, '别人的分类');
    for (const [method, url, body] of [
      ['GET', `${B}/get/all/besides?paperBankId=${theirs.paperBankId}`, undefined],
      ['POST', `${B}/modify`, { paperBankId: theirs.paperBankId, name: 'x' }],
      ['POST', `${B}/delete?paperBankId=${theirs.paperBankId}`, undefined],
      ['POST', `${B}/delete/paper-banks`, { paperBankIds: [theirs.paperBankId] }],
      ['POST', `${B}/create`, { name: 'x', categoryId: theirCategory }],
      ['POST', `${B}/search/bycategory?categoryId=${theirCategory}`, undefined],
    ] as const) {
      expect((await call(t, method, url, { user: org.admin, body })).status, url).toBe(404);
    }
  });

  it('needs the menus: reading with any 试卷管理 page, writing with 试卷库', async () => {
    expect((await call(t, 'POST', `${B}/search/inner`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'POST', `${B}/create`, { user: org.staff, body: { name: 'x' } })).status).toBe(403);
    const reader = await staffWithMenus(t, org, [411]);
    expect((await call(t, 'POST', `${B}/search/inner`, { user: reader })).status).toBe(200);
    expect((await call(t, 'GET', `${B}/paper/bank/category/get/all`, { user: reader })).status).toBe(200);
    expect((await call(t, 'POST', `${B}/create`, { user: reader, body: { name: 'x' } })).status).toBe(403);
    const manager = await staffWithMenus(t, org, [401]);
    expect((await call(t, 'POST', `${B}/create`, { user: manager, body: { name: '管理员建' } })).status).toBe(
      200,
    );
  });
});
