import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType, TagType } from '@kaopei/shared';
import {
  knowledgeNodes,
  questionBanks,
  questionKnowledge,
  questions,
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
import { PUBLIC_BANK_NAME } from '../../db/seed';
import { validateKey } from '../question/question.rules';
import {
  BANK_NOT_EMPTY,
  PUBLIC_READ_ONLY,
  platformOrganizationId,
  type BankRow,
  type BankSimple,
} from './bank.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

const BANK = '/question/api/v1/bank';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function addBank(o: TestOrg, body: Record<string, unknown>, user: TestUser = o.admin): Promise<Res> {
  return call(t, 'POST', `${BANK}/add`, { user, body });
}

async function newBank(o: TestOrg, body: Record<string, unknown> = {}): Promise<BankRow> {
  const res = await addBank(o, { name: unique('题库'), ...body });
  expect(res.status).toBe(200);
  return data<BankRow>(res);
}

/** Writes questions straight into the table (the questions module has its own tests). */
async function addQuestions(organizationId: number, bankId: number, types: number[]): Promise<void> {
  await t.app.deps.db.insert(questions).values(
    types.map((type, index) => ({
      organizationId,
      bankId,
      type,
      stem: `<p>第 ${index + 1} 题</p>`,
      stemText: `第 ${index + 1} 题`,
      options:
        type === QuestionType.SINGLE
          ? [
              { content: '甲', correct: true },
              { content: '乙', correct: false },
            ]
          : null,
      answer: type === QuestionType.TRUE_FALSE ? true : null,
      difficulty: 3,
      status: 1,
    })),
  );
}

/** A bank of the platform organisation, i.e. a public bank. */
async function newPublicBank(name = unique('公共题库')): Promise<number> {
  const { db } = t.app.deps;
  const platformId = await platformOrganizationId(db);
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: platformId, name, category: '通用' })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('bank insert failed');
  await addQuestions(platformId, bank.id, [0, 0, 1, 5]);
  return bank.id;
}

async function newTag(o: TestOrg, type: number, name = unique('标签')): Promise<number> {
  const res = await call(t, 'POST', '/user/api/v1/tag/add', { user: o.admin, body: { type, name } });
  expect(res.status).toBe(200);
  return data<{ tagId: number }>(res).tagId;
}

/** A staff member holding the 培训管理员 role (题库管理 permission). */
async function manager(o: TestOrg): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const account = unique('mgr');
  const [user] = await db
    .insert(users)
    .values({ organizationId: o.id, account, phone: uniquePhone(), realName: '培训管理员' })
    .returning();
  if (!user) throw new Error('user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: o.roleIds.manager });
  return {
    id: user.id,
    account,
    phone: '',
    token: await tokens.signAccess({ userId: user.id, organizationId: o.id }),
  };
}

