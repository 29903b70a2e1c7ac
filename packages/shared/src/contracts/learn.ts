/**
 * 学员学习 (issue 17, part C): the learner's courses, the catalogue of courses open to them, a course's
 * page, opening a section (signed media URL, resume point), video progress credited by the server
 * (shared/course.ts creditVideoProgress), and course evaluations. Paths under /course/api/v1/learn; every
 * call is a signed-in member's (access 'member') and the server checks the organisation and enrolment.
 */
import { z } from 'zod';
import { COURSE_ENROLMENTS, COURSE_KINDS, COURSE_STATUSES, LIVE_STATUSES, SECTION_KINDS } from '../course';
import { endpoint, envelopeOf, idOf, keyword, pagedQuery, pageOf, refOf } from './common';

const L = '/course/api/v1/learn';
const tag = '学员学习';

/** The learner's course pages (web). */
export const learnPaths = {
  myCourses: '/m/courses',
  catalog: '/m/courses/catalog',
  course: (courseId: number): string => `/m/courses/${courseId}`,
  section: (courseId: number, sectionId: number): string => `/m/courses/${courseId}/sections/${sectionId}`,
} as const;

export const MY_COURSE_TABS = ['learning', 'completed', 'all'] as const;
export type MyCourseTab = (typeof MY_COURSE_TABS)[number];
export const MY_COURSE_TAB_LABELS: Record<MyCourseTab, string> = {
  learning: '学习中',
  completed: '已完成',
  all: '全部',
};

/** A learner's state in a course. */
export const LEARNER_STATES = ['not_enrolled', 'not_started', 'learning', 'completed'] as const;
export type LearnerState = (typeof LEARNER_STATES)[number];
export const LEARNER_STATE_LABELS: Record<LearnerState, string> = {
  not_enrolled: '未加入',
  not_started: '未开始',
  learning: '学习中',
  completed: '已完成',
};

export const EVALUATION_COMMENT_MAX = 500;
/** Longest video position accepted in a report (seconds): 24 hours. */
export const PROGRESS_SECONDS_MAX = 24 * 3600;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const courseIdQuery = z.object({ courseId: idOf('课程') });
const sectionIdQuery = z.object({ sectionId: idOf('小节') });

const secondsField = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(0, `${label}不能为负数`)
    .max(PROGRESS_SECONDS_MAX, `${label}超出视频长度`);

/** One progress report of the player (see VideoProgressReport in shared/course.ts). */
export const progressReportSchema = z.object({
  sectionId: idOf('小节'),
  /** Where continuous playback started since the last report (after a seek: where it resumed). */
  fromSeconds: secondsField('开始位置'),
  /** Where the player is now. */
  positionSeconds: secondsField('播放位置'),
});
export type ProgressReportIn = z.input<typeof progressReportSchema>;

export const evaluationSchema = z.object({
  courseId: idOf('课程'),
  rating: z
    .number({ error: '评分必须是 1 到 5 的整数' })
    .int('评分必须是 1 到 5 的整数')
    .min(1, '评分必须是 1 到 5 的整数')
    .max(5, '评分必须是 1 到 5 的整数'),
  comment: z
    .string({ error: '评价内容必须是文本' })
    .trim()
    .max(EVALUATION_COMMENT_MAX, `评价内容不能超过 ${EVALUATION_COMMENT_MAX} 个字符`)
    .nullable()
    .optional()
    .transform((value) => value || null),
});

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const teacherName = z.object({ teacherId: z.number(), name: z.string() });

/** A course in 我的课程. */
export const myCourseRow = z.object({
  courseId: z.number(),
  name: z.string(),
  coverUrl: z.string().nullable(),
  categoryName: z.string().nullable(),
  kind: z.enum(COURSE_KINDS),
  status: z.enum(COURSE_STATUSES),
  credits: z.number(),
  minutes: z.number(),
  sectionCount: z.number(),
  state: z.enum(LEARNER_STATES),
  progressPercent: z.number(),
  /** Where to continue (the last section studied), or null before the first. */
  lastSectionId: z.number().nullable(),
  lastSectionTitle: z.string().nullable(),
  /** Epoch milliseconds. */
  enrolledAt: z.number(),
  lastStudiedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
});
export type MyCourseRow = z.infer<typeof myCourseRow>;

