import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPapers, exams, paperBanks, paperCategories, papers, posts } from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import {
  newKnowledge,
  newQuestionBank,
  platformOrgId,
  seedQuestions,
  staffWithMenus,
} from './paper.fixtures';
import type {
  AutoReport,
  CandidatePaper,
  PaperDetail,
  PaperRow,
  PaperStatistics,
  PaperUsage,
  PickRow,
} from '@kaopei/shared/contracts/paper';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let bankId: number;
let otherBankId: number;
let kpA: number;
let kpB: number;
let kpChild: number;
/** Approved: 10 true/false (difficulty 1–10), 10 single (1–10), 4 multiple; then one pending. */
let tf: number[];
let single: number[];
let pending: number;
let otherQuestion: number;
let platformQuestion: number;
let builder: TestUser;

const P = '/paper/api/v1';
const Q = '/question/api/v1/questions';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  bankId = await newQuestionBank(t, org.id);
  otherBankId = await newQuestionBank(t, other.id);
  kpA = await newKnowledge(t, org.id);
  kpB = await newKnowledge(t, org.id);
  kpChild = await newKnowledge(t, org.id, kpA);
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  tf = await seedQuestions(
    t,
    org.id,
    bankId,
    range(10).map((i) => ({ type: 0, difficulty: i + 1, knowledgeIds: i < 4 ? [kpChild] : [] })),
  );
  single = await seedQuestions(
    t,
    org.id,
    bankId,
    range(10).map((i) => ({ type: 1, difficulty: i + 1, knowledgeIds: i % 2 ? [kpB] : [] })),
  );
  await seedQuestions(
    t,
    org.id,
    bankId,
    range(4).map(() => ({ type: 2, difficulty: 5 })),
  );
  [pending] = (await seedQuestions(t, org.id, bankId, [{ type: 1, difficulty: 3, status: 0 }])) as [number];
  [otherQuestion] = (await seedQuestions(t, other.id, otherBankId, [{ type: 1, difficulty: 3 }])) as [number];
  const platform = await platformOrgId(t);
  const platformBank = await newQuestionBank(t, platform, unique('公开题库'));
  [platformQuestion] = (await seedQuestions(t, platform, platformBank, [{ type: 0, difficulty: 2 }])) as [
    number,
  ];
  builder = await staffWithMenus(t, org, [411, 412, 413]);
});
afterAll(() => t.close());

const q = (questionId: number, points?: number) => ({
  questionId,
  ...(points !== undefined ? { points } : {}),
});

async function createPaper(body: Record<string, unknown>, user: TestUser = org.admin): Promise<PaperDetail> {
  const res = await call(t, 'POST', `${P}/paper/create`, { user, body });
  expect(res.body.message).toBe('成功');
  return data<PaperDetail>(res);
}