describe('question banks', () => {
  it('creates a bank with tags and lists it in 我的题库 with counts by type', async () => {
    const o = await createOrg(t);
    const tagId = await newTag(o, TagType.QUESTION_BANK, '安全');
    const res = await addBank(o, {
      name: ' 安全生产题库 ',
      description: '年度安全培训',
      category: '安全',
      coverUrl: '/api/files/public/cover.png',
      tagIds: [tagId],
    });
    expect(res.status).toBe(200);
    const bank = data<BankRow>(res);
    expect(bank).toMatchObject({
      name: '安全生产题库',
      description: '年度安全培训',
      category: '安全',
      coverUrl: '/api/files/public/cover.png',
      isPublic: false,
      editable: true,
      questionCount: 0,
    });
    expect(bank.tags.map((tag) => tag.name)).toEqual(['安全']);
    await addQuestions(o.id, bank.bankId, [0, 1, 1, 3, 5]);
    await newBank(o, { name: '岗位技能题库', category: '技能' });

    const list = await call(t, 'POST', `${BANK}/list?page=0&size=10`, {
      user: o.staff,
      body: { scope: 'mine' },
    });
    expect(list.status).toBe(200);
    expect(list.body.res?.total).toBe(2);
    const rows = data<BankRow[]>(list);
    expect(rows.map((row) => row.name)).toEqual(['岗位技能题库', '安全生产题库']);
    const safety = rows[1];
    expect(safety?.questionCount).toBe(5);
    expect(safety?.typeCounts.map((c) => [c.label, c.count])).toEqual([
      ['判断题', 1],
      ['单选题', 2],
      ['多选题', 0],
      ['填空题', 1],
      ['简答题', 0],
      ['编程题', 1],
    ]);

    const byTag = await call(t, 'POST', `${BANK}/list`, { user: o.admin, body: { tagIds: [tagId] } });
    expect(data<BankRow[]>(byTag).map((row) => row.name)).toEqual(['安全生产题库']);
    const byKeyword = await call(t, 'POST', `${BANK}/list`, { user: o.admin, body: { keyword: '岗位' } });
    expect(data<BankRow[]>(byKeyword).map((row) => row.name)).toEqual(['岗位技能题库']);
    const byCategory = await call(t, 'POST', `${BANK}/list`, { user: o.admin, body: { category: '安全' } });
    expect(data<BankRow[]>(byCategory).map((row) => row.name)).toEqual(['安全生产题库']);
    const noBody = await call(t, 'POST', `${BANK}/list?page=1&size=1`, { user: o.admin });
    expect(noBody.status).toBe(200);
    expect(data<BankRow[]>(noBody).map((row) => row.name)).toEqual(['安全生产题库']);

    const detail = await call(t, 'GET', `${BANK}/detail?bankId=${bank.bankId}`, { user: o.staff });
    expect(data<BankRow>(detail).typeCounts.find((c) => c.type === QuestionType.SINGLE)?.count).toBe(2);

    const categories = await call(t, 'GET', `${BANK}/categories?scope=mine`, { user: o.staff });
    expect(data<string[]>(categories)).toEqual(['安全', '技能']);
  });

  it('pages the list by pageNumber/pageSize as well as page/size', async () => {
    const o = await createOrg(t);
    for (let i = 0; i < 3; i += 1) await newBank(o, { name: `分页题库 ${i}` });
    const names = async (query: string) =>
      data<BankRow[]>(await call(t, 'POST', `${BANK}/list?${query}`, { user: o.admin, body: {} })).map(
        (row) => row.name,
      );
    expect(await names('page=1&size=2')).toEqual(['分页题库 0']);
    expect(await names('pageNumber=2&pageSize=2')).toEqual(['分页题库 0']);
    expect(await names('pageNumber=1&pageSize=2')).toEqual(['分页题库 2', '分页题库 1']);
  });

  it('modifies the sent fields and replaces tags', async () => {
    const tagA = await newTag(org, TagType.QUESTION_BANK);
    const tagB = await newTag(org, TagType.QUESTION_BANK);
    const bank = await newBank(org, { category: '旧分类', tagIds: [tagA] });
    const res = await call(t, 'POST', `${BANK}/modify`, {
      user: await manager(org),
      body: { bankId: bank.bankId, name: '新名称', tagIds: [tagB], coverUrl: '' },
    });
    expect(res.status).toBe(200);
    expect(data<BankRow>(res)).toMatchObject({ name: '新名称', category: '旧分类', coverUrl: null });
    expect(data<BankRow>(res).tags.map((tag) => tag.tagId)).toEqual([tagB]);
  });

  it('rejects bad input with a message naming the field, and creates nothing', async () => {
    const count = async () =>
      (await t.app.deps.db.select().from(questionBanks).where(eq(questionBanks.organizationId, other.id)))
        .length;
    const before = await count();
    const userTag = await newTag(other, TagType.USER);
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, '题库名称必须是文本'],
      [{ name: '  ' }, 400, '题库名称不能为空'],
      [{ name: 'x'.repeat(101) }, 400, '题库名称不能超过 100 个字符'],
      [{ name: '甲', category: 'x'.repeat(51) }, 400, '题库分类不能超过 50 个字符'],
      [{ name: '甲', coverUrl: 'javascript:alert(1)' }, 400, '封面地址不正确'],
      [{ name: '甲', tagIds: ['a'] }, 400, '标签必须是数字'],
      [{ name: '甲', tagIds: [userTag] }, 400, '不是题库标签'],
      [{ name: '甲', tagIds: [999_999_999] }, 404, '标签不存在'],
    ];
    for (const [body, status, message] of cases) {
      const res = await addBank(other, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const badScope = await call(t, 'POST', `${BANK}/list`, { user: other.admin, body: { scope: 'all' } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.message).toContain('范围只能是');
    const badId = await call(t, 'GET', `${BANK}/detail?bankId=abc`, { user: other.admin });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('题库必须是数字');
    const emptyDelete = await call(t, 'POST', `${BANK}/delete`, { user: other.admin, body: { bankIds: [] } });
    expect(emptyDelete.status).toBe(400);
    expect(emptyDelete.body.message).toContain('请选择要删除的题库');
    expect(await count()).toBe(before);
  });

  it('refuses writes to staff without the question bank menu', async () => {
    const bank = await newBank(org);
    expect((await addBank(org, { name: '甲' }, org.staff)).status).toBe(403);
    for (const [path, body] of [
      ['modify', { bankId: bank.bankId, name: '乙' }],
      ['delete', { bankIds: [bank.bankId] }],
      ['copy', { bankId: bank.bankId }],
    ] as const) {
      const res = await call(t, 'POST', `${BANK}/${path}`, { user: org.staff, body });
      expect(res.status, path).toBe(403);
    }
    // Reading stays open to members: pickers on other pages need it.
    expect((await call(t, 'GET', `${BANK}/simple`, { user: org.staff })).status).toBe(200);
    expect((await addBank(org, { name: unique('管理员的') }, await manager(org))).status).toBe(200);
  });

  it("treats another organisation's banks as missing", async () => {
    const foreign = await newBank(other);
    const user = org.admin;
    expect((await call(t, 'GET', `${BANK}/detail?bankId=${foreign.bankId}`, { user })).status).toBe(404);
    const modify = await call(t, 'POST', `${BANK}/modify`, {
      user,
      body: { bankId: foreign.bankId, name: '改' },
    });
    expect(modify.status).toBe(404);
    const own = await newBank(org);
    const del = await call(t, 'POST', `${BANK}/delete`, {
      user,
      body: { bankIds: [own.bankId, foreign.bankId] },
    });
    expect(del.status).toBe(404);
    expect((await call(t, 'GET', `${BANK}/detail?bankId=${own.bankId}`, { user })).status).toBe(200);
    expect((await call(t, 'POST', `${BANK}/copy`, { user, body: { bankId: foreign.bankId } })).status).toBe(
      404,
    );
    const simple = data<BankSimple[]>(await call(t, 'GET', `${BANK}/simple`, { user }));
    expect(simple.some((row) => row.bankId === foreign.bankId)).toBe(false);
    const mine = data<BankRow[]>(await call(t, 'POST', `${BANK}/list?size=100`, { user, body: {} }));
    expect(mine.some((row) => row.bankId === foreign.bankId)).toBe(false);
  });

  it('deletes empty banks and refuses banks that still hold questions', async () => {
    const empty = await newBank(org);
    const full = await newBank(org);
    await addQuestions(org.id, full.bankId, [1]);
    const refused = await call(t, 'POST', `${BANK}/delete`, {
      user: org.admin,
      body: { bankIds: [empty.bankId, full.bankId] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(BANK_NOT_EMPTY);
    expect((await call(t, 'GET', `${BANK}/detail?bankId=${empty.bankId}`, { user: org.admin })).status).toBe(
      200,
    );
    const res = await call(t, 'POST', `${BANK}/delete`, {
      user: org.admin,
      body: { bankIds: [empty.bankId] },
    });
    expect(res.status).toBe(200);
    expect(data<{ count: number }>(res).count).toBe(1);
    expect((await call(t, 'GET', `${BANK}/detail?bankId=${empty.bankId}`, { user: org.admin })).status).toBe(
      404,
    );
  });

  it('shows public banks read-only and copies one with its questions into 我的题库', async () => {
    const o = await createOrg(t);
    const name = unique('公共题库');
    const publicId = await newPublicBank(name);

    const list = await call(t, 'POST', `${BANK}/list`, {
      user: o.staff,
      body: { scope: 'public', keyword: name },
    });
    expect(list.status).toBe(200);
    const [row] = data<BankRow[]>(list);
    expect(row).toMatchObject({ bankId: publicId, isPublic: true, editable: false, questionCount: 4 });
    expect(
      data<BankRow>(await call(t, 'GET', `${BANK}/detail?bankId=${publicId}`, { user: o.staff })).isPublic,
    ).toBe(true);
    const simple = data<BankSimple[]>(await call(t, 'GET', `${BANK}/simple`, { user: o.staff }));
    expect(simple.find((b) => b.bankId === publicId)?.isPublic).toBe(true);
    expect(
      data<string[]>(await call(t, 'GET', `${BANK}/categories?scope=public`, { user: o.staff })),
    ).toContain('通用');

    const modify = await call(t, 'POST', `${BANK}/modify`, {
      user: o.admin,
      body: { bankId: publicId, name: '改' },
    });
    expect(modify.status).toBe(403);
    expect(modify.body.message).toBe(PUBLIC_READ_ONLY);
    const del = await call(t, 'POST', `${BANK}/delete`, { user: o.admin, body: { bankIds: [publicId] } });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(PUBLIC_READ_ONLY);

    const copy = await call(t, 'POST', `${BANK}/copy`, { user: o.admin, body: { bankId: publicId } });
    expect(copy.status).toBe(200);
    const copied = data<BankRow>(copy);
    expect(copied).toMatchObject({
      name,
      category: '通用',
      isPublic: false,
      editable: true,
      questionCount: 4,
    });
    expect(copied.typeCounts.map((c) => c.count)).toEqual([2, 1, 0, 0, 0, 1]);
    const copiedRows = await t.app.deps.db
      .select()
      .from(questions)
      .where(eq(questions.bankId, copied.bankId));
    expect(copiedRows.every((q) => q.organizationId === o.id && q.createdBy === o.admin.id)).toBe(true);
    expect(copiedRows.find((q) => q.type === QuestionType.SINGLE)?.options).toEqual([
      { content: '甲', correct: true },
      { content: '乙', correct: false },
    ]);
    const again = data<BankRow>(
      await call(t, 'POST', `${BANK}/copy`, { user: o.admin, body: { bankId: publicId } }),
    );
    expect(again.name).toBe(`${name}（副本）`);
    const mine = await call(t, 'POST', `${BANK}/list`, { user: o.admin, body: { scope: 'mine' } });
    expect(mine.body.res?.total).toBe(2);
    // The source is untouched.
    const source = data<BankRow>(
      await call(t, 'GET', `${BANK}/detail?bankId=${publicId}`, { user: o.admin }),
    );
    expect(source.questionCount).toBe(4);
  });
});

describe('seeded public bank', () => {
  it('holds approved questions of every type in the shapes the questions module accepts', async () => {
    const o = await createOrg(t);
    const list = await call(t, 'POST', `${BANK}/list`, {
      user: o.staff,
      body: { scope: 'public', keyword: PUBLIC_BANK_NAME },
    });
    const bank = data<BankRow[]>(list).find((row) => row.name === PUBLIC_BANK_NAME);
    expect(bank?.typeCounts.every((c) => c.count >= 2)).toBe(true);
    const rows = await t.app.deps.db
      .select()
      .from(questions)
      .where(eq(questions.bankId, bank?.bankId ?? 0));
    for (const row of rows) {
      expect(row.status).toBe(1);
      expect(row.stemText).not.toContain('<');
      const isType = (value: number): value is QuestionType =>
        (Object.values(QuestionType) as number[]).includes(value);
      if (!isType(row.type)) throw new Error(`unexpected type ${row.type}`);
      expect(validateKey(row.type, row.options, row.answer)).toEqual({
        options: row.options,
        answer: row.answer,
      });
    }
  });
});

// The platform's own administrators manage the public banks.
describe('platform banks', () => {
  it('are editable by the platform organisation', async () => {
    const { db, tokens } = t.app.deps;
    const platformId = await platformOrganizationId(db);
    const account = unique('plt');
    const [admin] = await db
      .insert(users)
      .values({ organizationId: platformId, account, phone: uniquePhone(), realName: '平台', isAdmin: true })
      .returning();
    if (!admin) throw new Error('user insert failed');
    const user = {
      id: admin.id,
      account,
      phone: '',
      token: await tokens.signAccess({ userId: admin.id, organizationId: platformId }),
    };
    const bankId = await newPublicBank();
    const res = await call(t, 'POST', `${BANK}/modify`, { user, body: { bankId, description: '平台维护' } });
    expect(res.status).toBe(200);
    expect(data<BankRow>(res)).toMatchObject({ editable: true, isPublic: false, description: '平台维护' });
  });
});

describe('deleting a bank by moving its questions first (moveTo)', () => {
  const bankOf = async (questionIds: number[]) =>
    (
      await t.app.deps.db
        .select({ bankId: questions.bankId })
        .from(questions)
        .where(inArray(questions.id, questionIds))
    ).map((row) => row.bankId);
  const questionIdsOf = async (bankId: number) =>
    (
      await t.app.deps.db.select({ id: questions.id }).from(questions).where(eq(questions.bankId, bankId))
    ).map((row) => row.id);
  const del = (body: Record<string, unknown>, user: TestUser = org.admin) =>
    call(t, 'POST', `${BANK}/delete`, { user, body });

  it('moves the questions and deletes the banks in one call', async () => {
    const full = await newBank(org);
    const full2 = await newBank(org);
    const target = await newBank(org);
    await addQuestions(org.id, full.bankId, [0, 1]);
    await addQuestions(org.id, full2.bankId, [5]);
    const ids = [...(await questionIdsOf(full.bankId)), ...(await questionIdsOf(full2.bankId))];
    const res = await del({ bankIds: [full.bankId, full2.bankId], moveTo: target.bankId });
    expect(res.body.message).toBe('成功');
    expect(data<{ count: number; moved: number }>(res)).toEqual({ count: 2, moved: 3 });
    expect(await bankOf(ids)).toEqual([target.bankId, target.bankId, target.bankId]);
    expect((await call(t, 'GET', `${BANK}/detail?bankId=${full.bankId}`, { user: org.admin })).status).toBe(
      404,
    );
    const moved = data<BankRow>(
      await call(t, 'GET', `${BANK}/detail?bankId=${target.bankId}`, { user: org.admin }),
    );
    expect(moved.questionCount).toBe(3);
  });

  it('rejects a bad target with a message naming moveTo, and changes nothing', async () => {
    const full = await newBank(org);
    await addQuestions(org.id, full.bankId, [0]);
    const ids = await questionIdsOf(full.bankId);
    for (const [moveTo, message] of [
      [full.bankId, '试题不能移动到要删除的题库'],
      ['abc', '目标题库必须是数字'],
      [0, '目标题库必须是正整数'],
    ] as const) {
      const res = await del({ bankIds: [full.bankId], moveTo });
      expect(res.status, String(moveTo)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await bankOf(ids)).toEqual([full.bankId]);
  });

  it("refuses another organisation's target (404), a public one (403) and staff without the menu", async () => {
    const full = await newBank(org);
    await addQuestions(org.id, full.bankId, [1]);
    const ids = await questionIdsOf(full.bankId);
    const foreign = await newBank(other);
    expect((await del({ bankIds: [full.bankId], moveTo: foreign.bankId })).status).toBe(404);
    expect((await del({ bankIds: [full.bankId], moveTo: 999_999_999 })).status).toBe(404);
    const publicId = await newPublicBank();
    const pub = await del({ bankIds: [full.bankId], moveTo: publicId });
    expect(pub.status).toBe(403);
    expect(pub.body.message).toBe(PUBLIC_READ_ONLY);
    const target = await newBank(org);
    expect((await del({ bankIds: [full.bankId], moveTo: target.bankId }, org.staff)).status).toBe(403);
    // Someone else's bank cannot be emptied into mine either.
    const foreignFull = await newBank(other);
    await addQuestions(other.id, foreignFull.bankId, [0]);
    expect((await del({ bankIds: [foreignFull.bankId], moveTo: target.bankId })).status).toBe(404);
    expect(await questionIdsOf(target.bankId)).toEqual([]);
    expect(await bankOf(ids)).toEqual([full.bankId]);
  });
});

describe('copying a bank', () => {
  it('takes only approved public questions and keeps their public knowledge links', async () => {
    const o = await createOrg(t);
    const { db } = t.app.deps;
    const platformId = await platformOrganizationId(db);
    const publicId = await newPublicBank();
    const [node] = await db
      .insert(knowledgeNodes)
      .values({ organizationId: platformId, name: unique('公共知识点') })
      .returning({ id: knowledgeNodes.id });
    if (!node) throw new Error('node insert failed');
    const [approved] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.bankId, publicId))
      .limit(1);
    if (!approved) throw new Error('no public question');
    await db.insert(questionKnowledge).values({ questionId: approved.id, knowledgeId: node.id });
    await db.insert(questions).values({
      organizationId: platformId,
      bankId: publicId,
      type: QuestionType.TRUE_FALSE,
      stem: '<p>待审</p>',
      stemText: '待审',
      answer: true,
      status: 0,
    });
    const copied = data<BankRow>(
      await call(t, 'POST', `${BANK}/copy`, { user: o.admin, body: { bankId: publicId } }),
    );
    expect(copied.questionCount).toBe(4);
    const links = await db
      .select({ knowledgeId: questionKnowledge.knowledgeId })
      .from(questionKnowledge)
      .innerJoin(questions, eq(questions.id, questionKnowledge.questionId))
      .where(eq(questions.bankId, copied.bankId));
    expect(links).toEqual([{ knowledgeId: node.id }]);
  });
});
