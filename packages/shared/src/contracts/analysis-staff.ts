/**
 * Staff, course and employee analysis (issue 19): analysis/staff (+ detail, statistics), analysis/course,
 * analysis/employee and analysis/user/profile. Every figure is computed in SQL from stored attempts,
 * enrolments, progress, evaluations and task assignees (docs/decisions.md "Staff, course and employee
 * analysis"). Rates are percents and scores have one decimal; hours are 学时 (planned course minutes of
 * completed courses, as learning targets count them) unless named 观看时长.
 */
import { z } from 'zod';
import { STAFF_GROUP_BYS } from '../analysis/staff-figures';
import { endpoint, envelopeOf, idOf, keyword, pageOf, pagedQuery } from './common';
import { profileAbility } from './post-match';

const tag = '数据分析';
const A = '/user/api/v1/analysis';

export const STAFF_ANALYSIS_MENU = '/manage/analysis/staff';
export const EMPLOYEE_ANALYSIS_MENU = '/manage/analysis/employee';
export const PROFILE_ANALYSIS_MENU = '/manage/analysis/user/profile';
export const COURSE_ANALYSIS_MENU = '/manage/analysis/course';
const PEOPLE_MENUS = [STAFF_ANALYSIS_MENU, EMPLOYEE_ANALYSIS_MENU, PROFILE_ANALYSIS_MENU] as const;

/** The most rows one export writes. */
export const ANALYSIS_EXPORT_MAX = 20_000;

const months = z.coerce
  .number<number | string>({ error: '统计月数必须是 1 到 24 之间的整数' })
  .int('统计月数必须是 1 到 24 之间的整数')
  .min(1, '统计月数必须是 1 到 24 之间的整数')
  .max(24, '统计月数必须是 1 到 24 之间的整数')
  .optional()
  .transform((value) => value ?? 12);

/** The people analysed: active staff, optionally of a department and its sub-departments. */
const scopeFields = { months, departmentId: idOf('部门').optional() };
const groupBy = z.enum(STAFF_GROUP_BYS, { error: '分组方式必须是 department、post 或 tag' });
const peopleSort = z
  .enum(['name', 'hours', 'passRate', 'scoreRate'], {
    error: '排序字段必须是 name、hours、passRate 或 scoreRate',
  })
  .optional();

/** Exam and learning figures of a set of people over the window. */
const figures = {
  /** Graded attempts submitted in the window. */
  graded: z.number(),
  passed: z.number(),
  /** passed ÷ graded, percent, one decimal; null without attempts. */
  passRate: z.number().nullable(),
  /** Average of score ÷ total points per graded attempt, percent, one decimal. */
  scoreRate: z.number().nullable(),
  /** 学时 of the courses completed in the window (planned minutes ÷ 60), one decimal. */
  hours: z.number(),
  /** Courses completed in the window. */
  completions: z.number(),
  /** Study tasks allocated to these people (as they stand) and how many they finished. */
  tasksAssigned: z.number(),
  tasksCompleted: z.number(),
};

export const staffGroupRow = z.object({
  /** The group's department, post or tag id (not a course group); null: people without a department or post. */
  refId: z.number().nullable(),
  name: z.string(),
  staffCount: z.number(),
  /** People with at least one graded attempt in the window. */
  examinees: z.number(),
  /** examinees ÷ staffCount, percent. */
  participationRate: z.number().nullable(),
  ...figures,
});
export type StaffGroupRow = z.infer<typeof staffGroupRow>;

export const staffPersonRow = z.object({
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  postName: z.string().nullable(),
  ...figures,
});
export type StaffPersonRow = z.infer<typeof staffPersonRow>;

