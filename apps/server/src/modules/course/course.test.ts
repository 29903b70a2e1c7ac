import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagType } from '@kaopei/shared';
import { courseContracts as C } from '@kaopei/shared/contracts/course';
import type {
  CourseCategoryNode,
  CourseDetail,
  CourseManager,
  CourseMemberRow,
  CourseRow,
  EvaluationRow,
  TeacherRow,
} from '@kaopei/shared/contracts/course';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { createMember, createRole, download, readWorkbook, sheetRows } from '../../../test/support';
import { api } from '../../../test/factories';
import {
  courseCategories,
  courseChapters,
  courseEvaluations,
  courseMembers,
  courseProgress,
  courses,
  courseSections,
  courseTags,
  courseTeachers,
  departments,
  files,
  tags,
  teachers,
} from '../../db/schema';

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

async function category(name: string, parentId = 0, o = org) {
  return api(t, o.admin, C.categoryAdd, { body: { name, parentId } });
}

async function course(body: Record<string, unknown>, o = org): Promise<CourseDetail> {
  const res = await call(t, 'POST', C.add.path, { user: o.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return data<CourseDetail>(res);
}

async function courseTag(
  o: TestOrg,
  name = unique('课程标签'),
  type: number = TagType.COURSE,
): Promise<number> {
  const [row] = await db()
    .insert(tags)
    .values({ organizationId: o.id, type, name })
    .returning({ id: tags.id });
  return row?.id as number;
}

async function publicImage(o: TestOrg, mime = 'image/png', isPublic = 1): Promise<number> {
  const [row] = await db()
    .insert(files)
    .values({
      organizationId: o.id,
      key: `${o.id}/${unique('f')}.png`,
      name: 'cover.png',
      mime,
      size: 10,
      isPublic,
    })
    .returning({ id: files.id });
  return row?.id as number;
}

/** A chapter with `n` video sections written straight to the tables (part B's endpoints make them). */
async function withSections(o: TestOrg, courseId: number, n = 2): Promise<number[]> {
  const [chapter] = await db()
    .insert(courseChapters)
    .values({ organizationId: o.id, courseId, title: '第一章', sort: 0 })
    .returning({ id: courseChapters.id });
  const rows = await db()
    .insert(courseSections)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organizationId: o.id,
        courseId,
        chapterId: chapter?.id as number,
        title: `第 ${i + 1} 节`,
        kind: i === n - 1 && n > 1 ? 'live' : 'video',
        sort: i,
        durationSeconds: 60,
        liveStreamKey: i === n - 1 && n > 1 ? unique('key') : null,
        liveStatus: i === n - 1 && n > 1 ? 'ended' : null,
      })),
    )
    .returning({ id: courseSections.id });
  return rows.map((r) => r.id);
}

async function storedCourse(id: number) {
  const [row] = await db().select().from(courses).where(eq(courses.id, id));
  return row;
}

