import { and, eq, inArray, sql } from 'drizzle-orm';
import { effectiveLevel, levelFromScoreRate, measuresAbilities, scoreRate } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import { attemptAbilities, attemptQuestions, examAttempts, exams, staffAbilities } from '../../db/schema';
import { abilitiesMeasuredBy } from '../ability/ability-measure.repo';

/**
 * Per-ability results of a graded attempt (issue 16): for every ability the attempt's questions measure
 * (ability-measure.repo), score = Σ awarded points, max = Σ points of those questions, and the level
 * the score rate reaches. Called where an attempt of a 'post' or 'evaluation' exam becomes fully graded
 * (status 2) — closing, marking, judging — inside the same transaction, and by the demo seed.
 */

export interface AbilityOutcome {
  abilityId: number;
  score: number;
  maxScore: number;
  rate: number;
  level: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The per-ability outcome of questions (pure: points, awarded scores, abilities each measures). */
export function abilityOutcomes(
  questions: readonly { questionId: number; points: number; score: number | null }[],
  measured: ReadonlyMap<number, readonly number[]>,
): AbilityOutcome[] {
  const sums = new Map<number, { score: number; max: number }>();
  for (const q of questions) {
    for (const abilityId of measured.get(q.questionId) ?? []) {
      const sum = sums.get(abilityId) ?? { score: 0, max: 0 };
      sum.score += q.score ?? 0;
      sum.max += q.points;
      sums.set(abilityId, sum);
    }
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([abilityId, sum]) => {
      const rate = scoreRate(sum.score, sum.max);
      return {
        abilityId,
        score: oneDecimal(sum.score),
        maxScore: oneDecimal(sum.max),
        rate,
        level: levelFromScoreRate(rate),
      };
    });
}

/**
 * Writes an attempt's per-ability results (replacing its rows) and brings the person's current profile
 * (staff_abilities: exam level, rate, attempt and time; the effective level with the rating kept) up to
 * date unless a later attempt measured the ability. Idempotent; does nothing for an attempt that is not
 * fully graded or of a general exam. Returns the outcomes written.
 */
export async function recordAttemptAbilities(db: DbOrTx, attemptId: number): Promise<AbilityOutcome[]> {
  const [attempt] = await db
    .select({
      id: examAttempts.id,
      organizationId: examAttempts.organizationId,
      examId: examAttempts.examId,
      userId: examAttempts.userId,
      status: examAttempts.status,
      submittedAt: examAttempts.submittedAt,
      purpose: exams.purpose,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(eq(examAttempts.id, attemptId));
  if (!attempt || attempt.status !== 2 || !measuresAbilities(attempt.purpose)) return [];
  const questions = await db
    .select({
      questionId: attemptQuestions.questionId,
      points: attemptQuestions.points,
      score: attemptQuestions.score,
    })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptId, attemptId));
  const measured = await abilitiesMeasuredBy(
    db,
    attempt.organizationId,
    questions.map((q) => q.questionId),
  );
  const outcomes = abilityOutcomes(
    questions.map((q) => ({
      questionId: q.questionId,
      points: Number(q.points),
      score: q.score === null ? null : Number(q.score),
    })),
    measured,
  );
  await db.delete(attemptAbilities).where(eq(attemptAbilities.attemptId, attemptId));
  if (outcomes.length === 0) return outcomes;
  const measuredAt = attempt.submittedAt ?? new Date();
  await db.insert(attemptAbilities).values(
    outcomes.map((o) => ({
      attemptId,
      abilityId: o.abilityId,
      organizationId: attempt.organizationId,
      examId: attempt.examId,
      userId: attempt.userId,
      score: o.score,
      maxScore: o.maxScore,
      level: o.level,
      measuredAt,
    })),
  );
  await upsertStaffAbilities(db, attempt, outcomes, measuredAt);
  return outcomes;
}

async function upsertStaffAbilities(
  db: DbOrTx,
  attempt: { id: number; organizationId: number; userId: number },
  outcomes: AbilityOutcome[],
  examAt: Date,
): Promise<void> {
  const ratings = await db
    .select({ abilityId: staffAbilities.abilityId, ratingLevel: staffAbilities.ratingLevel })
    .from(staffAbilities)
    .where(
      and(
        eq(staffAbilities.userId, attempt.userId),
        inArray(
          staffAbilities.abilityId,
          outcomes.map((o) => o.abilityId),
        ),
      ),
    );
  const ratingOf = new Map(ratings.map((r) => [r.abilityId, r.ratingLevel]));
  await db
    .insert(staffAbilities)
    .values(
      outcomes.map((o) => ({
        organizationId: attempt.organizationId,
        userId: attempt.userId,
        abilityId: o.abilityId,
        examLevel: o.level,
        examScoreRate: o.rate,
        examAttemptId: attempt.id,
        examAt,
        // The rating columns stay as they are; the effective level combines both sources.
        level: effectiveLevel(o.level, ratingOf.get(o.abilityId) ?? null) ?? o.level,
        updatedAt: new Date(),
      })),
    )
    .onConflictDoUpdate({
      target: [staffAbilities.userId, staffAbilities.abilityId],
      set: {
        examLevel: sql`excluded.exam_level`,
        examScoreRate: sql`excluded.exam_score_rate`,
        examAttemptId: sql`excluded.exam_attempt_id`,
        examAt: sql`excluded.exam_at`,
        level: sql`excluded.level`,
        updatedAt: sql`excluded.updated_at`,
      },
      // A rescore of an older attempt does not overwrite what a later attempt measured.
      setWhere: sql`${staffAbilities.examAt} is null or ${staffAbilities.examAt} <= excluded.exam_at
        or ${staffAbilities.examAttemptId} = excluded.exam_attempt_id`,
    });
}
