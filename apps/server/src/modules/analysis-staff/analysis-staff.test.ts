import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseChapters,
  courseEvaluations,
  courseMembers,
  courseProgress,
  courses,
  courseSections,
  examAttempts,
  exams,
  posts,
  studyTaskAssignees,
  studyTasks,
  tags,
  users,
  userTags,
} from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';

/**
 * Figures hand-computed from the rows inserted below (people active unless said):
 *   研发部 (d1): admin, B (post 质检员)          前端组 (d2, under d1): staff, A      C: left (离职), d2
 *   E1 (/100, pass 60): staff 80 ✓, A 50 ✗, B 40 ✗ — now      E2 (/10): staff 9 ✓ — now
 *   E0 (/100): B 70 ✓ thirteen months ago (outside the 12-month window)
 *   Course 安全课 (90 min, sections s1 s2): staff completed (100%), A 50% last s2, admin started 0% last s1,
 *   B enrolled only. Progress: staff s1 600 s ✓, s2 1200 s ✓; A s1 600 s ✓, s2 300 s. Ratings 5 (staff), 4 (A).
 *   Task: staff done, A not.
 */
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const ids = { a: 0, b: 0, c: 0, e1: 0, course: 0, s1: 0, s2: 0, tag: 0, post: 0, otherCourse: 0 };
const A = '/user/api/v1/analysis';

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const { db } = t.app.deps;
  const [d1, d2] = org.departmentIds as [number, number];
  const [post] = await db.insert(posts).values({ organizationId: org.id, name: '质检员' }).returning();
  ids.post = post!.id;
  const person = async (
    realName: string,
    departmentId: number,
    extra: Partial<typeof users.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(users)
      .values({ organizationId: org.id, account: unique('p'), realName, departmentId, ...extra })
      .returning();
    return row!.id;
  };
  ids.a = await person('甲', d2);
  ids.b = await person('乙', d1, { postId: ids.post });
  ids.c = await person('丙', d2, { status: 1 });
  const [tag] = await db.insert(tags).values({ organizationId: org.id, type: 4, name: '骨干' }).returning();
  ids.tag = tag!.id;
  await db.insert(userTags).values([
    { userId: org.staff.id, tagId: ids.tag },
    { userId: ids.a, tagId: ids.tag },
  ]);

  const now = new Date(Date.now() - 60_000);
  const old = new Date(Date.now() - 395 * 86_400_000);
  const [e0, e1, e2] = await db
    .insert(exams)
    .values([
      { organizationId: org.id, name: '旧考试', status: 1 },
      { organizationId: org.id, name: '安全考试', status: 1 },
      { organizationId: org.id, name: '小测验', status: 1 },
    ])
    .returning();
  ids.e1 = e1!.id;
  const attempt = (
    examId: number,
    userId: number,
    score: number,
    total: number,
    passed: boolean,
    at: Date,
  ) => ({
    examId,
    userId,
    organizationId: org.id,
    status: 2,
    startedAt: at,
    deadlineAt: at,
    submittedAt: at,
    score,
    totalPoints: total,
    passed: passed ? 1 : 0,
  });
  await db
    .insert(examAttempts)
    .values([
      attempt(e1!.id, org.staff.id, 80, 100, true, now),
      attempt(e1!.id, ids.a, 50, 100, false, now),
      attempt(e1!.id, ids.b, 40, 100, false, now),
      attempt(e2!.id, org.staff.id, 9, 10, true, now),
      attempt(e0!.id, ids.b, 70, 100, true, old),
    ]);

  const [course] = await db
    .insert(courses)
    .values({ organizationId: org.id, name: '安全课', minutes: 90, status: 'open' })
    .returning();
  ids.course = course!.id;
  const [chapter] = await db
    .insert(courseChapters)
    .values({ organizationId: org.id, courseId: ids.course, title: '第一章' })
    .returning();
  const [s1, s2] = await db
    .insert(courseSections)
    .values([
      {
        organizationId: org.id,
        courseId: ids.course,
        chapterId: chapter!.id,
        title: '开篇',
        kind: 'video',
        sort: 1,
      },
      {
        organizationId: org.id,
        courseId: ids.course,
        chapterId: chapter!.id,
        title: '实操',
        kind: 'video',
        sort: 2,
      },
    ])
    .returning();
  ids.s1 = s1!.id;
  ids.s2 = s2!.id;
  const member = (
    userId: number,
    progressPercent: number,
    started: boolean,
    done: boolean,
    last?: number,
  ) => ({
    courseId: ids.course,
    userId,
    organizationId: org.id,
    source: 'staff',
    startedAt: started ? now : null,
    completedAt: done ? now : null,
    progressPercent,
    lastSectionId: last ?? null,
  });
  await db
    .insert(courseMembers)
    .values([
      member(org.staff.id, 100, true, true, ids.s2),
      member(ids.a, 50, true, false, ids.s2),
      member(org.admin.id, 0, true, false, ids.s1),
      member(ids.b, 0, false, false),
    ]);
  const progress = (sectionId: number, userId: number, watchedSeconds: number, done: boolean) => ({
    sectionId,
    userId,
    courseId: ids.course,
    organizationId: org.id,
    watchedSeconds,
    completedAt: done ? now : null,
  });
  await db
    .insert(courseProgress)
    .values([
      progress(ids.s1, org.staff.id, 600, true),
      progress(ids.s2, org.staff.id, 1200, true),
      progress(ids.s1, ids.a, 600, true),
      progress(ids.s2, ids.a, 300, false),
    ]);
  await db.insert(courseEvaluations).values([
    { organizationId: org.id, courseId: ids.course, userId: org.staff.id, rating: 5 },
    { organizationId: org.id, courseId: ids.course, userId: ids.a, rating: 4 },
  ]);
  const [task] = await db
    .insert(studyTasks)
    .values({
      organizationId: org.id,
      name: '入职任务',
      startAt: now,
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await db.insert(studyTaskAssignees).values([
    { taskId: task!.id, userId: org.staff.id, organizationId: org.id, source: 'staff', completedAt: now },
    { taskId: task!.id, userId: ids.a, organizationId: org.id, source: 'staff' },
  ]);
  const [foreign] = await db
    .insert(courses)
    .values({ organizationId: other.id, name: '别人的课', status: 'open' })
    .returning();
  ids.otherCourse = foreign!.id;
});
afterAll(() => t.close());

