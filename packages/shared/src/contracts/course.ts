/**
 * 课程目录与管理 (issue 17, spec §2 study/course, §3 course tree, §7 Course service): the category tree
 * (root 全部课程 = 0, publish), courses (open/close, copy, export), teachers, learner groups (班级),
 * enrolment (member calls), statistics and the administrator's side of course evaluations.
 * Paths under /course/api/v1 (and `administrator/manager/course` under /user/api/v1).
 */
import { z } from 'zod';
import { COURSE_ENROLMENTS, COURSE_KINDS, COURSE_STATUSES } from '../course';
import {
  countReply,
  endpoint,
  envelopeOf,
  idArray,
  idList,
  idOf,
  keyword,
  nullableId,
  pagedQuery,
  pageOf,
  paging,
  refOf,
} from './common';

/** The course list page: every write of courses, categories, teachers, members and groups needs it. */
export const COURSE_MENU = '/manage/study/course';
/** Pages that read courses (pick one, show one): the study group, course analysis, post learning paths. */
export const COURSE_READ_MENUS = [
  COURSE_MENU,
  '/manage/study/task',
  '/manage/analysis/course',
  '/manage/post/course',
  '/manage/post/ability/material',
] as const;

const C = '/course/api/v1';
const tag = '课程管理';

export const COURSE_NAME_MAX = 100;
export const COURSE_INTRO_MAX = 50_000;
export const COURSE_CREDITS_MAX = 999;
export const COURSE_MINUTES_MAX = 100_000;
/** The pickers' list (`simple`) returns at most this many courses. */
export const COURSE_SIMPLE_MAX = 2000;
export const COURSE_EXPORT_MAX = 10_000;
/** The three member states the list filters by (derived from started_at / completed_at). */
export const MEMBER_STATES = ['not_started', 'learning', 'completed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const MEMBER_STATE_LABELS: Record<MemberState, string> = {
  not_started: '未开始',
  learning: '学习中',
  completed: '已完成',
};

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

const blankToNull = <T>(value: T) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional text where '' or null clears the value. */
const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      (value: string | null | undefined) => blankToNull(value),
      z
        .string({ error: `${label}必须是文本` })
        .trim()
        .max(max, `${label}不能超过 ${max} 个字符`)
        .nullable(),
    )
    .optional();

const categoryName = z
  .string({ error: '分类名称不能为空' })
  .trim()
  .min(1, '分类名称不能为空')
  .max(50, '分类名称不能超过 50 个字符');

const sortField = z
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能为负数')
  .max(100_000, '排序过大')
  .optional();

export const courseNameField = z
  .string({ error: '课程名称不能为空' })
  .trim()
  .min(1, '课程名称不能为空')
  .max(COURSE_NAME_MAX, `课程名称不能超过 ${COURSE_NAME_MAX} 个字符`);

const kindField = z.enum(COURSE_KINDS, { error: '课程类型只能是必修或选修' });
const statusField = z.enum(COURSE_STATUSES, { error: '课程状态只能是未发布、已开课或已关闭' });
const enrolmentField = z.enum(COURSE_ENROLMENTS, { error: '学员范围只能是指定学员或全员可选' });

const creditsField = z.coerce
  .number<number | string>({ error: '学分必须是数字' })
  .min(0, '学分不能为负数')
  .max(COURSE_CREDITS_MAX, `学分不能超过 ${COURSE_CREDITS_MAX}`)
  .refine((value) => Math.round(value * 10) === value * 10, '学分最多保留一位小数');

const minutesField = z.coerce
  .number<number | string>({ error: '学时必须是数字' })
  .int('学时（分钟）必须是整数')
  .min(0, '学时不能为负数')
  .max(COURSE_MINUTES_MAX, `学时不能超过 ${COURSE_MINUTES_MAX} 分钟`);

const completePercentField = z.coerce
  .number<number | string>({ error: '完成比例必须是数字' })
  .int('完成比例必须是整数')
  .min(1, '完成比例必须在 1% 到 100% 之间')
  .max(100, '完成比例必须在 1% 到 100% 之间');

