import { sql } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type {
  MissedKnowledge,
  MissedQuestion,
  PracticeQuestionStat,
} from '@kaopei/shared/contracts/practice';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { percent } from './practice-rules';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
const KNOWLEDGE_TOP = 20;

/** Every question of a set's pool with its answers, most missed first (one paged, grouped query). */
export async function questionStats(
  db: DbOrTx,
  ctx: Ctx,
  practice: { id: number },
  page: LimitOffset,
): Promise<{ rows: PracticeQuestionStat[]; total: number }> {
  const result = await db.execute(sql`
    select q.id, q.bank_id, q.type, q.stem_text,
      coalesce(a.answers, 0)::int as answers, coalesce(a.wrong, 0)::int as wrong,
      count(*) over ()::int as total
    from practice_questions pq
    join questions q on q.id = pq.question_id and q.organization_id = ${ctx.organizationId}::bigint
    left join (
      select question_id, count(*) as answers, count(*) filter (where correct = 0) as wrong
      from practice_answers where practice_id = ${practice.id}::bigint group by question_id
    ) a on a.question_id = q.id
    where pq.practice_id = ${practice.id}::bigint
    order by wrong desc, answers desc, pq.sort, q.id
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<{
    id: string | number;
    bank_id: string | number;
    type: number;
    stem_text: string;
    answers: number;
    wrong: number;
    total: number;
  }>(result);
  return {
    rows: rows.map((row) => ({
      questionId: Number(row.id),
      bankId: Number(row.bank_id),
      type: Number(row.type),
      stemText: row.stem_text,
      answers: Number(row.answers),
      wrong: Number(row.wrong),
      accuracy: percent(Number(row.answers) - Number(row.wrong), Number(row.answers)),
    })),
    total: rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await poolCount(db, practice.id) : 0,
  };
}

async function poolCount(db: DbOrTx, practiceId: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from practice_questions where practice_id = ${practiceId}::bigint`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

type KnowledgeRow = { id: string | number; name: string; wrong: number; learners: number };
const knowledgeOf = (rows: KnowledgeRow[]): MissedKnowledge[] =>
  rows.map((row) => ({
    knowledgeId: Number(row.id),
    name: row.name,
    wrong: Number(row.wrong),
    learners: Number(row.learners),
  }));

/** The knowledge points whose questions were answered wrong most often in a set. */
export async function knowledgeStats(
  db: DbOrTx,
  ctx: Ctx,
  practice: { id: number },
): Promise<MissedKnowledge[]> {
  const result = await db.execute(sql`
    select k.id, k.name, count(*)::int as wrong, count(distinct a.user_id)::int as learners
    from practice_answers a
    join question_knowledge qk on qk.question_id = a.question_id
    join knowledge_nodes k on k.id = qk.knowledge_id
    where a.practice_id = ${practice.id}::bigint and a.correct = 0
      and a.organization_id = ${ctx.organizationId}::bigint
    group by k.id, k.name order by wrong desc, learners desc, k.id limit ${KNOWLEDGE_TOP}`);
  return knowledgeOf(rowsOf<KnowledgeRow>(result));
}

/** 错题分析: the organisation's questions in review books, most mistakes first (paged). */
export async function mistakeQuestions(
  db: DbOrTx,
  ctx: Ctx,
  keyword: string | undefined,
  page: LimitOffset,
): Promise<{ rows: MissedQuestion[]; total: number }> {
  const search = keyword ? sql`and q.stem_text ilike ${containsPattern(keyword)}` : sql``;
  const result = await db.execute(sql`
    select q.id, q.bank_id, q.type, q.stem_text,
      count(*) filter (where c.mastered_at is null)::int as learners,
      sum(c.wrong_count)::int as mistakes,
      count(c.mastered_at)::int as mastered,
      count(*) over ()::int as total
    from review_cards c
    join questions q on q.id = c.question_id and q.organization_id = c.organization_id
    where c.organization_id = ${ctx.organizationId}::bigint ${search}
    group by q.id
    order by mistakes desc, learners desc, q.id
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<{
    id: string | number;
    bank_id: string | number;
    type: number;
    stem_text: string;
    learners: number;
    mistakes: number;
    mastered: number;
    total: number;
  }>(result);
  return {
    rows: rows.map((row) => ({
      questionId: Number(row.id),
      bankId: Number(row.bank_id),
      type: Number(row.type),
      stemText: row.stem_text,
      learners: Number(row.learners),
      mistakes: Number(row.mistakes),
      mastered: Number(row.mastered),
    })),
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
  };
}

/** 错题分析: knowledge points whose questions fill the organisation's review books. */
export async function mistakeKnowledge(db: DbOrTx, ctx: Ctx): Promise<MissedKnowledge[]> {
  const result = await db.execute(sql`
    select k.id, k.name, sum(c.wrong_count)::int as wrong, count(distinct c.user_id)::int as learners
    from review_cards c
    join question_knowledge qk on qk.question_id = c.question_id
    join knowledge_nodes k on k.id = qk.knowledge_id and k.organization_id = c.organization_id
    where c.organization_id = ${ctx.organizationId}::bigint
    group by k.id, k.name order by wrong desc, learners desc, k.id limit ${KNOWLEDGE_TOP}`);
  return knowledgeOf(rowsOf<KnowledgeRow>(result));
}
