/**
 * 考试分析 / 试题分析 (issue 19, spec analysis/exam, analysis/exam/detail, analysis/exam/questions,
 * analysis/question): one exam's score distribution, groups, reliability and item statistics (classical
 * test theory, packages/shared/src/analysis/item-stats.ts), cached per exam; the rescore of objective
 * answers against the questions' current keys; one question's figures across the exams that used it.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, keyword, pagedQuery, pageOf } from './common';

/** The exam analysis pages (menu leaf 921); every endpoint of exam analysis needs it. */
export const EXAM_ANALYSIS_MENU = '/manage/analysis/exam';
/** The question analysis page (menu leaf 922). */
export const QUESTION_ANALYSIS_MENU = '/manage/analysis/question';

const A = '/exam/api/v1/analysis';
const tag = '考试分析';

const examIdQuery = z.object({ examId: idOf('考试') });

const num = z.number().nullable();

export const scoreSummary = z.object({
  n: z.number(),
  mean: num,
  median: num,
  sd: num,
  min: num,
  max: num,
  passCount: z.number(),
  /** 0–1. */
  passRate: num,
});
export type ScoreSummaryView = z.infer<typeof scoreSummary>;

export const groupSummary = scoreSummary.extend({ name: z.string() });
export type GroupSummary = z.infer<typeof groupSummary>;

export const optionStatsView = z.object({
  index: z.number(),
  label: z.string(),
  /** Plain text of the option (shortened). */
  content: z.string(),
  correct: z.boolean(),
  count: z.number(),
  upper: z.number(),
  middle: z.number(),
  lower: z.number(),
  share: z.number(),
});
export type OptionStatsView = z.infer<typeof optionStatsView>;

export const itemStatsView = z.object({
  questionId: z.number(),
  /** 1-based number in the paper. */
  no: z.number(),
  sectionName: z.string(),
  /** Plain text of the stem (shortened). */
  stem: z.string(),
  type: z.number(),
  typeLabel: z.string(),
  maxPoints: z.number(),
  n: z.number(),
  meanScore: num,
  p: num,
  pUpper: num,
  pLower: num,
  discrimination: num,
  pointBiserial: num,
  correctedItemTotal: num,
  blankRate: num,
  /** Mean seconds from the previous answer to this one, when the answers carry times. */
  meanSeconds: num,
  options: z.array(optionStatsView).nullable(),
  flags: z.array(z.string()),
  /** The question's bank while the question still exists in the organisation (the edit link), else null. */
  bankId: num,
});
export type ItemStatsView = z.infer<typeof itemStatsView>;

export const examAnalysis = z.object({
  examId: z.number(),
  name: z.string(),
  passScore: z.number(),
  /** The paper's full score (the largest of the candidates' papers). */
  fullScore: z.number(),
  startAt: num,
  endAt: num,
  /** Epoch ms of the computation. */
  computedAt: z.number(),
  /** People assigned to the exam, and candidates analysed (each one's best graded attempt). */
  candidateCount: z.number(),
  summary: scoreSummary,
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  byDepartment: z.array(groupSummary),
  byPost: z.array(groupSummary),
  /** Minutes from start to submit. */
  minutes: z.object({ mean: num, median: num }),
  reliability: z.object({ method: z.enum(['KR-20', 'alpha']), value: z.number(), n: z.number() }).nullable(),
  sem: num,
  /** Size of each of the upper and lower 27 % groups. */
  groupSize: z.number(),
  items: z.array(itemStatsView),
});
export type ExamAnalysis = z.infer<typeof examAnalysis>;

export const analysedExamRow = z.object({
  examId: z.number(),
  name: z.string(),
  startAt: num,
  endAt: num,
  gradedCount: z.number(),
  /** Mean score / full score, 0–1. */
  meanRatio: num,
  /** 0–1. */
  passRate: num,
  /** Epoch ms of the cached analysis, null when none is cached. */
  analysedAt: num,
});
export type AnalysedExamRow = z.infer<typeof analysedExamRow>;

export const rescoreResult = z.object({
  /** Objective questions whose current key was taken into the exam. */
  questions: z.number(),
  /** Answers whose score changed, and the attempts they belong to. */
  answers: z.number(),
  attempts: z.number(),
});
export type RescoreResult = z.infer<typeof rescoreResult>;

export const questionAcrossRow = z.object({
  questionId: z.number(),
  stem: z.string(),
  typeLabel: z.string(),
  bankId: z.number(),
  bankName: z.string(),
  /** Exams that used the question with at least one graded candidate. */
  usage: z.number(),
  n: z.number(),
  p: num,
  discrimination: num,
  exams: z.array(
    z.object({ examId: z.number(), name: z.string(), n: z.number(), p: num, discrimination: num }),
  ),
});
export type QuestionAcrossRow = z.infer<typeof questionAcrossRow>;

export const examAnalysisContracts = {
  exams: endpoint({
    method: 'GET',
    path: `${A}/exam/list`,
    tag,
    summary: '可分析的考试（有已评分答卷；按开考时间倒序；含平均得分率与及格率，用于对比与趋势）',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: pagedQuery({ keyword }),
    response: pageOf(analysedExamRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${A}/exam/detail`,
    tag,
    summary: '一场考试的分析：分数分布、部门与岗位、用时、信度与测量标准误、每题的难度区分度与选项（缓存）',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: examIdQuery,
    response: envelopeOf(examAnalysis),
  }),
  refresh: endpoint({
    method: 'POST',
    path: `${A}/exam/refresh`,
    tag,
    summary: '重新计算一场考试的分析',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: examIdQuery,
    response: envelopeOf(examAnalysis),
  }),
  rescore: endpoint({
    method: 'POST',
    path: `${A}/exam/rescore`,
    tag,
    summary: '重新判分：按试题当前的答案重判客观题（判断、单选、多选、填空），并刷新成绩与分析',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: examIdQuery,
    response: envelopeOf(rescoreResult),
  }),
  export: endpoint({
    method: 'GET',
    path: `${A}/exam/export`,
    tag,
    summary: '导出考试分析（.xlsx：概况、分数分布、部门、岗位、试题、选项）',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: examIdQuery,
    response: 'file',
  }),
  examsExport: endpoint({
    method: 'GET',
    path: `${A}/exam/list/export`,
    tag,
    summary: '导出可分析的考试（.xlsx，按关键字筛选，最多 5000 场）',
    access: { menu: EXAM_ANALYSIS_MENU },
    query: z.object({ keyword }),
    response: 'file',
  }),
  questions: endpoint({
    method: 'GET',
    path: `${A}/question/list`,
    tag,
    summary: '试题在各场考试中的难度、区分度与使用次数（按题库筛选）',
    access: { menu: [QUESTION_ANALYSIS_MENU, EXAM_ANALYSIS_MENU] },
    query: pagedQuery({ keyword, bankId: idOf('题库').optional() }),
    response: pageOf(questionAcrossRow),
  }),
  questionsExport: endpoint({
    method: 'GET',
    path: `${A}/question/list/export`,
    tag,
    summary: '导出试题在各场考试中的表现（.xlsx，按题库与关键字筛选，最多 1000 题）',
    access: { menu: [QUESTION_ANALYSIS_MENU, EXAM_ANALYSIS_MENU] },
    query: z.object({ keyword, bankId: idOf('题库').optional() }),
    response: 'file',
  }),
};