/** The fields of the course form (add; modify takes each optionally). */
const courseFields = {
  /** 0 or null: directly under 全部课程. */
  categoryId: nullableId('课程分类'),
  coverFileId: nullableId('封面'),
  intro: optionalText('课程简介', COURSE_INTRO_MAX),
  kind: kindField.optional(),
  credits: creditsField.optional(),
  minutes: minutesField.optional(),
  enrolment: enrolmentField.optional(),
  noSkip: z.boolean({ error: '禁止拖动进度必须是 true 或 false' }).optional(),
  completePercent: completePercentField.optional(),
  teacherIds: idArray('讲师', 20).optional(),
  tagIds: idArray('课程标签', 20).optional(),
  sort: sortField,
};

/** The course search filter (the list page and the export). */
export const courseFilterSchema = z.object({
  /** The category and all its sub-categories; 0 or absent: every course. */
  categoryId: refOf('课程分类').optional(),
  keyword,
  status: statusField.optional(),
  kind: kindField.optional(),
  tagId: nullableId('课程标签'),
  teacherId: nullableId('讲师'),
});
export type CourseFilter = z.input<typeof courseFilterSchema>;

const teacherName = z
  .string({ error: '讲师姓名不能为空' })
  .trim()
  .min(1, '讲师姓名不能为空')
  .max(50, '讲师姓名不能超过 50 个字符');

const teacherFields = {
  title: optionalText('讲师头衔', 100),
  intro: optionalText('讲师简介', 2000),
  /** The staff member the teacher is (null: an outside lecturer). */
  userId: nullableId('关联员工'),
  avatarFileId: nullableId('讲师头像'),
};

const groupName = z
  .string({ error: '班级名称不能为空' })
  .trim()
  .min(1, '班级名称不能为空')
  .max(50, '班级名称不能超过 50 个字符');

const memberStateField = z.enum(MEMBER_STATES, { error: '学习状态只能是未开始、学习中或已完成' });

/** The member list filter (list and export). */
export const memberFilterSchema = z.object({
  courseId: idOf('课程'),
  /** The department and its sub-departments. */
  departmentId: nullableId('部门'),
  /** A group of the course; 0: members in no group. */
  groupId: refOf('班级').optional(),
  state: memberStateField.optional(),
  keyword,
});
export type MemberFilter = z.input<typeof memberFilterSchema>;

const ratingFilter = z.coerce
  .number<number | string>({ error: '评分必须是数字' })
  .int('评分必须是整数')
  .min(1, '评分必须在 1 到 5 之间')
  .max(5, '评分必须在 1 到 5 之间');

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const courseCategoryRow = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  /** 0 at the top level. */
  parentId: z.number(),
  sort: z.number(),
  /** Unpublished categories hide their courses (and their sub-categories') from learners. */
  published: z.boolean(),
  /** Courses filed directly in this category. */
  courseCount: z.number(),
});
export type CourseCategoryRow = z.infer<typeof courseCategoryRow>;
export type CourseCategoryNode = CourseCategoryRow & { categoryTreeVOS: CourseCategoryNode[] };
/** A category with its sub-categories (`categoryTreeVOS`); the root 全部课程 has id 0. */
export const courseCategoryNode: z.ZodType<CourseCategoryNode> = courseCategoryRow.extend({
  get categoryTreeVOS() {
    return z.array(courseCategoryNode);
  },
});

const teacherRef = z.object({ teacherId: z.number(), name: z.string() });
const tagRef = z.object({ tagId: z.number(), name: z.string(), color: z.string() });

