import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOrg,
  createTestApp,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember } from '../../../test/support';
import {
  courseCategories,
  courseEvaluations,
  courseMembers,
  courseProgress,
  courses,
  examAttempts,
  examCandidates,
} from '../../db/schema';
import type {
  CatalogRow,
  LearnCourse,
  MyCourseRow,
  OpenedSection,
  ProgressResult,
  PublicEvaluation,
} from '@kaopei/shared/contracts/learn';
import { makeCourse } from './learn.fixtures';

const L = '/course/api/v1/learn';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

async function category(o: TestOrg, name: string, parentId: number | null, published = 1) {
  const [row] = await db()
    .insert(courseCategories)
    .values({ organizationId: o.id, name, parentId, published })
    .returning({ id: courseCategories.id });
  return row!.id;
}

async function progressRow(sectionId: number, userId: number) {
  const [row] = await db()
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.sectionId, sectionId), eq(courseProgress.userId, userId)));
  return row;
}

async function memberRow(courseId: number, userId: number) {
  const [row] = await db()
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row;
}

/** Pretends the last report arrived `seconds` ago (the server credits against its own clock). */
async function ageLastReport(sectionId: number, userId: number, seconds: number) {
  await db()
    .update(courseProgress)
    .set({ lastReportAt: new Date(Date.now() - seconds * 1000) })
    .where(and(eq(courseProgress.sectionId, sectionId), eq(courseProgress.userId, userId)));
}

const open = (user: TestUser, sectionId: number) =>
  call(t, 'POST', `${L}/section/open?sectionId=${sectionId}`, { user });
const report = (user: TestUser, sectionId: number, fromSeconds: number, positionSeconds: number) =>
  call(t, 'POST', `${L}/progress`, { user, body: { sectionId, fromSeconds, positionSeconds } });

describe('catalogue and my courses', () => {
  it('shows a learner only the courses open to them', async () => {
    const learner = await createMember(t, org, 'staff');
    const published = await category(org, '已发布', null);
    const hiddenParent = await category(org, '未发布上级', null, 0);
    const underHidden = await category(org, '发布但上级未发布', hiddenParent);
    const child = await category(org, '子分类', published);
    const assignedMine = await makeCourse(db(), org.id, {
      name: '指定给我的课',
      categoryId: child,
      sections: [{ kind: 'video' }],
      members: [learner.id],
    });
    const openToAll = await makeCourse(db(), org.id, {
      name: '全员可选的课',
      enrolment: 'open',
      categoryId: published,
      sections: [{ kind: 'datum' }],
    });
    await makeCourse(db(), org.id, { name: '指定给别人的课', sections: [], members: [org.staff.id] });
    await makeCourse(db(), org.id, {
      name: '未发布分类下的课',
      enrolment: 'open',
      categoryId: underHidden,
      sections: [],
      members: [learner.id],
    });
    await makeCourse(db(), org.id, { name: '草稿课', status: 'draft', enrolment: 'open', sections: [] });
    await makeCourse(db(), org.id, { name: '已关闭的课', status: 'closed', enrolment: 'open', sections: [] });
    await makeCourse(db(), other.id, { name: '别的组织的课', enrolment: 'open', sections: [] });

    const res = await call(t, 'GET', `${L}/catalog?size=50`, { user: learner });
    expect(res.status).toBe(200);
    const names = data<CatalogRow[]>(res).map((row) => row.name);
    expect(names.sort()).toEqual(['全员可选的课', '指定给我的课'].sort());
    expect(res.body.res?.total).toBe(2);
    const mine = data<CatalogRow[]>(res).find((row) => row.courseId === assignedMine.id);
    expect(mine?.enrolled).toBe(true);

    // A category filter includes its sub-categories; the keyword matches part of the name.
    const byCategory = await call(t, 'GET', `${L}/catalog?categoryId=${published}`, { user: learner });
    expect(
      data<CatalogRow[]>(byCategory)
        .map((r) => r.courseId)
        .sort(),
    ).toEqual([assignedMine.id, openToAll.id].sort());
    const byKeyword = await call(t, 'GET', `${L}/catalog?keyword=${encodeURIComponent('全员')}`, {
      user: learner,
    });
    expect(data<CatalogRow[]>(byKeyword).map((r) => r.courseId)).toEqual([openToAll.id]);
    const categories = await call(t, 'GET', `${L}/categories`, { user: learner });
    const categoryIds = data<{ categoryId: number }[]>(categories).map((c) => c.categoryId);
    expect(categoryIds).toContain(child);
    expect(categoryIds).not.toContain(underHidden);

    // Another learner's course and a course under an unpublished category (not mine) answer 404.
    const stranger = await createMember(t, org, 'staff');
    const hidden = await call(t, 'GET', `${L}/course?courseId=${assignedMine.id}`, { user: stranger });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('课程不存在或未对你开放');

    // My courses: enrolled, not drafts; the catalogue course joins after enrolling.
    const before = data<MyCourseRow[]>(await call(t, 'GET', `${L}/my?tab=all`, { user: learner }));
    expect(before.map((r) => r.name).sort()).toEqual(['指定给我的课', '未发布分类下的课'].sort());
    const enrol = await call(t, 'POST', `${L}/enrol?courseId=${openToAll.id}`, { user: learner });
    expect(enrol.status).toBe(200);
    expect((await memberRow(openToAll.id, learner.id))?.source).toBe('self');
    const after = data<MyCourseRow[]>(await call(t, 'GET', `${L}/my?tab=learning`, { user: learner }));
    expect(after.map((r) => r.courseId)).toContain(openToAll.id);
    // Enrolling in an assigned course is refused (it is not open to the learner).
    const refused = await call(t, 'POST', `${L}/enrol?courseId=${assignedMine.id}`, { user: stranger });
    expect(refused.status).toBe(404);
    expect(await memberRow(assignedMine.id, stranger.id)).toBeUndefined();
    const badTab = await call(t, 'GET', `${L}/my?tab=nope`, { user: learner });
    expect(badTab.status).toBe(400);
    expect(badTab.body.message).toContain('分类标签页');
  });
});

