import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  abilities,
  abilityKnowledge,
  abilityTags,
  questionKnowledge,
  questionTags,
  questions,
} from '../../db/schema';

/**
 * Which abilities a question measures — the one definition the ability search, post papers and the
 * per-ability scoring share: a question measures an ability when it is filed under one of the ability's
 * knowledge points or carries one of its question tags (docs/decisions.md "Positions and ability models").
 */

/** A condition on `questions` that holds when the question measures ability `abilityId`. */
export function measuresAbility(abilityId: number): SQL {
  return sql`(exists (select 1 from ${questionKnowledge} qk join ${abilityKnowledge} ak
      on ak.knowledge_id = qk.knowledge_id
      where qk.question_id = ${questions.id} and ak.ability_id = ${abilityId})
    or exists (select 1 from ${questionTags} qt join ${abilityTags} at
      on at.tag_id = qt.tag_id
      where qt.question_id = ${questions.id} and at.ability_id = ${abilityId}))`;
}

/**
 * The organisation's abilities each of `questionIds` measures (question id → ability ids, sorted); questions
 * measuring none are absent. One query whatever the number of questions.
 */
export async function abilitiesMeasuredBy(
  db: DbOrTx,
  organizationId: number,
  questionIds: readonly number[],
): Promise<Map<number, number[]>> {
  const measured = new Map<number, number[]>();
  if (questionIds.length === 0) return measured;
  const ids = sql.join(
    [...new Set(questionIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select distinct link.question_id, link.ability_id from (
      select qk.question_id, ak.ability_id from ${questionKnowledge} qk
        join ${abilityKnowledge} ak on ak.knowledge_id = qk.knowledge_id
        where qk.question_id in (${ids})
      union
      select qt.question_id, at.ability_id from ${questionTags} qt
        join ${abilityTags} at on at.tag_id = qt.tag_id
        where qt.question_id in (${ids})
    ) link
    join ${abilities} a on a.id = link.ability_id and a.organization_id = ${organizationId}
    order by link.question_id, link.ability_id`);
  for (const row of rowsOf<{ question_id: string | number; ability_id: string | number }>(result)) {
    const questionId = Number(row.question_id);
    measured.set(questionId, [...(measured.get(questionId) ?? []), Number(row.ability_id)]);
  }
  return measured;
}

/**
 * Approved questions of the organisation measuring each of `abilityIds`, by question type (ability id →
 * type → count); abilities measured by none are absent. One grouped query (the same links as above, read
 * from the ability side) for a page of abilities or a post's model.
 */
export async function approvedQuestionCounts(
  db: DbOrTx,
  organizationId: number,
  abilityIds: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const counts = new Map<number, Map<number, number>>();
  if (abilityIds.length === 0) return counts;
  const ids = sql.join(
    [...new Set(abilityIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select link.ability_id, q.type, count(*)::int as n from (
      select ak.ability_id, qk.question_id from ${abilityKnowledge} ak
        join ${questionKnowledge} qk on qk.knowledge_id = ak.knowledge_id
        where ak.ability_id in (${ids})
      union
      select at.ability_id, qt.question_id from ${abilityTags} at
        join ${questionTags} qt on qt.tag_id = at.tag_id
        where at.ability_id in (${ids})
    ) link
    join ${questions} q on q.id = link.question_id
    where q.organization_id = ${organizationId} and q.status = 1
    group by link.ability_id, q.type`);
  for (const row of rowsOf<{ ability_id: string | number; type: number; n: number }>(result)) {
    const abilityId = Number(row.ability_id);
    const byType = counts.get(abilityId) ?? new Map<number, number>();
    byType.set(Number(row.type), Number(row.n));
    counts.set(abilityId, byType);
  }
  return counts;
}
