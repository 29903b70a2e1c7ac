import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { effectiveLevel, MAX_ABILITY_LEVEL, MIN_ABILITY_LEVEL } from '@kaopei/shared';
import { postAbilities, staffAbilities, users } from '../schema';
import { seededRng } from '../../modules/paper/paper.rng';
import { DAY_MS, need, type Demo } from './demo';

/** Share of a post's holders their manager has rated. */
const RATED_SHARE = 0.75;

const COMMENTS: Record<number, string> = {
  1: '需要在指导下完成基础工作',
  2: '能独立完成常规任务，复杂问题需协助',
  3: '能独立承担本岗位主要工作',
  4: '能解决复杂问题并指导他人',
  5: '在该领域有公认的专长，能带动团队提升',
};

const clampLevel = (n: number) => Math.max(MIN_ABILITY_LEVEL, Math.min(MAX_ABILITY_LEVEL, Math.round(n)));

/**
 * Demo data of issue 16: manager ratings of three in four holders of every post on the abilities of the
 * post's model (near the exam level where the post exam measured one, else around the required level),
 * with the effective level recomputed (70 % exam, 30 % rating). One bulk upsert; runs after the post
 * exam step, so exam levels already stand.
 */
export async function seedDemoRatings(demo: Demo): Promise<void> {
  const { db, organizationId } = demo;
  const rows = await db
    .select({
      userId: users.id,
      abilityId: postAbilities.abilityId,
      requiredLevel: postAbilities.requiredLevel,
      examLevel: staffAbilities.examLevel,
    })
    .from(users)
    .innerJoin(postAbilities, eq(postAbilities.postId, users.postId))
    .leftJoin(
      staffAbilities,
      and(eq(staffAbilities.userId, users.id), eq(staffAbilities.abilityId, postAbilities.abilityId)),
    )
    .where(and(eq(users.organizationId, organizationId), isNotNull(users.postId), eq(users.status, 0)))
    .orderBy(users.id, postAbilities.abilityId);
  if (rows.length === 0) return;

  const rng = seededRng('kaopei-demo-ratings');
  const raterId = need(demo.people, 'admin');
  const rated = new Map<number, boolean>();
  // Each person has a general strength, so their ratings hang together across abilities.
  const strength = new Map<number, number>();
  const values = rows.flatMap((row) => {
    if (!rated.has(row.userId)) {
      rated.set(row.userId, row.userId !== raterId && rng() < RATED_SHARE);
      strength.set(row.userId, rng() * 2.4 - 1.4);
    }
    if (!rated.get(row.userId)) return [];
    const base = row.examLevel ?? row.requiredLevel + (strength.get(row.userId) ?? 0);
    const ratingLevel = clampLevel(base + (rng() - 0.5) * 1.6);
    return [
      {
        organizationId,
        userId: row.userId,
        abilityId: row.abilityId,
        ratingLevel,
        ratingComment: COMMENTS[ratingLevel] ?? null,
        ratedBy: raterId,
        ratedAt: new Date(demo.now - Math.floor(rng() * 20 + 1) * DAY_MS),
        level: effectiveLevel(row.examLevel, ratingLevel) ?? ratingLevel,
      },
    ];
  });
  if (values.length === 0) return;
  await db
    .insert(staffAbilities)
    .values(values)
    .onConflictDoUpdate({
      target: [staffAbilities.userId, staffAbilities.abilityId],
      set: {
        ratingLevel: sql`excluded.rating_level`,
        ratingComment: sql`excluded.rating_comment`,
        ratedBy: sql`excluded.rated_by`,
        ratedAt: sql`excluded.rated_at`,
        level: sql`excluded.level`,
        updatedAt: sql`now()`,
      },
    });
}