describe('another organisation', () => {
  it("answers 404 for every call on another organisation's course and section, changing nothing", async () => {
    const theirs = await makeCourse(db(), other.id, {
      enrolment: 'open',
      sections: [{ kind: 'video' }, { kind: 'datum' }],
      members: [other.staff.id],
    });
    const [video, datum] = theirs.sectionIds as [number, number];
    // Their learner has progress; ours tries everything.
    expect((await open(other.staff, video)).status).toBe(200);
    const progressBefore = await progressRow(video, other.staff.id);
    const me = org.staff;
    const calls: Res[] = [
      await call(t, 'GET', `${L}/course?courseId=${theirs.id}`, { user: me }),
      await call(t, 'GET', `${L}/evaluations?courseId=${theirs.id}`, { user: me }),
      await call(t, 'POST', `${L}/enrol?courseId=${theirs.id}`, { user: me }),
      await call(t, 'POST', `${L}/evaluate`, { user: me, body: { courseId: theirs.id, rating: 5 } }),
      await open(me, video),
      await open(me, datum),
      await report(me, video, 0, 10),
    ];
    for (const res of calls) expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(await memberRow(theirs.id, me.id)).toBeUndefined();
    expect(await progressRow(video, me.id)).toBeUndefined();
    expect(await progressRow(datum, me.id)).toBeUndefined();
    expect(await progressRow(video, other.staff.id)).toEqual(progressBefore);
    const evaluations = await db()
      .select()
      .from(courseEvaluations)
      .where(eq(courseEvaluations.courseId, theirs.id));
    expect(evaluations).toHaveLength(0);
  });
});

