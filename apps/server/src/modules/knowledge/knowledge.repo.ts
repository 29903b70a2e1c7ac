import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { knowledgeNodes, organizations, questionKnowledge, questions } from '../../db/schema';

type OrgScope = Pick<RequestContext, 'organizationId'>;

// Serialises structural changes of one organisation's tree (racing moves could form a cycle).
const TREE_LOCK_NAMESPACE = 727302;

/** Every knowledge point of one organisation's tree (the caller's or the platform's), by sort and id. */
export function listKnowledgeNodes(db: DbOrTx, tree: OrgScope) {
  return db
    .select({
      id: knowledgeNodes.id,
      parentId: knowledgeNodes.parentId,
      name: knowledgeNodes.name,
      description: knowledgeNodes.description,
      sort: knowledgeNodes.sort,
    })
    .from(knowledgeNodes)
    .where(eq(knowledgeNodes.organizationId, tree.organizationId))
    .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
}

/** The platform organisation's id; not scoped: every organisation reads the platform's public tree. */
export async function findPlatformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row?.id;
}

/** A node by id in any organisation: the caller then allows only its own or the platform's. */
export async function findKnowledgeNodeInAnyOrg(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; organizationId: number } | undefined> {
  const [node] = await db
    .select({ id: knowledgeNodes.id, organizationId: knowledgeNodes.organizationId })
    .from(knowledgeNodes)
    .where(eq(knowledgeNodes.id, id));
  return node;
}

/**
 * Question links per node of `tree` and question type: the caller's own questions and the tree
 * organisation's, optionally only from some banks.
 */
export function countQuestionLinksByNodeAndType(
  db: DbOrTx,
  ctx: OrgScope,
  tree: OrgScope,
  bankIds?: number[],
) {
  return db
    .select({
      knowledgeId: questionKnowledge.knowledgeId,
      type: questions.type,
      count: sql<number>`count(*)::int`,
    })
    .from(questionKnowledge)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionKnowledge.knowledgeId))
    .innerJoin(questions, eq(questions.id, questionKnowledge.questionId))
    .where(
      and(
        eq(knowledgeNodes.organizationId, tree.organizationId),
        or(
          eq(questions.organizationId, ctx.organizationId),
          eq(questions.organizationId, tree.organizationId),
        ),
        bankIds && bankIds.length > 0 ? inArray(questions.bankId, bankIds) : undefined,
      ),
    )
    .groupBy(questionKnowledge.knowledgeId, questions.type);
}

/** Takes the transaction-long lock on the organisation's tree. */
export async function lockKnowledgeTree(tx: Tx, ctx: OrgScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TREE_LOCK_NAMESPACE}::int, ${ctx.organizationId}::int)`,
  );
}

export async function insertKnowledgeNode(
  tx: DbOrTx,
  ctx: OrgScope,
  values: { parentId: number | null; name: string; description?: string | null; sort: number },
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .insert(knowledgeNodes)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: knowledgeNodes.id });
  return row;
}

export async function updateKnowledgeNode(
  tx: DbOrTx,
  ctx: OrgScope,
  id: number,
  set: { name?: string; description?: string | null },
): Promise<void> {
  await tx
    .update(knowledgeNodes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(knowledgeNodes.id, id), eq(knowledgeNodes.organizationId, ctx.organizationId)));
}

/** Deletes a node of the organisation and its question links (`id` checked to be the organisation's). */
export async function deleteKnowledgeNode(tx: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await tx.delete(questionKnowledge).where(eq(questionKnowledge.knowledgeId, id));
  await tx
    .delete(knowledgeNodes)
    .where(and(eq(knowledgeNodes.id, id), eq(knowledgeNodes.organizationId, ctx.organizationId)));
}

/** Sets a node's position (and, when moved, its parent). */
export async function updateKnowledgeNodePosition(
  tx: DbOrTx,
  ctx: OrgScope,
  id: number,
  set: { sort: number; parentId?: number | null; updatedAt?: Date },
): Promise<void> {
  await tx
    .update(knowledgeNodes)
    .set(set)
    .where(and(eq(knowledgeNodes.id, id), eq(knowledgeNodes.organizationId, ctx.organizationId)));
}
