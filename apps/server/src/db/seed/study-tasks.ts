import { sql } from 'drizzle-orm';
import { rowsOf } from '../client';
import { refreshAssignees } from '../../modules/study-task/study-task-progress.repo';
import { DEMO_COURSES } from './courses';
import { DEMO_EXAM_NAMES } from './exams';
import { DAY_MS, need, type Demo } from './demo';

/** The demo's study tasks (issue 18): one running, one finished last week. */
export const DEMO_TASK_NAMES = {
  running: '技术部季度学习任务',
  finished: '安全月学习任务',
} as const;

interface TaskSpec {
  name: string;
  description: string;
  startAt: number;
  dueAt: number;
  items: { kind: 'course' | 'exam'; refId: number }[];
}

async function examIdNamed(demo: Demo, name: string): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await demo.db.execute(sql`select id from exams
      where organization_id = ${demo.organizationId}::bigint and name = ${name} order by id limit 1`),
  );
  if (!row) throw new Error(`demo seed: exam ${name} missing (step order?)`);
  return Number(row.id);
}

/**
 * One task allocated to a department with its sub-departments, in set-based statements: the task, its
 * items, the audience, one assignee per active member, their enrolment in the courses (existing members
 * keep their row) and candidacy in the exams. Returns the task's id.
 */
async function allocateToDepartment(demo: Demo, spec: TaskSpec, departmentIds: number[]): Promise<number> {
  const org = demo.organizationId;
  const admin = need(demo.people, 'admin');
  const [task] = rowsOf<{ id: string | number }>(
    await demo.db.execute(sql`
      insert into study_tasks (organization_id, name, description, start_at, due_at, created_by, created_at)
      values (${org}::bigint, ${spec.name}, ${spec.description}, ${new Date(spec.startAt).toISOString()}::timestamptz,
        ${new Date(spec.dueAt).toISOString()}::timestamptz, ${admin}::bigint,
        ${new Date(spec.startAt - DAY_MS).toISOString()}::timestamptz)
      returning id`),
  );
  const taskId = Number(task!.id);
  const items = JSON.stringify(spec.items.map((item, sort) => ({ ...item, sort })));
  const departments = `{${departmentIds.join(',')}}`;
  const assignedAt = new Date(spec.startAt).toISOString();
  await demo.db.execute(sql`
    insert into study_task_items (task_id, kind, ref_id, sort)
    select ${taskId}::bigint, i.kind, i."refId", i.sort
    from jsonb_to_recordset(${items}::jsonb) as i(kind text, "refId" bigint, sort int)`);
  await demo.db.execute(sql`
    insert into study_task_audiences (task_id, organization_id, kind, ref_id, include_sub)
    values (${taskId}::bigint, ${org}::bigint, 'department', ${departmentIds[0]}::bigint, true)`);
  await demo.db.execute(sql`
    insert into study_task_assignees (task_id, user_id, organization_id, source, assigned_at)
    select ${taskId}::bigint, u.id, ${org}::bigint, 'department', ${assignedAt}::timestamptz from users u
    where u.organization_id = ${org}::bigint and u.status = 0 and u.department_id = any(${departments}::bigint[])`);
  await demo.db.execute(sql`
    insert into course_members (course_id, user_id, organization_id, source, enrolled_at)
    select i.ref_id, a.user_id, ${org}::bigint, 'task', ${assignedAt}::timestamptz
    from study_task_items i join study_task_assignees a on a.task_id = i.task_id
    where i.task_id = ${taskId}::bigint and i.kind = 'course'
    on conflict do nothing`);
  await demo.db.execute(sql`
    insert into exam_candidates (exam_id, user_id, organization_id)
    select i.ref_id, a.user_id, ${org}::bigint
    from study_task_items i join study_task_assignees a on a.task_id = i.task_id
    where i.task_id = ${taskId}::bigint and i.kind = 'exam'
    on conflict do nothing`);
  // The assignment reminders count as sent (the demo's bell stays quiet).
  await demo.db.execute(sql`
    insert into study_task_reminders (task_id, user_id, kind, sent_at)
    select task_id, user_id, 'assigned', ${assignedAt}::timestamptz from study_task_assignees
    where task_id = ${taskId}::bigint`);
  await refreshAssignees(demo.db, org, [{ id: taskId, clearedAt: null }]);
  return taskId;
}

/**
 * Demo step: 技术部 (with 研发组 and 测试组) has a running task — the security course zhangsan has
 * completed, the TypeScript course he is half-way through and the exam running now — and a task that
 * ended last week (the security course and last week's exam), which most of them finished.
 */
export async function seedDemoStudyTasks(demo: Demo): Promise<void> {
  const tech = ['技术部', '研发组', '测试组'].map((name) => need(demo.departments, name));
  await allocateToDepartment(
    demo,
    {
      name: DEMO_TASK_NAMES.running,
      description: '本季度技术部必修：信息安全意识、TypeScript 编程入门，并参加全员安全生产知识考试。',
      startAt: demo.now - 3 * DAY_MS,
      dueAt: demo.now + 10 * DAY_MS,
      items: [
        { kind: 'course', refId: need(demo.courses, DEMO_COURSES.security) },
        { kind: 'course', refId: need(demo.courses, DEMO_COURSES.typescript) },
        { kind: 'exam', refId: await examIdNamed(demo, DEMO_EXAM_NAMES.running) },
      ],
    },
    tech,
  );
  await allocateToDepartment(
    demo,
    {
      name: DEMO_TASK_NAMES.finished,
      description: '安全生产月：学习信息安全意识课程并通过月度考核。',
      startAt: demo.now - 14 * DAY_MS,
      dueAt: demo.now - 6 * DAY_MS,
      items: [
        { kind: 'course', refId: need(demo.courses, DEMO_COURSES.security) },
        { kind: 'exam', refId: await examIdNamed(demo, DEMO_EXAM_NAMES.finished) },
      ],
    },
    tech,
  );
}