describe('the player', () => {
  it('credits watching against the server clock: a forged jump never completes', async () => {
    const learner = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      sections: [{ kind: 'video', durationSeconds: 100 }],
      members: [learner.id],
    });
    const video = course.sectionIds[0]!;
    const opened = data<OpenedSection>(await open(learner, video));
    expect(opened.mediaUrl).toMatch(/^\/api\/files\/.+\?expires=\d+&sig=/);
    expect(opened).toMatchObject({ positionSeconds: 0, completed: false, noSkip: false, kind: 'video' });

    // The first report only starts the clock; then a claim of 0 → 100 s a second later is cut to
    // what can have played (2× the time since the last report + slack).
    expect(data<ProgressResult>(await report(learner, video, 0, 0)).watchedSeconds).toBe(0);
    const forged = data<ProgressResult>(await report(learner, video, 0, 100));
    expect(forged.completed).toBe(false);
    expect(forged.watchedSeconds).toBeLessThan(10);
    expect(forged.positionSeconds).toBe(100);
    // Jumping to the end repeatedly credits nothing beyond the clock either.
    const again = data<ProgressResult>(await report(learner, video, 95, 100));
    expect(again.completed).toBe(false);
    const stored = await progressRow(video, learner.id);
    expect(stored?.completedAt).toBeNull();
    expect(stored?.positionSeconds).toBe(100);
    expect((await memberRow(course.id, learner.id))?.progressPercent).toBe(0);
  });

  it('completes a video exactly at the completion percent, and the course with it', async () => {
    const learner = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      completePercent: 90,
      sections: [{ kind: 'video', durationSeconds: 100 }],
      members: [learner.id],
    });
    const video = course.sectionIds[0]!;
    await open(learner, video);
    await report(learner, video, 0, 0);
    await ageLastReport(video, learner.id, 60);
    const short = data<ProgressResult>(await report(learner, video, 0, 89));
    expect(short).toMatchObject({ watchedSeconds: 89, completed: false, progressPercent: 0 });
    await ageLastReport(video, learner.id, 5);
    const exact = data<ProgressResult>(await report(learner, video, 89, 90));
    expect(exact).toMatchObject({ watchedSeconds: 90, completed: true, progressPercent: 100 });
    const member = await memberRow(course.id, learner.id);
    expect(member?.progressPercent).toBe(100);
    expect(member?.completedAt).not.toBeNull();
    expect(member?.lastSectionId).toBe(video);
    // Reopening resumes where the learner was.
    const reopened = data<OpenedSection>(await open(learner, video));
    expect(reopened).toMatchObject({ positionSeconds: 90, completed: true, watchedSeconds: 90 });
    const page = data<LearnCourse>(
      await call(t, 'GET', `${L}/course?courseId=${course.id}`, { user: learner }),
    );
    expect(page).toMatchObject({ state: 'completed', progressPercent: 100, canEvaluate: true });
  });

  it('with no-skip, refuses a segment past the watched frontier and sends the player back', async () => {
    const learner = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      noSkip: true,
      sections: [{ kind: 'video', durationSeconds: 300 }],
      members: [learner.id],
    });
    const video = course.sectionIds[0]!;
    await open(learner, video);
    await report(learner, video, 0, 0);
    await ageLastReport(video, learner.id, 10);
    expect(data<ProgressResult>(await report(learner, video, 0, 20))).toMatchObject({
      watchedSeconds: 20,
      rejectedJump: false,
    });
    await ageLastReport(video, learner.id, 10);
    const jump = data<ProgressResult>(await report(learner, video, 200, 210));
    expect(jump).toMatchObject({ rejectedJump: true, positionSeconds: 20, frontier: 20, watchedSeconds: 20 });
    const stored = await progressRow(video, learner.id);
    expect(stored?.watchedRanges).toEqual([[0, 20]]);
    expect(stored?.positionSeconds).toBe(20);
    expect(data<OpenedSection>(await open(learner, video))).toMatchObject({ frontier: 20, noSkip: true });
  });

  it('refuses a locked section, completes a document when opened, and makes the learner an exam candidate', async () => {
    const learner = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      sections: [
        { kind: 'datum' },
        { kind: 'video', requiresPrevious: true },
        { kind: 'exam', requiresPrevious: true },
      ],
      members: [learner.id],
    });
    const [datum, video, exam] = course.sectionIds as [number, number, number];
    const locked = await open(learner, video);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('请先完成上一小节「第1节」再学习本小节');
    expect(await progressRow(video, learner.id)).toBeUndefined();
    const lockedReport = await report(learner, video, 0, 5);
    expect(lockedReport.status).toBe(403);

    const doc = data<OpenedSection>(await open(learner, datum));
    expect(doc).toMatchObject({
      completed: true,
      nextSectionId: video,
      nextLocked: false,
      progressPercent: 33,
    });
    expect(doc.mediaUrl).toContain('sig=');
    expect((await memberRow(course.id, learner.id))?.startedAt).not.toBeNull();
    const docReport = await report(learner, datum, 0, 5);
    expect(docReport.status).toBe(400);
    expect(docReport.body.message).toBe('只有视频小节需要上报观看进度');

    expect((await open(learner, video)).status).toBe(200);
    const lockedExam = await open(learner, exam);
    expect(lockedExam.status).toBe(403);
    // Once the video is completed, the exam opens and the learner becomes its candidate.
    await db()
      .update(courseProgress)
      .set({ completedAt: new Date() })
      .where(and(eq(courseProgress.sectionId, video), eq(courseProgress.userId, learner.id)));
    const opened = data<OpenedSection>(await open(learner, exam));
    expect(opened.examId).toBe(course.examIds[2]);
    const candidates = await db()
      .select()
      .from(examCandidates)
      .where(and(eq(examCandidates.examId, course.examIds[2]!), eq(examCandidates.userId, learner.id)));
    expect(candidates).toHaveLength(1);

    const page = data<LearnCourse>(
      await call(t, 'GET', `${L}/course?courseId=${course.id}`, { user: learner }),
    );
    const sections = page.chapters.flatMap((c) => c.sections);
    expect(sections.map((s) => [s.completed, s.locked])).toEqual([
      [true, false],
      [true, false],
      [false, false],
    ]);
    expect(page.nextSectionId).toBe(exam);

    // The exam is passed and graded (by the exam module): the course page catches the summary up.
    await db().insert(examAttempts).values({
      examId: course.examIds[2]!,
      userId: learner.id,
      organizationId: org.id,
      status: 2,
      passed: 1,
      deadlineAt: new Date(),
    });
    const done = data<LearnCourse>(
      await call(t, 'GET', `${L}/course?courseId=${course.id}`, { user: learner }),
    );
    expect(done).toMatchObject({ state: 'completed', progressPercent: 100 });
    expect(await memberRow(course.id, learner.id)).toMatchObject({ progressPercent: 100 });
    expect((await memberRow(course.id, learner.id))?.completedAt).not.toBeNull();
  });

  it('refuses study of a closed course and lets a non-member of an open course see it but not study', async () => {
    const learner = await createMember(t, org, 'staff');
    const closed = await makeCourse(db(), org.id, { sections: [{ kind: 'datum' }], members: [learner.id] });
    await db().update(courses).set({ status: 'closed' }).where(eq(courses.id, closed.id));
    const res = await open(learner, closed.sectionIds[0]!);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('课程已关闭，暂时不能学习');

    const openCourse = await makeCourse(db(), org.id, { enrolment: 'open', sections: [{ kind: 'datum' }] });
    const page = data<LearnCourse>(
      await call(t, 'GET', `${L}/course?courseId=${openCourse.id}`, { user: learner }),
    );
    expect(page.state).toBe('not_enrolled');
    expect(page.chapters[0]?.sections[0]?.locked).toBe(true);
    const notYet = await open(learner, openCourse.sectionIds[0]!);
    expect(notYet.status).toBe(403);
    expect(notYet.body.message).toBe('请先加入课程再学习');
  });

  it('checks the report fields with Chinese messages', async () => {
    const res = await call(t, 'POST', `${L}/progress`, {
      user: org.staff,
      body: { sectionId: 1, fromSeconds: -1, positionSeconds: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/开始位置|播放位置/);
  });
});

