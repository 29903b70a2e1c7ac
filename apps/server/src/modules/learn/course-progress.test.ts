import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import { createMember } from '../../../test/support';
import { courseMembers, courseProgress, courseSections, examAttempts } from '../../db/schema';
import { refreshCourseProgress } from './course-progress.repo';
import { makeCourse } from './learn.fixtures';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
});
afterAll(() => t.close());
const db = () => t.app.deps.db;

async function member(courseId: number, userId: number) {
  const [row] = await db()
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row!;
}

async function complete(courseId: number, sectionId: number, userId: number, done = true) {
  await db()
    .insert(courseProgress)
    .values({
      courseId,
      sectionId,
      userId,
      organizationId: org.id,
      completedAt: done ? new Date() : null,
      lastReportAt: new Date(),
    });
}

async function attempt(examId: number, userId: number, status: number, passed: number | null, no = 1) {
  await db().insert(examAttempts).values({
    examId,
    userId,
    organizationId: org.id,
    attemptNo: no,
    status,
    passed,
    deadlineAt: new Date(),
  });
}

describe('refreshCourseProgress', () => {
  it('counts completed sections and passed, graded exam attempts for every member in one statement', async () => {
    const a = org.staff;
    const b = await createMember(t, org, 'staff');
    const c = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      sections: [{ kind: 'video' }, { kind: 'datum' }, { kind: 'exam' }],
      members: [a.id, b.id, c.id],
    });
    const [video, datum, exam] = course.sectionIds as [number, number, number];
    const examId = course.examIds[2]!;
    // a: video and document completed, exam passed and graded → 100 %.
    await complete(course.id, video, a.id);
    await complete(course.id, datum, a.id);
    await attempt(examId, a.id, 1, null, 1); // submitted, not graded yet: not counted alone
    await attempt(examId, a.id, 2, 1, 2);
    // b: video opened but not completed; exam failed, and passed but still being marked → 0 %, started.
    await complete(course.id, video, b.id, false);
    await attempt(examId, b.id, 2, 0, 1);
    await attempt(examId, b.id, 1, 1, 2);
    // c: nothing → 0 %, not started.

    expect(await refreshCourseProgress(db(), course.id)).toBe(3);
    const ma = await member(course.id, a.id);
    expect(ma.progressPercent).toBe(100);
    expect(ma.startedAt).not.toBeNull();
    expect(ma.completedAt).not.toBeNull();
    const mb = await member(course.id, b.id);
    expect(mb.progressPercent).toBe(0);
    expect(mb.startedAt).not.toBeNull();
    expect(mb.completedAt).toBeNull();
    const mc = await member(course.id, c.id);
    expect(mc).toMatchObject({ progressPercent: 0, startedAt: null, completedAt: null });

    // b completes the document: 1 of 3 → 33 % (rounded down); only b is refreshed.
    await complete(course.id, datum, b.id);
    expect(await refreshCourseProgress(db(), course.id, [b.id])).toBe(1);
    expect((await member(course.id, b.id)).progressPercent).toBe(33);

    // A fourth section makes a's course incomplete again (75 %), completed_at cleared; started_at kept.
    const firstCompleted = ma.completedAt;
    await db().insert(courseSections).values({
      organizationId: org.id,
      courseId: course.id,
      chapterId: course.chapterId,
      title: '补充',
      kind: 'datum',
      sort: 9,
    });
    await refreshCourseProgress(db(), course.id);
    const again = await member(course.id, a.id);
    expect(again).toMatchObject({ progressPercent: 75, completedAt: null });
    expect(again.startedAt?.getTime()).toBe(ma.startedAt?.getTime());
    expect(firstCompleted).not.toBeNull();
    void exam;
  });

  it('a course without sections is 0 %, and an empty user list changes nothing', async () => {
    const course = await makeCourse(db(), org.id, { sections: [], members: [org.staff.id] });
    expect(await refreshCourseProgress(db(), course.id)).toBe(1);
    expect((await member(course.id, org.staff.id)).progressPercent).toBe(0);
    expect(await refreshCourseProgress(db(), course.id, [])).toBe(0);
  });

  it('keeps the first completion time while the course stays complete', async () => {
    const course = await makeCourse(db(), org.id, { sections: [{ kind: 'datum' }], members: [org.staff.id] });
    await complete(course.id, course.sectionIds[0]!, org.staff.id);
    await refreshCourseProgress(db(), course.id, [org.staff.id]);
    const first = (await member(course.id, org.staff.id)).completedAt;
    await new Promise((r) => setTimeout(r, 20));
    await refreshCourseProgress(db(), course.id, [org.staff.id]);
    expect((await member(course.id, org.staff.id)).completedAt?.getTime()).toBe(first?.getTime());
  });
});
