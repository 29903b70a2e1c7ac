import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType, TagType } from '@kaopei/shared';
import {
  knowledgeNodes,
  organizations,
  questionBanks,
  questionKnowledge,
  questionTags,
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
import type { QuestionRow } from './question.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let platformId: number;
let platformBankId: number;

const Q = '/question/api/v1/questions';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function newBank(organizationId: number, category: string | null = null): Promise<number> {
  const [bank] = await t.app.deps.db
    .insert(questionBanks)
    .values({ organizationId, name: unique('题库'), category })
    .returning();
  if (!bank) throw new Error('bank insert failed');
  return bank.id;
}

async function newNode(organizationId: number, name = unique('知识点')): Promise<number> {
  const [node] = await t.app.deps.db
    .insert(knowledgeNodes)
    .values({ organizationId, name })
    .returning({ id: knowledgeNodes.id });
  if (!node) throw new Error('node insert failed');
  return node.id;
}

/** A true/false question written straight into the table, with optional knowledge links. */
async function newQuestion(
  organizationId: number,
  bankId: number,
  options: { status?: number; knowledgeIds?: number[]; stem?: string } = {},
): Promise<number> {
  const stem = options.stem ?? unique('题');
  const [row] = await t.app.deps.db
    .insert(questions)
    .values({
      organizationId,
      bankId,
      type: QuestionType.TRUE_FALSE,
      stem: `<p>${stem}</p>`,
      stemText: stem,
      answer: true,
      difficulty: 4,
      status: options.status ?? 1,
      auditReason: options.status === 2 ? '有误' : null,
    })
    .returning({ id: questions.id });
  if (!row) throw new Error('question insert failed');
  if (options.knowledgeIds && options.knowledgeIds.length > 0) {
    await t.app.deps.db
      .insert(questionKnowledge)
      .values(options.knowledgeIds.map((knowledgeId) => ({ questionId: row.id, knowledgeId })));
  }
  return row.id;
}

/** A staff member whose only role grants these menus. */
async function staffWithMenus(o: TestOrg, menuIds: number[]): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  const [role] = await db
    .insert(roles)
    .values({ organizationId: o.id, name: unique('角色') })
    .returning();
  if (!role) throw new Error('role insert failed');
  await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
  const account = unique('stf');
  const [user] = await db
    .insert(users)
    .values({ organizationId: o.id, account, phone: uniquePhone(), realName: '测评员' })
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

const copy = (toBankId: number | string, ids: unknown, user: TestUser = org.admin) =>
  call(t, 'POST', `${Q}/copy?toQuestionBankId=${toBankId}`, { user, body: { ids } });

const bankCount = async (bankId: number) =>
  (await t.app.deps.db.select({ id: questions.id }).from(questions).where(eq(questions.bankId, bankId)))
    .length;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const [platform] = await t.app.deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) throw new Error('platform organisation missing');
  platformId = platform.id;
  platformBankId = await newBank(platformId);
});
afterAll(() => t.close());