describe('evaluations', () => {
  it('lets a member who has started rate once (editable), validates, and hides hidden comments', async () => {
    const learner = await createMember(t, org, 'staff');
    const peer = await createMember(t, org, 'staff');
    const course = await makeCourse(db(), org.id, {
      sections: [{ kind: 'datum' }],
      members: [learner.id, peer.id],
    });
    const rate = (user: TestUser, body: Record<string, unknown>) =>
      call(t, 'POST', `${L}/evaluate`, { user, body: { courseId: course.id, ...body } });

    const early = await rate(learner, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('开始学习后才能评价课程');
    await open(learner, course.sectionIds[0]!);
    await open(peer, course.sectionIds[0]!);

    for (const [body, message] of [
      [{ rating: 0 }, '评分必须是 1 到 5 的整数'],
      [{ rating: 6 }, '评分必须是 1 到 5 的整数'],
      [{ rating: 4.5 }, '评分必须是 1 到 5 的整数'],
      [{ rating: 4, comment: '长'.repeat(501) }, '评价内容不能超过 500 个字符'],
    ] as const) {
      const res = await rate(learner, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      await db().select().from(courseEvaluations).where(eq(courseEvaluations.courseId, course.id)),
    ).toHaveLength(0);

    expect((await rate(learner, { rating: 3, comment: '一般' })).status).toBe(200);
    const second = data<{ averageRating: number; ratingCount: number }>(
      await rate(learner, { rating: 5, comment: '  很好  ' }),
    );
    expect(second).toMatchObject({ averageRating: 5, ratingCount: 1 });
    await rate(peer, { rating: 4, comment: '不公开的评论' });
    const rows = await db().select().from(courseEvaluations).where(eq(courseEvaluations.courseId, course.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.userId === learner.id)).toMatchObject({ rating: 5, comment: '很好' });

    await db()
      .update(courseEvaluations)
      .set({ hidden: 1 })
      .where(and(eq(courseEvaluations.courseId, course.id), eq(courseEvaluations.userId, peer.id)));
    const list = data<PublicEvaluation[]>(
      await call(t, 'GET', `${L}/evaluations?courseId=${course.id}`, { user: peer }),
    );
    expect(list.map((e) => e.comment)).toEqual(['很好']);
    const page = data<LearnCourse>(
      await call(t, 'GET', `${L}/course?courseId=${course.id}`, { user: learner }),
    );
    // Hidden ratings still count in the average: (5 + 4) / 2.
    expect(page).toMatchObject({
      averageRating: 4.5,
      ratingCount: 2,
      myEvaluation: { rating: 5, comment: '很好' },
    });
  });
});