/** A course in 课程中心. */
export const catalogRow = z.object({
  courseId: z.number(),
  name: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  kind: z.enum(COURSE_KINDS),
  enrolment: z.enum(COURSE_ENROLMENTS),
  credits: z.number(),
  minutes: z.number(),
  teachers: z.array(teacherName),
  sectionCount: z.number(),
  memberCount: z.number(),
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  /** The caller is a member (enrolled by an administrator or by themselves). */
  enrolled: z.boolean(),
  progressPercent: z.number(),
});
export type CatalogRow = z.infer<typeof catalogRow>;

/** A published category of the catalogue (every ancestor published too). */
export const catalogCategory = z.object({
  categoryId: z.number(),
  name: z.string(),
  /** 0 at the top level. */
  parentId: z.number(),
});
export type CatalogCategory = z.infer<typeof catalogCategory>;

/** A section as the course page's outline shows it, with the caller's state in it. */
export const outlineSection = z.object({
  sectionId: z.number(),
  title: z.string(),
  kind: z.enum(SECTION_KINDS),
  durationSeconds: z.number(),
  requiresPrevious: z.boolean(),
  /** Not openable: requires the previous section, which is not completed (or the caller is not enrolled). */
  locked: z.boolean(),
  completed: z.boolean(),
  positionSeconds: z.number(),
  watchedSeconds: z.number(),
  liveStartAt: z.number().nullable(),
  liveMinutes: z.number().nullable(),
  liveStatus: z.enum(LIVE_STATUSES).nullable(),
});
export type OutlineSection = z.infer<typeof outlineSection>;

export const myEvaluation = z.object({
  rating: z.number(),
  comment: z.string().nullable(),
  updatedAt: z.number(),
});

