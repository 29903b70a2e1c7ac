import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JAVA_TEMPLATE, QuestionType, TagType } from '@kaopei/shared';
import {
  knowledgeNodes,
  organizations,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema';
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
import {
  COMMON_ESTIMATE,
  COUNT_CAP,
  estimateMatches,
  type AuditInfo,
  type QuestionRow,
} from './question.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let bankId: number;
let bank2Id: number;
let otherBankId: number;
let platformBankId: number;

const Q = '/question/api/v1/questions';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function newBank(organizationId: number, name = unique('题库')): Promise<number> {
  const [bank] = await t.app.deps.db.insert(questionBanks).values({ organizationId, name }).returning();
  if (!bank) throw new Error('bank insert failed');
  return bank.id;
}

/** A staff member whose only role grants these menus (502 试题列表, 501 题库). */
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
    .values({ organizationId: o.id, account, phone: uniquePhone(), realName: '出题员' })
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

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  bankId = await newBank(org.id);
  bank2Id = await newBank(org.id);
  otherBankId = await newBank(other.id);
  const [platform] = await t.app.deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) throw new Error('platform organisation missing');
  platformBankId = await newBank(platform.id, unique('公开题库'));
});
afterAll(() => t.close());

const VALID: Record<string, Record<string, unknown>> = {
  trueFalse: { type: QuestionType.TRUE_FALSE, stem: '<p>地球是圆的</p>', answer: '正确', difficulty: 2 },
  single: {
    type: QuestionType.SINGLE,
    stem: '<p>1+1=?</p>',
    options: [
      { content: '1', correct: false },
      { content: '2', correct: true },
    ],
    difficulty: 3,
  },
  multiple: {
    type: QuestionType.MULTIPLE,
    stem: '<p>哪些是偶数</p>',
    options: [
      { content: '2', correct: true },
      { content: '3', correct: false },
      { content: '4', correct: true },
    ],
    difficulty: 5,
  },
  fill: {
    type: QuestionType.FILL,
    stem: '<p>中国的首都是____</p>',
    answer: { blanks: [{ answers: ['北京', 'Beijing'] }], caseSensitive: false },
    difficulty: 4,
  },
  short: {
    type: QuestionType.SHORT,
    stem: '<p>简述安全生产的意义</p>',
    answer: { reference: '保障人员安全', scoringPoints: [{ content: '人员安全', points: 5 }] },
    difficulty: 6,
  },
  code: {
    type: QuestionType.CODE,
    stem: '<p>输出输入的内容</p>',
    answer: {
      languages: ['java', 'python'],
      templates: { java: DEFAULT_JAVA_TEMPLATE },
      testCases: [{ input: 'a', output: 'a', sample: true }],
      timeLimit: 1000,
      memoryLimit: 128,
    },
    difficulty: 8,
  },
};

async function add(body: Record<string, unknown>, user: TestUser = org.admin): Promise<Res> {
  return call(t, 'POST', `${Q}/add`, { user, body: { bankId, ...body } });
}

async function addOk(body: Record<string, unknown>, user: TestUser = org.admin): Promise<QuestionRow> {
  const res = await add(body, user);
  expect(res.body.message).toBe('成功');
  expect(res.status).toBe(200);
  return data<QuestionRow>(res);
}

