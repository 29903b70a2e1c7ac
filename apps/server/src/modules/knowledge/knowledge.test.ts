import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { knowledgeNodes, questionBanks, questionKnowledge, questions } from '../../db/schema';
import {
  createMember,
  createRole,
  download,
  multipart,
  readWorkbook,
  sheetRows,
} from '../../../test/support';
import {
  HAS_CHILDREN_MESSAGE,
  platformOrganizationId,
  type FlatKnowledgeNode,
  type KnowledgeGraph,
  type KnowledgeTreeNode,
  type UploadResult,
} from './knowledge.service';

const K = '/knowledge/api/v1/knowledge';
const Q = '/question/api/v1/questions';
const KNOWLEDGE_EDIT_MENU_ID = 601;

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let platformNodeId: number;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const platformId = await platformOrganizationId(t.app.deps.db);
  if (!platformId) throw new Error('platform organisation missing');
  const [node] = await t.app.deps.db
    .insert(knowledgeNodes)
    .values({ organizationId: platformId, name: unique('平台知识点') })
    .returning({ id: knowledgeNodes.id });
  platformNodeId = node?.id ?? 0;
});
afterAll(() => t.close());

const data = <T>(res: Awaited<ReturnType<typeof call>>) => res.body.res?.data as T;

async function add(target: TestOrg, name: string, parentId?: number): Promise<number> {
  const res = await call(t, 'POST', `${K}/add`, { user: target.admin, body: { name, parentId } });
  expect(res.status, res.body.message).toBe(200);
  return data<{ id: number }>(res).id;
}

async function tree(target: TestOrg, scope = 'org'): Promise<KnowledgeTreeNode[]> {
  const res = await call(t, 'GET', `${K}/tree?scope=${scope}`, { user: target.staff });
  expect(res.status).toBe(200);
  return data<KnowledgeTreeNode[]>(res);
}

async function linkQuestion(target: TestOrg, knowledgeId: number, type: number): Promise<number> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: target.id, name: unique('题库') })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('bank insert failed');
  const [question] = await db
    .insert(questions)
    .values({ organizationId: target.id, bankId: bank.id, type, stem: '题干' })
    .returning({ id: questions.id });
  if (!question) throw new Error('question insert failed');
  await db.insert(questionKnowledge).values({ questionId: question.id, knowledgeId });
  return bank.id;
}