describe('papers: create, save, update, detail, statistics', () => {
  it('creates a draft with sections, default points 10, live totals and type mix', async () => {
    const paper = await createPaper({
      name: '安全考试',
      sectionVOS: [
        { name: '判断题', questionVOS: [q(tf[0] as number), q(tf[9] as number, 5.5)] },
        { name: '单选题', questionVOS: [q(single[4] as number)] },
      ],
    });
    expect(paper).toMatchObject({
      status: 0,
      statusLabel: '草稿',
      type: 0,
      totalScore: 25.5,
      questionCount: 3,
    });
    expect(paper.sectionVOS.map((s) => s.questionVOS.map((x) => x.points))).toEqual([[10, 5.5], [10]]);
    expect(paper.averageDifficulty).toBe(5.33);
    expect(paper.difficulty).toBe('MEDIUM');
    const stats = data<PaperStatistics>(
      await call(t, 'GET', `${P}/paper/statistics?paperId=${paper.paperId}`, { user: org.admin }),
    );
    expect(stats).toMatchObject({
      questionCount: 3,
      totalScore: 25.5,
      averageDifficulty: 5.33,
      difficulty: 'MEDIUM',
      timesUsed: 0,
    });
    expect(stats.typeMix.find((m) => m.type === 0)).toEqual({
      type: 0,
      label: '判断题',
      count: 2,
      points: 15.5,
    });
  });

  it('saves (new and existing, draft autosave), updates fields and keeps the list figures', async () => {
    const saved = data<PaperDetail>(
      await call(t, 'POST', `${P}/paper/save`, {
        user: builder,
        body: { name: '保存的', sectionVOS: [{ name: '默认大题', questionVOS: [q(single[0] as number)] }] },
      }),
    );
    expect(saved.status).toBe(1);
    const draft = await call(t, 'POST', `${P}/paper/save`, {
      user: builder,
      body: {
        paperId: saved.paperId,
        name: '保存的',
        status: 'draft',
        sectionVOS: [{ name: '默认大题', questionVOS: [q(single[0] as number), q(single[1] as number, 2)] }],
      },
    });
    expect(data<PaperDetail>(draft)).toMatchObject({ status: 0, totalScore: 12, questionCount: 2 });
    const updated = await call(t, 'POST', `${P}/paper/update`, {
      user: builder,
      body: {
        paperId: saved.paperId,
        name: '改名了',
        description: '说明',
        settings: { shuffleQuestions: true },
      },
    });
    expect(data<PaperDetail>(updated)).toMatchObject({
      name: '改名了',
      description: '说明',
      settings: { shuffleQuestions: true },
      questionCount: 2,
    });
  });

  it('refuses pending questions, duplicates and bad points, naming the field, and writes nothing', async () => {
    const before = (await call(t, 'POST', `${P}/paper/search`, { user: org.admin, body: {} })).body.res
      ?.total;
    const pendingRes = await call(t, 'POST', `${P}/paper/create`, {
      user: org.admin,
      body: { name: 'x', sectionVOS: [{ name: 's', questionVOS: [q(pending)] }] },
    });
    expect(pendingRes.status).toBe(400);
    expect(pendingRes.body.message).toContain('未通过审核');
    const dup = await call(t, 'POST', `${P}/paper/create`, {
      user: org.admin,
      body: { name: 'x', sectionVOS: [{ name: 's', questionVOS: [q(tf[0] as number), q(tf[0] as number)] }] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('重复');
    const points = await call(t, 'POST', `${P}/paper/create`, {
      user: org.admin,
      body: { name: 'x', sectionVOS: [{ name: 's', questionVOS: [q(tf[0] as number, 1.25)] }] },
    });
    expect(points.status).toBe(400);
    expect(points.body.message).toContain('分值最多一位小数');
    const name = await call(t, 'POST', `${P}/paper/create`, { user: org.admin, body: { name: ' ' } });
    expect(name.status).toBe(400);
    expect(name.body.message).toContain('试卷名称');
    const foreign = await call(t, 'POST', `${P}/paper/create`, {
      user: org.admin,
      body: { name: 'x', sectionVOS: [{ name: 's', questionVOS: [q(otherQuestion)] }] },
    });
    expect(foreign.status).toBe(404);
    expect((await call(t, 'POST', `${P}/paper/search`, { user: org.admin, body: {} })).body.res?.total).toBe(
      before,
    );
  });

  it('accepts approved public questions', async () => {
    const paper = await createPaper({
      name: '含公开题',
      sectionVOS: [{ name: '判断题', questionVOS: [q(platformQuestion)] }],
    });
    expect(paper.questionCount).toBe(1);
  });

  it('changes points with modify/point (one decimal) and refuses questions not in the paper', async () => {
    const paper = await createPaper({
      name: '改分',
      sectionVOS: [{ name: 's', questionVOS: [q(tf[1] as number), q(tf[2] as number)] }],
    });
    const res = await call(t, 'POST', `${P}/question/modify/point?paperId=${paper.paperId}`, {
      user: builder,
      body: [{ questionId: tf[1], points: 2.5 }],
    });
    expect(data<PaperStatistics>(res).totalScore).toBe(12.5);
    const bad = await call(t, 'POST', `${P}/question/modify/point?paperId=${paper.paperId}`, {
      user: builder,
      body: [{ questionId: tf[1], points: 2.55 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('分值最多一位小数');
    const missing = await call(t, 'POST', `${P}/question/modify/point?paperId=${paper.paperId}`, {
      user: builder,
      body: [{ questionId: tf[5], points: 2 }],
    });
    expect(missing.status).toBe(404);
  });
});

describe('papers: search, copy, move, delete, public detail', () => {
  it('searches with the Paper query (one-based page, category with sub-categories, keyword, posts)', async () => {
    const [parent] = await t.app.deps.db
      .insert(paperCategories)
      .values({ organizationId: org.id, name: '父' })
      .returning();
    const [child] = await t.app.deps.db
      .insert(paperCategories)
      .values({ organizationId: org.id, name: '子', parentId: parent?.id })
      .returning();
    const [post] = await t.app.deps.db
      .insert(posts)
      .values({ organizationId: org.id, name: unique('岗位') })
      .returning();
    const a = await createPaper({ name: '查询用-消防', categoryId: child?.id, postIds: [post?.id] });
    await createPaper({ name: '查询用-电工', categoryId: parent?.id });
    const byCategory = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { categoryId: parent?.id, page: { pageNumber: 1, pageSize: 1 } },
    });
    expect(byCategory.body.res?.total).toBe(2);
    expect(data<PaperRow[]>(byCategory)).toHaveLength(1);
    const second = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { categoryId: parent?.id, page: { pageNumber: 2, pageSize: 1 } },
    });
    expect(data<PaperRow[]>(second)).toHaveLength(1);
    const keyword = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { searchContent: '消防' },
    });
    expect(data<PaperRow[]>(keyword).map((p) => p.paperId)).toEqual([a.paperId]);
    const byPost = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { postIds: [post?.id] },
    });
    expect(data<PaperRow[]>(byPost).map((p) => p.paperId)).toEqual([a.paperId]);
    const bad = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { page: { pageNumber: 0, pageSize: 10 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('页码必须是大于等于 1 的整数');
  });

  it('pages the search with page{pageNumber,pageSize} (one-based) or page{page,size} (zero-based) alike', async () => {
    const [category] = await t.app.deps.db
      .insert(paperCategories)
      .values({ organizationId: org.id, name: unique('分页') })
      .returning();
    for (const name of ['分页一', '分页二', '分页三']) await createPaper({ name, categoryId: category?.id });
    const search = async (page: Record<string, number>) => {
      const res = await call(t, 'POST', `${P}/paper/search`, {
        user: org.admin,
        body: { categoryId: category?.id, page },
      });
      expect(res.status).toBe(200);
      return { total: res.body.res?.total, ids: data<PaperRow[]>(res).map((p) => p.paperId) };
    };
    for (const [oneBased, zeroBased] of [
      [
        { pageNumber: 1, pageSize: 2 },
        { page: 0, size: 2 },
      ],
      [
        { pageNumber: 2, pageSize: 2 },
        { page: 1, size: 2 },
      ],
    ] as const) {
      const expected = await search(oneBased);
      expect(expected.total).toBe(3);
      expect(expected.ids).toHaveLength(oneBased.pageNumber === 1 ? 2 : 1);
      expect(await search(zeroBased)).toEqual(expected);
    }
    const bad = await call(t, 'POST', `${P}/paper/search`, {
      user: org.admin,
      body: { page: { page: -1, size: 10 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('页码必须是大于等于 0 的整数');
  });

  it('copies, moves between banks, and deletes unless an exam uses the paper', async () => {
    const [bank1] = await t.app.deps.db
      .insert(paperBanks)
      .values({ organizationId: org.id, name: '库1' })
      .returning();
    const [bank2] = await t.app.deps.db
      .insert(paperBanks)
      .values({ organizationId: org.id, name: '库2' })
      .returning();
    const paper = await createPaper({
      name: '原卷',
      paperBankId: bank1?.id,
      sectionVOS: [{ name: 's', questionVOS: [q(tf[3] as number, 4)] }],
    });
    const copy = data<PaperDetail>(
      await call(t, 'POST', `${P}/paper/copy?paperId=${paper.paperId}`, { user: org.admin }),
    );
    expect(copy).toMatchObject({ name: '原卷（副本）', status: 0, totalScore: 4, paperBankId: bank1?.id });
    const moved = await call(t, 'POST', `${P}/paper/move`, {
      user: org.admin,
      body: { paperIds: [paper.paperId, copy.paperId], toPaperBankId: bank2?.id },
    });
    expect(data<{ count: number }>(moved).count).toBe(2);
    const [exam] = await t.app.deps.db
      .insert(exams)
      .values({ organizationId: org.id, name: '考试' })
      .returning();
    await t.app.deps.db.insert(examPapers).values({ examId: exam?.id as number, paperId: paper.paperId });
    const refused = await call(t, 'POST', `${P}/paper/delete`, {
      user: org.admin,
      body: { paperIds: [copy.paperId, paper.paperId] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('试卷「原卷」已被考试使用，不能删除');
    expect(
      (await call(t, 'GET', `${P}/paper/detail?paperId=${copy.paperId}`, { user: org.admin })).status,
    ).toBe(200);
    const deleted = await call(t, 'POST', `${P}/paper/delete`, {
      user: org.admin,
      body: { paperIds: [copy.paperId] },
    });
    expect(data<{ count: number }>(deleted).count).toBe(1);
    expect(
      (await call(t, 'GET', `${P}/paper/detail?paperId=${copy.paperId}`, { user: org.admin })).status,
    ).toBe(404);
  });

  it('shows public papers (platform, published category) read-only and copies them', async () => {
    const platform = await platformOrgId(t);
    const [cat] = await t.app.deps.db
      .insert(paperCategories)
      .values({ organizationId: platform, name: unique('公开'), published: true })
      .returning();
    const [bank] = await t.app.deps.db
      .insert(paperBanks)
      .values({ organizationId: platform, name: unique('公开卷库'), categoryId: cat?.id })
      .returning();
    const [paper] = await t.app.deps.db
      .insert(papers)
      .values({ organizationId: platform, name: '公开试卷', paperBankId: bank?.id, status: 1 })
      .returning();
    const [hidden] = await t.app.deps.db
      .insert(papers)
      .values({ organizationId: platform, name: '内部试卷' })
      .returning();
    const detail = await call(t, 'GET', `${P}/paper/public/detail?paperId=${paper?.id}`, { user: org.admin });
    expect(data<PaperDetail>(detail)).toMatchObject({ name: '公开试卷', editable: false });
    expect(
      (await call(t, 'GET', `${P}/paper/public/detail?paperId=${hidden?.id}`, { user: org.admin })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `${P}/paper/detail?paperId=${paper?.id}`, { user: org.admin })).status).toBe(
      404,
    );
    const copy = await call(t, 'POST', `${P}/paper/copy?paperId=${paper?.id}`, {
      user: org.admin,
      body: { name: '我的副本' },
    });
    expect(data<PaperDetail>(copy)).toMatchObject({ name: '我的副本', editable: true, paperBankId: 0 });
  });

  it('treats another organisation’s papers as missing everywhere', async () => {
    const theirs = await createPaper({ name: '别人的卷' }, other.admin);
    const id = theirs.paperId;
    for (const [method, url, body] of [
      ['GET', `${P}/paper/detail?paperId=${id}`, undefined],
      ['GET', `${P}/paper/public/detail?paperId=${id}`, undefined],
      ['GET', `${P}/paper/statistics?paperId=${id}`, undefined],
      ['POST', `${P}/paper/save`, { paperId: id, name: 'x' }],
      ['POST', `${P}/paper/update`, { paperId: id, name: 'x' }],
      ['POST', `${P}/paper/copy?paperId=${id}`, undefined],
      ['POST', `${P}/paper/delete`, { paperIds: [id] }],
      ['POST', `${P}/question/modify/point?paperId=${id}`, [{ questionId: tf[0], points: 1 }]],
      ['POST', `${P}/paper/random/draw?paperId=${id}`, undefined],
      ['POST', `${Q}/search/paper/selected/question`, { paperId: id }],
      ['POST', `${Q}/search/paper/not-selected/question`, { paperId: id }],
    ] as const) {
      expect((await call(t, method, url, { user: org.admin, body })).status, url).toBe(404);
    }
    expect((await call(t, 'GET', `${P}/paper/detail?paperId=${id}`, { user: other.admin })).status).toBe(200);
  });

  it('needs the 试卷管理 menus', async () => {
    expect((await call(t, 'POST', `${P}/paper/search`, { user: org.staff, body: {} })).status).toBe(403);
    expect(
      (await call(t, 'POST', `${P}/paper/create`, { user: org.staff, body: { name: 'x' } })).status,
    ).toBe(403);
    const bankOnly = await staffWithMenus(t, org, [401]);
    expect((await call(t, 'POST', `${P}/paper/search`, { user: bankOnly, body: {} })).status).toBe(200);
    expect((await call(t, 'POST', `${P}/paper/create`, { user: bankOnly, body: { name: 'x' } })).status).toBe(
      403,
    );
    const random = {
      name: 'x',
      sections: [{ name: 's', rules: [{ bankIds: [bankId], type: 0, count: 1 }] }],
    };
    expect((await call(t, 'POST', `${P}/paper/random/create`, { user: bankOnly, body: random })).status).toBe(
      403,
    );
    const auto = { bankIds: [bankId], typeRules: [{ type: 0, count: 1 }] };
    expect((await call(t, 'POST', `${Q}/get/auto/question`, { user: bankOnly, body: auto })).status).toBe(
      403,
    );
    const create = { rules: auto, paper: { name: 'x' } };
    expect((await call(t, 'POST', `${Q}/exam-paper/auto`, { user: bankOnly, body: create })).status).toBe(
      403,
    );
    expect(
      (await call(t, 'POST', `${Q}/search/paper/not-selected/question`, { user: bankOnly, body: {} })).status,
    ).toBe(403);
  });
});

describe('the builder’s question calls', () => {
  it('not-selected lists approved own and public questions minus the paper’s and the picked ones', async () => {
    const paper = await createPaper({
      name: '选题',
      sectionVOS: [{ name: 's', questionVOS: [q(tf[0] as number)] }],
    });
    const res = await call(t, 'POST', `${Q}/search/paper/not-selected/question?page=0&size=100`, {
      user: builder,
      body: { paperId: paper.paperId, selectedIds: [tf[1]] },
    });
    const ids = data<PickRow[]>(res).map((r) => r.questionId);
    expect(ids).toContain(platformQuestion);
    expect(ids).toContain(tf[2]);
    for (const absent of [tf[0], tf[1], pending, otherQuestion]) expect(ids).not.toContain(absent);
    expect(res.body.res?.total).toBe(ids.length);
    const filtered = await call(t, 'POST', `${Q}/search/paper/not-selected/question`, {
      user: builder,
      body: { scope: 'mine', type: 0, knowledgeIds: [kpA] },
    });
    expect(
      data<PickRow[]>(filtered)
        .map((r) => r.questionId)
        .sort(),
    ).toEqual(tf.slice(0, 4).sort());
    const bad = await call(t, 'POST', `${Q}/search/paper/not-selected/question?page=-1`, {
      user: builder,
      body: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('页码');
  });

  it('selected questions, picked question contents, and where a question is used', async () => {
    const paper = await createPaper({
      name: '被引用',
      sectionVOS: [{ name: '单选', questionVOS: [q(single[7] as number, 3)] }],
    });
    const selected = data<(PickRow & { sectionName: string })[]>(
      await call(t, 'POST', `${Q}/search/paper/selected/question`, {
        user: builder,
        body: { paperId: paper.paperId },
      }),
    );
    expect(selected).toEqual([
      expect.objectContaining({ questionId: single[7], points: 3, sectionName: '单选' }),
    ]);
    const contents = data<PickRow[]>(
      await call(t, 'POST', `${Q}/paper/selected/questions`, {
        user: builder,
        body: { questionIds: [single[7], platformQuestion] },
      }),
    );
    expect(contents.map((c) => [c.questionId, c.points, c.isPublic])).toEqual([
      [single[7], 10, false],
      [platformQuestion, 10, true],
    ]);
    expect(
      (
        await call(t, 'POST', `${Q}/paper/selected/questions`, {
          user: builder,
          body: { questionIds: [otherQuestion] },
        })
      ).status,
    ).toBe(404);
    const used = data<PaperUsage[]>(
      await call(t, 'GET', `${Q}/paper/info?questionId=${single[7]}`, { user: org.admin }),
    );
    expect(used).toEqual([
      expect.objectContaining({ paperId: paper.paperId, name: '被引用', points: 3, sectionName: '单选' }),
    ]);
    expect(
      (await call(t, 'GET', `${Q}/paper/info?questionId=${otherQuestion}`, { user: org.admin })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `${Q}/paper/info?questionId=x`, { user: org.admin })).status).toBe(400);
    expect(
      (await call(t, 'GET', `${Q}/paper/info?questionId=${single[7]}`, { user: org.staff })).status,
    ).toBe(403);
  });
});

describe('random papers', () => {
  const rules = () => [
    {
      name: '判断题',
      rules: [{ bankIds: [bankId], type: 0, count: 3, points: 2, difficultyMin: 1, difficultyMax: 5 }],
    },
    { name: '单选题', rules: [{ bankIds: [bankId], type: 1, count: 2, knowledgeIds: [kpB] }] },
  ];

  it('draws once when saved, within each rule', async () => {
    const res = await call(t, 'POST', `${P}/paper/random/create`, {
      user: builder,
      body: { name: '随机卷', sections: rules() },
    });
    const paper = data<PaperDetail>(res);
    expect(paper).toMatchObject({ type: 4, status: 1, questionCount: 5, totalScore: 26 });
    const [tfSection, singleSection] = paper.sectionVOS;
    expect(tfSection?.questionVOS.every((x) => x.type === 0 && x.difficulty <= 5 && x.points === 2)).toBe(
      true,
    );
    expect(singleSection?.questionVOS.every((x) => single.indexOf(x.questionId) % 2 === 1)).toBe(true);
    expect(tfSection?.randomRules[0]).toMatchObject({ count: 3, points: 2, difficultyMax: 5 });
  });

  it('draws per candidate: the same seed gives the same paper, options shuffled with their order', async () => {
    const paper = data<PaperDetail>(
      await call(t, 'POST', `${P}/paper/random/create`, {
        user: builder,
        body: {
          name: '每人一卷',
          settings: { drawPerCandidate: true, shuffleOptions: true, shuffleQuestions: true },
          sections: rules(),
        },
      }),
    );
    expect(paper.sectionVOS.flatMap((s) => s.questionVOS)).toEqual([]);
    expect(paper.statistics).toMatchObject({ questionCount: 5, totalScore: 26 });
    const draw = async (seed: string) =>
      data<CandidatePaper>(
        await call(t, 'POST', `${P}/paper/random/draw?paperId=${paper.paperId}&seed=${seed}`, {
          user: builder,
        }),
      );
    const one = await draw('candidate-1');
    expect(await draw('candidate-1')).toEqual(one);
    expect(one.questionCount).toBe(5);
    expect(one.totalScore).toBe(26);
    const choice = one.sections[1]?.questions[0];
    expect(choice?.optionOrder?.slice().sort()).toEqual([0, 1, 2]);
    expect(choice?.options?.[choice.optionOrder?.indexOf(0) ?? -1]?.content).toBe('A');
    const seeds = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(draw));
    const signatures = new Set(
      seeds.map((p) => p.sections.flatMap((s) => s.questions.map((x) => x.questionId)).join(',')),
    );
    expect(signatures.size).toBeGreaterThan(1);
  });

  it('refuses a rule its banks cannot fill, naming the rule, and saves nothing', async () => {
    const before = (await call(t, 'POST', `${P}/paper/search`, { user: org.admin, body: {} })).body.res
      ?.total;
    const res = await call(t, 'POST', `${P}/paper/random/create`, {
      user: builder,
      body: { name: '太多', sections: [{ name: '多选', rules: [{ bankIds: [bankId], type: 2, count: 9 }] }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '第 1 大题「多选」第 1 条规则（多选题 9 道）：符合条件的已审核试题只有 4 道，少于要求的 9 道',
    );
    const range = await call(t, 'POST', `${P}/paper/random/create`, {
      user: builder,
      body: {
        name: 'x',
        sections: [
          {
            name: 's',
            rules: [{ bankIds: [bankId], type: 0, count: 1, difficultyMin: 8, difficultyMax: 2 }],
          },
        ],
      },
    });
    expect(range.status).toBe(400);
    expect(range.body.message).toContain('最低难度不能大于最高难度');
    const foreign = await call(t, 'POST', `${P}/paper/random/create`, {
      user: builder,
      body: { name: 'x', sections: [{ name: 's', rules: [{ bankIds: [otherBankId], type: 0, count: 1 }] }] },
    });
    expect(foreign.status).toBe(404);
    expect((await call(t, 'POST', `${P}/paper/search`, { user: org.admin, body: {} })).body.res?.total).toBe(
      before,
    );
  });

  it('never draws a question waiting for audit', async () => {
    const auditBank = await newQuestionBank(t, org.id, unique('待审题库'));
    const approved = await seedQuestions(t, org.id, auditBank, [
      { type: 1, difficulty: 3 },
      { type: 1, difficulty: 3 },
    ]);
    await seedQuestions(t, org.id, auditBank, [
      { type: 1, difficulty: 3, status: 0 },
      { type: 1, difficulty: 3, status: 0 },
      { type: 1, difficulty: 3, status: 0 },
    ]);
    const rule = (count: number) => [{ name: '单选', rules: [{ bankIds: [auditBank], type: 1, count }] }];
    // Five questions in the bank, only two approved: a rule asking for three cannot be filled.
    const three = await call(t, 'POST', `${P}/paper/random/create`, {
      user: builder,
      body: { name: '审核', sections: rule(3) },
    });
    expect(three.status).toBe(400);
    expect(three.body.message).toContain('符合条件的已审核试题只有 2 道');
    // Drawn per candidate again and again: always the approved two.
    const paper = data<PaperDetail>(
      await call(t, 'POST', `${P}/paper/random/create`, {
        user: builder,
        body: { name: '审核', settings: { drawPerCandidate: true }, sections: rule(2) },
      }),
    );
    for (const seed of ['a', 'b', 'c', 'd']) {
      const drawn = data<CandidatePaper>(
        await call(t, 'POST', `${P}/paper/random/draw?paperId=${paper.paperId}&seed=${seed}`, {
          user: builder,
        }),
      );
      const ids = drawn.sections.flatMap((section) => section.questions.map((x) => x.questionId));
      expect(ids.sort()).toEqual([...approved].sort());
    }
  });

  it('modifies the rules of a random paper', async () => {
    const paper = data<PaperDetail>(
      await call(t, 'POST', `${P}/paper/random/create`, {
        user: builder,
        body: { name: '改规则', sections: rules() },
      }),
    );
    const res = await call(t, 'POST', `${P}/paper/random/modify?paperId=${paper.paperId}`, {
      user: builder,
      body: {
        name: '改规则',
        sections: [{ name: '多选', rules: [{ bankIds: [bankId], type: 2, count: 4, points: 5 }] }],
      },
    });
    expect(data<PaperDetail>(res)).toMatchObject({ questionCount: 4, totalScore: 20 });
  });
});

describe('intelligent generation', () => {
  const baseRules = () => ({
    bankIds: [bankId],
    typeRules: [
      { type: 0, count: 4, points: 5 },
      { type: 1, count: 4, points: 5 },
    ],
    totalScore: 40,
    knowledgeRules: [
      { knowledgeId: kpA, minCount: 2 },
      { knowledgeId: kpB, minCount: 3 },
    ],
    difficulty: { mode: 'average', target: 5, tolerance: 0.5 },
  });

  it('previews a paper meeting every rule (knowledge rules cover sub-nodes)', async () => {
    const res = await call(t, 'POST', `${Q}/get/auto/question`, { user: builder, body: baseRules() });
    expect(res.status).toBe(200);
    const report = data<AutoReport>(res);
    expect(report.feasible).toBe(true);
    const paper = report.papers[0];
    expect(paper?.questions).toHaveLength(8);
    expect(paper?.totals.totalScore).toBe(40);
    expect(paper?.questions.filter((x) => x.type === 0)).toHaveLength(4);
    expect(
      paper?.questions.filter((x) => tf.slice(0, 4).includes(x.questionId)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      paper?.questions.filter((x) => single.indexOf(x.questionId) % 2 === 1).length,
    ).toBeGreaterThanOrEqual(3);
    const average = (paper?.questions.reduce((s, x) => s + x.difficulty, 0) ?? 0) / 8;
    expect(Math.abs(average - 5)).toBeLessThanOrEqual(0.5);
  });

  it('reports which rule cannot be met and the closest paper', async () => {
    const res = await call(t, 'POST', `${Q}/get/auto/question`, {
      user: builder,
      body: { ...baseRules(), totalScore: undefined, knowledgeRules: [{ knowledgeId: kpA, minCount: 6 }] },
    });
    const report = data<AutoReport>(res);
    expect(report.feasible).toBe(false);
    expect(report.violations).toEqual([
      expect.objectContaining({ rule: 'knowledge', required: 6, achievable: 4 }),
    ]);
    expect(report.violations[0]?.message).toMatch(/^知识点「.+」至少 6 道无法满足：最接近的试卷只有 4 道$/);
    expect(report.best?.questionCount).toBe(8);
    const create = await call(t, 'POST', `${Q}/exam-paper/auto`, {
      user: builder,
      body: { rules: { ...baseRules(), totalScore: 100 }, paper: { name: '不可能' } },
    });
    expect(create.status).toBe(400);
    expect(create.body.message).toContain('总分 100 与各题型「数量 × 分值」合计 40 不一致');
  });

  it('creates A/B papers without shared questions, excluding recently used ones when asked', async () => {
    const res = await call(t, 'POST', `${Q}/exam-paper/auto`, {
      user: builder,
      body: {
        rules: {
          bankIds: [bankId],
          typeRules: [{ type: 1, count: 5, points: 4 }],
          variants: 2,
          maxOverlap: 0,
        },
        paper: { name: '智能卷' },
      },
    });
    const created = data<{ papers: PaperDetail[] }>(res);
    expect(created.papers.map((p) => [p.name, p.type, p.status, p.totalScore])).toEqual([
      ['智能卷（A卷）', 6, 1, 20],
      ['智能卷（B卷）', 6, 1, 20],
    ]);
    const [a, b] = created.papers.map((p) =>
      p.sectionVOS.flatMap((s) => s.questionVOS.map((x) => x.questionId)),
    );
    expect(a?.filter((id) => b?.includes(id))).toEqual([]);
    // Every single-choice question is now in a paper saved today: excluding them leaves none.
    const recent = await call(t, 'POST', `${Q}/get/auto/question`, {
      user: builder,
      body: { bankIds: [bankId], typeRules: [{ type: 1, count: 1, points: 4 }], excludeUsedWithinDays: 1 },
    });
    expect(data<AutoReport>(recent).violations[0]).toMatchObject({ rule: 'type', achievable: 0 });
    const forExam = await call(t, 'POST', `${Q}/auto/create/exam`, {
      user: org.admin,
      body: {
        rules: { bankIds: [bankId], typeRules: [{ type: 2, count: 2, points: 5 }] },
        paper: { name: '自动考试卷' },
      },
    });
    expect(data<{ papers: PaperDetail[]; exam: null }>(forExam)).toMatchObject({
      exam: null,
      papers: [expect.objectContaining({ questionCount: 2 })],
    });
  });

  it('validates the rules naming the field, and foreign banks or knowledge points are missing', async () => {
    const dupType = await call(t, 'POST', `${Q}/get/auto/question`, {
      user: builder,
      body: {
        bankIds: [bankId],
        typeRules: [
          { type: 1, count: 1 },
          { type: 1, count: 2 },
        ],
      },
    });
    expect(dupType.status).toBe(400);
    expect(dupType.body.message).toContain('题型设置中题型重复');
    const dist = await call(t, 'POST', `${Q}/get/auto/question`, {
      user: builder,
      body: {
        bankIds: [bankId],
        typeRules: [{ type: 1, count: 1 }],
        difficulty: { mode: 'distribution', SIMPLE: 50, MEDIUM: 10 },
      },
    });
    expect(dist.status).toBe(400);
    expect(dist.body.message).toContain('难度分布');
    expect(
      (
        await call(t, 'POST', `${Q}/get/auto/question`, {
          user: builder,
          body: { bankIds: [otherBankId], typeRules: [{ type: 1, count: 1 }] },
        })
      ).status,
    ).toBe(404);
    const foreignKp = await newKnowledge(t, other.id);
    expect(
      (
        await call(t, 'POST', `${Q}/get/auto/question`, {
          user: builder,
          body: {
            bankIds: [bankId],
            typeRules: [{ type: 1, count: 1 }],
            knowledgeRules: [{ knowledgeId: foreignKp, minCount: 1 }],
          },
        })
      ).status,
    ).toBe(404);
  });

  it('saves and reads rule sets per organisation', async () => {
    const added = await call(t, 'POST', `${P}/auto/rule/add`, {
      user: builder,
      body: { name: '常用规则', rules: baseRules() },
    });
    const rule = data<{ ruleId: number; rules: unknown }>(added);
    expect(rule.rules).toMatchObject({ bankIds: [bankId], variants: 1 });
    const one = await call(t, 'GET', `${P}/auto/rule/get?ruleId=${rule.ruleId}`, { user: builder });
    expect(data<{ name: string }>(one).name).toBe('常用规则');
    const all = data<{ ruleId: number }[]>(await call(t, 'GET', `${P}/auto/rule/get`, { user: builder }));
    expect(all.map((r) => r.ruleId)).toContain(rule.ruleId);
    expect(
      (await call(t, 'GET', `${P}/auto/rule/get?ruleId=${rule.ruleId}`, { user: other.admin })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `${P}/auto/rule/add`, { user: builder, body: { name: '', rules: baseRules() } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(t, 'POST', `${P}/auto/rule/add`, {
          user: org.staff,
          body: { name: 'x', rules: baseRules() },
        })
      ).status,
    ).toBe(403);
  });
});
