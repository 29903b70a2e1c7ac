import { sql } from 'drizzle-orm';
import { rowsOf } from '../client';
import {
  practiceAnswers,
  practiceQuestions,
  practiceRounds,
  practices,
  practiceSources,
  reviewCards,
} from '../schema';
import { poolQuestionIds, type PracticeSource } from '../../modules/practice/practice-pool.repo';
import { newCard, reviewCard, type CardState } from '../../modules/practice/review-schedule';
import { cardColumns } from '../../modules/practice/review-book.repo';
import { DAY_MS, need, recordDemoActivity, type Demo } from './demo';
import { SAFETY_BANK, SKILL_BANK } from './questions';

/** The demo's practice sets (names are what the e2e journeys and the seed test look for). */
export const DEMO_PRACTICES = {
  safety: '安全生产每日一练',
  skill: '岗位技能知识点练习',
} as const;

const ROUND_SIZE = 5;
const LEARNERS = 36;

/** A deterministic "random" in [0, 1) from a few integers (the demo is the same on every machine). */
function noise(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ value, 16777619) >>> 0;
  return (h % 10_000) / 10_000;
}

async function addReleased(
  demo: Demo,
  name: string,
  description: string,
  sources: PracticeSource[],
  daysAgo: number,
) {
  const pool = await poolQuestionIds(demo.db, demo.organizationId, sources, 500);
  const releasedAt = new Date(demo.now - daysAgo * DAY_MS);
  const [row] = await demo.db
    .insert(practices)
    .values({
      organizationId: demo.organizationId,
      name,
      description,
      roundSize: ROUND_SIZE,
      status: 1,
      releasedAt,
      createdBy: need(demo.people, 'admin'),
      createdAt: new Date(releasedAt.getTime() - 3600_000),
      updatedAt: releasedAt,
    })
    .returning({ id: practices.id });
  const practiceId = row!.id;
  await demo.db.insert(practiceSources).values(sources.map((source) => ({ practiceId, ...source })));
  await demo.db
    .insert(practiceQuestions)
    .values(pool.map((questionId, sort) => ({ practiceId, questionId, sort })));
  return { practiceId, pool };
}

/** The skill bank's knowledge points that hold approved auto-graded questions (at most four). */
async function skillKnowledge(demo: Demo): Promise<PracticeSource[]> {
  const result = await demo.db.execute(sql`
    select distinct qk.knowledge_id from question_knowledge qk
    join questions q on q.id = qk.question_id
    where q.bank_id = ${need(demo.banks, SKILL_BANK)}::bigint and q.status = 1 and q.type in (0, 1, 2)
    order by qk.knowledge_id limit 4`);
  return rowsOf<{ knowledge_id: string | number }>(result).map((row) => ({
    kind: 'knowledge',
    refId: Number(row.knowledge_id),
  }));
}

type Answer = { userId: number; questionId: number; correct: boolean; at: Date };

/** One finished round per learner (some two) of a set: rounds, answers, and the wrong ones for the book. */
async function seedRounds(demo: Demo, practiceId: number, pool: number[], learners: number[], salt: number) {
  const answers: Answer[] = [];
  for (const [i, userId] of learners.entries()) {
    const rounds = noise(salt, i) < 0.3 ? 2 : 1;
    for (let r = 0; r < rounds; r++) {
      const start = demo.now - Math.floor(1 + noise(salt, i, r) * 8) * DAY_MS - 3600_000 * (r + 1);
      const questionIds = [...pool]
        .sort((a, b) => noise(salt, i, r, a) - noise(salt, i, r, b))
        .slice(0, ROUND_SIZE);
      const skill = 0.55 + noise(salt, userId) * 0.4;
      const graded = questionIds.map((questionId, k) => ({
        userId,
        questionId,
        correct: noise(salt, i, r, questionId, 7) < skill,
        at: new Date(start + (k + 1) * 40_000),
      }));
      const [round] = await demo.db
        .insert(practiceRounds)
        .values({
          organizationId: demo.organizationId,
          practiceId,
          userId,
          questionIds,
          answered: questionIds.length,
          correct: graded.filter((a) => a.correct).length,
          startedAt: new Date(start),
          finishedAt: graded.at(-1)?.at ?? new Date(start),
        })
        .returning({ id: practiceRounds.id });
      await demo.db.insert(practiceAnswers).values(
        graded.map((a) => ({
          organizationId: demo.organizationId,
          roundId: round!.id,
          practiceId,
          userId,
          questionId: a.questionId,
          answer: null,
          correct: a.correct ? 1 : 0,
          answeredAt: a.at,
        })),
      );
      answers.push(...graded);
    }
  }
  return answers;
}