describe('course categories', () => {
  it('builds the tree under 全部课程 (0), refuses cycles and deleting a category in use, and publishes', async () => {
    const skills = await category('专业技能');
    const dev = await category('软件开发', skills.id);
    const tree = await api(t, org.admin, C.categoryTree);
    expect(tree).toHaveLength(1);
    const root = tree[0] as CourseCategoryNode;
    expect(root).toMatchObject({ id: 0, name: '全部课程' });
    const skillsNode = root.categoryTreeVOS.find((n) => n.id === skills.id);
    expect(skillsNode?.categoryTreeVOS.map((n) => n.name)).toEqual(['软件开发']);

    const dup = await call(t, 'POST', C.categoryAdd.path, {
      user: org.admin,
      body: { name: '软件开发', parentId: skills.id },
    });
    expect(dup.status).toBe(409);
    const blank = await call(t, 'POST', C.categoryAdd.path, { user: org.admin, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('分类名称不能为空');

    for (const parentId of [skills.id, dev.id]) {
      const loop = await call(t, 'POST', C.categoryModify.path, {
        user: org.admin,
        body: { categoryId: skills.id, parentId },
      });
      expect(loop.status).toBe(400);
      expect(loop.body.message).toBe('不能把课程分类移动到它自身或其子分类下');
    }
    const [unchanged] = await db().select().from(courseCategories).where(eq(courseCategories.id, skills.id));
    expect(unchanged?.parentId).toBeNull();

    const withChild = await call(t, 'POST', `${C.categoryDelete.path}?categoryId=${skills.id}`, {
      user: org.admin,
    });
    expect(withChild.status).toBe(409);
    expect(withChild.body.message).toContain('子分类');
    const c = await course({ name: '分类里的课', categoryId: dev.id });
    const withCourse = await call(t, 'POST', `${C.categoryDelete.path}?categoryId=${dev.id}`, {
      user: org.admin,
    });
    expect(withCourse.status).toBe(409);
    expect(withCourse.body.message).toContain('1 门课程');
    expect(await db().select().from(courseCategories).where(eq(courseCategories.id, dev.id))).toHaveLength(1);

    const hidden = await api(t, org.admin, C.categoryPublish, {
      query: { categoryId: skills.id, published: 'false' },
    });
    expect(hidden.published).toBe(false);
    const detail = await api(t, org.admin, C.get, { query: { courseId: c.courseId } });
    expect(detail.categoryPath).toBe('专业技能/软件开发');
    expect(detail.categoryPublished).toBe(false);

    await api(t, org.admin, C.delete, { query: { courseId: c.courseId } });
    await api(t, org.admin, C.categoryDelete, { query: { categoryId: dev.id } });
    expect(await db().select().from(courseCategories).where(eq(courseCategories.id, dev.id))).toHaveLength(0);
  });
});

describe('courses', () => {
  it('adds a course with sanitised intro, cover, teachers and tags; refuses bad input and changes nothing', async () => {
    const teacher = await api(t, org.admin, C.teacherAdd, { body: { name: '王老师', title: '高级工程师' } });
    const tagId = await courseTag(org);
    const coverFileId = await publicImage(org);
    const created = await course({
      name: '  安全编码  ',
      intro: '<p>好课<script>alert(1)</script><img src="x" onerror="alert(1)"></p>',
      coverFileId,
      teacherIds: [teacher.teacherId],
      tagIds: [tagId],
      kind: 'required',
      credits: 1.5,
      minutes: 90,
      completePercent: 80,
      noSkip: true,
    });
    expect(created).toMatchObject({
      name: '安全编码',
      status: 'draft',
      kind: 'required',
      credits: 1.5,
      minutes: 90,
      completePercent: 80,
      noSkip: true,
      teachers: [{ teacherId: teacher.teacherId, name: '王老师' }],
    });
    expect(created.coverUrl).toMatch(/^\/api\/files\//);
    expect(created.intro).toBe('<p>好课<img src="x" /></p>');
    expect(created.tags.map((tg) => tg.tagId)).toEqual([tagId]);

    const before = (await db().select().from(courses).where(eq(courses.organizationId, org.id))).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, '课程名称不能为空'],
      [{ name: 'x', credits: -1 }, '学分不能为负数'],
      [{ name: 'x', credits: 1.25 }, '学分最多保留一位小数'],
      [{ name: 'x', completePercent: 0 }, '完成比例必须在 1% 到 100% 之间'],
      [{ name: 'x', kind: 'must' }, '课程类型只能是必修或选修'],
      [{ name: 'x', tagIds: [await courseTag(org, unique('岗位'), TagType.POST)] }, '不是课程标签'],
      [{ name: 'x', coverFileId: await publicImage(org, 'application/pdf') }, '封面图片不存在'],
      [{ name: 'x', coverFileId: await publicImage(org, 'image/png', 0) }, '封面图片不存在'],
    ];
    for (const [body, message] of bad) {
      const res = await call(t, 'POST', C.add.path, { user: org.admin, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.body.message).toContain(message);
    }
    expect((await db().select().from(courses).where(eq(courses.organizationId, org.id))).length).toBe(before);

    const modified = await api(t, org.admin, C.modify, {
      body: { courseId: created.courseId, intro: '  ', teacherIds: [], kind: 'elective' },
    });
    expect(modified).toMatchObject({ intro: null, teachers: [], kind: 'elective', name: '安全编码' });
  });

  it('searches by category (with sub-categories), keyword, status, kind, tag and teacher', async () => {
    const top = await category(unique('通用'));
    const sub = await category('子类', top.id);
    const teacher = await api(t, org.admin, C.teacherAdd, { body: { name: unique('讲师') } });
    const tagId = await courseTag(org);
    const a = await course({ name: unique('检索甲'), categoryId: sub.id, kind: 'required', tagIds: [tagId] });
    const b = await course({ name: unique('检索乙'), categoryId: top.id, teacherIds: [teacher.teacherId] });
    await course({ name: unique('检索丙') });
    const ids = async (filter: Record<string, unknown>) =>
      (await api(t, org.admin, C.search, { query: { page: 0, size: 50 }, body: filter })).map(
        (r) => r.courseId,
      );
    expect(new Set(await ids({ categoryId: top.id }))).toEqual(new Set([a.courseId, b.courseId]));
    expect(await ids({ categoryId: sub.id })).toEqual([a.courseId]);
    expect(await ids({ categoryId: top.id, kind: 'required' })).toEqual([a.courseId]);
    expect(await ids({ tagId })).toEqual([a.courseId]);
    expect(await ids({ teacherId: teacher.teacherId })).toEqual([b.courseId]);
    expect(await ids({ keyword: '检索乙' })).toEqual([b.courseId]);
    expect((await ids({ status: 'open', categoryId: top.id })).length).toBe(0);
    const options = await api(t, org.admin, C.simple, { query: { keyword: '检索甲' } });
    expect(options.map((o) => o.courseId)).toEqual([a.courseId]);
  });

  it('opens only with a section, closes, reopens, refuses deleting an open course', async () => {
    const c = await course({ name: unique('开课') });
    const empty = await call(t, 'POST', `${C.open.path}?courseId=${c.courseId}`, { user: org.admin });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('还没有任何小节');
    expect((await storedCourse(c.courseId))?.status).toBe('draft');
    const notOpen = await call(t, 'POST', `${C.close.path}?courseId=${c.courseId}`, { user: org.admin });
    expect(notOpen.status).toBe(400);
    await withSections(org, c.courseId, 1);
    expect((await api(t, org.admin, C.open, { query: { courseId: c.courseId } })).status).toBe('open');
    const del = await call(t, 'POST', `${C.delete.path}?courseId=${c.courseId}`, { user: org.admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('请先关闭课程');
    expect((await api(t, org.admin, C.close, { query: { courseId: c.courseId } })).status).toBe('closed');
    expect((await api(t, org.admin, C.open, { query: { courseId: c.courseId } })).status).toBe('open');
    await api(t, org.admin, C.close, { query: { courseId: c.courseId } });
    await api(t, org.admin, C.delete, { query: { courseId: c.courseId } });
    expect(await storedCourse(c.courseId)).toBeUndefined();
  });

  it('copies deeply: teachers, tags, chapters, sections (same files) — not members, and no stream key', async () => {
    const teacher = await api(t, org.admin, C.teacherAdd, { body: { name: unique('讲师') } });
    const tagId = await courseTag(org);
    const source = await course({
      name: '原课程',
      teacherIds: [teacher.teacherId],
      tagIds: [tagId],
      credits: 2,
    });
    const sectionIds = await withSections(org, source.courseId, 3);
    await db()
      .update(courseSections)
      .set({ fileId: await publicImage(org) })
      .where(eq(courseSections.id, sectionIds[0] as number));
    await api(t, org.admin, C.open, { query: { courseId: source.courseId } });
    await api(t, org.admin, C.memberAdd, { body: { courseId: source.courseId, userIds: [org.staff.id] } });

    const copy = await api(t, org.admin, C.copy, { query: { courseId: source.courseId } });
    expect(copy).toMatchObject({
      name: '原课程（副本）',
      status: 'draft',
      credits: 2,
      sectionCount: 3,
      memberCount: 0,
    });
    expect(copy.chapterCount).toBe(1);
    expect(
      await db().select().from(courseTeachers).where(eq(courseTeachers.courseId, copy.courseId)),
    ).toHaveLength(1);
    expect(await db().select().from(courseTags).where(eq(courseTags.courseId, copy.courseId))).toHaveLength(
      1,
    );
    const [origin, copied] = await Promise.all(
      [source.courseId, copy.courseId].map((id) =>
        db()
          .select()
          .from(courseSections)
          .where(eq(courseSections.courseId, id))
          .orderBy(courseSections.sort),
      ),
    );
    expect(copied?.map((s) => [s.title, s.kind, s.fileId])).toEqual(
      origin?.map((s) => [s.title, s.kind, s.fileId]),
    );
    expect(copied?.every((s) => s.chapterId !== origin?.[0]?.chapterId)).toBe(true);
    expect(copied?.[2]).toMatchObject({ liveStreamKey: null, liveStatus: 'scheduled' });
    expect(
      await db().select().from(courseMembers).where(eq(courseMembers.courseId, copy.courseId)),
    ).toHaveLength(0);
  });

  it('exports the filtered list to Excel', async () => {
    const name = unique('导出课');
    await course({ name, kind: 'required', credits: 3 });
    const file = await download(t, 'POST', C.export.path, { user: org.admin, body: { keyword: name } });
    expect(file.status).toBe(200);
    const rows = sheetRows((await readWorkbook(file.data)).getWorksheet('课程列表'));
    expect(rows[0]?.slice(0, 4)).toEqual(['课程名称', '课程分类', '类型', '状态']);
    expect(rows[1]?.slice(0, 4)).toEqual([name, '全部课程', '必修', '未发布']);
    expect(rows).toHaveLength(2);
  });
});

describe('teachers', () => {
  it('lists, links a staff member, and refuses deleting one who still teaches', async () => {
    const linked = await api(t, org.admin, C.teacherAdd, {
      body: { name: unique('内训师'), userId: org.staff.id, intro: '十年经验' },
    });
    expect(linked.userName).toBe('员工');
    const foreignUser = await call(t, 'POST', C.teacherAdd.path, {
      user: org.admin,
      body: { name: '外人', userId: other.staff.id },
    });
    expect(foreignUser.status).toBe(404);
    const c = await course({ name: unique('讲师课'), teacherIds: [linked.teacherId] });
    const page = await call(t, 'GET', `${C.teacherList.path}?keyword=${encodeURIComponent(linked.name)}`, {
      user: org.admin,
    });
    expect(data<TeacherRow[]>(page)[0]?.courseCount).toBe(1);
    const refused = await call(t, 'POST', `${C.teacherDelete.path}?teacherId=${linked.teacherId}`, {
      user: org.admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 门课程');
    await api(t, org.admin, C.modify, { body: { courseId: c.courseId, teacherIds: [] } });
    await api(t, org.admin, C.teacherDelete, { query: { teacherId: linked.teacherId } });
    expect(await db().select().from(teachers).where(eq(teachers.id, linked.teacherId))).toHaveLength(0);
  });
});

describe('members, groups, statistics and evaluations', () => {
  it('enrols a department with its sub-departments, staff and tags; filters, groups, removes', async () => {
    const [parentDept, childDept] = org.departmentIds as [number, number];
    const [grandChild] = await db()
      .insert(departments)
      .values({ organizationId: org.id, name: unique('孙部门'), parentId: childDept })
      .returning({ id: departments.id });
    const deep = await createMember(t, org, 'staff', {
      realName: '孙部门员工',
      departmentId: grandChild?.id,
    });
    const left = await createMember(t, org, 'staff', {
      realName: '已离职',
      departmentId: childDept,
      status: 1,
    });
    const c = await course({ name: unique('入职') });

    const onlyTop = await api(t, org.admin, C.memberAdd, {
      body: { courseId: c.courseId, departmentIds: [parentDept], includeSubDepartments: false },
    });
    expect(onlyTop.count).toBe(1); // the admin, in 研发部 itself
    const all = await api(t, org.admin, C.memberAdd, {
      body: { courseId: c.courseId, departmentIds: [parentDept], includeSubDepartments: true },
    });
    expect(all.count).toBe(2); // staff (前端组) and the grandchild's member; not the one who left
    const again = await api(t, org.admin, C.memberAdd, {
      body: { courseId: c.courseId, userIds: [org.staff.id] },
    });
    expect(again.count).toBe(0);
    const stored = await db().select().from(courseMembers).where(eq(courseMembers.courseId, c.courseId));
    expect(stored.map((m) => m.userId).sort()).toEqual([org.admin.id, org.staff.id, deep.id].sort());
    expect(stored.every((m) => m.source === 'department')).toBe(true);
    expect(stored.some((m) => m.userId === left.id)).toBe(false);

    const empty = await call(t, 'POST', C.memberAdd.path, {
      user: org.admin,
      body: { courseId: c.courseId },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请选择要添加的部门、员工或标签');

    const inChild = await call(t, 'POST', `${C.memberList.path}?page=0&size=10`, {
      user: org.admin,
      body: { courseId: c.courseId, departmentId: childDept },
    });
    expect(
      data<CourseMemberRow[]>(inChild)
        .map((m) => m.userId)
        .sort(),
    ).toEqual([org.staff.id, deep.id].sort());

    const group = await api(t, org.admin, C.groupAdd, { body: { courseId: c.courseId, name: '一班' } });
    const dupGroup = await call(t, 'POST', C.groupAdd.path, {
      user: org.admin,
      body: { courseId: c.courseId, name: '一班' },
    });
    expect(dupGroup.status).toBe(409);
    await api(t, org.admin, C.memberGroup, {
      body: { courseId: c.courseId, userIds: [org.staff.id, deep.id], groupId: group.groupId },
    });
    const groups = await api(t, org.admin, C.groupList, { query: { courseId: c.courseId } });
    expect(groups.map((g) => [g.name, g.memberCount])).toEqual([['一班', 2]]);
    const noGroup = await call(t, 'POST', `${C.memberList.path}?page=0&size=10`, {
      user: org.admin,
      body: { courseId: c.courseId, groupId: 0 },
    });
    expect(data<CourseMemberRow[]>(noGroup).map((m) => m.userId)).toEqual([org.admin.id]);
    await api(t, org.admin, C.groupDelete, { query: { groupId: group.groupId } });
    const afterDelete = await db().select().from(courseMembers).where(eq(courseMembers.courseId, c.courseId));
    expect(afterDelete.every((m) => m.groupId === null)).toBe(true);

    const [firstSection] = await withSections(org, c.courseId, 1);
    await db()
      .insert(courseProgress)
      .values(
        [deep.id, org.staff.id].map((userId) => ({
          sectionId: firstSection as number,
          userId,
          courseId: c.courseId,
          organizationId: org.id,
        })),
      );
    await api(t, org.admin, C.memberRemove, { body: { courseId: c.courseId, userIds: [deep.id] } });
    const progressLeft = await db()
      .select()
      .from(courseProgress)
      .where(eq(courseProgress.courseId, c.courseId));
    expect(progressLeft.map((p) => p.userId)).toEqual([org.staff.id]);
    expect(
      await db().select().from(courseMembers).where(eq(courseMembers.courseId, c.courseId)),
    ).toHaveLength(2);

    const file = await download(t, 'POST', C.memberExport.path, {
      user: org.admin,
      body: { courseId: c.courseId },
    });
    expect(file.status).toBe(200);
    const rows = sheetRows((await readWorkbook(file.data)).getWorksheet('课程学员'));
    expect(rows).toHaveLength(3);
    expect(rows[0]?.slice(0, 2)).toEqual(['姓名', '账号']);
  });

  it('counts enrolled, started, completed, progress and rating per course and department in one call', async () => {
    const c = await course({ name: unique('统计') });
    await api(t, org.admin, C.memberAdd, {
      body: { courseId: c.courseId, userIds: [org.admin.id, org.staff.id] },
    });
    const now = new Date();
    await db()
      .update(courseMembers)
      .set({ startedAt: now, completedAt: now, progressPercent: 100 })
      .where(eq(courseMembers.userId, org.staff.id));
    await db()
      .update(courseMembers)
      .set({ startedAt: now, progressPercent: 35 })
      .where(eq(courseMembers.userId, org.admin.id));
    await db()
      .insert(courseEvaluations)
      .values([
        { organizationId: org.id, courseId: c.courseId, userId: org.staff.id, rating: 5, comment: '很好' },
        { organizationId: org.id, courseId: c.courseId, userId: org.admin.id, rating: 4, comment: '不错' },
      ]);
    const stats = await api(t, org.admin, C.statistics, { query: { courseId: c.courseId } });
    expect(stats).toMatchObject({
      enrolled: 2,
      started: 2,
      completed: 1,
      completionRate: 50,
      averageProgress: 67.5,
      averageRating: 4.5,
      ratingCount: 2,
    });
    expect(stats.byDepartment.map((d) => [d.departmentName, d.enrolled, d.completed]).sort()).toEqual(
      [
        ['前端组', 1, 1],
        ['研发部', 1, 0],
      ].sort(),
    );
    const [row] = await api(t, org.admin, C.search, {
      query: { page: 0, size: 5 },
      body: { keyword: c.name },
    });
    expect(row).toMatchObject({ memberCount: 2, completedCount: 1, completionRate: 50, averageRating: 4.5 });
    const summary = await api(t, org.admin, C.summary);
    expect(summary.enrolled).toBeGreaterThanOrEqual(2);
    expect(summary.averageRating).not.toBeNull();

    const list = await call(t, 'GET', `${C.evaluationList.path}?courseId=${c.courseId}&rating=5`, {
      user: org.admin,
    });
    const [five] = data<EvaluationRow[]>(list);
    expect(five).toMatchObject({ rating: 5, comment: '很好', hidden: false, realName: '员工' });
    const hidden = await api(t, org.admin, C.evaluationHide, {
      body: { evaluationId: five?.evaluationId as number, hidden: true },
    });
    expect(hidden.hidden).toBe(true);
    const [storedEval] = await db()
      .select()
      .from(courseEvaluations)
      .where(eq(courseEvaluations.id, five?.evaluationId as number));
    expect(storedEval?.hidden).toBe(1);
    const badRating = await call(t, 'GET', `${C.evaluationList.path}?courseId=${c.courseId}&rating=6`, {
      user: org.admin,
    });
    expect(badRating.status).toBe(400);
    expect(badRating.body.message).toContain('评分必须在 1 到 5 之间');
  });

  it('lists as course managers the administrators and the holders of a course-managing role', async () => {
    const manager = await createMember(t, org, await createRole(t, org, [702]), { realName: '课程管理员' });
    const trainer = await createMember(t, org, 'trainer', { realName: '培训专员' });
    const list = data<CourseManager[]>(await call(t, 'GET', C.managers.path, { user: org.admin }));
    const ids = list.map((m) => m.userId);
    expect(ids).toEqual(expect.arrayContaining([org.admin.id, manager.id, trainer.id]));
    expect(ids).not.toContain(org.staff.id);
    expect(ids).not.toContain(other.admin.id);
    expect(list[0]?.isAdmin).toBe(true);
  });
});

describe('organisation boundaries and permissions', () => {
  it("answers 404 to another organisation's ids for reads and writes, and changes nothing", async () => {
    const cat = await category(unique('外部分类'), 0, other);
    const foreign = await course({ name: unique('外部课程'), categoryId: cat.id }, other);
    await withSections(other, foreign.courseId, 1);
    const teacher = await api(t, other.admin, C.teacherAdd, { body: { name: unique('外部讲师') } });
    const group = await api(t, other.admin, C.groupAdd, {
      body: { courseId: foreign.courseId, name: '外班' },
    });
    await api(t, other.admin, C.memberAdd, {
      body: { courseId: foreign.courseId, userIds: [other.staff.id] },
    });
    const [evaluation] = await db()
      .insert(courseEvaluations)
      .values({ organizationId: other.id, courseId: foreign.courseId, userId: other.staff.id, rating: 3 })
      .returning({ id: courseEvaluations.id });
    const mine = await course({ name: unique('本组织课') });
    const id = foreign.courseId;
    const calls: [string, string, unknown?][] = [
      ['GET', `${C.get.path}?courseId=${id}`],
      ['GET', `${C.statistics.path}?courseId=${id}`],
      ['GET', `${C.groupList.path}?courseId=${id}`],
      ['GET', `${C.evaluationList.path}?courseId=${id}`],
      ['POST', `${C.memberList.path}`, { courseId: id }],
      ['POST', `${C.memberExport.path}`, { courseId: id }],
      ['POST', C.search.path, { categoryId: cat.id }],
      ['POST', C.modify.path, { courseId: id, name: '改名' }],
      ['POST', `${C.delete.path}?courseId=${id}`],
      ['POST', `${C.copy.path}?courseId=${id}`],
      ['POST', `${C.close.path}?courseId=${id}`],
      ['POST', C.categoryModify.path, { categoryId: cat.id, name: '改名' }],
      ['POST', `${C.categoryDelete.path}?categoryId=${cat.id}`],
      ['POST', `${C.categoryPublish.path}?categoryId=${cat.id}&published=false`],
      ['POST', C.teacherModify.path, { teacherId: teacher.teacherId, name: '改名' }],
      ['POST', `${C.teacherDelete.path}?teacherId=${teacher.teacherId}`],
      ['POST', C.memberAdd.path, { courseId: id, userIds: [org.staff.id] }],
      ['POST', C.memberRemove.path, { courseId: id, userIds: [other.staff.id] }],
      ['POST', C.memberGroup.path, { courseId: id, userIds: [other.staff.id], groupId: 0 }],
      ['POST', C.groupAdd.path, { courseId: id, name: '新班' }],
      ['POST', C.groupModify.path, { groupId: group.groupId, name: '改名' }],
      ['POST', `${C.groupDelete.path}?groupId=${group.groupId}`],
      ['POST', C.evaluationHide.path, { evaluationId: evaluation?.id, hidden: true }],
      // Own course, foreign references.
      ['POST', C.modify.path, { courseId: mine.courseId, categoryId: cat.id }],
      ['POST', C.modify.path, { courseId: mine.courseId, teacherIds: [teacher.teacherId] }],
      ['POST', C.memberAdd.path, { courseId: mine.courseId, userIds: [other.staff.id] }],
      ['POST', C.memberAdd.path, { courseId: mine.courseId, departmentIds: [other.departmentIds[0]] }],
      [
        'POST',
        C.memberGroup.path,
        { courseId: mine.courseId, userIds: [org.staff.id], groupId: group.groupId },
      ],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t, method as 'GET' | 'POST', url, { user: org.admin, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await storedCourse(id)).toMatchObject({ name: foreign.name, status: 'draft', categoryId: cat.id });
    const [storedCat] = await db().select().from(courseCategories).where(eq(courseCategories.id, cat.id));
    expect(storedCat).toMatchObject({ name: cat.name, published: 1 });
    expect(await db().select().from(teachers).where(eq(teachers.id, teacher.teacherId))).toHaveLength(1);
    const members = await db().select().from(courseMembers).where(eq(courseMembers.courseId, id));
    expect(members.map((m) => [m.userId, m.groupId])).toEqual([[other.staff.id, null]]);
    expect(
      await db().select().from(courseMembers).where(eq(courseMembers.courseId, mine.courseId)),
    ).toHaveLength(0);
    expect(
      (
        await db()
          .select()
          .from(courseEvaluations)
          .where(eq(courseEvaluations.id, evaluation?.id as number))
      )[0]?.hidden,
    ).toBe(0);
    const search = await api(t, org.admin, C.search, { query: { page: 0, size: 100 }, body: {} });
    expect(search.some((r: CourseRow) => r.courseId === id)).toBe(false);
    const tree = await api(t, org.admin, C.categoryTree);
    expect(JSON.stringify(tree)).not.toContain(cat.name);
  });

  it('refuses staff without the course menu (403) and lets a role with it in', async () => {
    const before = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.organizationId, org.id));
    for (const [method, url, body] of [
      ['POST', C.add.path, { name: '无权' }],
      ['GET', C.categoryTree.path],
      ['POST', `${C.search.path}`, {}],
      ['GET', C.managers.path],
    ] as const) {
      const res = await call(t, method, url, { user: org.staff, body });
      expect(res.status, url).toBe(403);
    }
    const after = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.organizationId, org.id));
    expect(after.length).toBe(before.length);
    const reader = await createMember(t, org, await createRole(t, org, [923]));
    expect((await call(t, 'POST', C.search.path, { user: reader, body: {} })).status).toBe(200);
    expect((await call(t, 'POST', C.add.path, { user: reader, body: { name: '只读' } })).status).toBe(403);
    const admin = await createMember(t, org, await createRole(t, org, [702]));
    expect((await call(t, 'POST', C.add.path, { user: admin, body: { name: unique('有权') } })).status).toBe(
      200,
    );
  });
});