describe('knowledge tree', () => {
  let math: number;
  let algebra: number;
  let equations: number;
  let geometry: number;
  let bankId: number;
  beforeAll(async () => {
    math = await add(org, '数学');
    algebra = await add(org, '代数', math);
    equations = await add(org, '一元二次方程', algebra);
    geometry = await add(org, '几何', math);
    bankId = await linkQuestion(org, equations, 1);
    await linkQuestion(org, algebra, 0);
    await linkQuestion(org, geometry, 1);
  });

  it('returns the nested tree with question counts including descendants', async () => {
    const [root] = await tree(org);
    expect(root).toMatchObject({ name: '数学', parentId: null, questionCount: 3, ownQuestionCount: 0 });
    expect(root?.typeCounts).toEqual({ '0': 1, '1': 2 });
    expect(root?.children.map((c) => c.name)).toEqual(['代数', '几何']);
    expect(root?.children[0]).toMatchObject({ id: algebra, questionCount: 2, ownQuestionCount: 1 });
    expect(root?.children[0]?.children[0]).toMatchObject({ id: equations, questionCount: 1, children: [] });
  });

  it('lists roots, children and search results with paths', async () => {
    const roots = data<FlatKnowledgeNode[]>(await call(t, 'GET', `${K}/root`, { user: org.staff }));
    expect(roots.map((r) => r.name)).toEqual(['数学']);
    expect(roots[0]?.hasChildren).toBe(true);
    const children = data<FlatKnowledgeNode[]>(
      await call(t, 'GET', `${K}/child?parentId=${math}`, { user: org.staff }),
    );
    expect(children.map((c) => c.id)).toEqual([algebra, geometry]);
    const found = data<FlatKnowledgeNode[]>(
      await call(t, 'GET', `${K}/search?keyword=${encodeURIComponent('方程')}`, { user: org.staff }),
    );
    expect(found).toEqual([
      expect.objectContaining({
        id: equations,
        path: '数学/代数/一元二次方程',
        pathIds: [math, algebra, equations],
      }),
    ]);
    const bad = await call(t, 'GET', `${K}/child?parentId=abc`, { user: org.staff });
    expect(bad.status).toBe(400);
  });

  it('serves the counted tree under the questions prefix, searchable and filtered by bank', async () => {
    const whole = data<KnowledgeTreeNode[]>(
      await call(t, 'GET', `${Q}/knowledge/tree/with-count`, { user: org.staff }),
    );
    expect(whole[0]?.questionCount).toBe(3);
    const searched = data<KnowledgeTreeNode[]>(
      await call(t, 'POST', `${Q}/knowledge/tree/with-count/search`, {
        user: org.staff,
        body: { keyword: '代数', bankIds: [bankId] },
      }),
    );
    expect(searched[0]).toMatchObject({ name: '数学', matched: false, questionCount: 1 });
    expect(searched[0]?.children.map((c) => c.name)).toEqual(['代数']);
    expect(searched[0]?.children[0]).toMatchObject({ matched: true, questionCount: 1 });
    const bad = await call(t, 'POST', `${Q}/knowledge/tree/with-count/search`, {
      user: org.staff,
      body: { keyword: 'x', bankIds: ['a'] },
    });
    expect(bad.status).toBe(400);
  });

  it('returns the graph with links and counts by type', async () => {
    const graph = data<KnowledgeGraph>(await call(t, 'GET', `${K}/graph`, { user: org.staff }));
    expect(graph.nodes).toHaveLength(4);
    expect(graph.links).toContainEqual({ source: math, target: algebra });
    expect(graph.links).toContainEqual({ source: algebra, target: equations });
    expect(graph.nodes.find((n) => n.id === math)).toMatchObject({ depth: 1, questionCount: 3 });
  });

  it('renames and describes a node with PUT, refusing duplicates among siblings', async () => {
    const res = await call(t, 'PUT', `${K}/update`, {
      user: org.admin,
      body: { id: geometry, name: '平面几何', description: '三角形与圆' },
    });
    expect(res.status, res.body.message).toBe(200);
    const [row] = await t.app.deps.db.select().from(knowledgeNodes).where(eq(knowledgeNodes.id, geometry));
    expect(row).toMatchObject({ name: '平面几何', description: '三角形与圆' });
    const dup = await call(t, 'PUT', `${K}/update`, {
      user: org.admin,
      body: { id: geometry, name: '代数' },
    });
    expect(dup.status).toBe(409);
    const blank = await call(t, 'PUT', `${K}/update`, {
      user: org.admin,
      body: { id: geometry, name: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('知识点名称不能为空');
  });

  it('moves nodes, refusing cycles and trees deeper than 10 levels', async () => {
    const moved = await call(t, 'POST', `${K}/move`, {
      user: org.admin,
      body: { id: geometry, parentId: algebra, sort: 0 },
    });
    expect(moved.status, moved.body.message).toBe(200);
    const [root] = await tree(org);
    expect(root?.children[0]?.children.map((c) => c.id)).toEqual([geometry, equations]);
    const cycle = await call(t, 'POST', `${K}/move`, {
      user: org.admin,
      body: { id: math, parentId: equations, sort: 0 },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toContain('下级');

    let parent = equations;
    for (let level = 4; level <= 10; level++) parent = await add(org, `第${level}级`, parent);
    const tooDeep = await call(t, 'POST', `${K}/add`, {
      user: org.admin,
      body: { name: '第11级', parentId: parent },
    });
    expect(tooDeep.status).toBe(400);
    const deepMove = await call(t, 'POST', `${K}/move`, {
      user: org.admin,
      body: { id: geometry, parentId: parent, sort: 0 },
    });
    expect(deepMove.status).toBe(400);

    const toRoot = await call(t, 'POST', `${K}/move`, {
      user: org.admin,
      body: { id: geometry, parentId: null, sort: 0 },
    });
    expect(toRoot.status).toBe(200);
    expect((await tree(org)).map((n) => n.id)).toEqual([geometry, math]);
  });

  it('refuses to delete a node with children and unlinks questions otherwise', async () => {
    const refused = await call(t, 'POST', `${K}/delete`, { user: org.admin, body: { id: math } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(HAS_CHILDREN_MESSAGE);
    const res = await call(t, 'POST', `${K}/delete`, { user: org.admin, body: { id: geometry } });
    expect(res.status).toBe(200);
    const links = await t.app.deps.db
      .select()
      .from(questionKnowledge)
      .where(eq(questionKnowledge.knowledgeId, geometry));
    expect(links).toHaveLength(0);
    const again = await call(t, 'POST', `${K}/delete`, { user: org.admin, body: { id: geometry } });
    expect(again.status).toBe(404);
  });

  it('exports the tree with level columns and question counts', async () => {
    const res = await download(t, 'GET', `${K}/download`, { user: org.staff });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = sheetRows((await readWorkbook(res.data)).worksheets[0]);
    expect(rows[0]?.slice(0, 3)).toEqual(['一级', '二级', '三级']);
    expect(rows[0]?.at(-1)).toBe('题目数');
    expect(rows[1]?.[0]).toBe('数学');
    expect(rows[1]?.at(-1)).toBe('2');
    expect(rows[3]?.slice(0, 3)).toEqual(['数学', '代数', '一元二次方程']);
  });
});

describe('knowledge upload', () => {
  async function workbook(rows: string[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('知识点');
    sheet.addRow(['一级', '二级', '三级', '题目数']);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('creates missing nodes and reports bad rows', async () => {
    const target = await createOrg(t);
    await add(target, '语文');
    const file = await workbook([
      ['语文', '古诗词', '唐诗'],
      ['语文', '古诗词', '宋词'],
      ['语文', '', '错行'],
      ['英语'],
      ['语文'],
    ]);
    const { payload, headers } = multipart({}, { name: '知识点.xlsx', data: file });
    const raw = await t.app.inject({
      method: 'POST',
      url: `${K}/upload`,
      payload,
      headers: { ...headers, authorization: `Bearer ${target.admin.token}` },
    });
    expect(raw.statusCode, raw.body).toBe(200);
    const result = (raw.json() as { res: { data: UploadResult } }).res.data;
    expect(result).toEqual({
      created: 4,
      existing: 1,
      errors: [{ row: 4, reason: expect.stringContaining('二级') }],
    });
    const roots = await tree(target);
    expect(roots.map((r) => r.name)).toEqual(['语文', '英语']);
    expect(roots[0]?.children[0]?.children.map((c) => c.name)).toEqual(['唐诗', '宋词']);
  });

  it('rejects files that are not xlsx workbooks of the layout', async () => {
    const notXlsx = multipart({}, { name: 'a.csv', data: Buffer.from('a,b') });
    const r1 = await t.app.inject({
      method: 'POST',
      url: `${K}/upload`,
      payload: notXlsx.payload,
      headers: { ...notXlsx.headers, authorization: `Bearer ${org.admin.token}` },
    });
    expect(r1.statusCode).toBe(400);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['名称']);
    const wrong = multipart({}, { name: 'a.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) });
    const r2 = await t.app.inject({
      method: 'POST',
      url: `${K}/upload`,
      payload: wrong.payload,
      headers: { ...wrong.headers, authorization: `Bearer ${org.admin.token}` },
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toMatchObject({ message: expect.stringContaining('一级') });
  });
});

describe('knowledge permissions and scoping', () => {
  let foreignId: number;
  let ownId: number;
  beforeAll(async () => {
    foreignId = await add(other, unique('外部'));
    ownId = await add(org, unique('本组织'));
  });

  it('needs a token, and the 知识点管理 menu for changes', async () => {
    expect((await call(t, 'GET', `${K}/tree`)).status).toBe(401);
    const res = await call(t, 'POST', `${K}/add`, { user: org.staff, body: { name: '无权限' } });
    expect(res.status).toBe(403);
    const editor = await createMember(t, org, await createRole(t, org, [KNOWLEDGE_EDIT_MENU_ID]));
    const allowed = await call(t, 'POST', `${K}/add`, { user: editor, body: { name: unique('编辑者') } });
    expect(allowed.status, allowed.body.message).toBe(200);
  });

  it("answers 404 for another organisation's node ids", async () => {
    const checks = [
      call(t, 'GET', `${K}/child?parentId=${foreignId}`, { user: org.admin }),
      call(t, 'PUT', `${K}/update`, { user: org.admin, body: { id: foreignId, name: 'x' } }),
      call(t, 'POST', `${K}/delete`, { user: org.admin, body: { id: foreignId } }),
      call(t, 'POST', `${K}/move`, { user: org.admin, body: { id: foreignId, parentId: null, sort: 0 } }),
      call(t, 'POST', `${K}/move`, { user: org.admin, body: { id: ownId, parentId: foreignId, sort: 0 } }),
      call(t, 'POST', `${K}/add`, { user: org.admin, body: { name: 'x', parentId: foreignId } }),
    ];
    for (const res of await Promise.all(checks)) expect(res.status).toBe(404);
    expect((await tree(org)).some((n) => n.id === foreignId)).toBe(false);
  });

  it('shows the platform tree read-only', async () => {
    const platform = await tree(org, 'platform');
    expect(platform.some((n) => n.id === platformNodeId)).toBe(true);
    const children = await call(t, 'GET', `${K}/child?parentId=${platformNodeId}`, { user: org.staff });
    expect(children.status).toBe(200);
    const writes = [
      call(t, 'PUT', `${K}/update`, { user: org.admin, body: { id: platformNodeId, name: 'x' } }),
      call(t, 'POST', `${K}/delete`, { user: org.admin, body: { id: platformNodeId } }),
      call(t, 'POST', `${K}/add`, { user: org.admin, body: { name: 'x', parentId: platformNodeId } }),
      call(t, 'POST', `${K}/move`, {
        user: org.admin,
        body: { id: platformNodeId, parentId: null, sort: 0 },
      }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
    const bad = await call(t, 'GET', `${K}/tree?scope=all`, { user: org.staff });
    expect(bad.status).toBe(400);
  });
});