/** A course as the list shows it. */
export const courseRow = z.object({
  courseId: z.number(),
  name: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  kind: z.enum(COURSE_KINDS),
  status: z.enum(COURSE_STATUSES),
  enrolment: z.enum(COURSE_ENROLMENTS),
  credits: z.number(),
  minutes: z.number(),
  teachers: z.array(teacherRef),
  tags: z.array(tagRef),
  sectionCount: z.number(),
  memberCount: z.number(),
  completedCount: z.number(),
  /** Completed ÷ enrolled, percent with one decimal (0 with no members). */
  completionRate: z.number(),
  /** 1–5 with one decimal; null before the first rating. */
  averageRating: z.number().nullable(),
  sort: z.number(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type CourseRow = z.infer<typeof courseRow>;

export const courseDetail = courseRow.extend({
  coverFileId: z.number().nullable(),
  /** Sanitised HTML. */
  intro: z.string().nullable(),
  noSkip: z.boolean(),
  completePercent: z.number(),
  /** e.g. 专业技能/软件开发; '' when directly under 全部课程. */
  categoryPath: z.string(),
  /** Whether every category on the path is published (learners see the course only then). */
  categoryPublished: z.boolean(),
  chapterCount: z.number(),
  ratingCount: z.number(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

/** A course as pickers list it. */
export const courseOption = z.object({
  courseId: z.number(),
  name: z.string(),
  status: z.enum(COURSE_STATUSES),
  categoryId: z.number().nullable(),
});
export type CourseOption = z.infer<typeof courseOption>;

export const teacherRow = z.object({
  teacherId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  intro: z.string().nullable(),
  userId: z.number().nullable(),
  /** The linked staff member's name and account. */
  userName: z.string().nullable(),
  avatarFileId: z.number().nullable(),
  avatarUrl: z.string().nullable(),
  /** Courses the teacher teaches. */
  courseCount: z.number(),
  updatedAt: z.number(),
});
export type TeacherRow = z.infer<typeof teacherRow>;

export const teacherOption = z.object({
  teacherId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
});
export type TeacherOption = z.infer<typeof teacherOption>;

export const courseGroupRow = z.object({
  groupId: z.number(),
  courseId: z.number(),
  name: z.string(),
  memberCount: z.number(),
  createdAt: z.number(),
});
export type CourseGroupRow = z.infer<typeof courseGroupRow>;

export const courseMemberRow = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  jobNumber: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  /** How the member was enrolled: department, staff, tag, self. */
  source: z.string(),
  state: z.enum(MEMBER_STATES),
  progressPercent: z.number(),
  /** Epoch milliseconds (null: not yet). */
  enrolledAt: z.number(),
  startedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  lastStudiedAt: z.number().nullable(),
});
export type CourseMemberRow = z.infer<typeof courseMemberRow>;

/** Figures of one set of members (a course, a department of it). */
const memberFigures = {
  enrolled: z.number(),
  started: z.number(),
  completed: z.number(),
  /** Percent with one decimal. */
  completionRate: z.number(),
  /** Mean progress percent with one decimal. */
  averageProgress: z.number(),
};

export const courseStatistics = z.object({
  courseId: z.number(),
  ...memberFigures,
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  byDepartment: z.array(
    z.object({ departmentId: z.number().nullable(), departmentName: z.string(), ...memberFigures }),
  ),
});
export type CourseStatistics = z.infer<typeof courseStatistics>;

export const courseSummary = z.object({
  courses: z.number(),
  openCourses: z.number(),
  draftCourses: z.number(),
  closedCourses: z.number(),
  /** Enrolments across every course (one person in two courses counts twice). */
  enrolled: z.number(),
  completed: z.number(),
  completionRate: z.number(),
  averageRating: z.number().nullable(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const evaluationRow = z.object({
  evaluationId: z.number(),
  courseId: z.number(),
  userId: z.number(),
  realName: z.string(),
  departmentName: z.string().nullable(),
  rating: z.number(),
  comment: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type EvaluationRow = z.infer<typeof evaluationRow>;

/** A member of staff who may manage courses (administrator/manager/course). */
export const courseManager = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  departmentName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type CourseManager = z.infer<typeof courseManager>;

const courseIdQuery = z.object({ courseId: idOf('课程') });
const publishedQuery = z
  .enum(['true', 'false', '1', '0'], { error: '是否发布只能是 true 或 false' })
  .default('true')
  .transform((value) => value === 'true' || value === '1');

export const courseContracts = {
  // ---- categories ---------------------------------------------------------------------------------------
  categoryTree: endpoint({
    method: 'GET',
    path: `${C}/course/category/simple/tree`,
    tag,
    summary: '课程分类树（根节点「全部课程」id 为 0；子分类在 categoryTreeVOS；含发布状态与课程数）',
    access: { menu: COURSE_READ_MENUS },
    response: envelopeOf(z.array(courseCategoryNode)),
  }),
  categoryAdd: endpoint({
    method: 'POST',
    path: `${C}/course/category/add`,
    tag,
    summary: '新增课程分类（parentId 为 0 时在顶层；同级名称不能重复）',
    access: { menu: COURSE_MENU },
    body: z.object({ name: categoryName, parentId: refOf('上级分类').default(0), sort: sortField }),
    response: envelopeOf(courseCategoryRow),
  }),
  categoryModify: endpoint({
    method: 'POST',
    path: `${C}/course/category/modify`,
    tag,
    summary: '修改课程分类名称、排序或上级分类（不能移到自身或其子分类下）',
    access: { menu: COURSE_MENU },
    body: z.object({
      categoryId: idOf('课程分类'),
      name: categoryName.optional(),
      parentId: refOf('上级分类').optional(),
      sort: sortField,
    }),
    response: envelopeOf(courseCategoryRow),
  }),
  categoryDelete: endpoint({
    method: 'POST',
    path: `${C}/course/category/delete`,
    tag,
    summary: '删除课程分类（有子分类或课程时拒绝）',
    access: { menu: COURSE_MENU },
    query: z.object({ categoryId: idOf('课程分类') }),
    response: countReply,
  }),
  categoryPublish: endpoint({
    method: 'POST',
    path: `${C}/course/category/publish`,
    tag,
    summary: '发布或取消发布课程分类（未发布分类及其子分类下的课程对学员隐藏）',
    access: { menu: COURSE_MENU },
    query: z.object({ categoryId: idOf('课程分类'), published: publishedQuery }),
    response: envelopeOf(courseCategoryRow),
  }),

  // ---- courses ------------------------------------------------------------------------------------------
  search: endpoint({
    method: 'POST',
    path: `${C}/course/search`,
    tag,
    summary: '课程搜索（分页；分类含子分类；关键词匹配名称；含学员数、完成率与平均评分）',
    access: { menu: COURSE_READ_MENUS },
    query: paging,
    body: courseFilterSchema.optional(),
    response: pageOf(courseRow),
  }),
  simple: endpoint({
    method: 'GET',
    path: `${C}/course/simple`,
    tag,
    summary: `课程选择器（名称搜索；最多 ${COURSE_SIMPLE_MAX} 门）`,
    access: { menu: COURSE_READ_MENUS },
    query: z.object({ keyword }),
    response: envelopeOf(z.array(courseOption)),
  }),
  get: endpoint({
    method: 'GET',
    path: `${C}/course/get`,
    tag,
    summary: '课程详情（含简介、讲师、标签、分类路径、章节与小节数）',
    access: { menu: COURSE_READ_MENUS },
    query: courseIdQuery,
    response: envelopeOf(courseDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${C}/course/add`,
    tag,
    summary: '新增课程（状态为未发布；简介为富文本，服务器清洗；封面为已上传的公开图片 id）',
    access: { menu: COURSE_MENU },
    body: z.object({ name: courseNameField, ...courseFields }),
    response: envelopeOf(courseDetail),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${C}/course/modify`,
    tag,
    summary: '修改课程（只改传入的字段；null 清空选填字段；teacherIds/tagIds 传入时整体替换）',
    access: { menu: COURSE_MENU },
    body: z.object({ courseId: idOf('课程'), name: courseNameField.optional(), ...courseFields }),
    response: envelopeOf(courseDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${C}/course/delete`,
    tag,
    summary: '删除课程（已开课的课程需先关闭；章节、学员与学习记录一并删除）',
    access: { menu: COURSE_MENU },
    query: courseIdQuery,
    response: countReply,
  }),
  copy: endpoint({
    method: 'POST',
    path: `${C}/course/copy`,
    tag,
    summary:
      '复制课程（讲师、标签、章节与小节一并复制，不含学员与学习记录；新课程为未发布，名称加「（副本）」）',
    access: { menu: COURSE_MENU },
    query: courseIdQuery,
    response: envelopeOf(courseDetail),
  }),
  open: endpoint({
    method: 'POST',
    path: `${C}/course/open`,
    tag,
    summary: '开课（至少要有一个小节）',
    access: { menu: COURSE_MENU },
    query: courseIdQuery,
    response: envelopeOf(courseDetail),
  }),
  close: endpoint({
    method: 'POST',
    path: `${C}/course/close`,
    tag,
    summary: '关闭课程（学员不能再学习，记录保留；可再次开课）',
    access: { menu: COURSE_MENU },
    query: courseIdQuery,
    response: envelopeOf(courseDetail),
  }),
  export: endpoint({
    method: 'POST',
    path: `${C}/course/export`,
    tag,
    summary: '导出课程列表（.xlsx，按当前筛选条件）',
    access: { menu: COURSE_READ_MENUS },
    body: courseFilterSchema.optional(),
    response: 'file',
  }),

  // ---- teachers -----------------------------------------------------------------------------------------
  teacherList: endpoint({
    method: 'GET',
    path: `${C}/teacher/list`,
    tag,
    summary: '讲师列表（分页；姓名或头衔搜索；含授课数）',
    access: { menu: COURSE_MENU },
    query: pagedQuery({ keyword }),
    response: pageOf(teacherRow),
  }),
  teacherSimple: endpoint({
    method: 'GET',
    path: `${C}/teacher/simple`,
    tag,
    summary: '全部讲师（供选择器使用）',
    access: { menu: COURSE_READ_MENUS },
    response: envelopeOf(z.array(teacherOption)),
  }),
  teacherAdd: endpoint({
    method: 'POST',
    path: `${C}/teacher/add`,
    tag,
    summary: '新增讲师（可关联本组织员工）',
    access: { menu: COURSE_MENU },
    body: z.object({ name: teacherName, ...teacherFields }),
    response: envelopeOf(teacherRow),
  }),
  teacherModify: endpoint({
    method: 'POST',
    path: `${C}/teacher/modify`,
    tag,
    summary: '修改讲师（只改传入的字段）',
    access: { menu: COURSE_MENU },
    body: z.object({ teacherId: idOf('讲师'), name: teacherName.optional(), ...teacherFields }),
    response: envelopeOf(teacherRow),
  }),
  teacherDelete: endpoint({
    method: 'POST',
    path: `${C}/teacher/delete`,
    tag,
    summary: '删除讲师（仍在讲授课程时拒绝）',
    access: { menu: COURSE_MENU },
    query: z.object({ teacherId: idOf('讲师') }),
    response: countReply,
  }),

  // ---- members ------------------------------------------------------------------------------------------
  memberList: endpoint({
    method: 'POST',
    path: `${C}/member/list`,
    tag,
    summary: '课程学员（分页；部门含子部门；按班级、学习状态、姓名或账号筛选）',
    access: { menu: COURSE_MENU },
    query: paging,
    body: memberFilterSchema,
    response: pageOf(courseMemberRow),
  }),
  memberAdd: endpoint({
    method: 'POST',
    path: `${C}/member/add`,
    tag,
    summary: '添加学员（按部门、员工、标签；已在课程中的学员不变；返回新增人数）',
    access: { menu: COURSE_MENU },
    body: z
      .object({
        courseId: idOf('课程'),
        departmentIds: idArray('部门', 200).default([]),
        includeSubDepartments: z.boolean({ error: '包含子部门必须是 true 或 false' }).default(true),
        userIds: idArray('员工', 10_000).default([]),
        tagIds: idArray('用户标签', 50).default([]),
      })
      .refine(
        (body) => body.departmentIds.length + body.userIds.length + body.tagIds.length > 0,
        '请选择要添加的部门、员工或标签',
      ),
    response: countReply,
  }),
  memberRemove: endpoint({
    method: 'POST',
    path: `${C}/member/remove`,
    tag,
    summary: '移除学员（学习记录一并删除）',
    access: { menu: COURSE_MENU },
    body: z.object({ courseId: idOf('课程'), userIds: idList('学员', '请选择学员', 10_000) }),
    response: countReply,
  }),
  memberGroup: endpoint({
    method: 'POST',
    path: `${C}/member/group`,
    tag,
    summary: '设置学员班级（groupId 为 0 时移出班级）',
    access: { menu: COURSE_MENU },
    body: z.object({
      courseId: idOf('课程'),
      userIds: idList('学员', '请选择学员', 10_000),
      groupId: refOf('班级'),
    }),
    response: countReply,
  }),
  memberExport: endpoint({
    method: 'POST',
    path: `${C}/member/export`,
    tag,
    summary: '导出课程学员与学习进度（.xlsx，按当前筛选条件）',
    access: { menu: COURSE_MENU },
    body: memberFilterSchema,
    response: 'file',
  }),

  // ---- groups (班级) -------------------------------------------------------------------------------------
  groupList: endpoint({
    method: 'GET',
    path: `${C}/group/list`,
    tag,
    summary: '课程的班级（含人数）',
    access: { menu: COURSE_MENU },
    query: courseIdQuery,
    response: envelopeOf(z.array(courseGroupRow)),
  }),
  groupAdd: endpoint({
    method: 'POST',
    path: `${C}/group/add`,
    tag,
    summary: '新增班级（同一课程内名称不能重复）',
    access: { menu: COURSE_MENU },
    body: z.object({ courseId: idOf('课程'), name: groupName }),
    response: envelopeOf(courseGroupRow),
  }),
  groupModify: endpoint({
    method: 'POST',
    path: `${C}/group/modify`,
    tag,
    summary: '重命名班级',
    access: { menu: COURSE_MENU },
    body: z.object({ groupId: idOf('班级'), name: groupName }),
    response: envelopeOf(courseGroupRow),
  }),
  groupDelete: endpoint({
    method: 'POST',
    path: `${C}/group/delete`,
    tag,
    summary: '删除班级（班级中的学员留在课程中，不再属于任何班级）',
    access: { menu: COURSE_MENU },
    query: z.object({ groupId: idOf('班级') }),
    response: countReply,
  }),

  // ---- statistics ---------------------------------------------------------------------------------------
  statistics: endpoint({
    method: 'GET',
    path: `${C}/statistics/course`,
    tag,
    summary: '课程统计（学员数、已开始、已完成、完成率、平均进度、平均评分；按部门）',
    access: { menu: COURSE_READ_MENUS },
    query: courseIdQuery,
    response: envelopeOf(courseStatistics),
  }),
  summary: endpoint({
    method: 'GET',
    path: `${C}/statistics/summary`,
    tag,
    summary: '全部课程汇总（课程数、各状态数、学员人次、完成率、平均评分）',
    access: { menu: COURSE_READ_MENUS },
    response: envelopeOf(courseSummary),
  }),

  // ---- evaluations (admin side) -------------------------------------------------------------------------
  evaluationList: endpoint({
    method: 'GET',
    path: `${C}/evaluation/list`,
    tag,
    summary: '课程评价（分页；最新在前；可按评分筛选；含已隐藏的评价）',
    access: { menu: COURSE_MENU },
    query: pagedQuery({ courseId: idOf('课程'), rating: ratingFilter.optional() }),
    response: pageOf(evaluationRow),
  }),
  evaluationHide: endpoint({
    method: 'POST',
    path: `${C}/evaluation/hide`,
    tag,
    summary: '隐藏或显示一条评价的评论（评分仍计入平均分）',
    access: { menu: COURSE_MENU },
    body: z.object({
      evaluationId: idOf('评价'),
      hidden: z.boolean({ error: '是否隐藏必须是 true 或 false' }),
    }),
    response: envelopeOf(evaluationRow),
  }),

  // ---- who may manage courses ---------------------------------------------------------------------------
  managers: endpoint({
    method: 'GET',
    path: '/user/api/v1/administrator/manager/course',
    tag,
    summary: '可管理课程的人员（管理员，以及角色含「课程管理」权限或菜单的在职员工；供选择器使用）',
    access: { menu: COURSE_MENU },
    query: z.object({ keyword }),
    response: envelopeOf(z.array(courseManager)),
  }),
};
