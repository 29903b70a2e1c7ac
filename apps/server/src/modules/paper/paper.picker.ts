import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { PickRow, PickerFilter } from '@kaopei/shared/contracts/paper';
import {
  countPendingPickable,
  listKnowledgeTree,
  listQuestionIdsInPaper,
  searchPickableQuestions,
  type PickableFilter,
} from './paper.repo';
import { questionOrgs, requireOwnPaper, toPickRow } from './paper.service';

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
  const nodes = await listKnowledgeTree(db, await questionOrgs(db, ctx));
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

/**
 * Approved questions the caller may put into a paper that are not in it yet (the builder's picker), and
 * how many of the organisation's questions matching the same filters wait for audit.
 */
export async function notSelectedQuestions(
  db: Db,
  ctx: RequestContext,
  filter: PickerFilter & { limit: number; offset: number },
): Promise<{ rows: PickRow[]; total: number; pendingCount: number }> {
  const excluded = new Set(filter.selectedIds ?? []);
  if (filter.paperId !== undefined) {
    const paper = await requireOwnPaper(db, ctx, filter.paperId);
    const inPaper = await listQuestionIdsInPaper(db, paper.id);
    for (const row of inPaper) excluded.add(row.id);
  }
  const orgs = await questionOrgs(db, ctx);
  const types = [...(filter.types ?? []), ...(filter.type !== undefined ? [filter.type] : [])];
  const banks = [...(filter.bankIds ?? []), ...(filter.bankId !== undefined ? [filter.bankId] : [])];
  const knowledgeNodes = filter.knowledgeIds?.length
    ? (await knowledgeScope(db, ctx, filter.knowledgeIds)).pairs.map((pair) => pair.node)
    : undefined;
  const pickable: PickableFilter = {
    scope: filter.scope,
    types,
    bankIds: banks,
    difficultyMin: filter.difficultyMin,
    difficultyMax: filter.difficultyMax,
    keyword: filter.keyword,
    excluded: [...excluded],
    tagIds: filter.tagIds,
    knowledgeNodes,
    sortOrder: filter.sortOrder,
  };
  const { rows, total } = await searchPickableQuestions(db, ctx, orgs, {
    ...pickable,
    limit: filter.limit,
    offset: filter.offset,
  });
  const pendingCount = await countPendingPickable(db, ctx, pickable);
  return { rows: rows.map((row) => toPickRow(ctx, row)), total, pendingCount };
}
