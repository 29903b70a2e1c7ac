import ExcelJS from 'exceljs';
import { ITEM_FLAG_LABELS, formatScore, type ItemFlag } from '@kaopei/shared';
import type { ExamAnalysis, ScoreSummaryView } from '@kaopei/shared/contracts/exam-analysis';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { dateStamp, type DownloadFile } from '../../core/download';
import { XLSX_MIME, workbookBuffer } from '../../core/excel';
import { analysedExams, examAnalysis, questionsAcrossExams } from './exam-analysis.service';

const score = (value: number | null) => (value === null ? '' : formatScore(Math.round(value * 10) / 10));
const rate = (value: number | null) => (value === null ? '' : `${(value * 100).toFixed(1)}%`);
const coef = (value: number | null) => (value === null ? '' : Math.round(value * 100) / 100);

function sheet(workbook: ExcelJS.Workbook, name: string, columns: [string, number][], rows: unknown[][]) {
  const ws = workbook.addWorksheet(name);
  ws.columns = columns.map(([header, width]) => ({ header, width }));
  for (const row of rows) ws.addRow(row);
  ws.getRow(1).font = { bold: true };
}

const summaryRow = (name: string, s: ScoreSummaryView) => [
  name,
  s.n,
  score(s.mean),
  score(s.median),
  score(s.sd),
  score(s.min),
  score(s.max),
  rate(s.passRate),
];
const SUMMARY_COLUMNS: [string, number][] = [
  ['分组', 20],
  ['人数', 8],
  ['平均分', 10],
  ['中位数', 10],
  ['标准差', 10],
  ['最低分', 10],
  ['最高分', 10],
  ['及格率', 10],
];

/** The exam analysis' tables as sheets (概况, 分数分布, 部门, 岗位, 试题, 选项). */
export function addAnalysisSheets(workbook: ExcelJS.Workbook, a: ExamAnalysis) {
  sheet(
    workbook,
    '概况',
    [
      ['指标', 24],
      ['数值', 16],
    ],
    [
      ['考试', a.name],
      ['应考人数', a.candidateCount],
      ['已评分人数', a.summary.n],
      ['满分', score(a.fullScore)],
      ['及格线', score(a.passScore)],
      ['平均分', score(a.summary.mean)],
      ['中位数', score(a.summary.median)],
      ['标准差', score(a.summary.sd)],
      ['及格率', rate(a.summary.passRate)],
      ['平均用时（分钟）', score(a.minutes.mean)],
      [`信度（${a.reliability?.method ?? '—'}）`, coef(a.reliability?.value ?? null)],
      ['测量标准误', score(a.sem)],
    ],
  );
  sheet(
    workbook,
    '分数分布',
    [
      ['分数段', 16],
      ['人数', 8],
    ],
    a.histogram.map((b) => [`${score(b.from)}–${score(b.to)}`, b.count]),
  );
  sheet(
    workbook,
    '部门',
    SUMMARY_COLUMNS,
    a.byDepartment.map((g) => summaryRow(g.name, g)),
  );
  sheet(
    workbook,
    '岗位',
    SUMMARY_COLUMNS,
    a.byPost.map((g) => summaryRow(g.name, g)),
  );
  sheet(
    workbook,
    '试题',
    [
      ['题号', 6],
      ['题型', 8],
      ['题干', 40],
      ['分值', 8],
      ['作答人数', 10],
      ['平均得分', 10],
      ['难度 P', 10],
      ['高分组得分率', 12],
      ['低分组得分率', 12],
      ['区分度 D', 10],
      ['点双列相关', 12],
      ['校正题总相关', 12],
      ['空答率', 10],
      ['平均用时（秒）', 12],
      ['需复核', 24],
    ],
    a.items.map((i) => [
      i.no,
      i.typeLabel,
      i.stem,
      score(i.maxPoints),
      i.n,
      score(i.meanScore),
      coef(i.p),
      coef(i.pUpper),
      coef(i.pLower),
      coef(i.discrimination),
      coef(i.pointBiserial),
      coef(i.correctedItemTotal),
      rate(i.blankRate),
      i.meanSeconds === null ? '' : Math.round(i.meanSeconds),
      i.flags.map((f) => ITEM_FLAG_LABELS[f as ItemFlag] ?? f).join('、'),
    ]),
  );
  sheet(
    workbook,
    '选项',
    [
      ['题号', 6],
      ['选项', 6],
      ['内容', 30],
      ['正确', 6],
      ['人数', 8],
      ['比例', 10],
      ['高分组', 8],
      ['中间组', 8],
      ['低分组', 8],
    ],
    a.items.flatMap((i) =>
      (i.options ?? []).map((o) => [
        i.no,
        o.label,
        o.content,
        o.correct ? '是' : '',
        o.count,
        rate(o.share),
        o.upper,
        o.middle,
        o.lower,
      ]),
    ),
  );
}

/** The exam analysis as a workbook: one sheet per table of the pages. */
export async function analysisWorkbook(db: Db, ctx: RequestContext, examId: number): Promise<DownloadFile> {
  const analysis = await examAnalysis(db, ctx, examId);
  const workbook = new ExcelJS.Workbook();
  addAnalysisSheets(workbook, analysis);
  return {
    fileName: `${analysis.name}_考试分析_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

export const EXAMS_EXPORT_MAX = 5000;
export const QUESTIONS_EXPORT_MAX = 1000;

async function file(workbook: ExcelJS.Workbook, name: string): Promise<DownloadFile> {
  return {
    fileName: `${name}_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

/** The exam list of analysis/exam as a workbook. */
export async function examsWorkbook(db: Db, ctx: RequestContext, keyword?: string): Promise<DownloadFile> {
  const { rows } = await analysedExams(db, ctx, { keyword, limit: EXAMS_EXPORT_MAX, offset: 0 });
  const workbook = new ExcelJS.Workbook();
  const date = (ms: number | null) => (ms === null ? '' : new Date(ms));
  sheet(
    workbook,
    '考试',
    [
      ['考试名称', 30],
      ['开考时间', 20],
      ['结束时间', 20],
      ['参考人数', 10],
      ['平均得分率', 12],
      ['及格率', 10],
    ],
    rows.map((r) => [
      r.name,
      date(r.startAt),
      date(r.endAt),
      r.gradedCount,
      rate(r.meanRatio),
      rate(r.passRate),
    ]),
  );
  return file(workbook, '考试分析');
}

/** The across-exams question table of analysis/question as a workbook. */
export async function questionsWorkbook(
  db: Db,
  ctx: RequestContext,
  filter: { keyword?: string; bankId?: number },
): Promise<DownloadFile> {
  const { rows } = await questionsAcrossExams(db, ctx, { ...filter, limit: QUESTIONS_EXPORT_MAX, offset: 0 });
  const workbook = new ExcelJS.Workbook();
  sheet(
    workbook,
    '试题',
    [
      ['题干', 40],
      ['题型', 8],
      ['题库', 16],
      ['使用次数', 10],
      ['作答人数', 10],
      ['难度 P', 10],
      ['区分度 D', 10],
    ],
    rows.map((r) => [r.stem, r.typeLabel, r.bankName, r.usage, r.n, coef(r.p), coef(r.discrimination)]),
  );
  sheet(
    workbook,
    '各场考试',
    [
      ['题干', 40],
      ['考试', 30],
      ['人数', 8],
      ['难度 P', 10],
      ['区分度 D', 10],
    ],
    rows.flatMap((r) => r.exams.map((e) => [r.stem, e.name, e.n, coef(e.p), coef(e.discrimination)])),
  );
  return file(workbook, '试题分析');
}