/** Cards for the learners' wrong answers: reviewed once or not yet, due over the coming days. */
async function seedCards(demo: Demo, wrong: Answer[], practiceId: number) {
  const byKey = new Map<string, { answer: Answer; count: number }>();
  for (const answer of wrong) {
    const key = `${answer.userId}:${answer.questionId}`;
    const seen = byKey.get(key);
    byKey.set(key, { answer: seen?.answer ?? answer, count: (seen?.count ?? 0) + 1 });
  }
  const values = [...byKey.values()].map(({ answer, count }, i) => {
    let card: CardState = newCard(answer.at);
    if (noise(i, 3) < 0.5) card = reviewCard(card, 'good', new Date(answer.at.getTime() + DAY_MS));
    return {
      userId: answer.userId,
      questionId: answer.questionId,
      organizationId: demo.organizationId,
      source: 'practice',
      sourceId: practiceId,
      wrongCount: count,
      addedAt: answer.at,
      ...cardColumns(card),
    };
  });
  if (values.length > 0) await demo.db.insert(reviewCards).values(values).onConflictDoNothing();
}

/** zhangsan's book: three questions of the safety bank due today, two learnt and due in a few days. */
async function seedZhangsanBook(demo: Demo, pool: number[], practiceId: number) {
  const userId = need(demo.people, 'zhangsan');
  const today = new Date(demo.now - 2 * 3600_000);
  const values = pool.slice(0, 5).map((questionId, i) => {
    const added = new Date(demo.now - (i + 2) * DAY_MS);
    const card = i < 3 ? { ...newCard(added), due: today } : reviewCard(newCard(added), 'good', added);
    return {
      userId,
      questionId,
      organizationId: demo.organizationId,
      source: i === 1 ? 'exam' : 'practice',
      sourceId: practiceId,
      wrongCount: 1 + (i % 2),
      addedAt: added,
      ...cardColumns(card),
    };
  });
  await demo.db.insert(reviewCards).values(values).onConflictDoNothing();
}

/** Demo step: two released practice sets (a bank, knowledge points), rounds by a few dozen staff, review books. */
export async function seedDemoPractices(demo: Demo): Promise<void> {
  const safety = await addReleased(
    demo,
    DEMO_PRACTICES.safety,
    '每天五道安全生产题，答错的题自动进入错题本。',
    [{ kind: 'bank', refId: need(demo.banks, SAFETY_BANK) }],
    12,
  );
  const skill = await addReleased(
    demo,
    DEMO_PRACTICES.skill,
    '按岗位技能知识点出题，巩固薄弱环节。',
    await skillKnowledge(demo),
    6,
  );
  const learners = demo.staff.slice(0, LEARNERS);
  const safetyAnswers = await seedRounds(demo, safety.practiceId, safety.pool, learners, 11);
  const skillAnswers =
    skill.pool.length > 0
      ? await seedRounds(demo, skill.practiceId, skill.pool, learners.slice(0, 20), 23)
      : [];
  await seedZhangsanBook(demo, safety.pool, safety.practiceId);
  await seedCards(
    demo,
    safetyAnswers.filter((a) => !a.correct),
    safety.practiceId,
  );
  await seedCards(
    demo,
    skillAnswers.filter((a) => !a.correct),
    skill.practiceId,
  );
  await recordDemoActivity(demo, [
    { at: demo.now - 12 * DAY_MS, action: '发布练习', detail: `发布了练习「${DEMO_PRACTICES.safety}」` },
    { at: demo.now - 6 * DAY_MS, action: '发布练习', detail: `发布了练习「${DEMO_PRACTICES.skill}」` },
  ]);
}
