/**
 * 学习任务 (issue 18, spec §2 study/task, §7 `/course/api/v1/study/task`): tasks of courses, exams and
 * practice sets with a start and a due date, allocated to departments, staff and tags; each assignee's
 * progress per item, reminders, and the learner's 我的任务.
 */
import { z } from 'zod';
import { ASSIGNEE_STATUSES, TASK_ITEM_KINDS, TASK_STATUSES } from '../study-task';
import {
  countReply,
  endpoint,
  envelopeOf,
  idArray,
  idOf,
  keyword,
  nullableId,
  okReply,
  pagedQuery,
  pageOf,
  paging,
} from './common';

/** The task list page: every administrator endpoint of tasks needs it (menu leaf 701). */
export const STUDY_TASK_MENU = '/manage/study/task';

const T = '/course/api/v1/study/task';
const tag = '学习任务';

export const TASK_NAME_MAX = 100;
export const TASK_DESCRIPTION_MAX = 2000;
export const TASK_ITEMS_MAX = 50;
export const TASK_EXPORT_MAX = 50_000;

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

const taskName = z
  .string({ error: '任务名称不能为空' })
  .trim()
  .min(1, '任务名称不能为空')
  .max(TASK_NAME_MAX, `任务名称不能超过 ${TASK_NAME_MAX} 个字符`);

const description = z
  .preprocess(
    (value: string | null | undefined) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: '任务说明必须是文本' })
      .trim()
      .max(TASK_DESCRIPTION_MAX, `任务说明不能超过 ${TASK_DESCRIPTION_MAX} 个字符`)
      .nullable(),
  )
  .optional();

/** A time as epoch milliseconds (or an ISO string). */
const timeField = (label: string) =>
  z.preprocess(
    (value: number | string | null | undefined) =>
      typeof value === 'string' && !/^\d+$/.test(value.trim()) ? Date.parse(value) : value,
    z.coerce
      .number<number | string>({ error: `${label}不能为空` })
      .int(`${label}不正确`)
      .min(0, `${label}不正确`),
  );

const itemKind = z.enum(TASK_ITEM_KINDS, { error: '任务内容的类型只能是课程、考试或练习' });

export const taskItemInput = z.object({
  kind: itemKind,
  refId: idOf('任务内容'),
});
export type TaskItemInput = z.infer<typeof taskItemInput>;

const items = z
  .array(taskItemInput, { error: '任务内容必须是列表' })
  .min(1, '请至少添加一项任务内容（课程、考试或练习）')
  .max(TASK_ITEMS_MAX, `一个任务最多 ${TASK_ITEMS_MAX} 项内容`)
  .refine(
    (list) => new Set(list.map((i) => `${i.kind}:${i.refId}`)).size === list.length,
    '任务内容不能重复',
  );

const taskFields = z.object({
  name: taskName,
  description,
  startAt: timeField('开始时间'),
  dueAt: timeField('截止时间'),
  items,
});
const dueAfterStart = (body: { startAt: number; dueAt: number }) => body.dueAt > body.startAt;
const DUE_MESSAGE = { message: '截止时间必须晚于开始时间', path: ['dueAt'] };

const taskStatusField = z.enum(TASK_STATUSES, { error: '任务状态只能是未开始、进行中或已结束' });
const assigneeStatusField = z.enum(ASSIGNEE_STATUSES, {
  error: '完成状态只能是未开始、进行中、已完成或已逾期',
});

const taskIdQuery = z.object({ taskId: idOf('学习任务') });

/** The detail filter (list and export). */
export const taskDetailFilter = z.object({
  taskId: idOf('学习任务'),
  /** The department and its sub-departments. */
  departmentId: nullableId('部门'),
  status: assigneeStatusField.optional(),
  keyword,
});
export type TaskDetailFilter = z.input<typeof taskDetailFilter>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const taskItemRow = z.object({
  id: z.number(),
  kind: itemKind,
  refId: z.number(),
  /** The course's, exam's or practice set's name. */
  name: z.string(),
  sort: z.number(),
});
export type TaskItemRow = z.infer<typeof taskItemRow>;

const audienceRow = z.object({
  kind: z.enum(['department', 'staff', 'tag']),
  refId: z.number(),
  name: z.string(),
  includeSub: z.boolean(),
});

export const taskRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  startAt: z.number(),
  dueAt: z.number(),
  status: taskStatusField,
  itemCount: z.number(),
  assigneeCount: z.number(),
  completedCount: z.number(),
  clearedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type TaskRow = z.infer<typeof taskRow>;