export const trendPoint = z.object({
  /** YYYY-MM (Asia/Shanghai). */
  month: z.string(),
  graded: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
  scoreRate: z.number().nullable(),
  hours: z.number(),
  completions: z.number(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

const rankEntry = z.object({
  userId: z.number(),
  realName: z.string(),
  departmentName: z.string().nullable(),
  /** The ranked figure (hours, or score rate percent). */
  value: z.number(),
  /** Graded attempts behind a score rate; completions behind hours. */
  basis: z.number(),
});
export type RankEntry = z.infer<typeof rankEntry>;

export const staffStatistics = z.object({
  months: z.number(),
  staffCount: z.number(),
  examinees: z.number(),
  participationRate: z.number().nullable(),
  ...figures,
  /** tasksCompleted ÷ tasksAssigned, percent. */
  taskCompletionRate: z.number().nullable(),
  topLearners: z.array(rankEntry),
  topScorers: z.array(rankEntry),
  /** Departments by pass rate (those with graded attempts), best first. */
  topDepartments: z.array(staffGroupRow),
});
export type StaffStatistics = z.infer<typeof staffStatistics>;

const tagChip = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const personProfile = z.object({
  person: z.object({
    userId: z.number(),
    realName: z.string(),
    jobNumber: z.string().nullable(),
    departmentName: z.string().nullable(),
    postName: z.string().nullable(),
    /** 0 在职, 1 离职. */
    status: z.number(),
  }),
  tags: z.array(tagChip),
  /** The post-match profile (modules/post-match): each ability's effective level and its sources. */
  abilities: z.array(profileAbility),
  exams: z.object({
    graded: z.number(),
    passed: z.number(),
    passRate: z.number().nullable(),
    scoreRate: z.number().nullable(),
    /** Average percentile over the person's graded attempts, one decimal. */
    averagePercentile: z.number().nullable(),
  }),
  learning: z.object({
    enrolled: z.number(),
    completed: z.number(),
    /** 学时 of all completed courses. */
    hours: z.number(),
    /** Video time actually watched (course_progress), hours. */
    watchedHours: z.number(),
    tasksAssigned: z.number(),
    tasksCompleted: z.number(),
  }),
});
export type PersonProfile = z.infer<typeof personProfile>;

export const personExamRow = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  attemptNo: z.number(),
  /** Epoch ms. */
  submittedAt: z.number().nullable(),
  score: z.number(),
  totalPoints: z.number(),
  passed: z.boolean(),
  /** Place among the exam's graded attempts (1 = best; ties share a place). */
  place: z.number(),
  /** Graded attempts of the exam. */
  attempts: z.number(),
  /** percent_rank over the exam's graded attempts by score, percent, one decimal. */
  percentile: z.number(),
});
export type PersonExamRow = z.infer<typeof personExamRow>;

export const personCourseRow = z.object({
  courseId: z.number(),
  name: z.string(),
  progressPercent: z.number(),
  enrolledAt: z.number(),
  completedAt: z.number().nullable(),
  /** The course's 学时 (planned minutes ÷ 60). */
  hours: z.number(),
  watchedHours: z.number(),
});
export type PersonCourseRow = z.infer<typeof personCourseRow>;

export const courseAnalysisRow = z.object({
  courseId: z.number(),
  name: z.string(),
  status: z.string(),
  enrolled: z.number(),
  started: z.number(),
  half: z.number(),
  completed: z.number(),
  /** completed ÷ enrolled, percent. */
  completionRate: z.number().nullable(),
  /** Average rating 1–5, one decimal; null without evaluations. */
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  /** Video time watched by all learners, hours. */
  watchedHours: z.number(),
});
export type CourseAnalysisRow = z.infer<typeof courseAnalysisRow>;

export const sectionDropRow = z.object({
  sectionId: z.number(),
  chapterTitle: z.string(),
  title: z.string(),
  kind: z.string(),
  /** Learners with progress in the section (opened it). */
  reached: z.number(),
  completedCount: z.number(),
  /** Unfinished learners whose last studied section is this one (where learners stop). */
  stoppedHere: z.number(),
});
export type SectionDropRow = z.infer<typeof sectionDropRow>;

export const courseAnalysis = z.object({
  course: courseAnalysisRow,
  /** Learners per funnel stage (cumulative: a completed learner counts in every stage). */
  funnel: z.object({ enrolled: z.number(), started: z.number(), half: z.number(), completed: z.number() }),
  sections: z.array(sectionDropRow),
  /** Evaluations per rating 1…5 (index 0 = 1 star). */
  ratingCounts: z.array(z.number()),
  /** Enrolments and completions per month over the last 12 months. */
  months: z.array(z.object({ month: z.string(), enrolled: z.number(), completed: z.number() })),
});
export type CourseAnalysis = z.infer<typeof courseAnalysis>;

const userIdQuery = z.object({ userId: idOf('员工') });
const peopleFilter = { ...scopeFields, keyword, sort: peopleSort };

export const analysisStaffContracts = {
  groups: endpoint({
    method: 'GET',
    path: `${A}/staff/groups`,
    tag,
    summary: '员工分析：按部门 / 岗位 / 标签分组的考试参与率、通过率、得分率、学时、完成课程与任务（分页）',
    access: { menu: STAFF_ANALYSIS_MENU },
    query: pagedQuery({ ...scopeFields, by: groupBy }),
    response: pageOf(staffGroupRow),
  }),
  groupsExport: endpoint({
    method: 'GET',
    path: `${A}/staff/groups/export`,
    tag,
    summary: '导出分组统计（.xlsx）',
    access: { menu: STAFF_ANALYSIS_MENU },
    query: z.object({ ...scopeFields, by: groupBy }),
    response: 'file',
  }),
  trend: endpoint({
    method: 'GET',
    path: `${A}/staff/trend`,
    tag,
    summary: '按月趋势：考试次数、通过率、得分率、学时、完成课程（部门含下级，或一名员工）',
    access: { menu: PEOPLE_MENUS },
    query: z.object({ ...scopeFields, userId: idOf('员工').optional() }),
    response: envelopeOf(z.array(trendPoint)),
  }),
  people: endpoint({
    method: 'GET',
    path: `${A}/staff/people`,
    tag,
    summary: '人员明细（分页）：每人的考试、学时、课程与任务；可按部门（含下级）与姓名/工号筛选',
    access: { menu: PEOPLE_MENUS },
    query: pagedQuery(peopleFilter),
    response: pageOf(staffPersonRow),
  }),
  peopleExport: endpoint({
    method: 'GET',
    path: `${A}/staff/people/export`,
    tag,
    summary: '导出人员明细（.xlsx，筛选同人员明细）',
    access: { menu: PEOPLE_MENUS },
    query: z.object(peopleFilter),
    response: 'file',
  }),
  statistics: endpoint({
    method: 'GET',
    path: `${A}/staff/statistics`,
    tag,
    summary: '组织整体统计与排行：学时榜、得分率榜、部门通过率榜',
    access: { menu: STAFF_ANALYSIS_MENU },
    query: z.object({ months }),
    response: envelopeOf(staffStatistics),
  }),
  statisticsExport: endpoint({
    method: 'GET',
    path: `${A}/staff/statistics/export`,
    tag,
    summary: '导出整体统计与排行（.xlsx）',
    access: { menu: STAFF_ANALYSIS_MENU },
    query: z.object({ months }),
    response: 'file',
  }),
  profile: endpoint({
    method: 'GET',
    path: `${A}/user/profile`,
    tag,
    summary: '员工画像：基本信息、标签、能力（岗位匹配的能力档案）、考试与学习概况',
    access: { menu: PEOPLE_MENUS },
    query: userIdQuery,
    response: envelopeOf(personProfile),
  }),
  profileExams: endpoint({
    method: 'GET',
    path: `${A}/user/exams`,
    tag,
    summary: '员工的考试记录（分页，新的在前）：得分、名次与在该考试中的百分位',
    access: { menu: PEOPLE_MENUS },
    query: pagedQuery({ userId: idOf('员工') }),
    response: pageOf(personExamRow),
  }),
  profileCourses: endpoint({
    method: 'GET',
    path: `${A}/user/courses`,
    tag,
    summary: '员工的课程学习记录（分页）',
    access: { menu: PEOPLE_MENUS },
    query: pagedQuery({ userId: idOf('员工') }),
    response: pageOf(personCourseRow),
  }),
  profileExport: endpoint({
    method: 'GET',
    path: `${A}/user/export`,
    tag,
    summary: '导出员工档案（.xlsx：考试记录与课程）',
    access: { menu: PEOPLE_MENUS },
    query: userIdQuery,
    response: 'file',
  }),
  courses: endpoint({
    method: 'GET',
    path: `${A}/course/list`,
    tag,
    summary: '课程分析（分页）：报名、开始、过半、完成人数，完成率，评分与观看时长',
    access: { menu: COURSE_ANALYSIS_MENU },
    query: pagedQuery({ keyword }),
    response: pageOf(courseAnalysisRow),
  }),
  coursesExport: endpoint({
    method: 'GET',
    path: `${A}/course/list/export`,
    tag,
    summary: '导出课程分析（.xlsx）',
    access: { menu: COURSE_ANALYSIS_MENU },
    query: z.object({ keyword }),
    response: 'file',
  }),
  course: endpoint({
    method: 'GET',
    path: `${A}/course/detail`,
    tag,
    summary: '一门课程的完成漏斗、各小节流失、评分分布与按月报名/完成',
    access: { menu: COURSE_ANALYSIS_MENU },
    query: z.object({ courseId: idOf('课程') }),
    response: envelopeOf(courseAnalysis),
  }),
  courseExport: endpoint({
    method: 'GET',
    path: `${A}/course/detail/export`,
    tag,
    summary: '导出一门课程的分析（.xlsx：漏斗、小节流失）',
    access: { menu: COURSE_ANALYSIS_MENU },
    query: z.object({ courseId: idOf('课程') }),
    response: 'file',
  }),
};