describe('adding questions', () => {
  it('adds one valid question of each type and reads it back', async () => {
    const tf = await addOk(VALID.trueFalse ?? {});
    // The administrator may audit: with the default setting their question is approved on save.
    expect(tf).toMatchObject({
      type: 0,
      typeLabel: '判断题',
      answer: true,
      status: 1,
      statusLabel: '已通过',
    });
    const single = await addOk(VALID.single ?? {});
    expect(single.options?.map((o) => o.correct)).toEqual([false, true]);
    const multiple = await addOk(VALID.multiple ?? {});
    expect(multiple.typeLabel).toBe('多选题');
    const fill = await addOk(VALID.fill ?? {});
    expect(fill.answer).toEqual({ blanks: [{ answers: ['北京', 'Beijing'] }], caseSensitive: false });
    const short = await addOk(VALID.short ?? {});
    expect(short.stemText).toBe('简述安全生产的意义');
    const code = await addOk(VALID.code ?? {});
    expect(code.answer).toMatchObject({ languages: ['java', 'python'], timeLimit: 1000, memoryLimit: 128 });
    const detail = await call(t, 'GET', `${Q}/detail/${code.id}`, { user: org.admin });
    expect(detail.status).toBe(200);
    expect(data<QuestionRow>(detail)).toMatchObject({ id: code.id, defaultPoints: 10, editable: true });
  });

  it('sanitises the stem and keeps images', async () => {
    const q = await addOk({
      ...VALID.trueFalse,
      stem: '<p onclick="x()">看图<script>alert(1)</script><img src="https://a.cn/x.png" onerror="y()"><img src="javascript:alert(1)"><img src="/api/files/a.png" alt="图"></p>',
    });
    expect(q.stem).toBe(
      '<p>看图<img src="https://a.cn/x.png" /><img /><img src="/api/files/a.png" alt="图" /></p>',
    );
    expect(q.stemText).toBe('看图');
  });

  it('accepts the shared truthy set and 错误 for true/false', async () => {
    for (const [answer, expected] of [
      ['对', true],
      ['TRUE', true],
      [true, true],
      ['错误', false],
      [false, false],
    ] as const) {
      expect((await addOk({ ...VALID.trueFalse, answer })).answer).toBe(expected);
    }
    const bad = await add({ ...VALID.trueFalse, answer: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('判断题答案必须是 true/false（或 正确/错误）');
  });

  it('rejects invalid content with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          ...VALID.single,
          options: [
            { content: 'A', correct: true },
            { content: 'B', correct: true },
          ],
        },
        '单选题必须有且只有一个正确选项',
      ],
      [
        { ...VALID.multiple, options: [{ content: 'A', correct: true }, { content: 'B' }] },
        '多选题至少需要两个正确选项',
      ],
      [{ ...VALID.single, options: [{ content: 'A', correct: true }] }, '选项'],
      [{ ...VALID.fill, answer: undefined }, '答案'],
      [{ ...VALID.fill, answer: { blanks: [] } }, '填空题至少需要一个空'],
      [{ ...VALID.fill, answer: { blanks: [{ answers: [] }] } }, '每个空至少需要一个可接受的答案'],
      [{ ...VALID.short, answer: { reference: '  ' } }, '参考答案'],
      [{ ...VALID.code, answer: { languages: ['java'], testCases: [] } }, '编程题至少需要一个测试用例'],
      [
        { ...VALID.code, answer: { languages: ['cobol'], testCases: [{ input: '', output: '' }] } },
        '编程语言只能是',
      ],
      [
        {
          ...VALID.code,
          answer: { languages: ['java'], templates: { python: '' }, testCases: [{ input: '', output: '' }] },
        },
        '不在所选语言中',
      ],
      [{ ...VALID.trueFalse, difficulty: 11 }, '难度'],
      [{ ...VALID.trueFalse, type: 9 }, '题型'],
      [{ ...VALID.trueFalse, stem: '<p>  </p>' }, '题干不能为空'],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it("takes the type as spec §3's questionType as well as type, and refuses the two disagreeing", async () => {
    const { type: _type, ...content } = VALID.single ?? {};
    const viaSpecName = await addOk({ ...content, questionType: QuestionType.SINGLE });
    expect(viaSpecName).toMatchObject({ type: QuestionType.SINGLE, questionType: QuestionType.SINGLE });
    await addOk({ ...content, type: QuestionType.SINGLE, questionType: QuestionType.SINGLE });
    const clash = await add({ ...content, type: QuestionType.SINGLE, questionType: QuestionType.MULTIPLE });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toContain('题型不一致');
    const neither = await add(content);
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain('请选择题型');

    const { type: _tf, ...judge } = VALID.trueFalse ?? {};
    const modified = await call(t, 'POST', `${Q}/modify?id=${viaSpecName.id}`, {
      user: org.admin,
      body: { ...judge, bankId, questionType: QuestionType.TRUE_FALSE },
    });
    expect(modified.status, modified.body.message).toBe(200);
    expect(data<QuestionRow>(modified)).toMatchObject({ type: QuestionType.TRUE_FALSE, answer: true });
    const modifyClash = await call(t, 'POST', `${Q}/modify?id=${viaSpecName.id}`, {
      user: org.admin,
      body: { ...judge, bankId, type: QuestionType.TRUE_FALSE, questionType: QuestionType.FILL },
    });
    expect(modifyClash.status).toBe(400);
    expect(modifyClash.body.message).toContain('题型不一致');
    // Nothing changed by the refused modification.
    const detail = await call(t, 'GET', `${Q}/detail/${viaSpecName.id}`, { user: org.admin });
    expect(data<QuestionRow>(detail).type).toBe(QuestionType.TRUE_FALSE);
  });

  it("keeps other organisations' ids out (404) and public banks read-only (403)", async () => {
    expect((await add({ ...VALID.trueFalse, bankId: otherBankId })).status).toBe(404);
    const pub = await add({ ...VALID.trueFalse, bankId: platformBankId });
    expect(pub.status).toBe(403);
    expect(pub.body.message).toBe('公开题库不可修改');
    const mine = await addOk(VALID.trueFalse ?? {});
    expect((await call(t, 'GET', `${Q}/detail/${mine.id}`, { user: other.admin })).status).toBe(404);
    expect(
      (await call(t, 'POST', `${Q}/delete`, { user: other.admin, body: { ids: [mine.id] } })).status,
    ).toBe(404);
    const modify = await call(t, 'POST', `${Q}/modify?id=${mine.id}`, {
      user: other.admin,
      body: { ...VALID.trueFalse, bankId: otherBankId },
    });
    expect(modify.status).toBe(404);
    const otherTag = data<{ tagId: number }>(
      await call(t, 'POST', '/user/api/v1/tag/add', {
        user: other.admin,
        body: { type: TagType.QUESTION, name: unique('标签') },
      }),
    );
    expect((await add({ ...VALID.trueFalse, tagIds: [otherTag.tagId] })).status).toBe(404);
  });

  it('needs the question menu to write; the bank menu is enough to read', async () => {
    expect((await add(VALID.trueFalse ?? {}, org.staff)).status).toBe(403);
    const reader = await staffWithMenus(org, [501]);
    expect((await add(VALID.trueFalse ?? {}, reader)).status).toBe(403);
    expect(
      (await call(t, 'POST', `${Q}/search/detail?page=0&size=5`, { user: reader, body: {} })).status,
    ).toBe(200);
    const writer = await staffWithMenus(org, [502]);
    await addOk(VALID.single ?? {}, writer);
  });
});

describe('managing questions', () => {
  it('searches with filters, paging and sorting and counts by type', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    const tag = data<{ tagId: number }>(
      await call(t, 'POST', '/user/api/v1/tag/add', {
        user: o.admin,
        body: { type: TagType.QUESTION, name: unique('高频') },
      }),
    );
    const [node] = await t.app.deps.db
      .insert(knowledgeNodes)
      .values({ organizationId: o.id, name: '安全' })
      .returning();
    if (!node) throw new Error('node insert failed');
    const created: QuestionRow[] = [];
    for (const body of Object.values(VALID)) {
      created.push(await addOk({ ...body, bankId: bank }, o.admin));
    }
    const tagged = created[1] as QuestionRow;
    const withKnowledge = created[3] as QuestionRow;
    expect(
      (
        await call(t, 'POST', `${Q}/questions-tags/add?questionIds=${tagged.id}&tagIds=${tag.tagId}`, {
          user: o.admin,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          t,
          'POST',
          `${Q}/questions-knowledgePoints/add?questionIds=${withKnowledge.id}&knowledgeIds=${node.id}`,
          {
            user: o.admin,
          },
        )
      ).status,
    ).toBe(200);
    const search = (body: Record<string, unknown>, query = 'page=0&size=10') =>
      call(t, 'POST', `${Q}/search/detail?${query}`, { user: o.admin, body });
    const all = await search({ bankId: bank });
    expect(all.body.res?.total).toBe(6);
    expect(data<QuestionRow[]>(all)[0]?.id).toBe(created[5]?.id);
    const page = await search({ bankId: bank, sortField: 'difficulty', sortOrder: 'asc' }, 'page=1&size=4');
    expect(page.body.res?.total).toBe(6);
    expect(data<QuestionRow[]>(page).map((q) => q.difficulty)).toEqual([6, 8]);
    expect(
      data<QuestionRow[]>(await search({ types: [1, 2] }))
        .map((q) => q.type)
        .sort(),
    ).toEqual([1, 2]);
    expect(data<QuestionRow[]>(await search({ difficultyMin: 4, difficultyMax: 5 })).length).toBe(2);
    const byTag = data<QuestionRow[]>(await search({ tagIds: [tag.tagId] }));
    expect(byTag.map((q) => q.id)).toEqual([tagged.id]);
    expect(byTag[0]?.tags.map((x) => x.tagId)).toEqual([tag.tagId]);
    const byKnowledge = data<QuestionRow[]>(await search({ knowledgeIds: [node.id] }));
    expect(byKnowledge[0]?.knowledgePoints).toEqual([{ knowledgeId: node.id, name: '安全' }]);
    expect(data<QuestionRow[]>(await search({ keyword: '首都' })).map((q) => q.id)).toEqual([
      withKnowledge.id,
    ]);
    expect((await search({ sortField: 'stem' })).status).toBe(400);
    const counts = data<{ type: number; count: number }[]>(
      await call(t, 'POST', `${Q}/get/question/type/count`, { user: o.admin, body: { bankId: bank } }),
    );
    expect(counts.map((c) => c.count)).toEqual([1, 1, 1, 1, 1, 1]);
    const kCounts = await call(t, 'POST', `${Q}/search/knowledge/question-type/count`, {
      user: o.admin,
      body: {},
    });
    expect(data<unknown[]>(kCounts)).toEqual([
      { knowledgeId: node.id, total: 1, counts: [{ type: 3, count: 1 }] },
    ]);
    const batch = await call(t, 'POST', `${Q}/questions-knowledgePoints/add/batch`, {
      user: o.admin,
      body: [{ questionIds: [tagged.id, withKnowledge.id], knowledgeIds: [node.id] }],
    });
    expect(data<{ count: number }>(batch).count).toBe(1);
  });

  it('pages the search by pageNumber/pageSize (one-based) as well as page/size (zero-based)', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    for (let i = 0; i < 12; i += 1) {
      await addOk({ ...VALID.trueFalse, bankId: bank, stem: `<p>分页题 ${i}</p>` }, o.admin);
    }
    const search = (query: string) =>
      call(t, 'POST', `${Q}/search/detail?${query}`, {
        user: o.admin,
        body: { bankId: bank, sortField: 'id', sortOrder: 'asc' },
      });
    const zeroBased = await search('page=1&size=5');
    const oneBased = await search('pageNumber=2&pageSize=5');
    expect(oneBased.status).toBe(200);
    const ids = (res: Res) => data<QuestionRow[]>(res).map((q) => q.id);
    expect(ids(zeroBased)).toHaveLength(5);
    expect(ids(oneBased)).toEqual(ids(zeroBased));
    expect(oneBased.body.res?.total).toBe(12);
    // The second page is not the first.
    expect(ids(await search('pageNumber=1&pageSize=5'))).not.toEqual(ids(zeroBased));
    const bad = await search('pageNumber=0&pageSize=5');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('页码');
  });

  it('keeps totals and type counts exact through add, modify, audit, move and delete', async () => {
    const o = await createOrg(t);
    // Saved questions wait for audit here, so the audit below changes the counts.
    const setting = await call(t, 'POST', '/user/api/v1/org/show', {
      user: o.admin,
      body: { autoApproveAuditorQuestions: false },
    });
    expect(setting.status).toBe(200);
    const [a, b] = [await newBank(o.id), await newBank(o.id)];
    const counts = async (body: Record<string, unknown>) =>
      data<{ type: number; count: number }[]>(
        await call(t, 'POST', `${Q}/get/question/type/count`, { user: o.admin, body }),
      ).map((c) => c.count);
    const total = async (body: Record<string, unknown>) =>
      (await call(t, 'POST', `${Q}/search/detail?page=0&size=1`, { user: o.admin, body })).body.res?.total;
    const single = await addOk({ ...VALID.single, bankId: a, difficulty: 2 }, o.admin);
    const judge = await addOk({ ...VALID.trueFalse, bankId: a, difficulty: 6 }, o.admin);
    await addOk({ ...VALID.trueFalse, bankId: b, difficulty: 6 }, o.admin);
    expect(await counts({})).toEqual([2, 1, 0, 0, 0, 0]);
    expect(await counts({ bankId: a })).toEqual([1, 1, 0, 0, 0, 0]);
    expect(await counts({ difficultyMin: 5 })).toEqual([2, 0, 0, 0, 0, 0]);
    expect(await total({ bankIds: [a, b], status: 0 })).toBe(3);

    await call(t, 'POST', `${Q}/modify?id=${single.id}`, {
      user: o.admin,
      body: { ...VALID.single, bankId: a, difficulty: 9 },
    });
    expect(await counts({ difficultyMin: 5 })).toEqual([2, 1, 0, 0, 0, 0]);
    await call(t, 'POST', `${Q}/check?questionId=${judge.id}&status=1`, { user: o.admin, body: {} });
    expect(await total({ status: 1 })).toBe(1);
    expect(await total({ status: 0 })).toBe(2);
    await call(t, 'POST', `${Q}/move?toQuestionBankId=${b}`, { user: o.admin, body: { ids: [judge.id] } });
    expect(await counts({ bankId: b })).toEqual([2, 0, 0, 0, 0, 0]);
    expect(await counts({ bankId: a })).toEqual([0, 1, 0, 0, 0, 0]);
    await call(t, 'POST', `${Q}/delete`, { user: o.admin, body: { ids: [single.id, judge.id] } });
    expect(await counts({})).toEqual([1, 0, 0, 0, 0, 0]);
    expect(await total({})).toBe(1);
    // Another organisation's counts are its own.
    expect(
      data<{ count: number }[]>(
        await call(t, 'POST', `${Q}/get/question/type/count`, { user: other.admin, body: { bankId: b } }),
      ).map((c) => c.count),
    ).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('counts keyword matches exactly up to the cap and says "at least" beyond it', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    await t.app.deps.db.execute(sql`
      insert into questions (organization_id, bank_id, type, stem, stem_text, answer, status)
      select ${o.id}::bigint, ${bank}::bigint, (g % 2)::smallint, '<p>常见词' || g || '</p>', '常见词' || g, 'true'::jsonb, 1
      from generate_series(1, ${COUNT_CAP + 10}) g`);
    const res = await call(t, 'POST', `${Q}/search/detail?page=0&size=5`, {
      user: o.admin,
      body: { keyword: '常见' },
    });
    expect(res.body.res).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(data<QuestionRow[]>(res)).toHaveLength(5);
    const narrow = await call(t, 'POST', `${Q}/search/detail?page=0&size=5`, {
      user: o.admin,
      body: { keyword: '常见词100', sortField: 'id', sortOrder: 'asc' },
    });
    // 常见词100 and 常见词1000 … 常见词1009.
    expect(narrow.body.res?.total).toBe(11);
    expect(narrow.body.res?.totalCapped).toBeUndefined();
    const counts = async (body: Record<string, unknown>) =>
      data<{ type: number; count: number | null; capped: boolean }[]>(
        await call(t, 'POST', `${Q}/get/question/type/count`, { user: o.admin, body }),
      ).map((c) => [c.count, c.capped]);
    expect(await counts({ keyword: '常见' })).toEqual([
      [null, true],
      [null, true],
      [null, true],
      [null, true],
      [null, true],
      [null, true],
    ]);
    expect(await counts({ keyword: '常见', types: [0] })).toEqual([
      [(COUNT_CAP + 10) / 2, false],
      [0, false],
      [0, false],
      [0, false],
      [0, false],
      [0, false],
    ]);
    expect(await counts({ keyword: '常见词100' })).toEqual([
      [6, false],
      [5, false],
      [0, false],
      [0, false],
      [0, false],
      [0, false],
    ]);
    // The counters answer bank-only filters exactly, however many there are.
    const byBank = await call(t, 'POST', `${Q}/search/detail?page=0&size=1`, {
      user: o.admin,
      body: { bankId: bank },
    });
    expect(byBank.body.res?.total).toBe(COUNT_CAP + 10);
  });

  it('skips counting a keyword the planner expects in very many questions', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    await t.app.deps.db.execute(sql`
      insert into questions (organization_id, bank_id, type, stem, stem_text, answer, status, created_at)
      select ${o.id}::bigint, ${bank}::bigint, 0, '<p>高频词 ' || g || '</p>', '高频词 ' || g, 'true'::jsonb, 1,
             now() - make_interval(secs => g)
      from generate_series(1, ${COUNT_CAP * 12}) g`);
    await t.app.deps.db.execute(sql`analyze questions`);
    // The planner multiplies the organisation's and the keyword's shares, so with other organisations'
    // questions in the table (PostgreSQL runs share one database) the estimate is lower than the truth.
    expect(await estimateMatches(t.app.deps.db, o.id, { keyword: '高频' })).toBeGreaterThan(COUNT_CAP);
    expect(await estimateMatches(t.app.deps.db, o.id, { keyword: '高频词 77' })).toBeLessThan(
      COMMON_ESTIMATE,
    );
    const res = await call(t, 'POST', `${Q}/search/detail?page=0&size=3`, {
      user: o.admin,
      body: { keyword: '高频' },
    });
    expect(res.body.res).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    // Newest first, from the list order.
    expect(data<QuestionRow[]>(res).map((q) => q.stemText)).toEqual(['高频词 1', '高频词 2', '高频词 3']);
    const counts = data<{ count: number | null; capped: boolean }[]>(
      await call(t, 'POST', `${Q}/get/question/type/count`, { user: o.admin, body: { keyword: '高频' } }),
    );
    expect(counts[0]).toMatchObject({ count: null, capped: true });
    // Narrowed to a small bank, the common keyword is counted exactly (read through the bank, not the index).
    const small = await newBank(o.id);
    for (const stem of ['<p>高频词 甲</p>', '<p>高频词 乙</p>', '<p>低频词</p>'])
      await addOk({ ...VALID.trueFalse, bankId: small, stem }, o.admin);
    const narrowed = await call(t, 'POST', `${Q}/search/detail?page=0&size=10`, {
      user: o.admin,
      body: { keyword: '高频', bankId: small },
    });
    expect(narrowed.body.res).toMatchObject({ total: 2 });
    expect(data<QuestionRow[]>(narrowed).map((q) => q.stemText)).toEqual(['高频词 乙', '高频词 甲']);
  });

  it('searches question tags with their question counts', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    const addTag = async (name: string) =>
      data<{ tagId: number }>(
        await call(t, 'POST', '/user/api/v1/tag/add', {
          user: o.admin,
          body: { type: TagType.QUESTION, name },
        }),
      ).tagId;
    const [often, rarely] = [await addTag('高频考点'), await addTag('低频考点')];
    await addTag('高频岗位');
    const q1 = await addOk({ ...VALID.trueFalse, bankId: bank }, o.admin);
    const q2 = await addOk({ ...VALID.single, bankId: bank }, o.admin);
    await call(t, 'POST', `${Q}/questions-tags/add?questionIds=${q1.id},${q2.id}&tagIds=${often}`, {
      user: o.admin,
    });
    await call(t, 'POST', `${Q}/questions-tags/add?questionIds=${q1.id}&tagIds=${rarely}`, { user: o.admin });
    const res = await call(t, 'POST', `${Q}/search/tags?page=0&size=10`, {
      user: o.admin,
      body: { keyword: '考点' },
    });
    expect(res.body.res?.total).toBe(2);
    expect(data<{ tagId: number; usageCount: number }[]>(res).map((x) => [x.tagId, x.usageCount])).toEqual([
      [often, 2],
      [rarely, 1],
    ]);
    const bad = await call(t, 'POST', `${Q}/search/tags?page=0&size=10`, {
      user: o.admin,
      body: { sortField: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('排序字段只能是');
    // Another organisation sees only its own tags.
    const foreign = await call(t, 'POST', `${Q}/search/tags?page=0&size=10`, {
      user: other.admin,
      body: { keyword: '高频考点' },
    });
    expect(foreign.body.res?.total).toBe(0);
    expect(
      (await call(t, 'POST', `${Q}/search/tags?page=0&size=10`, { user: o.staff, body: {} })).status,
    ).toBe(403);
  });

  it('finds keywords of one, two and more characters, case-insensitively', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    const stems = ['<p>牛顿第一定律描述了惯性</p>', '<p>Java 的 HashMap 线程不安全</p>', '<p>惯性导航</p>'];
    const ids: number[] = [];
    for (const stem of stems) ids.push((await addOk({ ...VALID.trueFalse, bankId: bank, stem }, o.admin)).id);
    const find = async (keyword: string) => {
      const res = await call(t, 'POST', `${Q}/search/detail?page=0&size=10`, {
        user: o.admin,
        body: { keyword },
      });
      return {
        ids: data<QuestionRow[]>(res)
          .map((q) => q.id)
          .sort(),
        total: res.body.res?.total,
      };
    };
    expect(await find('惯性')).toEqual({ ids: [ids[0], ids[2]].sort(), total: 2 });
    expect(await find('牛顿第一定律')).toEqual({ ids: [ids[0]], total: 1 });
    expect(await find('hashmap')).toEqual({ ids: [ids[1]], total: 1 });
    expect(await find('律')).toEqual({ ids: [ids[0]], total: 1 });
    expect(await find('律描')).toEqual({ ids: [ids[0]], total: 1 });
    expect(await find('定理')).toEqual({ ids: [], total: 0 });
    expect(await find('100%')).toEqual({ ids: [], total: 0 });
  });

  it('ranks questions holding the keyword as typed above those holding its words apart', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    const add = async (stem: string) =>
      (await addOk({ ...VALID.trueFalse, bankId: bank, stem: `<p>${stem}</p>` }, o.admin)).id;
    const search = async (body: Record<string, unknown>, query = 'page=0&size=10') => {
      const res = await call(t, 'POST', `${Q}/search/detail?${query}`, { user: o.admin, body });
      return { ids: data<QuestionRow[]>(res).map((q) => q.id), total: res.body.res?.total };
    };
    // Saved in this order, so newest-first alone would list the partial match first.
    const exact = await add('消防设备应每月检查一次');
    const partial = await add('设备起火时应使用消防栓');
    await add('消防通道不得堆放杂物');
    // Found right after saving, the phrase above the words apart; a question with one word is no match.
    expect(await search({ keyword: '消防设备' })).toEqual({ ids: [exact, partial], total: 2 });
    const newer = await add('检查消防设备的压力表');
    expect(await search({ keyword: '消防设备' })).toEqual({ ids: [newer, exact, partial], total: 3 });
    expect(await search({ keyword: '消防设备' }, 'page=1&size=2')).toEqual({ ids: [partial], total: 3 });
    // A sort the user picks replaces relevance.
    expect(await search({ keyword: '消防设备', sortField: 'createdAt', sortOrder: 'asc' })).toEqual({
      ids: [exact, partial, newer],
      total: 3,
    });
    // The type counts count every match, partial ones included.
    const counts = data<{ count: number | null }[]>(
      await call(t, 'POST', `${Q}/get/question/type/count`, { user: o.admin, body: { keyword: '消防设备' } }),
    );
    expect(counts[0]?.count).toBe(3);
    // An edit moves a question between the groups at once (list order is by creation, newest first).
    const edited = await call(t, 'POST', `${Q}/modify?id=${exact}`, {
      user: o.admin,
      body: { ...VALID.trueFalse, bankId: bank, stem: '<p>设备应配备消防器材</p>' },
    });
    expect(edited.status).toBe(200);
    expect((await search({ keyword: '消防设备' })).ids).toEqual([newer, partial, exact]);
    expect((await search({ keyword: '消防设备器材' })).ids).toEqual([exact]);
    expect((await search({ keyword: '配备消防' })).ids).toEqual([exact]);
  });

  it('ranks by relevance when more than the cap match', async () => {
    const o = await createOrg(t);
    const bank = await newBank(o.id);
    const insert = (stem: string, rows: number, secondsAgo: number) =>
      t.app.deps.db.execute(sql`
        insert into questions (organization_id, bank_id, type, stem, stem_text, answer, status, created_at)
        select ${o.id}::bigint, ${bank}::bigint, 0, '<p>' || ${stem} || g || '</p>', ${stem} || g, 'true'::jsonb, 1,
               now() - make_interval(secs => ${secondsAgo} + g)
        from generate_series(1, ${rows}) g`);
    await insert('设备旁的消防器材', COUNT_CAP + 10, 0); // newest: the words apart
    await insert('消防设备台账', 2, 100_000); // oldest: the phrase
    await t.app.deps.db.execute(sql`analyze questions`);
    const search = async (keyword: string, query: string) => {
      const res = await call(t, 'POST', `${Q}/search/detail?${query}`, { user: o.admin, body: { keyword } });
      expect(res.body.res).toMatchObject({ total: COUNT_CAP, totalCapped: true });
      return data<QuestionRow[]>(res).map((q) => q.stemText);
    };
    // The phrase's two questions first, then the rest newest first, across the page boundary.
    expect(await search('消防设备', 'page=0&size=3')).toEqual([
      '消防设备台账1',
      '消防设备台账2',
      '设备旁的消防器材1',
    ]);
    expect(await search('消防设备', 'page=1&size=3')).toEqual([
      '设备旁的消防器材2',
      '设备旁的消防器材3',
      '设备旁的消防器材4',
    ]);
    // A phrase that is itself common fills the pages.
    expect(await search('消防器材', 'page=0&size=2')).toEqual(['设备旁的消防器材1', '设备旁的消防器材2']);
  });

  it('modifies, moves, audits and deletes', async () => {
    const q = await addOk(VALID.single ?? {});
    const modified = await call(t, 'POST', `${Q}/modify?id=${q.id}`, {
      user: org.admin,
      body: { ...VALID.single, bankId, stem: '<p>2+2=?</p>', difficulty: 9 },
    });
    expect(data<QuestionRow>(modified)).toMatchObject({ stemText: '2+2=?', difficulty: 9 });
    const reject = await call(t, 'POST', `${Q}/check?questionId=${q.id}&status=2`, {
      user: org.admin,
      body: {},
    });
    expect(reject.status).toBe(400);
    expect(reject.body.message).toBe('驳回时必须填写原因');
    const rejected = await call(t, 'POST', `${Q}/check?questionId=${q.id}&status=2`, {
      user: org.admin,
      body: { reason: '答案有误' },
    });
    expect(data<QuestionRow>(rejected)).toMatchObject({
      status: 2,
      statusLabel: '已驳回',
      auditReason: '答案有误',
    });
    const info = data<AuditInfo>(
      await call(t, 'GET', `${Q}/question/audit/info?questionId=${q.id}`, { user: org.admin }),
    );
    expect(info).toMatchObject({ status: 2, reason: '答案有误', auditorName: '管理员' });
    const approved = await call(t, 'POST', `${Q}/check?questionId=${q.id}&status=1`, { user: org.admin });
    expect(data<QuestionRow>(approved).status).toBe(1);
    expect(
      (
        await call(t, 'POST', `${Q}/move?toQuestionBankId=${otherBankId}`, {
          user: org.admin,
          body: { ids: [q.id] },
        })
      ).status,
    ).toBe(404);
    const moved = await call(t, 'POST', `${Q}/move?toQuestionBankId=${bank2Id}`, {
      user: org.admin,
      body: { ids: [q.id] },
    });
    expect(data<{ count: number }>(moved).count).toBe(1);
    expect(data<QuestionRow>(await call(t, 'GET', `${Q}/detail/${q.id}`, { user: org.admin })).bankId).toBe(
      bank2Id,
    );
    expect(
      (await call(t, 'POST', `${Q}/delete`, { user: org.admin, body: { ids: [q.id, 99_999_999] } })).status,
    ).toBe(404);
    expect(
      data<{ count: number }>(
        await call(t, 'POST', `${Q}/delete`, { user: org.admin, body: { ids: [q.id] } }),
      ).count,
    ).toBe(1);
    expect((await call(t, 'GET', `${Q}/detail/${q.id}`, { user: org.admin })).status).toBe(404);
  });

  it('adds a JSON batch all or nothing, and lists public platform questions read-only', async () => {
    const bad = await call(t, 'POST', `${Q}/add/batch?questionBankId=${bank2Id}`, {
      user: org.admin,
      body: [VALID.trueFalse, { ...VALID.code, answer: { languages: ['java'], testCases: [] } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('第 2 题');
    const good = await call(t, 'POST', `${Q}/add/batch?questionBankId=${bank2Id}`, {
      user: org.admin,
      body: [VALID.trueFalse, VALID.fill],
    });
    expect(data<{ count: number }>(good).count).toBe(2);
    const pub = await call(t, 'POST', `${Q}/add/batch?questionBankId=${platformBankId}`, {
      user: org.admin,
      body: [VALID.trueFalse],
    });
    expect(pub.status).toBe(403);
    const platformList = await call(t, 'POST', `${Q}/platform/search/detail?sort=asc&page=0&size=10`, {
      user: org.admin,
      body: {},
    });
    expect(platformList.status).toBe(200);
    const templates = data<{ codeType: string; template: string }[]>(
      await call(t, 'GET', `${Q}/default/template`, { user: org.staff }),
    );
    expect(templates.find((x) => x.codeType === 'java')?.template).toBe(DEFAULT_JAVA_TEMPLATE);
    expect(templates).toHaveLength(6);
  });

  it('shows approved platform questions to everyone, read-only', async () => {
    const [platform] = await t.app.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.kind, 'platform'));
    if (!platform) throw new Error('platform organisation missing');
    const stem = unique('公开题');
    const [approved] = await t.app.deps.db
      .insert(questions)
      .values({
        organizationId: platform.id,
        bankId: platformBankId,
        type: 0,
        stem: `<p>${stem}</p>`,
        stemText: stem,
        answer: true,
        status: 1,
      })
      .returning();
    await t.app.deps.db.insert(questions).values({
      organizationId: platform.id,
      bankId: platformBankId,
      type: 0,
      stem: `<p>${stem}待审</p>`,
      stemText: `${stem}待审`,
      answer: true,
      status: 0,
    });
    if (!approved) throw new Error('question insert failed');
    const list = await call(t, 'POST', `${Q}/platform/search/detail?sort=asc&page=0&size=10`, {
      user: org.admin,
      body: { keyword: stem },
    });
    expect(data<QuestionRow[]>(list).map((q) => [q.id, q.editable])).toEqual([[approved.id, false]]);
    const detail = await call(t, 'GET', `${Q}/detail/${approved.id}`, { user: org.admin });
    expect(data<QuestionRow>(detail)).toMatchObject({ id: approved.id, editable: false });
    const del = await call(t, 'POST', `${Q}/delete`, { user: org.admin, body: { ids: [approved.id] } });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('公开题库不可修改');
    const modify = await call(t, 'POST', `${Q}/modify?id=${approved.id}`, {
      user: org.admin,
      body: { ...VALID.trueFalse, bankId },
    });
    expect(modify.status).toBe(403);
    const audit = await call(t, 'POST', `${Q}/check?questionId=${approved.id}&status=1`, { user: org.admin });
    expect(audit.status).toBe(403);
    // Own searches never list platform questions.
    const own = await call(t, 'POST', `${Q}/search/detail?page=0&size=10`, {
      user: org.admin,
      body: { keyword: stem },
    });
    expect(own.body.res?.total).toBe(0);
  });
});

describe('where a question is used (spec §7: get/exam/by/question, get/exam/record/by/question)', () => {
  /** A published exam whose paper holds `questionId`, taken and submitted by the organisation's staff. */
  async function examTaken(questionId: number): Promise<number> {
    const { db } = t.app.deps;
    const [paper] = await db
      .insert(papers)
      .values({ organizationId: org.id, name: unique('试卷'), status: 1, questionCount: 1, totalScore: 10 })
      .returning();
    if (!paper) throw new Error('paper insert failed');
    const [section] = await db
      .insert(paperSections)
      .values({ paperId: paper.id, name: '判断题' })
      .returning();
    if (!section) throw new Error('section insert failed');
    await db
      .insert(paperQuestions)
      .values({ paperId: paper.id, sectionId: section.id, questionId, points: 10 });
    const now = Date.now();
    const created = await call(t, 'POST', '/exam/api/v1/exam/add', {
      user: org.admin,
      body: {
        name: unique('考试'),
        paperIds: [paper.id],
        startAt: now - 60_000,
        endAt: now + 3600_000,
        durationMinutes: 30,
        passScore: 5,
        audience: { mode: 'assigned', departmentIds: [org.departmentIds[1]] },
      },
    });
    expect(created.body.message).toBe('成功');
    const examId = data<{ examId: number }>(created).examId;
    const published = await call(t, 'POST', `/exam/api/v1/exam/publish?examId=${examId}`, {
      user: org.admin,
    });
    expect(published.body.message).toBe('成功');
    const started = await call(t, 'POST', `/exam/api/v1/candidate/start?examId=${examId}`, {
      user: org.staff,
    });
    expect(started.body.message).toBe('成功');
    const { attemptId } = data<{ attemptId: number }>(started);
    await call(t, 'POST', `/exam/api/v1/candidate/answers?attemptId=${attemptId}`, {
      user: org.staff,
      body: [{ questionId, answer: '正确', seq: 1 }],
    });
    const submitted = await call(t, 'POST', `/exam/api/v1/candidate/submit?attemptId=${attemptId}`, {
      user: org.staff,
    });
    expect(submitted.body.message).toBe('成功');
    return examId;
  }

  it("takes questionId from the query string or the JSON body, and refuses another organisation's question", async () => {
    const question = await addOk(VALID.trueFalse ?? {});
    await call(t, 'POST', `${Q}/check?questionId=${question.id}&status=1`, { user: org.admin });
    const examId = await examTaken(question.id);
    const EXAMS = `${Q}/get/exam/by/question`;
    const RECORDS = `${Q}/get/exam/record/by/question`;

    const byQuery = await call(t, 'POST', `${EXAMS}?questionId=${question.id}`, { user: org.admin });
    const byBody = await call(t, 'POST', EXAMS, { user: org.admin, body: { questionId: question.id } });
    expect(byQuery.status, byQuery.body.message).toBe(200);
    expect(byBody.status, byBody.body.message).toBe(200);
    expect(data<{ examId: number; answered: number }[]>(byQuery)).toEqual([
      expect.objectContaining({ examId, answered: 1 }),
    ]);
    expect(data<unknown>(byBody)).toEqual(data<unknown>(byQuery));

    const recordsByQuery = await call(t, 'POST', `${RECORDS}?questionId=${question.id}&page=0&size=10`, {
      user: org.admin,
    });
    const recordsByBody = await call(t, 'POST', `${RECORDS}?pageNumber=1&pageSize=10`, {
      user: org.admin,
      body: { questionId: question.id },
    });
    expect(recordsByQuery.status, recordsByQuery.body.message).toBe(200);
    expect(recordsByBody.status, recordsByBody.body.message).toBe(200);
    expect(recordsByQuery.body.res?.total).toBe(1);
    expect(data<{ userId: number; examId: number }[]>(recordsByQuery)).toEqual([
      expect.objectContaining({ userId: org.staff.id, examId }),
    ]);
    expect(recordsByBody.body.res).toEqual(recordsByQuery.body.res);

    // Another organisation's question is unknown here, whichever way it is named.
    for (const [url, body] of [
      [`${EXAMS}?questionId=${question.id}`, undefined],
      [EXAMS, { questionId: question.id }],
      [`${RECORDS}?questionId=${question.id}&page=0&size=10`, undefined],
      [`${RECORDS}?page=0&size=10`, { questionId: question.id }],
    ] as const) {
      const res = await call(t, 'POST', url, { user: other.admin, ...(body ? { body } : {}) });
      expect(res.status, url).toBe(404);
      expect(res.body.res, url).toBeNull();
    }

    // Neither, or two different ones: a 400 naming the field.
    const neither = await call(t, 'POST', EXAMS, { user: org.admin, body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain('请提供试题');
    const different = await call(t, 'POST', `${RECORDS}?questionId=${question.id}`, {
      user: org.admin,
      body: { questionId: question.id + 1 },
    });
    expect(different.status).toBe(400);
    expect(different.body.message).toContain('不同的试题');
  });
});