/** The course page. */
export const learnCourse = z.object({
  courseId: z.number(),
  name: z.string(),
  coverUrl: z.string().nullable(),
  /** Sanitised HTML. */
  intro: z.string().nullable(),
  categoryName: z.string().nullable(),
  kind: z.enum(COURSE_KINDS),
  status: z.enum(COURSE_STATUSES),
  enrolment: z.enum(COURSE_ENROLMENTS),
  credits: z.number(),
  minutes: z.number(),
  noSkip: z.boolean(),
  completePercent: z.number(),
  teachers: z.array(
    z.object({
      teacherId: z.number(),
      name: z.string(),
      title: z.string().nullable(),
      intro: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
  ),
  chapters: z.array(
    z.object({ chapterId: z.number(), title: z.string(), sections: z.array(outlineSection) }),
  ),
  state: z.enum(LEARNER_STATES),
  progressPercent: z.number(),
  sectionCount: z.number(),
  completedSections: z.number(),
  /** The section 开始学习 / 继续学习 opens: the last one studied if not completed, else the first open one not completed. */
  nextSectionId: z.number().nullable(),
  startedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  myEvaluation: myEvaluation.nullable(),
  /** Members who have started the course may rate it. */
  canEvaluate: z.boolean(),
});
export type LearnCourse = z.infer<typeof learnCourse>;

export const publicEvaluation = z.object({
  evaluationId: z.number(),
  realName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  /** Epoch milliseconds. */
  updatedAt: z.number(),
  mine: z.boolean(),
});
export type PublicEvaluation = z.infer<typeof publicEvaluation>;

/** What the player needs to show one section. */
export const openedSection = z.object({
  sectionId: z.number(),
  courseId: z.number(),
  courseName: z.string(),
  title: z.string(),
  kind: z.enum(SECTION_KINDS),
  /** A signed URL of the video or document (opens without a token until it expires); null when none. */
  mediaUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  mime: z.string().nullable(),
  fileName: z.string().nullable(),
  durationSeconds: z.number(),
  /** Resume point (seconds). */
  positionSeconds: z.number(),
  watchedSeconds: z.number(),
  /** How far the learner may seek with no-skip (seconds). */
  frontier: z.number(),
  noSkip: z.boolean(),
  completePercent: z.number(),
  completed: z.boolean(),
  /** Exam sections: the exam to sit (/m/exams/:id); the caller has been made its candidate. */
  examId: z.number().nullable(),
  /** Live sections: the /live page's address, start, length and status. */
  livePath: z.string().nullable(),
  liveStartAt: z.number().nullable(),
  liveMinutes: z.number().nullable(),
  liveStatus: z.enum(LIVE_STATUSES).nullable(),
  previousSectionId: z.number().nullable(),
  nextSectionId: z.number().nullable(),
  /** Whether the next section can be opened now. */
  nextLocked: z.boolean(),
  progressPercent: z.number(),
});
export type OpenedSection = z.infer<typeof openedSection>;

export const progressResult = z.object({
  /** Where the server puts the player (the frontier after a refused jump). */
  positionSeconds: z.number(),
  watchedSeconds: z.number(),
  frontier: z.number(),
  completed: z.boolean(),
  /** With no-skip: the report started past the watched frontier and was refused. */
  rejectedJump: z.boolean(),
  /** The course's progress (percent) after this report. */
  progressPercent: z.number(),
});
export type ProgressResult = z.infer<typeof progressResult>;

export const evaluationResult = z.object({
  myEvaluation,
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
});
export type EvaluationResult = z.infer<typeof evaluationResult>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const learnContracts = {
  myCourses: endpoint({
    method: 'GET',
    path: `${L}/my`,
    tag,
    summary: '我的课程（分页；学习中 / 已完成 / 全部；最近学习的在前）',
    access: 'member',
    query: pagedQuery({
      tab: z
        .enum(MY_COURSE_TABS, { error: '分类标签页只能是 learning、completed 或 all' })
        .default('learning'),
    }),
    response: pageOf(myCourseRow),
  }),
  categories: endpoint({
    method: 'GET',
    path: `${L}/categories`,
    tag,
    summary: '课程中心的分类（已发布且上级都已发布的分类）',
    access: 'member',
    response: envelopeOf(z.array(catalogCategory)),
  }),
  catalog: endpoint({
    method: 'GET',
    path: `${L}/catalog`,
    tag,
    summary: '课程中心：对我开放的课程（已开课、分类已发布，且我是学员或课程全员可选；分页）',
    access: 'member',
    query: pagedQuery({ keyword, categoryId: refOf('分类').optional() }),
    response: pageOf(catalogRow),
  }),
  enrol: endpoint({
    method: 'POST',
    path: `${L}/enrol`,
    tag,
    summary: '加入全员可选的课程（已是学员时不变）',
    access: 'member',
    query: courseIdQuery,
    response: envelopeOf(z.object({ courseId: z.number(), state: z.enum(LEARNER_STATES) })),
  }),
  course: endpoint({
    method: 'GET',
    path: `${L}/course`,
    tag,
    summary: '课程页：课程、讲师、章节与小节（含我的进度与锁定）、评分',
    access: 'member',
    query: courseIdQuery,
    response: envelopeOf(learnCourse),
  }),
  evaluations: endpoint({
    method: 'GET',
    path: `${L}/evaluations`,
    tag,
    summary: '课程的学员评价（分页；最新在前；不含被隐藏的）',
    access: 'member',
    query: pagedQuery({ courseId: idOf('课程') }),
    response: pageOf(publicEvaluation),
  }),
  evaluate: endpoint({
    method: 'POST',
    path: `${L}/evaluate`,
    tag,
    summary: '评价课程（1–5 分与评语；每人一条，可修改；开始学习后才能评价）',
    access: 'member',
    body: evaluationSchema,
    response: envelopeOf(evaluationResult),
  }),
  openSection: endpoint({
    method: 'POST',
    path: `${L}/section/open`,
    tag,
    summary:
      '打开小节：视频与文档给出签名地址与续播位置（打开文档即完成）；考试小节把我加为考生；直播给出直播页地址',
    access: 'member',
    query: sectionIdQuery,
    response: envelopeOf(openedSection),
  }),
  progress: endpoint({
    method: 'POST',
    path: `${L}/progress`,
    tag,
    summary: '上报视频进度（按服务器时钟计入观看区间；禁止拖动时拒绝越过已看位置）',
    access: 'member',
    body: progressReportSchema,
    response: envelopeOf(progressResult),
  }),
};
