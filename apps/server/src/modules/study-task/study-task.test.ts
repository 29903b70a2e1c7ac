import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOrg,
  createTestApp,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember, download, readWorkbook, sheetRows } from '../../../test/support';
import {
  courseMembers,
  examAttempts,
  examCandidates,
  exams,
  noticeReceives,
  notices,
  practiceRounds,
  practices,
  studyTaskAssignees,
  studyTaskItems,
  studyTasks,
  tags,
  userTags,
} from '../../db/schema';
import type {
  AssigneeRow,
  MyTaskRow,
  TaskAnswer,
  TaskDetail,
  TaskRow,
} from '@kaopei/shared/contracts/study-task';
import { makeCourse } from '../learn/learn.fixtures';
import { runTaskReminders } from './study-task-remind';

const T = '/course/api/v1/study/task';
const DAY = 86_400_000;
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

async function exam(o: TestOrg, name = '考试') {
  const [row] = await db()
    .insert(exams)
    .values({ organizationId: o.id, name, status: 1 })
    .returning({ id: exams.id });
  return row!.id;
}

async function practice(o: TestOrg, name = '练习', status = 1) {
  const [row] = await db()
    .insert(practices)
    .values({ organizationId: o.id, name, status })
    .returning({ id: practices.id });
  return row!.id;
}

async function things(o: TestOrg) {
  const course = await makeCourse(db(), o.id, { sections: [{ kind: 'video' }] });
  return { courseId: course.id, examId: await exam(o), practiceId: await practice(o) };
}

const itemsOf = (x: { courseId: number; examId: number; practiceId: number }) => [
  { kind: 'course', refId: x.courseId },
  { kind: 'exam', refId: x.examId },
  { kind: 'practice', refId: x.practiceId },
];

async function addTask(o: TestOrg, body: Record<string, unknown>) {
  return call(t, 'POST', `${T}/add`, {
    user: o.admin,
    body: { name: '入职任务', startAt: Date.now() - DAY, dueAt: Date.now() + 10 * DAY, ...body },
  });
}

async function newTask(o: TestOrg, body: Record<string, unknown> = {}) {
  const x = await things(o);
  const res = await addTask(o, { items: itemsOf(x), ...body });
  expect(res.status).toBe(200);
  return { ...x, task: data<TaskDetail>(res) };
}

const allocate = (o: TestOrg, body: Record<string, unknown>) =>
  call(t, 'POST', `${T}/allocate`, { user: o.admin, body });

const mine = async (user: TestUser, tab = 'all') =>
  data<MyTaskRow[]>(await call(t, 'GET', `${T}/mine?tab=${tab}`, { user }));

async function finishCourse(courseId: number, userId: number, at = new Date()) {
  await db()
    .update(courseMembers)
    .set({ completedAt: at, startedAt: at, progressPercent: 100 })
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
}

async function passExam(o: TestOrg, examId: number, userId: number, passed = 1, attemptNo = 1) {
  await db()
    .insert(examAttempts)
    .values({
      examId,
      organizationId: o.id,
      userId,
      attemptNo,
      status: 2,
      deadlineAt: new Date(),
      submittedAt: new Date(),
      score: passed ? 90 : 30,
      passed,
    });
}

async function practise(o: TestOrg, practiceId: number, userId: number) {
  await db()
    .insert(practiceRounds)
    .values({
      organizationId: o.id,
      practiceId,
      userId,
      questionIds: [1, 2],
      answered: 2,
      correct: 1,
      finishedAt: new Date(),
    });
}

async function noticesOf(userId: number, title: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(noticeReceives)
    .innerJoin(notices, eq(notices.id, noticeReceives.noticeId))
    .where(and(eq(noticeReceives.userId, userId), eq(notices.title, title)));
  return row?.n ?? 0;
}