const get = (url: string, user = org.admin) => call(t, 'GET', url, { user });
type Page<T> = { status: number; rows: T[]; total: number | undefined };
async function page<T>(url: string, user = org.admin): Promise<Page<T>> {
  const res = await get(url, user);
  return { status: res.status, rows: (res.body.res?.data ?? []) as T[], total: res.body.res?.total };
}
/** A download as a workbook (status asserted 200). */
async function workbookOf(url: string) {
  const raw = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${org.admin.token}` },
  });
  expect(raw.statusCode).toBe(200);
  expect(raw.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
  return workbook;
}
const dataOf = async <T>(url: string) => (await get(url)).body.res?.data as T;

describe('staff groups', () => {
  it('sums exams, learning and tasks per department over the window', async () => {
    const res = await page<Record<string, unknown>>(`${A}/staff/groups?by=department`);
    expect(res.status).toBe(200);
    expect(res.total).toBe(2);
    const byName = Object.fromEntries(res.rows.map((r) => [r.name, r]));
    expect(byName['研发部']).toMatchObject({
      staffCount: 2,
      examinees: 1,
      participationRate: 50,
      graded: 1,
      passed: 0,
      passRate: 0,
      scoreRate: 40,
      hours: 0,
      completions: 0,
      tasksAssigned: 0,
    });
    expect(byName['前端组']).toMatchObject({
      staffCount: 2,
      examinees: 2,
      participationRate: 100,
      graded: 3,
      passed: 2,
      passRate: 66.7,
      scoreRate: 73.3,
      hours: 1.5,
      completions: 1,
      tasksAssigned: 2,
      tasksCompleted: 1,
    });
  });

  it('widens the window with months, and narrows to a department with its sub-departments', async () => {
    const wide = await page<Record<string, unknown>>(`${A}/staff/groups?by=department&months=24`);
    expect(wide.rows.find((r) => r.name === '研发部')).toMatchObject({ graded: 2, passed: 1, passRate: 50 });
    const [d1, d2] = org.departmentIds;
    const sub = await page<Record<string, unknown>>(`${A}/staff/groups?by=department&departmentId=${d2}`);
    expect(sub.rows.map((r) => r.name)).toEqual(['前端组']);
    const tree = await page<Record<string, unknown>>(`${A}/staff/groups?by=department&departmentId=${d1}`);
    expect(tree.total).toBe(2);
  });

  it('groups by post (people without one together) and by tag', async () => {
    const byPost = await page<Record<string, unknown>>(`${A}/staff/groups?by=post`);
    expect(byPost.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ refId: null, name: '未设岗位', staffCount: 3 }),
        expect.objectContaining({ refId: ids.post, name: '质检员', staffCount: 1, graded: 1 }),
      ]),
    );
    const byTag = await page<Record<string, unknown>>(`${A}/staff/groups?by=tag`);
    expect(byTag.rows).toEqual([
      expect.objectContaining({ refId: ids.tag, name: '骨干', staffCount: 2, graded: 3, passed: 2 }),
    ]);
  });

  it('pages the groups', async () => {
    const res = await page(`${A}/staff/groups?by=department&page=1&size=1`);
    expect(res.rows).toHaveLength(1);
    expect(res.total).toBe(2);
  });

  it('refuses bad input with a message naming the field', async () => {
    const bad = await get(`${A}/staff/groups?by=team`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('分组方式');
    const months = await get(`${A}/staff/groups?by=post&months=30`);
    expect(months.status).toBe(400);
    expect(months.body.message).toContain('统计月数');
  });

  it('refuses another organisation’s department and people without the menu', async () => {
    const foreign = await get(`${A}/staff/groups?by=department&departmentId=${other.departmentIds[0]}`);
    expect(foreign.status).toBe(404);
    expect((await get(`${A}/staff/groups?by=department`, org.staff)).status).toBe(403);
    expect((await get(`${A}/staff/statistics`, org.staff)).status).toBe(403);
  });
});

describe('staff people, trend and statistics', () => {
  it('lists each person with their figures, searchable and sortable', async () => {
    const res = await page<Record<string, unknown>>(`${A}/staff/people?sort=hours`);
    expect(res.total).toBe(4);
    expect(res.rows[0]).toMatchObject({
      userId: org.staff.id,
      realName: '员工',
      departmentName: '前端组',
      graded: 2,
      passed: 2,
      passRate: 100,
      scoreRate: 85,
      hours: 1.5,
      completions: 1,
      tasksAssigned: 1,
      tasksCompleted: 1,
    });
    const found = await page<Record<string, unknown>>(`${A}/staff/people?keyword=乙`);
    expect(found.rows).toEqual([
      expect.objectContaining({ userId: ids.b, postName: '质检员', scoreRate: 40 }),
    ]);
    expect((await page(`${A}/staff/people?sort=age`)).status).toBe(400);
    // By name, only the page's people are summed; the total still counts everyone in scope.
    const second = await page<Record<string, unknown>>(`${A}/staff/people?page=1&size=3`);
    expect(second.total).toBe(4);
    expect(second.rows).toHaveLength(1);
    const all = await page<Record<string, unknown>>(`${A}/staff/people?size=10`);
    const last = all.rows[3];
    expect(second.rows[0]).toEqual(last);
  });

  it('buckets a person’s month and fills the others with zeros', async () => {
    const points = await dataOf<Record<string, unknown>[]>(
      `${A}/staff/trend?months=3&userId=${org.staff.id}`,
    );
    expect(points).toHaveLength(3);
    expect(points[2]).toMatchObject({
      graded: 2,
      passed: 2,
      passRate: 100,
      scoreRate: 85,
      hours: 1.5,
      completions: 1,
    });
    expect(points[0]).toMatchObject({ graded: 0, passRate: null, hours: 0 });
    const whole = await dataOf<Record<string, unknown>[]>(`${A}/staff/trend?months=14`);
    expect(whole.reduce((n, p) => n + (p.graded as number), 0)).toBe(5);
    expect((await get(`${A}/staff/trend?userId=${other.staff.id}`)).status).toBe(404);
  });

  it('sums the organisation and ranks people and departments', async () => {
    const s = await dataOf<Record<string, unknown>>(`${A}/staff/statistics`);
    expect(s).toMatchObject({
      months: 12,
      staffCount: 4,
      examinees: 3,
      participationRate: 75,
      graded: 4,
      passed: 2,
      passRate: 50,
      scoreRate: 65,
      hours: 1.5,
      completions: 1,
      tasksAssigned: 2,
      tasksCompleted: 1,
      taskCompletionRate: 50,
    });
    expect(s.topLearners).toEqual([expect.objectContaining({ userId: org.staff.id, value: 1.5, basis: 1 })]);
    expect((s.topScorers as { userId: number; value: number }[]).map((r) => [r.userId, r.value])).toEqual([
      [org.staff.id, 85],
      [ids.a, 50],
      [ids.b, 40],
    ]);
    expect(
      (s.topDepartments as { name: string; passRate: number }[]).map((r) => [r.name, r.passRate]),
    ).toEqual([
      ['前端组', 66.7],
      ['研发部', 0],
    ]);
  });
});

describe('a person’s profile', () => {
  it('has tags, abilities, exam and learning summaries', async () => {
    const p = await dataOf<Record<string, unknown>>(`${A}/user/profile?userId=${org.staff.id}`);
    expect(p.person).toMatchObject({
      userId: org.staff.id,
      realName: '员工',
      departmentName: '前端组',
      status: 0,
    });
    expect(p.tags).toEqual([expect.objectContaining({ id: ids.tag, name: '骨干' })]);
    expect(p.abilities).toEqual([]);
    // E1: 80 is the best of three (percent_rank 1), E2: alone (0) → 50.
    expect(p.exams).toEqual({ graded: 2, passed: 2, passRate: 100, scoreRate: 85, averagePercentile: 50 });
    expect(p.learning).toEqual({
      enrolled: 1,
      completed: 1,
      hours: 1.5,
      watchedHours: 0.5,
      tasksAssigned: 1,
      tasksCompleted: 1,
    });
  });

  it('lists exams with place and percentile within each exam', async () => {
    const res = await page<Record<string, unknown>>(`${A}/user/exams?userId=${ids.a}`);
    expect(res.rows).toEqual([
      expect.objectContaining({
        examId: ids.e1,
        examName: '安全考试',
        score: 50,
        totalPoints: 100,
        passed: false,
        place: 2,
        attempts: 3,
        percentile: 50,
      }),
    ]);
    const b = await page<Record<string, unknown>>(`${A}/user/exams?userId=${ids.b}`);
    expect(b.rows.map((r) => [r.examName, r.percentile, r.place])).toEqual([
      ['安全考试', 0, 3],
      ['旧考试', 0, 1],
    ]);
  });

  it('lists courses with progress and hours', async () => {
    const res = await page<Record<string, unknown>>(`${A}/user/courses?userId=${ids.a}`);
    expect(res.rows).toEqual([
      expect.objectContaining({
        courseId: ids.course,
        progressPercent: 50,
        hours: 1.5,
        watchedHours: 0.3,
        completedAt: null,
      }),
    ]);
  });

  it('refuses another organisation’s person and bad ids; keeps the history of one who left', async () => {
    expect((await get(`${A}/user/profile?userId=${other.staff.id}`)).status).toBe(404);
    expect((await get(`${A}/user/exams?userId=${other.staff.id}`)).status).toBe(404);
    expect((await get(`${A}/user/export?userId=${other.staff.id}`)).status).toBe(404);
    const bad = await get(`${A}/user/profile?userId=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('员工');
    // A person who left keeps their history.
    expect((await get(`${A}/user/profile?userId=${ids.c}`)).status).toBe(200);
  });

  it('exports the exam history', async () => {
    const workbook = await workbookOf(`${A}/user/export?userId=${ids.a}`);
    const sheet = workbook.getWorksheet('考试记录')!;
    expect(sheet.getRow(1).getCell(9).value).toBe('百分位(%)');
    expect(sheet.getRow(2).getCell(1).value).toBe('安全考试');
    expect(sheet.getRow(2).getCell(9).value).toBe(50);
  });
});