export const taskDetail = taskRow.extend({
  items: z.array(taskItemRow),
  audiences: z.array(audienceRow),
});
export type TaskDetail = z.infer<typeof taskDetail>;

export const taskOption = z.object({ id: z.number(), name: z.string(), dueAt: z.number() });

export const assigneeRow = z.object({
  userId: z.number(),
  realName: z.string().nullable(),
  account: z.string(),
  departmentName: z.string().nullable(),
  source: z.string(),
  status: assigneeStatusField,
  doneCount: z.number(),
  itemCount: z.number(),
  progressPercent: z.number(),
  completedAt: z.number().nullable(),
  /** Per item of the task (in its order): done after the baseline, and when. */
  items: z.array(z.object({ itemId: z.number(), done: z.boolean(), doneAt: z.number().nullable() })),
});
export type AssigneeRow = z.infer<typeof assigneeRow>;

/** One item's results for one learner (task/answer and the learner's own task page). */
export const itemResult = taskItemRow.extend({
  done: z.boolean(),
  doneAt: z.number().nullable(),
  course: z
    .object({
      progressPercent: z.number(),
      startedAt: z.number().nullable(),
      completedAt: z.number().nullable(),
    })
    .nullable(),
  exam: z
    .object({
      passScore: z.number().nullable(),
      attempts: z.array(
        z.object({
          attemptId: z.number(),
          attemptNo: z.number(),
          /** 0 in progress, 1 submitted (marking pending), 2 graded. */
          status: z.number(),
          score: z.number().nullable(),
          passed: z.boolean().nullable(),
          submittedAt: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
  practice: z
    .object({
      rounds: z.number(),
      finishedRounds: z.number(),
      answered: z.number(),
      correct: z.number(),
      /** correct ÷ answered as a percent with one decimal; null before any answer. */
      accuracy: z.number().nullable(),
    })
    .nullable(),
});
export type ItemResult = z.infer<typeof itemResult>;

export const taskAnswer = z.object({
  task: taskRow,
  user: z.object({
    userId: z.number(),
    realName: z.string().nullable(),
    account: z.string(),
    departmentName: z.string().nullable(),
  }),
  status: assigneeStatusField,
  doneCount: z.number(),
  progressPercent: z.number(),
  completedAt: z.number().nullable(),
  items: z.array(itemResult),
});
export type TaskAnswer = z.infer<typeof taskAnswer>;

export const myTaskRow = z.object({
  id: z.number(),
  name: z.string(),
  startAt: z.number(),
  dueAt: z.number(),
  status: assigneeStatusField,
  doneCount: z.number(),
  itemCount: z.number(),
  progressPercent: z.number(),
});
export type MyTaskRow = z.infer<typeof myTaskRow>;

export const MY_TASK_TABS = ['todo', 'all'] as const;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const studyTaskContracts = {
  search: endpoint({
    method: 'POST',
    path: `${T}/search`,
    tag,
    summary: '学习任务列表（分页；名称搜索；按状态未开始/进行中/已结束筛选）',
    access: { menu: STUDY_TASK_MENU },
    query: paging,
    body: z.object({ keyword, status: taskStatusField.optional() }).optional(),
    response: pageOf(taskRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${T}/get`,
    tag,
    summary: '学习任务详情（内容与分配对象）',
    access: { menu: STUDY_TASK_MENU },
    query: taskIdQuery,
    response: envelopeOf(taskDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${T}/add`,
    tag,
    summary: '新建学习任务（课程、考试、练习至少一项；截止时间晚于开始时间）',
    access: { menu: STUDY_TASK_MENU },
    body: taskFields.refine(dueAfterStart, DUE_MESSAGE),
    response: envelopeOf(taskDetail),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${T}/modify`,
    tag,
    summary: '修改学习任务（新增的课程与考试对已分配的人员立即生效）',
    access: { menu: STUDY_TASK_MENU },
    body: taskFields.extend({ taskId: idOf('学习任务') }).refine(dueAfterStart, DUE_MESSAGE),
    response: envelopeOf(taskDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${T}/delete`,
    tag,
    summary: '删除学习任务（分配与进度一并删除；课程学员与考生不变）',
    access: { menu: STUDY_TASK_MENU },
    query: taskIdQuery,
    response: countReply,
  }),
  clear: endpoint({
    method: 'POST',
    path: `${T}/clear`,
    tag,
    summary: '清空学习进度（此后完成的内容才计入任务）',
    access: { menu: STUDY_TASK_MENU },
    query: taskIdQuery,
    response: okReply,
  }),
  allocate: endpoint({
    method: 'POST',
    path: `${T}/allocate`,
    tag,
    summary: '批量分配（按部门含子部门、员工、标签；已分配的人员不变；返回新增人数）',
    access: { menu: STUDY_TASK_MENU },
    body: z
      .object({
        taskId: idOf('学习任务'),
        departmentIds: idArray('部门', 200).default([]),
        includeSubDepartments: z.boolean({ error: '包含子部门必须是 true 或 false' }).default(true),
        userIds: idArray('员工', 20_000).default([]),
        tagIds: idArray('用户标签', 50).default([]),
      })
      .refine(
        (body) => body.departmentIds.length + body.userIds.length + body.tagIds.length > 0,
        '请选择要分配的部门、员工或标签',
      ),
    response: countReply,
  }),
  byDepartment: endpoint({
    method: 'GET',
    path: `${T}/department`,
    tag,
    summary: '分配给某部门的学习任务',
    access: { menu: STUDY_TASK_MENU },
    query: z.object({ departmentId: idOf('部门') }),
    response: envelopeOf(z.array(taskOption)),
  }),
  byTag: endpoint({
    method: 'GET',
    path: `${T}/tag`,
    tag,
    summary: '分配给某标签的学习任务',
    access: { menu: STUDY_TASK_MENU },
    query: z.object({ tagId: idOf('用户标签') }),
    response: envelopeOf(z.array(taskOption)),
  }),
  detail: endpoint({
    method: 'POST',
    path: `${T}/detail`,
    tag,
    summary: '任务完成情况（分页；每人每项的进度；部门含子部门；按完成状态筛选）',
    access: { menu: STUDY_TASK_MENU },
    query: paging,
    body: taskDetailFilter,
    response: pageOf(assigneeRow),
  }),
  detailExport: endpoint({
    method: 'POST',
    path: `${T}/detail/export`,
    tag,
    summary: '导出任务完成情况（.xlsx，按当前筛选条件）',
    access: { menu: STUDY_TASK_MENU },
    body: taskDetailFilter,
    response: 'file',
  }),
  remind: endpoint({
    method: 'POST',
    path: `${T}/remind`,
    tag,
    summary: '催办：给每位未完成的人员发一条站内提醒（返回提醒人数）',
    access: { menu: STUDY_TASK_MENU },
    query: taskIdQuery,
    response: countReply,
  }),
  answer: endpoint({
    method: 'GET',
    path: `${T}/answer`,
    tag,
    summary: '某人在任务中的作答与结果（课程进度、考试成绩、练习正确率）',
    access: { menu: STUDY_TASK_MENU },
    query: z.object({ taskId: idOf('学习任务'), userId: idOf('员工') }),
    response: envelopeOf(taskAnswer),
  }),
  practiceOptions: endpoint({
    method: 'GET',
    path: `${T}/practice/simple`,
    tag,
    summary: '可加入任务的练习（本机构已发布的练习；名称搜索；最多 500 个）',
    access: { menu: STUDY_TASK_MENU },
    query: z.object({ keyword }),
    response: envelopeOf(z.array(z.object({ id: z.number(), name: z.string() }))),
  }),
  examOptions: endpoint({
    method: 'GET',
    path: `${T}/exam/simple`,
    tag,
    summary: '可加入任务的考试（本机构已发布的考试，不含课程内考试；名称搜索；最多 500 个）',
    access: { menu: STUDY_TASK_MENU },
    query: z.object({ keyword }),
    response: envelopeOf(z.array(z.object({ id: z.number(), name: z.string() }))),
  }),

  // ---- the learner's side --------------------------------------------------------------------------------
  mine: endpoint({
    method: 'GET',
    path: `${T}/mine`,
    tag,
    summary: '我的任务（分页；todo：未完成且已开始，截止时间近的在前；all：全部）',
    query: pagedQuery({ tab: z.enum(MY_TASK_TABS, { error: '分类只能是 todo 或 all' }).default('all') }),
    response: pageOf(myTaskRow),
  }),
  mineGet: endpoint({
    method: 'GET',
    path: `${T}/mine/get`,
    tag,
    summary: '我的任务详情（每项内容的完成情况与入口）',
    query: taskIdQuery,
    response: envelopeOf(taskAnswer),
  }),
};
