import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  knowledgeNodes,
  paperQuestions,
  questionBanks,
  questionKnowledge,
  questionTags,
  questions,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import type { PickRow, PickerFilter } from '@kaopei/shared/contracts/paper';
import { notSelectedScope, pickColumns, questionOrgs, requireOwnPaper, toPickRow } from './paper.service';

/**
 * A knowledge rule covers its node and every node below it. Returns the readable nodes under each
 * of `roots` as (node, root) pairs; unknown or foreign roots are reported by `missing`.
 */
export async function knowledgeScope(
  db: DbOrTx,
  ctx: RequestContext,
  roots: readonly number[],
): Promise<{ pairs: { node: number; root: number }[]; missing: number[] }> {
  const unique = [...new Set(roots)];
  if (unique.length === 0) return { pairs: [], missing: [] };
  const nodes = await db
    .select({ id: knowledgeNodes.id, parentId: knowledgeNodes.parentId })
    .from(knowledgeNodes)
    .where(inArray(knowledgeNodes.organizationId, await questionOrgs(db, ctx)));
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parentId !== null)
      children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  }
  const known = new Set(nodes.map((node) => node.id));
  const pairs: { node: number; root: number }[] = [];
  for (const root of unique) {
    if (!known.has(root)) continue;
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      pairs.push({ node, root });
      stack.push(...(children.get(node) ?? []));
    }
  }
  return { pairs, missing: unique.filter((id) => !known.has(id)) };
}

export function idArraySql(ids: readonly number[]): SQL {
  return ids.length === 0
    ? sql`array[]::bigint[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`;
}

/** Approved questions the caller may put into a paper that are not in it yet (the builder's picker). */
export async function notSelectedQuestions(
  db: Db,
  ctx: RequestContext,
  filter: PickerFilter & { limit: number; offset: number },
): Promise<{ rows: PickRow[]; total: number }> {
  const excluded = new Set(filter.selectedIds ?? []);
  if (filter.paperId !== undefined) {
    const paper = await requireOwnPaper(db, ctx, filter.paperId);
    const inPaper = await db
      .select({ id: paperQuestions.questionId })
      .from(paperQuestions)
      .where(eq(paperQuestions.paperId, paper.id));
    for (const row of inPaper) excluded.add(row.id);
  }
  const orgs = await questionOrgs(db, ctx);
  const types = [...(filter.types ?? []), ...(filter.type !== undefined ? [filter.type] : [])];
  const banks = [...(filter.bankIds ?? []), ...(filter.bankId !== undefined ? [filter.bankId] : [])];
  const knowledge = filter.knowledgeIds?.length
    ? (await knowledgeScope(db, ctx, filter.knowledgeIds)).pairs.map((pair) => pair.node)
    : [];
  const where = and(
    notSelectedScope(orgs, ctx, filter.scope),
    eq(questions.status, 1),
    banks.length > 0 ? inArray(questions.bankId, banks) : undefined,
    types.length > 0 ? inArray(questions.type, types) : undefined,
    filter.difficultyMin !== undefined ? sql`${questions.difficulty} >= ${filter.difficultyMin}` : undefined,
    filter.difficultyMax !== undefined ? sql`${questions.difficulty} <= ${filter.difficultyMax}` : undefined,
    filter.keyword ? ilike(questions.stemText, containsPattern(filter.keyword)) : undefined,
    excluded.size > 0 ? notInArray(questions.id, [...excluded]) : undefined,
    filter.tagIds?.length
      ? sql`exists (select 1 from ${questionTags} where ${questionTags.questionId} = ${questions.id} and ${inArray(questionTags.tagId, filter.tagIds)})`
      : undefined,
    filter.knowledgeIds?.length
      ? knowledge.length > 0
        ? sql`exists (select 1 from ${questionKnowledge} where ${questionKnowledge.questionId} = ${questions.id} and ${inArray(questionKnowledge.knowledgeId, knowledge)})`
        : sql`false`
      : undefined,
  );
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...pickColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(where)
    .orderBy(direction(questions.createdAt), direction(questions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(questions)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map((row) => toPickRow(ctx, row)), total };
}