describe('copying questions into my bank', () => {
  it('copies approved public and own questions with readable knowledge links, without tags', async () => {
    const target = await newBank(org.id);
    const source = await newBank(org.id);
    const platformNode = await newNode(platformId);
    const foreignNode = await newNode(other.id);
    const ownNode = await newNode(org.id);
    const publicId = await newQuestion(platformId, platformBankId, {
      knowledgeIds: [platformNode, foreignNode],
    });
    const ownRejected = await newQuestion(org.id, source, { status: 2, knowledgeIds: [ownNode] });
    const ownPending = await newQuestion(org.id, source, { status: 0 });
    const tag = data<{ tagId: number }>(
      await call(t, 'POST', '/user/api/v1/tag/add', {
        user: org.admin,
        body: { type: TagType.QUESTION, name: unique('标签') },
      }),
    );
    await t.app.deps.db.insert(questionTags).values({ questionId: ownPending, tagId: tag.tagId });

    // A writer who may not audit: the copies' audit state follows the sources (question.audit.test.ts
    // covers an auditor's copies).
    const writer = await staffWithMenus(org, [502]);
    const res = await copy(target, [publicId, ownRejected, ownPending, publicId], writer);
    expect(res.body.message).toBe('成功');
    expect(res.status).toBe(200);
    const result = data<{ count: number; ids: number[] }>(res);
    expect(result.count).toBe(3);
    expect(result.ids).toHaveLength(3);

    const copies = await Promise.all(
      result.ids.map(async (id) =>
        data<QuestionRow>(await call(t, 'GET', `${Q}/detail/${id}`, { user: org.admin })),
      ),
    );
    const [fromPublic, fromRejected, fromPending] = copies as [QuestionRow, QuestionRow, QuestionRow];
    for (const row of copies) expect(row).toMatchObject({ bankId: target, editable: true, tags: [] });
    // Approved stays approved; anything else needs a fresh review.
    expect(fromPublic).toMatchObject({ status: 1, auditReason: null, answer: true, difficulty: 4 });
    expect(fromPublic.knowledgePoints.map((k) => k.knowledgeId)).toEqual([platformNode]);
    expect(fromRejected).toMatchObject({ status: 0, auditReason: null });
    expect(fromRejected.knowledgePoints.map((k) => k.knowledgeId)).toEqual([ownNode]);
    expect(fromPending.status).toBe(0);
    const [stored] = await t.app.deps.db.select().from(questions).where(eq(questions.id, fromPublic.id));
    expect(stored).toMatchObject({ organizationId: org.id, createdBy: writer.id, auditedBy: null });

    // The sources are untouched.
    expect(await bankCount(source)).toBe(2);
    expect(await bankCount(platformBankId)).toBeGreaterThanOrEqual(1);
    const links = await t.app.deps.db
      .select()
      .from(questionKnowledge)
      .where(eq(questionKnowledge.questionId, publicId));
    expect(links).toHaveLength(2);
  });

  it('rejects bad input with a message naming the field and copies nothing', async () => {
    const target = await newBank(org.id);
    const q = await newQuestion(platformId, platformBankId);
    const cases: [Res, string][] = [
      [await copy(target, []), '请选择试题'],
      [await copy(target, 'x'), '试题'],
      [await copy(target, [0]), '试题'],
      [await copy('abc', [q]), '目标题库'],
      [await call(t, 'POST', `${Q}/copy`, { user: org.admin, body: { ids: [q] } }), '目标题库'],
    ];
    for (const [res, field] of cases) {
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await bankCount(target)).toBe(0);
  });

  it('needs a question or bank menu', async () => {
    const target = await newBank(org.id);
    const q = await newQuestion(platformId, platformBankId);
    expect((await copy(target, [q], org.staff)).status).toBe(403);
    const bankManager = await staffWithMenus(org, [501]);
    expect((await copy(target, [q], bankManager)).status).toBe(200);
    expect(await bankCount(target)).toBe(1);
  });

  it("treats other organisations' and unapproved public questions as missing, all or nothing", async () => {
    const target = await newBank(org.id);
    const good = await newQuestion(platformId, platformBankId);
    const pendingPublic = await newQuestion(platformId, platformBankId, { status: 0 });
    const foreign = await newQuestion(other.id, await newBank(other.id));
    for (const ids of [[good, foreign], [pendingPublic], [good, 99_999_999]]) {
      const res = await copy(target, ids);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('试题不存在');
    }
    expect((await copy(await newBank(other.id), [good])).status).toBe(404);
    expect(await bankCount(target)).toBe(0);
  });

  it('keeps public banks read-only', async () => {
    const q = await newQuestion(org.id, await newBank(org.id));
    const before = await bankCount(platformBankId);
    const res = await copy(platformBankId, [q]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('公开题库不可修改');
    expect(await bankCount(platformBankId)).toBe(before);
  });
});

describe('evaluation questions (测评试题)', () => {
  it('narrows search and type counts to banks of one category', async () => {
    const o = await createOrg(t);
    const evaluation = await newBank(o.id, '测评');
    const evaluation2 = await newBank(o.id, '测评');
    const plain = await newBank(o.id, '安全');
    const inEval = await newQuestion(o.id, evaluation);
    const inEval2 = await newQuestion(o.id, evaluation2);
    await newQuestion(o.id, plain);
    const search = (body: Record<string, unknown>, user: TestUser = o.admin) =>
      call(t, 'POST', `${Q}/search/detail?page=0&size=10`, { user, body });

    const all = await search({ bankCategory: '测评' });
    expect(all.status).toBe(200);
    expect(all.body.res?.total).toBe(2);
    expect(
      data<QuestionRow[]>(all)
        .map((q) => q.id)
        .sort(),
    ).toEqual([inEval, inEval2].sort());
    expect(data<QuestionRow[]>(await search({ bankCategory: '测评', bankId: evaluation2 }))).toHaveLength(1);
    // A bank outside the category finds nothing, and so does a category without banks.
    expect((await search({ bankCategory: '测评', bankId: plain })).body.res?.total).toBe(0);
    expect((await search({ bankCategory: unique('无') })).body.res?.total).toBe(0);
    expect((await search({})).body.res?.total).toBe(3);

    const counts = await call(t, 'POST', `${Q}/get/question/type/count`, {
      user: o.admin,
      body: { bankCategory: '测评' },
    });
    expect(data<{ type: number; count: number }[]>(counts).find((c) => c.type === 0)?.count).toBe(2);
    const none = await call(t, 'POST', `${Q}/get/question/type/count`, {
      user: o.admin,
      body: { bankCategory: unique('无') },
    });
    expect(data<{ count: number }[]>(none).map((c) => c.count)).toEqual([0, 0, 0, 0, 0, 0]);

    const bad = await search({ bankCategory: 'x'.repeat(51) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('题库分类不能超过 50 个字符');
    // Another organisation sees none of these.
    expect((await search({ bankCategory: '测评' }, other.admin)).body.res?.total).toBe(0);
  });

  it('lets the 测评试题 menu read and write questions; no menu, no access', async () => {
    const o = await createOrg(t);
    const evaluation = await newBank(o.id, '测评');
    const evaluator = await staffWithMenus(o, [504]);
    const added = await call(t, 'POST', `${Q}/add`, {
      user: evaluator,
      body: { bankId: evaluation, type: QuestionType.TRUE_FALSE, stem: '<p>测评题</p>', answer: true },
    });
    expect(added.status).toBe(200);
    const list = await call(t, 'POST', `${Q}/search/detail?page=0&size=10`, {
      user: evaluator,
      body: { bankCategory: '测评' },
    });
    expect(list.body.res?.total).toBe(1);
    expect(
      (
        await call(t, 'POST', `${Q}/search/detail?page=0&size=10`, {
          user: o.staff,
          body: { bankCategory: '测评' },
        })
      ).status,
    ).toBe(403);
  });
});
