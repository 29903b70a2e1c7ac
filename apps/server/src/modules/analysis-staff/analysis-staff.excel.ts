import ExcelJS from 'exceljs';
import { FUNNEL_STAGES, funnelSteps, STAFF_GROUP_BY_LABELS, type StaffGroupBy } from '@kaopei/shared';
import {
  ANALYSIS_EXPORT_MAX,
  type StaffGroupRow,
  type StaffPersonRow,
  type StaffStatistics,
  type TrendPoint,
} from '@kaopei/shared/contracts/analysis-staff';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import type { Db } from '../../db/client';
import {
  courseAnalysis,
  courseRows,
  personCourses,
  personExams,
  personProfile,
  staffGroups,
  staffPeople,
  staffStatistics,
  type ScopeInput,
} from './analysis-staff.service';
import type { PeopleOrder } from './analysis-staff.repo';

/** The exports of the analysis pages: each writes what its table shows, with the same filter. */

interface Column {
  header: string;
  key: string;
  width?: number;
  /** '0.0' for scores, rates and hours. */
  numFmt?: string;
}

function addSheet(workbook: ExcelJS.Workbook, name: string, columns: Column[], rows: object[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 }));
  styleHeaderRow(sheet);
  for (const row of rows) sheet.addRow(row);
  for (const c of columns) if (c.numFmt) sheet.getColumn(c.key).numFmt = c.numFmt;
  return sheet;
}

