import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { seedDemo } from '../../db/seed';
import { rowsOf } from '../../db/client';
import {
  courseEvaluations,
  courseMembers,
  courseProgress,
  courses,
  organizations,
  users,
} from '../../db/schema';
import { DEMO_COURSES } from '../../db/seed/courses';
import { seedDemoCourseProgress } from '../../db/seed/course-progress';
import type { Demo } from '../../db/seed/demo';
import type { LearnCourse, MyCourseRow } from '@kaopei/shared/contracts/learn';

describe('demo course progress (seed/course-progress.ts)', () => {
  let t: TestApp;
  let zhangsan: TestUser;
  let organizationId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps.db, 'Kaopei@2024', t.app.deps.storage);
    const [user] = await t.app.deps.db
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.account, 'zhangsan'), eq(organizations.name, '示例科技有限公司')));
    organizationId = user!.organizationId;
    const token = await t.app.deps.tokens.signAccess({ userId: user!.id, organizationId });
    zhangsan = { id: user!.id, account: 'zhangsan', phone: '', token };
  }, 180_000);
  afterAll(() => t.close());

  const courseId = async (name: string) => {
    const [row] = await t.app.deps.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.name, name), eq(courses.organizationId, organizationId)));
    return row!.id;
  };

  it('gives zhangsan one course completed, one half-way with a resume point, one not started', async () => {
    const res = await call(t, 'GET', '/course/api/v1/learn/my?tab=all&size=50', { user: zhangsan });
    const mine = res.body.res?.data as MyCourseRow[];
    const byName = new Map(mine.map((c) => [c.name, c]));
    expect(byName.get(DEMO_COURSES.security)).toMatchObject({ state: 'completed', progressPercent: 100 });
    expect(byName.get(DEMO_COURSES.typescript)).toMatchObject({ state: 'learning', progressPercent: 50 });
    expect(byName.get(DEMO_COURSES.onboarding)).toMatchObject({ state: 'not_started', progressPercent: 0 });

    const typescript = byName.get(DEMO_COURSES.typescript)!;
    const page = (
      await call(t, 'GET', `/course/api/v1/learn/course?courseId=${typescript.courseId}`, { user: zhangsan })
    ).body.res?.data as LearnCourse;
    expect(page.nextSectionId).toBe(typescript.lastSectionId);
    const resume = page.chapters.flatMap((c) => c.sections).find((s) => s.sectionId === page.nextSectionId);
    if (resume?.kind === 'video') expect(resume.positionSeconds).toBeGreaterThan(0);
  });

  it('gives the other members varied progress and ratings', async () => {
    const { db } = t.app.deps;
    const ids = await Promise.all(Object.values(DEMO_COURSES).map(courseId));
    const [figures] = rowsOf<{ completed: number; learning: number; not_started: number }>(
      await db.execute(sql`
        select count(*) filter (where completed_at is not null)::int as completed,
          count(*) filter (where started_at is not null and completed_at is null)::int as learning,
          count(*) filter (where started_at is null)::int as not_started
        from course_members where course_id = any(${`{${ids.join(',')}}`}::bigint[])`),
    );
    expect(figures!.completed).toBeGreaterThan(0);
    expect(figures!.learning).toBeGreaterThan(0);
    expect(figures!.not_started).toBeGreaterThan(0);
    const ratings = await db.select().from(courseEvaluations).where(inArray(courseEvaluations.courseId, ids));
    expect(new Set(ratings.map((r) => r.rating)).size).toBeGreaterThan(1);
  });

  it('runs in well under a second again from scratch', async () => {
    const { db } = t.app.deps;
    const ids = await Promise.all(Object.values(DEMO_COURSES).map(courseId));
    await db.delete(courseProgress).where(inArray(courseProgress.courseId, ids));
    await db.delete(courseEvaluations).where(inArray(courseEvaluations.courseId, ids));
    await db
      .update(courseMembers)
      .set({
        startedAt: null,
        completedAt: null,
        progressPercent: 0,
        lastSectionId: null,
        lastStudiedAt: null,
      })
      .where(inArray(courseMembers.courseId, ids));
    const demo = {
      db,
      organizationId,
      now: Date.now(),
      people: new Map([['zhangsan', zhangsan.id]]),
      courses: new Map(
        await Promise.all(Object.values(DEMO_COURSES).map(async (n) => [n, await courseId(n)] as const)),
      ),
    } as unknown as Demo;
    const started = performance.now();
    await seedDemoCourseProgress(demo);
    const ms = performance.now() - started;
    console.info(`course-progress seed step: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(1500);
    const rows = await db.select().from(courseProgress).where(inArray(courseProgress.courseId, ids));
    expect(rows.length).toBeGreaterThan(0);
  });
});