describe('task form', () => {
  it('refuses bad input with Chinese messages and stores nothing', async () => {
    const x = await things(org);
    const [before] = await db()
      .select({ n: count() })
      .from(studyTasks)
      .where(eq(studyTasks.organizationId, org.id));
    const empty = await addTask(org, { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请至少添加一项任务内容');
    const backwards = await addTask(org, { items: itemsOf(x), startAt: Date.now(), dueAt: Date.now() - DAY });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('截止时间必须晚于开始时间');
    const kind = await addTask(org, { items: [{ kind: 'video', refId: x.courseId }] });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain('任务内容的类型只能是课程、考试或练习');
    const foreign = await things(other);
    for (const item of itemsOf(foreign)) {
      const res = await addTask(org, { items: [item] });
      expect(res.status).toBe(404);
    }
    const [after] = await db()
      .select({ n: count() })
      .from(studyTasks)
      .where(eq(studyTasks.organizationId, org.id));
    expect(after?.n).toBe(before?.n);
  });

  it('adds, gets, searches by status and modifies', async () => {
    const { task, courseId } = await newTask(org, { name: '安全月任务' });
    expect(task.items.map((i) => i.kind)).toEqual(['course', 'exam', 'practice']);
    expect(task.items[0]!.name).toMatch(/^课程/);
    expect(task.status).toBe('running');
    await newTask(org, { name: '下月任务', startAt: Date.now() + DAY, dueAt: Date.now() + 5 * DAY });
    const running = await call(t, 'POST', `${T}/search`, {
      user: org.admin,
      body: { status: 'running', keyword: '安全月' },
    });
    expect(data<TaskRow[]>(running).map((r) => r.id)).toEqual([task.id]);
    const later = await call(t, 'POST', `${T}/search`, { user: org.admin, body: { status: 'not_started' } });
    expect(data<TaskRow[]>(later).every((r) => r.status === 'not_started')).toBe(true);
    const modified = await call(t, 'POST', `${T}/modify`, {
      user: org.admin,
      body: {
        taskId: task.id,
        name: '安全月任务（改）',
        startAt: task.startAt,
        dueAt: task.dueAt,
        items: [{ kind: 'course', refId: courseId }],
      },
    });
    expect(modified.status).toBe(200);
    expect(data<TaskDetail>(modified).items).toHaveLength(1);
  });

  it('needs the task page menu', async () => {
    const res = await call(t, 'POST', `${T}/search`, { user: org.staff, body: {} });
    expect(res.status).toBe(403);
  });
});

describe('allocation', () => {
  it('assigns departments with sub-departments, staff and tags, enrols and notifies once', async () => {
    const { task, courseId, examId } = await newTask(org);
    const already = await createMember(t, org, 'staff', { departmentId: org.departmentIds[1] });
    await db()
      .insert(courseMembers)
      .values({ courseId, userId: already.id, organizationId: org.id, source: 'staff' });
    const res = await allocate(org, { taskId: task.id, departmentIds: [org.departmentIds[0]] });
    expect(res.status).toBe(200);
    // admin (研发部), staff and `already` (前端组, a sub-department)
    expect(data<{ count: number }>(res).count).toBe(3);
    const again = await allocate(org, {
      taskId: task.id,
      departmentIds: [org.departmentIds[0]],
      userIds: [org.staff.id],
    });
    expect(data<{ count: number }>(again).count).toBe(0);
    const members = await db().select().from(courseMembers).where(eq(courseMembers.courseId, courseId));
    expect(members.find((m) => m.userId === org.staff.id)?.source).toBe('task');
    expect(members.find((m) => m.userId === already.id)?.source).toBe('staff');
    const candidates = await db().select().from(examCandidates).where(eq(examCandidates.examId, examId));
    expect(candidates.map((c) => c.userId).sort()).toEqual([org.admin.id, org.staff.id, already.id].sort());
    expect(await noticesOf(org.staff.id, '新的学习任务')).toBeGreaterThanOrEqual(1);
    const n = await noticesOf(already.id, '新的学习任务');
    expect(n).toBe(1);
    const byDept = await call(t, 'GET', `${T}/department?departmentId=${org.departmentIds[0]}`, {
      user: org.admin,
    });
    expect(data<{ id: number }[]>(byDept).map((r) => r.id)).toContain(task.id);
  });

  it('assigns tag holders and lists the tasks of a tag', async () => {
    const { task } = await newTask(org);
    const [tag] = await db()
      .insert(tags)
      .values({ organizationId: org.id, type: 4, name: `任务标签${task.id}` })
      .returning();
    const holder = await createMember(t, org, 'staff');
    await db().insert(userTags).values({ userId: holder.id, tagId: tag!.id });
    const res = await allocate(org, { taskId: task.id, tagIds: [tag!.id] });
    expect(data<{ count: number }>(res).count).toBe(1);
    const [row] = await db()
      .select()
      .from(studyTaskAssignees)
      .where(and(eq(studyTaskAssignees.taskId, task.id), eq(studyTaskAssignees.userId, holder.id)));
    expect(row?.source).toBe('tag');
    const byTag = await call(t, 'GET', `${T}/tag?tagId=${tag!.id}`, { user: org.admin });
    expect(data<{ id: number }[]>(byTag).map((r) => r.id)).toEqual([task.id]);
  });

  it("refuses another organisation's departments, staff and tags and leaves the rows unchanged", async () => {
    const { task } = await newTask(org);
    const [otherTag] = await db()
      .insert(tags)
      .values({ organizationId: other.id, type: 4, name: '外部标签' })
      .returning();
    for (const body of [
      { departmentIds: [other.departmentIds[0]] },
      { userIds: [other.staff.id] },
      { tagIds: [otherTag!.id] },
    ]) {
      const res = await allocate(org, { taskId: task.id, ...body });
      expect(res.status).toBe(404);
    }
    const rows = await db().select().from(studyTaskAssignees).where(eq(studyTaskAssignees.taskId, task.id));
    expect(rows).toHaveLength(0);
  });
});

describe('progress', () => {
  it('counts each item kind, shows it to the learner and the administrator', async () => {
    const { task, courseId, examId, practiceId } = await newTask(org);
    const learner = await createMember(t, org, 'staff', {
      departmentId: org.departmentIds[1],
      realName: '进度学员',
    });
    await allocate(org, { taskId: task.id, userIds: [learner.id, org.staff.id] });
    let row = (await mine(learner)).find((r) => r.id === task.id);
    expect(row).toMatchObject({ doneCount: 0, itemCount: 3, status: 'not_started' });
    await finishCourse(courseId, learner.id);
    await passExam(org, examId, learner.id, 0);
    row = (await mine(learner)).find((r) => r.id === task.id);
    expect(row).toMatchObject({ doneCount: 1, progressPercent: 33, status: 'in_progress' });
    await passExam(org, examId, learner.id, 1, 2);
    await practise(org, practiceId, learner.id);
    row = (await mine(learner)).find((r) => r.id === task.id);
    expect(row).toMatchObject({ doneCount: 3, progressPercent: 100, status: 'completed' });
    expect((await mine(learner, 'todo')).some((r) => r.id === task.id)).toBe(false);

    const answer = data<TaskAnswer>(
      await call(t, 'GET', `${T}/answer?taskId=${task.id}&userId=${learner.id}`, { user: org.admin }),
    );
    expect(answer.status).toBe('completed');
    const exam = answer.items.find((i) => i.kind === 'exam')!;
    expect(exam.exam?.attempts.map((a) => a.passed)).toEqual([false, true]);
    expect(answer.items.find((i) => i.kind === 'practice')!.practice).toMatchObject({
      rounds: 1,
      accuracy: 50,
    });
    expect(answer.items.find((i) => i.kind === 'course')!.course?.progressPercent).toBe(100);

    const detail = async (body: Record<string, unknown>) =>
      call(t, 'POST', `${T}/detail?page=0&size=20`, { user: org.admin, body: { taskId: task.id, ...body } });
    const all = await detail({});
    expect(all.body.res?.total).toBe(2);
    const done = data<AssigneeRow[]>(await detail({ status: 'completed' }));
    expect(done.map((r) => r.userId)).toEqual([learner.id]);
    expect(done[0]!.items.every((i) => i.done)).toBe(true);
    const fresh = data<AssigneeRow[]>(await detail({ status: 'not_started' }));
    expect(fresh.map((r) => r.userId)).toEqual([org.staff.id]);
    const subDept = data<AssigneeRow[]>(await detail({ departmentId: org.departmentIds[0] }));
    expect(subDept.map((r) => r.userId).sort()).toEqual([learner.id, org.staff.id].sort());
    expect(data<AssigneeRow[]>(await detail({ status: 'overdue' }))).toHaveLength(0);

    const file = await download(t, 'POST', `${T}/detail/export`, {
      user: org.admin,
      body: { taskId: task.id },
    });
    expect(file.status).toBe(200);
    const rows = sheetRows((await readWorkbook(file.data)).getWorksheet('完成情况'));
    expect(rows[0]!.slice(0, 4)).toEqual(['姓名', '账号', '部门', '状态']);
    expect(rows.some((r) => r[0] === '进度学员' && r[3] === '已完成')).toBe(true);
  });

  it('clear resets everyone; only work done after it counts', async () => {
    const { task, courseId, examId } = await newTask(org);
    const learner = await createMember(t, org, 'staff');
    await allocate(org, { taskId: task.id, userIds: [learner.id] });
    await finishCourse(courseId, learner.id, new Date(Date.now() - 1000));
    await passExam(org, examId, learner.id);
    expect((await mine(learner)).find((r) => r.id === task.id)?.doneCount).toBe(2);
    const res = await call(t, 'POST', `${T}/clear?taskId=${task.id}`, { user: org.admin });
    expect(res.status).toBe(200);
    expect((await mine(learner)).find((r) => r.id === task.id)?.doneCount).toBe(0);
    await finishCourse(courseId, learner.id, new Date(Date.now() + 1000));
    expect((await mine(learner)).find((r) => r.id === task.id)?.doneCount).toBe(1);
  });
});

describe('scoping', () => {
  it('a learner sees only their own tasks of their organisation', async () => {
    const { task } = await newTask(org);
    const mineUser = await createMember(t, org, 'staff');
    const notMine = await createMember(t, org, 'staff');
    await allocate(org, { taskId: task.id, userIds: [mineUser.id] });
    expect((await mine(mineUser)).map((r) => r.id)).toContain(task.id);
    expect((await mine(notMine)).map((r) => r.id)).not.toContain(task.id);
    expect((await mine(other.staff)).map((r) => r.id)).not.toContain(task.id);
    expect((await call(t, 'GET', `${T}/mine/get?taskId=${task.id}`, { user: notMine })).status).toBe(404);
    expect((await call(t, 'GET', `${T}/mine/get?taskId=${task.id}`, { user: other.staff })).status).toBe(404);
    const own = await call(t, 'GET', `${T}/mine/get?taskId=${task.id}`, { user: mineUser });
    expect(data<TaskAnswer>(own).items).toHaveLength(3);
  });

  it("answers 404 for another organisation's task and changes nothing", async () => {
    const { task } = await newTask(other);
    const asOrg = { user: org.admin };
    expect((await call(t, 'GET', `${T}/get?taskId=${task.id}`, asOrg)).status).toBe(404);
    expect((await call(t, 'POST', `${T}/detail`, { ...asOrg, body: { taskId: task.id } })).status).toBe(404);
    expect(
      (await call(t, 'GET', `${T}/answer?taskId=${task.id}&userId=${other.staff.id}`, asOrg)).status,
    ).toBe(404);
    expect((await allocate(org, { taskId: task.id, userIds: [org.staff.id] })).status).toBe(404);
    expect((await call(t, 'POST', `${T}/clear?taskId=${task.id}`, asOrg)).status).toBe(404);
    expect((await call(t, 'POST', `${T}/remind?taskId=${task.id}`, asOrg)).status).toBe(404);
    const own = await things(org);
    const modify = await call(t, 'POST', `${T}/modify`, {
      ...asOrg,
      body: { taskId: task.id, name: '改名', startAt: task.startAt, dueAt: task.dueAt, items: itemsOf(own) },
    });
    expect(modify.status).toBe(404);
    expect((await call(t, 'POST', `${T}/delete?taskId=${task.id}`, asOrg)).status).toBe(404);
    const [row] = await db().select().from(studyTasks).where(eq(studyTasks.id, task.id));
    expect(row?.name).toBe(task.name);
    const items = await db().select().from(studyTaskItems).where(eq(studyTaskItems.taskId, task.id));
    expect(items).toHaveLength(3);
  });

  it("refuses modifying a task with another organisation's items, leaving it as it was", async () => {
    const { task } = await newTask(org);
    const foreign = await things(other);
    const res = await call(t, 'POST', `${T}/modify`, {
      user: org.admin,
      body: {
        taskId: task.id,
        name: '改名',
        startAt: task.startAt,
        dueAt: task.dueAt,
        items: itemsOf(foreign),
      },
    });
    expect(res.status).toBe(404);
    const items = await db().select().from(studyTaskItems).where(eq(studyTaskItems.taskId, task.id));
    expect(items.map((i) => i.refId).sort()).toEqual(task.items.map((i) => i.refId).sort());
  });
});

describe('reminders', () => {
  it('fire once per person and kind, even when two runs overlap', async () => {
    const now = Date.now();
    const { task, courseId } = await newTask(org, { startAt: now - DAY, dueAt: now + DAY });
    const a = await createMember(t, org, 'staff');
    const b = await createMember(t, org, 'staff');
    const finished = await createMember(t, org, 'staff');
    await allocate(org, { taskId: task.id, userIds: [a.id, b.id, finished.id] });
    await finishCourse(courseId, finished.id);
    await db()
      .delete(studyTaskItems)
      .where(and(eq(studyTaskItems.taskId, task.id), inArray(studyTaskItems.kind, ['exam', 'practice'])));
    await Promise.all([runTaskReminders(db()), runTaskReminders(db())]);
    await runTaskReminders(db());
    for (const user of [a, b]) expect(await noticesOf(user.id, '学习任务即将截止')).toBe(1);
    expect(await noticesOf(finished.id, '学习任务即将截止')).toBe(0);
    const later = new Date(now + 2 * DAY);
    await Promise.all([runTaskReminders(db(), later), runTaskReminders(db(), later)]);
    for (const user of [a, b]) expect(await noticesOf(user.id, '学习任务已逾期')).toBe(1);
  });

  it('the administrator reminds the unfinished', async () => {
    const { task } = await newTask(org);
    const a = await createMember(t, org, 'staff');
    await allocate(org, { taskId: task.id, userIds: [a.id] });
    const res = await call(t, 'POST', `${T}/remind?taskId=${task.id}`, { user: org.admin });
    expect(data<{ count: number }>(res).count).toBe(1);
    expect(await noticesOf(a.id, '学习任务催办')).toBe(1);
  });
});

describe('pickers', () => {
  it("lists the published exams of the organisation only, without courses' own", async () => {
    const published = await exam(org, '任务考试');
    const foreign = await exam(other, '外部考试');
    const [ownOfCourse] = await db()
      .insert(exams)
      .values({ organizationId: org.id, name: '课程内考试', status: 1, purpose: 'course' })
      .returning({ id: exams.id });
    const ids = data<{ id: number }[]>(await call(t, 'GET', `${T}/exam/simple`, { user: org.admin })).map(
      (r) => r.id,
    );
    expect(ids).toContain(published);
    expect(ids).not.toContain(foreign);
    expect(ids).not.toContain(ownOfCourse!.id);
  });

  it('lists the released practice sets of the organisation only', async () => {
    const released = await practice(org, '已发布练习');
    const draft = await practice(org, '草稿练习', 0);
    const foreign = await practice(other, '外部练习');
    const res = await call(t, 'GET', `${T}/practice/simple`, { user: org.admin });
    const ids = data<{ id: number }[]>(res).map((r) => r.id);
    expect(ids).toContain(released);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(foreign);
  });
});