export async function file(workbook: ExcelJS.Workbook, title: string): Promise<DownloadFile> {
  return {
    fileName: `${title}_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

export function newWorkbook() {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  return workbook;
}

const ALL = { page: 0, size: ANALYSIS_EXPORT_MAX + 1 };

function capped<T>(rows: T[]): T[] {
  if (rows.length > ANALYSIS_EXPORT_MAX)
    throw badRequest(`一次最多导出 ${ANALYSIS_EXPORT_MAX} 行，请按部门或关键字筛选`);
  return rows;
}

const FIGURE_COLUMNS: Column[] = [
  { header: '考试次数', key: 'graded', width: 10 },
  { header: '通过次数', key: 'passed', width: 10 },
  { header: '通过率(%)', key: 'passRate', width: 10, numFmt: '0.0' },
  { header: '平均得分率(%)', key: 'scoreRate', width: 13, numFmt: '0.0' },
  { header: '学时(小时)', key: 'hours', width: 11, numFmt: '0.0' },
  { header: '完成课程', key: 'completions', width: 10 },
  { header: '分配任务', key: 'tasksAssigned', width: 10 },
  { header: '完成任务', key: 'tasksCompleted', width: 10 },
];

/** The groups table of the staff analysis (by department, post or tag) as a sheet. */
export function addGroupsSheet(workbook: ExcelJS.Workbook, by: StaffGroupBy, rows: StaffGroupRow[]) {
  const label = STAFF_GROUP_BY_LABELS[by];
  addSheet(
    workbook,
    `按${label}`,
    [
      { header: label, key: 'name', width: 20 },
      { header: '人数', key: 'staffCount', width: 8 },
      { header: '参考人数', key: 'examinees', width: 10 },
      { header: '参考率(%)', key: 'participationRate', width: 10, numFmt: '0.0' },
      ...FIGURE_COLUMNS,
    ],
    capped(rows),
  );
}

export async function exportGroups(db: Db, ctx: RequestContext, input: ScopeInput & { by: StaffGroupBy }) {
  const { rows } = await staffGroups(db, ctx, input, ALL);
  const workbook = newWorkbook();
  addGroupsSheet(workbook, input.by, rows);
  return file(workbook, `员工分析_按${STAFF_GROUP_BY_LABELS[input.by]}`);
}

/** The people table of the staff analysis as a sheet. */
export function addPeopleSheet(workbook: ExcelJS.Workbook, rows: StaffPersonRow[]) {
  addSheet(workbook, '人员明细', [...PERSON_COLUMNS, ...FIGURE_COLUMNS], capped(rows));
}

export async function exportPeople(db: Db, ctx: RequestContext, input: ScopeInput & { sort?: PeopleOrder }) {
  const { rows } = await staffPeople(db, ctx, input, ALL);
  const workbook = newWorkbook();
  addPeopleSheet(workbook, rows);
  return file(workbook, '员工分析_人员明细');
}

/** The monthly trend as a sheet. */
export function addTrendSheet(workbook: ExcelJS.Workbook, points: TrendPoint[]) {
  addSheet(
    workbook,
    '按月趋势',
    [
      { header: '月份', key: 'month', width: 10 },
      { header: '考试次数', key: 'graded', width: 10 },
      { header: '通过次数', key: 'passed', width: 10 },
      { header: '通过率(%)', key: 'passRate', width: 10, numFmt: '0.0' },
      { header: '平均得分率(%)', key: 'scoreRate', width: 13, numFmt: '0.0' },
      { header: '学时(小时)', key: 'hours', width: 11, numFmt: '0.0' },
      { header: '完成课程', key: 'completions', width: 10 },
    ],
    points,
  );
}

const PERSON_COLUMNS: Column[] = [
  { header: '姓名', key: 'realName', width: 14 },
  { header: '工号', key: 'jobNumber', width: 12 },
  { header: '部门', key: 'departmentName', width: 18 },
  { header: '岗位', key: 'postName', width: 16 },
];

export async function exportStatistics(db: Db, ctx: RequestContext, months: number) {
  const s = await staffStatistics(db, ctx, months);
  const workbook = newWorkbook();
  addStatisticsSheets(workbook, s);
  return file(workbook, '员工整体统计');
}

/** The overall figures and the three rankings as sheets. */
export function addStatisticsSheets(workbook: ExcelJS.Workbook, s: StaffStatistics) {
  addSheet(
    workbook,
    '整体统计',
    [
      { header: '指标', key: 'label', width: 18 },
      { header: '数值', key: 'value', width: 12 },
    ],
    [
      { label: `统计月数`, value: s.months },
      { label: '在职人数', value: s.staffCount },
      { label: '参考人数', value: s.examinees },
      { label: '参考率(%)', value: s.participationRate },
      { label: '考试次数', value: s.graded },
      { label: '通过率(%)', value: s.passRate },
      { label: '平均得分率(%)', value: s.scoreRate },
      { label: '学时(小时)', value: s.hours },
      { label: '完成课程', value: s.completions },
      { label: '任务完成率(%)', value: s.taskCompletionRate },
    ],
  );
  const rank = (title: string, value: string) =>
    addSheet(
      workbook,
      title,
      [
        { header: '名次', key: 'place', width: 6 },
        { header: '姓名', key: 'realName', width: 14 },
        { header: '部门', key: 'departmentName', width: 18 },
        { header: value, key: 'value', width: 14, numFmt: '0.0' },
      ],
      (title === '学时榜' ? s.topLearners : s.topScorers).map((r, i) => ({ ...r, place: i + 1 })),
    );
  rank('学时榜', '学时(小时)');
  rank('得分率榜', '平均得分率(%)');
  addSheet(
    workbook,
    '部门通过率榜',
    [
      { header: '部门', key: 'name', width: 20 },
      { header: '人数', key: 'staffCount', width: 8 },
      ...FIGURE_COLUMNS,
    ],
    s.topDepartments,
  );
}

export async function exportProfile(db: Db, ctx: RequestContext, userId: number) {
  const [profile, exams, courses] = await Promise.all([
    personProfile(db, ctx, userId),
    personExams(db, ctx, userId, ALL),
    personCourses(db, ctx, userId, ALL),
  ]);
  const workbook = newWorkbook();
  addSheet(
    workbook,
    '考试记录',
    [
      { header: '考试', key: 'examName', width: 24 },
      { header: '第几次', key: 'attemptNo', width: 8 },
      { header: '交卷时间', key: 'at', width: 18 },
      { header: '得分', key: 'score', width: 8, numFmt: '0.0' },
      { header: '总分', key: 'totalPoints', width: 8, numFmt: '0.0' },
      { header: '是否通过', key: 'passedText', width: 9 },
      { header: '名次', key: 'place', width: 7 },
      { header: '参考人次', key: 'attempts', width: 9 },
      { header: '百分位(%)', key: 'percentile', width: 10, numFmt: '0.0' },
    ],
    capped(exams.rows).map((r) => ({
      ...r,
      at: r.submittedAt === null ? '' : new Date(r.submittedAt),
      passedText: r.passed ? '通过' : '未通过',
    })),
  );
  addSheet(
    workbook,
    '课程学习',
    [
      { header: '课程', key: 'name', width: 24 },
      { header: '进度(%)', key: 'progressPercent', width: 9 },
      { header: '学时(小时)', key: 'hours', width: 11, numFmt: '0.0' },
      { header: '观看时长(小时)', key: 'watchedHours', width: 14, numFmt: '0.0' },
      { header: '完成时间', key: 'done', width: 18 },
    ],
    capped(courses.rows).map((r) => ({ ...r, done: r.completedAt === null ? '' : new Date(r.completedAt) })),
  );
  return file(workbook, `员工档案_${profile.person.realName}`);
}

export async function exportCourses(db: Db, ctx: RequestContext, keyword: string | undefined) {
  const { rows } = await courseRows(db, ctx, keyword, ALL);
  const workbook = newWorkbook();
  addSheet(workbook, '课程分析', COURSE_COLUMNS, capped(rows));
  return file(workbook, '课程分析');
}

const COURSE_COLUMNS: Column[] = [
  { header: '课程', key: 'name', width: 24 },
  { header: '报名', key: 'enrolled', width: 8 },
  { header: '已开始', key: 'started', width: 8 },
  { header: '过半', key: 'half', width: 8 },
  { header: '已完成', key: 'completed', width: 8 },
  { header: '完成率(%)', key: 'completionRate', width: 10, numFmt: '0.0' },
  { header: '平均评分', key: 'averageRating', width: 9, numFmt: '0.0' },
  { header: '评价数', key: 'ratingCount', width: 8 },
  { header: '观看时长(小时)', key: 'watchedHours', width: 14, numFmt: '0.0' },
];

export async function exportCourse(db: Db, ctx: RequestContext, courseId: number) {
  const data = await courseAnalysis(db, ctx, courseId);
  const workbook = newWorkbook();
  addSheet(
    workbook,
    '完成漏斗',
    [
      { header: '阶段', key: 'label', width: 10 },
      { header: '人数', key: 'count', width: 8 },
      { header: '占报名(%)', key: 'ofEnrolled', width: 11, numFmt: '0.0' },
      { header: '占上一阶段(%)', key: 'ofPrevious', width: 13, numFmt: '0.0' },
      { header: '较上一阶段流失', key: 'lost', width: 14 },
    ],
    funnelSteps(data.funnel).filter((s) => FUNNEL_STAGES.includes(s.stage)),
  );
  addSheet(
    workbook,
    '小节流失',
    [
      { header: '章', key: 'chapterTitle', width: 18 },
      { header: '小节', key: 'title', width: 22 },
      { header: '学到此节', key: 'reached', width: 10 },
      { header: '完成此节', key: 'completedCount', width: 10 },
      { header: '停在此节', key: 'stoppedHere', width: 10 },
    ],
    data.sections,
  );
  return file(workbook, `课程分析_${data.course.name}`);
}