describe('course analysis', () => {
  it('lists courses with the funnel counts, rating and watched hours', async () => {
    const res = await page<Record<string, unknown>>(`${A}/course/list?keyword=安全`);
    expect(res.rows).toEqual([
      expect.objectContaining({
        courseId: ids.course,
        enrolled: 4,
        started: 3,
        half: 2,
        completed: 1,
        completionRate: 25,
        averageRating: 4.5,
        ratingCount: 2,
        watchedHours: 0.8,
      }),
    ]);
  });

  it('shows the funnel, where learners stop, and the ratings', async () => {
    const d = await dataOf<Record<string, unknown>>(`${A}/course/detail?courseId=${ids.course}`);
    expect(d.funnel).toEqual({ enrolled: 4, started: 3, half: 2, completed: 1 });
    expect(d.sections).toEqual([
      expect.objectContaining({
        sectionId: ids.s1,
        title: '开篇',
        reached: 2,
        completedCount: 2,
        stoppedHere: 1,
      }),
      expect.objectContaining({
        sectionId: ids.s2,
        title: '实操',
        reached: 2,
        completedCount: 1,
        stoppedHere: 1,
      }),
    ]);
    expect(d.ratingCounts).toEqual([0, 0, 0, 1, 1]);
    const months = d.months as { enrolled: number; completed: number }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual(expect.objectContaining({ completed: 1 }));
  });

  it('refuses another organisation’s course and bad ids', async () => {
    expect((await get(`${A}/course/detail?courseId=${ids.otherCourse}`)).status).toBe(404);
    expect((await get(`${A}/course/detail/export?courseId=${ids.otherCourse}`)).status).toBe(404);
    const bad = await get(`${A}/course/detail?courseId=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('课程');
    const list = await page<{ courseId: number }>(`${A}/course/list`);
    expect(list.rows.map((r) => r.courseId)).not.toContain(ids.otherCourse);
    expect((await get(`${A}/course/list`, org.staff)).status).toBe(403);
  });

  it('exports the funnel and the sections', async () => {
    const workbook = await workbookOf(`${A}/course/detail/export?courseId=${ids.course}`);
    const funnel = workbook.getWorksheet('完成漏斗')!;
    expect(funnel.getRow(4).values).toEqual([undefined, '过半', 2, 50, 66.7, 1]);
    expect(workbook.getWorksheet('小节流失')!.getRow(3).getCell(5).value).toBe(1);
  });
});

describe('staff exports', () => {
  it('exports the groups and the people with the same filter', async () => {
    const workbook = await workbookOf(`${A}/staff/people/export?keyword=甲`);
    const sheet = workbook.getWorksheet('人员明细')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('甲');
    const wb2 = await workbookOf(`${A}/staff/groups/export?by=tag`);
    expect(wb2.getWorksheet('按标签')!.getRow(2).getCell(1).value).toBe('骨干');
    const stats = await workbookOf(`${A}/staff/statistics/export`);
    expect(stats.getWorksheet('得分率榜')!.getRow(2).getCell(4).value).toBe(85);
  });
});
