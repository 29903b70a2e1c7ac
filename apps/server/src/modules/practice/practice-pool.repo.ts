import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PracticeSourceKind, PracticeSourceView } from '@kaopei/shared/contracts/practice';
import { rowsOf, type DbOrTx } from '../../db/client';
import { abilities, knowledgeNodes, questionBanks, questionKnowledge, questions } from '../../db/schema';
import { measuresAbility } from '../ability/ability-measure.repo';
import { AUTO_GRADED_TYPES } from './review-book.repo';

export interface PracticeSource {
  kind: PracticeSourceKind;
  refId: number;
}

const idsOf = (sources: readonly PracticeSource[], kind: PracticeSourceKind) =>
  sources.filter((source) => source.kind === kind).map((source) => source.refId);

/**
 * The pool a set with `sources` would fix now: the organisation's approved (status 1), auto-graded
 * questions in one of its banks, filed under one of its knowledge points, or measuring one of its
 * abilities (the one definition of modules/ability/ability-measure.repo.ts).
 */
function poolCondition(organizationId: number, sources: readonly PracticeSource[]): SQL {
  const banks = idsOf(sources, 'bank');
  const knowledge = idsOf(sources, 'knowledge');
  const drawn: SQL[] = [];
  if (banks.length > 0) drawn.push(inArray(questions.bankId, banks));
  if (knowledge.length > 0)
    drawn.push(sql`exists (select 1 from ${questionKnowledge} qk where qk.question_id = ${questions.id}
      and qk.knowledge_id in (${sql.join(
        knowledge.map((id) => sql`${id}`),
        sql`, `,
      )}))`);
  for (const abilityId of idsOf(sources, 'ability')) drawn.push(measuresAbility(abilityId));
  return and(
    eq(questions.organizationId, organizationId),
    eq(questions.status, 1),
    inArray(questions.type, [...AUTO_GRADED_TYPES]),
    drawn.length > 0 ? or(...drawn) : sql`false`,
  ) as SQL;
}

/** The ids of the pool, oldest question first, at most `limit`. */
export async function poolQuestionIds(
  db: DbOrTx,
  organizationId: number,
  sources: readonly PracticeSource[],
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(poolCondition(organizationId, sources))
    .orderBy(questions.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function poolSize(
  db: DbOrTx,
  organizationId: number,
  sources: readonly PracticeSource[],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(poolCondition(organizationId, sources));
  return Number(row?.n ?? 0);
}

/** The sources that are not the organisation's (unknown ids or another organisation's). */
export async function foreignSources(
  db: DbOrTx,
  organizationId: number,
  sources: readonly PracticeSource[],
): Promise<PracticeSource[]> {
  const known = await sourceNames(db, organizationId, sources);
  return sources.filter((source) => known.get(`${source.kind}:${source.refId}`) === undefined);
}

/** The names of `sources` that belong to the organisation, by `kind:refId` (three small queries). */
async function sourceNames(
  db: DbOrTx,
  organizationId: number,
  sources: readonly PracticeSource[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const tables = [
    ['bank', questionBanks],
    ['knowledge', knowledgeNodes],
    ['ability', abilities],
  ] as const;
  for (const [kind, table] of tables) {
    const ids = [...new Set(idsOf(sources, kind))];
    if (ids.length === 0) continue;
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids)));
    for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
  }
  return names;
}

/** The sources of `practiceIds` with their names (null when gone), by practice id. */
export async function sourcesOf(
  db: DbOrTx,
  organizationId: number,
  practiceIds: readonly number[],
): Promise<Map<number, PracticeSourceView[]>> {
  const out = new Map<number, PracticeSourceView[]>();
  if (practiceIds.length === 0) return out;
  const result = await db.execute(sql`
    select practice_id, kind, ref_id from practice_sources
    where practice_id in (${sql.join(
      practiceIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by practice_id, kind, ref_id`);
  const rows = rowsOf<{ practice_id: string | number; kind: PracticeSourceKind; ref_id: string | number }>(
    result,
  ).map((row) => ({ practiceId: Number(row.practice_id), kind: row.kind, refId: Number(row.ref_id) }));
  const names = await sourceNames(db, organizationId, rows);
  for (const row of rows) {
    const view = { kind: row.kind, refId: row.refId, name: names.get(`${row.kind}:${row.refId}`) ?? null };
    out.set(row.practiceId, [...(out.get(row.practiceId) ?? []), view]);
  }
  return out;
}
