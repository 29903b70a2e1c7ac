/**
 * Question analysis across exams, IRT part (issue 19): calibrating a bank's questions under the 2PL
 * (packages/shared/src/analysis/irt-2pl.ts), the calibrated questions, a paper's test information,
 * and importing a paper-based exam's answer sheet as graded attempts.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, pagedQuery, pageOf } from './common';
import { importModeQuery, importStarted } from './file';

const tag = '试题分析';
export const ANALYSIS_QUESTION_MENU = '/manage/analysis/question';

/** One calibrated question. */
export const calibrationRow = z.object({
  questionId: z.number(),
  bankId: z.number(),
  /** Plain text of the stem (first 200 characters). */
  stem: z.string(),
  type: z.number(),
  /** The question's own difficulty (1–10) as its author set it. */
  difficulty: z.number(),
  a: z.number(),
  b: z.number(),
  seA: z.number(),
  seB: z.number(),
  n: z.number(),
  pValue: z.number(),
  notes: z.array(z.string()),
  /** Epoch milliseconds. */
  calibratedAt: z.number(),
});
export type CalibrationRow = z.infer<typeof calibrationRow>;

const bankQuery = z.object({ bankId: idOf('题库') });

export const paperInformation = z.object({
  paperId: z.number(),
  questionCount: z.number(),
  /** Questions of the paper with a calibration (only they count in the curve). */
  calibratedCount: z.number(),
  points: z.array(z.object({ theta: z.number(), information: z.number() })),
});
export type PaperInformation = z.infer<typeof paperInformation>;

/** What the page picks from: banks (with how many questions are calibrated), papers and exams. */
export const analysisOptions = z.object({
  banks: z.array(z.object({ id: z.number(), name: z.string(), calibrated: z.number() })),
  papers: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Published exams, newest first, with their closed attempts (online and imported). */
  exams: z.array(z.object({ id: z.number(), name: z.string(), attempts: z.number() })),
});
export type AnalysisOptions = z.infer<typeof analysisOptions>;

export const analysisIrtContracts = {
  options: endpoint({
    method: 'GET',
    path: '/user/api/v1/analysis/question/options',
    tag,
    summary: '试题分析可选的题库、试卷与考试（各最近 200 个；考试含已交卷作答数）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    response: envelopeOf(analysisOptions),
  }),
  calibrate: endpoint({
    method: 'POST',
    path: '/user/api/v1/analysis/question/calibrate',
    tag,
    summary:
      '以题库全部已评分的客观题作答（满分记 1，否则 0）做 2PL IRT 校准（后台任务；进度与结果见 GET /user/api/v1/jobs/:id）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    body: bankQuery,
    response: envelopeOf(z.object({ jobId: z.number(), total: z.number() })),
  }),
  calibrations: endpoint({
    method: 'GET',
    path: '/user/api/v1/analysis/question/calibrations',
    tag,
    summary: '题库的校准结果（分页，按难度 b 升序）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    query: pagedQuery({ bankId: idOf('题库') }),
    response: pageOf(calibrationRow),
  }),
  exportCalibrations: endpoint({
    method: 'GET',
    path: '/user/api/v1/analysis/question/calibrations/export',
    tag,
    summary: '导出题库的校准结果（.xlsx）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    query: bankQuery,
    response: 'file',
  }),
  paperInformation: endpoint({
    method: 'GET',
    path: '/user/api/v1/analysis/question/paper-information',
    tag,
    summary: '试卷的测验信息曲线（θ 从 −4 到 4；只计已校准的题）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    query: z.object({ paperId: idOf('试卷') }),
    response: envelopeOf(paperInformation),
  }),
  offlineTemplate: endpoint({
    method: 'GET',
    path: '/user/api/v1/analysis/question/offline-import/template',
    tag,
    summary: '线下成绩答题表模板（.xlsx：考生一列，其后按试卷顺序每题一列，表头注明题型）',
    access: { menu: ANALYSIS_QUESTION_MENU },
    query: z.object({ examId: idOf('考试') }),
    response: 'file',
  }),
  offlineImport: endpoint({
    method: 'POST',
    path: '/user/api/v1/analysis/question/offline-import',
    tag,
    summary:
      '导入线下考试答题表（multipart，文件字段 file）：每行一名考生（第一列账号或姓名），其后每列一题（试卷顺序），填所选选项字母或 1/0；每行成为一次已评分的作答。返回 jobId',
    access: { menu: ANALYSIS_QUESTION_MENU },
    query: importModeQuery.extend({ examId: idOf('考试') }),
    response: importStarted,
  }),
};
