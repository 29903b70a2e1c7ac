// Factories for the paper tests (HTTP-level tests build their data through the database directly).
import { eq } from 'drizzle-orm';
import {
  knowledgeNodes,
  organizations,
  questionBanks,
  questionKnowledge,
  questions,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { unique, uniquePhone, type TestApp, type TestOrg, type TestUser } from '../../../test/harness';

export async function platformOrgId(t: TestApp): Promise<number> {
  const [platform] = await t.app.deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) throw new Error('platform organisation missing');
  return platform.id;
}

export async function newQuestionBank(
  t: TestApp,
  organizationId: number,
  name = unique('题库'),
): Promise<number> {
  const [bank] = await t.app.deps.db.insert(questionBanks).values({ organizationId, name }).returning();
  if (!bank) throw new Error('bank insert failed');
  return bank.id;
}

export async function newKnowledge(t: TestApp, organizationId: number, parentId?: number): Promise<number> {
  const [node] = await t.app.deps.db
    .insert(knowledgeNodes)
    .values({ organizationId, name: unique('知识点'), parentId })
    .returning();
  if (!node) throw new Error('knowledge insert failed');
  return node.id;
}

export interface QuestionSeed {
  type: number;
  difficulty: number;
  status?: number;
  knowledgeIds?: number[];
  options?: { content: string; correct: boolean }[];
}

/** Inserts questions straight into a bank (approved unless a status is given). */
export async function seedQuestions(
  t: TestApp,
  organizationId: number,
  bankId: number,
  list: QuestionSeed[],
): Promise<number[]> {
  const { db } = t.app.deps;
  const rows = await db
    .insert(questions)
    .values(
      list.map((q, index) => ({
        organizationId,
        bankId,
        type: q.type,
        stem: `<p>题目 ${index + 1}</p>`,
        stemText: `题目 ${index + 1}`,
        options:
          q.options ??
          (q.type === 1 || q.type === 2
            ? [
                { content: 'A', correct: true },
                { content: 'B', correct: false },
                { content: 'C', correct: false },
              ]
            : null),
        answer: q.type === 0 ? true : null,
        difficulty: q.difficulty,
        status: q.status ?? 1,
      })),
    )
    .returning({ id: questions.id });
  const links = rows.flatMap((row, index) =>
    (list[index]?.knowledgeIds ?? []).map((knowledgeId) => ({ questionId: row.id, knowledgeId })),
  );
  if (links.length > 0) await db.insert(questionKnowledge).values(links);
  return rows.map((row) => row.id);
}

/** A staff member whose only role grants these menu ids. */
export async function staffWithMenus(t: TestApp, o: TestOrg, menuIds: number[]): Promise<TestUser> {
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
    .values({ organizationId: o.id, account, phone: uniquePhone(), realName: '组卷员' })
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
