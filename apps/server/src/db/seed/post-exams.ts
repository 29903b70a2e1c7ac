import { eq } from 'drizzle-orm';
import type { PostPaperInput } from '@kaopei/shared/contracts/post-exam';
import { examCandidates } from '../schema';
import { AppError } from '../../core/http';
import { updateExam } from '../../modules/exam/exam.repo';
import { seededRng } from '../../modules/paper/paper.rng';
import { generatePostPaper, postModel } from '../../modules/post-exam/post-exam.paper';
import { addPostExam } from '../../modules/post-exam/post-exam.service';
import { recordAttemptAbilities } from '../../modules/post-exam/attempt-ability.repo';
import { simulateAttempts } from './attempts';
import { adminContext, DAY_MS, recordDemoActivity, type Demo } from './demo';

/** The demo's post exam: last week, for the staff of this post, with a paper generated from its model. */
export const DEMO_POST_EXAM = { post: 'Java开发工程师', name: 'Java开发工程师岗位能力测评' } as const;

const HOUR_MS = 3600_000;
const SITTERS = 40;
/** Objective types only (graded at once), their most questions and points per question. */
const TYPES = [
  { type: 1, most: 10, points: 4 },
  { type: 2, most: 5, points: 5 },
  { type: 0, most: 5, points: 2 },
  { type: 3, most: 5, points: 4 },
];

/**
 * Type rules the model's question supply allows (about half of each type on offer), the single choice
 * points making the paper 100 when that comes out to one decimal, as the demo's other papers are.
 */
function typeRulesOf(model: Awaited<ReturnType<typeof postModel>>): PostPaperInput['typeRules'] {
  const supply = new Map<number, number>();
  for (const ability of model.abilities)
    for (const t of ability.typeCounts) supply.set(t.type, (supply.get(t.type) ?? 0) + t.count);
  const rules = TYPES.flatMap(({ type, most, points }) => {
    const count = Math.min(most, Math.floor((supply.get(type) ?? 0) / 2));
    return count >= 2 ? [{ type, count, points }] : [];
  });
  const single = rules.find((rule) => rule.type === 1);
  const rest = rules.reduce((sum, rule) => sum + (rule === single ? 0 : rule.count * rule.points), 0);
  const points = single ? (100 - rest) / single.count : 0;
  if (single && points > 0 && Number.isInteger(points * 10)) single.points = points;
  return rules;
}

/** The post paper: intelligent first; the random draw when the supply is too thin for the shares. */
async function demoPaper(demo: Demo, postId: number): Promise<number | undefined> {
  const ctx = adminContext(demo);
  const model = await postModel(demo.db, ctx, postId);
  const typeRules = typeRulesOf(model);
  if (model.problem || typeRules.length === 0) return undefined;
  for (const mode of ['auto', 'random'] as const) {
    try {
      const created = await generatePostPaper(demo.db, ctx, {
        postId,
        mode,
        name: `${DEMO_POST_EXAM.post}岗位能力测评卷`,
        typeRules,
        tolerance: 10,
        seed: 'kaopei-demo-post-paper',
      });
      return created.paper.paperId;
    } catch (error) {
      // A refusal (400): the next mode asks less of the question supply.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return undefined;
}

/**
 * Demo step: a post paper for Java开发工程师 generated from its model, and last week's post exam for the
 * post's staff, sat and graded (the simulated attempts), with every attempt's per-ability results
 * recorded by the real rule. Skipped when the posts and abilities steps gave the post no model.
 */
export async function seedDemoPostExams(demo: Demo): Promise<void> {
  const postId = demo.posts.get(DEMO_POST_EXAM.post);
  if (postId === undefined) return;
  const paperId = await demoPaper(demo, postId);
  if (paperId === undefined) return;
  const ctx = adminContext(demo);
  const startAt = demo.now - 8 * DAY_MS;
  const endAt = demo.now - 6 * DAY_MS;
  const durationMinutes = 60;
  // Published while open (the exams module refuses a closed window), then moved to last week.
  const exam = await addPostExam(demo.db, ctx, {
    postId,
    paperId,
    name: DEMO_POST_EXAM.name,
    startAt,
    endAt: demo.now + HOUR_MS,
    durationMinutes,
    publish: true,
  }).catch((error: unknown) => {
    // The post has no staff yet: no exam to show.
    if (error instanceof AppError) return undefined;
    throw error;
  });
  if (!exam) return;
  const candidates = await demo.db
    .select({ userId: examCandidates.userId })
    .from(examCandidates)
    .where(eq(examCandidates.examId, exam.examId))
    .orderBy(examCandidates.userId);
  const rng = seededRng('kaopei-demo-post-exam');
  // About forty of the post's staff sat it (the demo's post has more; the seed stays quick).
  const sat = candidates
    .filter(() => rng() < 0.95)
    .map((c) => c.userId)
    .slice(0, SITTERS);
  const attemptIds = await simulateAttempts(
    demo,
    { examId: exam.examId, paperId, passScore: exam.passScore, durationMinutes, endAt, partialCredit: false },
    sat.map((userId) => ({
      userId,
      startAt: Math.round(startAt + rng() * (endAt - startAt - durationMinutes * 60_000)),
    })),
    rng,
    endAt,
  );
  for (const attemptId of attemptIds.values()) await recordAttemptAbilities(demo.db, attemptId);
  await updateExam(demo.db, exam.examId, {
    endAt: new Date(endAt),
    publishedAt: new Date(startAt - DAY_MS),
  });
  await recordDemoActivity(demo, [
    { at: startAt - DAY_MS, action: '发布考试', detail: `发布了岗位考试「${DEMO_POST_EXAM.name}」` },
  ]);
}
