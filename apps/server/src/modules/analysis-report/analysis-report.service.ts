import type ExcelJS from 'exceljs';
import { reportPeriod } from '@kaopei/shared';
import { ANALYSIS_EXPORT_MAX } from '@kaopei/shared/contracts/analysis-staff';
import {
  REPORT_KIND_LABELS,
  REPORT_PREVIEW_PEOPLE,
  type DepartmentReport,
  type ReportData,
  type ReportDefinition,
} from '@kaopei/shared/contracts/analysis-report';
import type { RequestContext } from '../../core/context';
import type { DownloadFile } from '../../core/download';
import type { Db } from '../../db/client';
import { assertDepartment } from '../department/department.service';
import { examAnalysis } from '../exam-analysis/exam-analysis.service';
import { addAnalysisSheets } from '../exam-analysis/exam-analysis.excel';
import {
  staffGroups,
  staffPeople,
  staffSummary,
  staffTrend,
  type ScopeInput,
} from '../analysis-staff/analysis-staff.service';
import {
  addGroupsSheet,
  addPeopleSheet,
  addStatisticsSheets,
  addTrendSheet,
  file,
  newWorkbook,
} from '../analysis-staff/analysis-staff.excel';

/**
 * 分析报告 (issue 19): a report is a composition of the exam analysis' and the staff analysis' figures
 * (their services compute and cache them; nothing is computed here), exported as one workbook of their
 * sheets or printed to PDF from the web app's print route (analysis-report.routes.ts).
 */

/** Groups of a department (its sub-departments, posts) are few; this is the page that holds them all. */
const ALL_GROUPS = { page: 0, size: 1000 };

async function departmentReport(
  db: Db,
  ctx: RequestContext,
  definition: ReportDefinition,
  peopleLimit: number,
): Promise<DepartmentReport> {
  const departmentId = definition.departmentId ?? 0;
  const startDate = definition.startDate ?? '';
  const endDate = definition.endDate ?? '';
  // A foreign or unknown department is 404 here, before any figure is read.
  const department = await assertDepartment(db, ctx, departmentId);
  const scope: ScopeInput = { months: 0, departmentId, period: reportPeriod(startDate, endDate) };
  const [statistics, byDepartment, byPost, trend, people] = await Promise.all([
    staffSummary(db, ctx, scope),
    staffGroups(db, ctx, { ...scope, by: 'department' }, ALL_GROUPS),
    staffGroups(db, ctx, { ...scope, by: 'post' }, ALL_GROUPS),
    staffTrend(db, ctx, scope),
    staffPeople(db, ctx, scope, { page: 0, size: peopleLimit }),
  ]);
  return {
    departmentId,
    departmentName: department.name,
    startDate,
    endDate,
    statistics,
    byDepartment: byDepartment.rows,
    byPost: byPost.rows,
    trend,
    people: people.rows,
    peopleTotal: people.total,
  };
}

/** The report's figures; `peopleLimit` bounds the people listed by a department report. */
export async function buildReport(
  db: Db,
  ctx: RequestContext,
  definition: ReportDefinition,
  peopleLimit = REPORT_PREVIEW_PEOPLE,
): Promise<ReportData> {
  const generatedAt = Date.now();
  if (definition.kind === 'exam') {
    const exam = await examAnalysis(db, ctx, definition.examId ?? 0);
    return {
      kind: 'exam',
      title: `${exam.name} ${REPORT_KIND_LABELS.exam}`,
      generatedAt,
      exam,
      department: null,
    };
  }
  const department = await departmentReport(db, ctx, definition, peopleLimit);
  return {
    kind: 'department',
    title: `${department.departmentName} ${REPORT_KIND_LABELS.department}（${department.startDate} 至 ${department.endDate}）`,
    generatedAt,
    exam: null,
    department,
  };
}

/** The first sheet: what the report is of and when it was made. */
function addCoverSheet(workbook: ExcelJS.Workbook, data: ReportData) {
  const sheet = workbook.addWorksheet('报告');
  sheet.columns = [
    { header: '项目', key: 'label', width: 14 },
    { header: '内容', key: 'value', width: 48 },
  ];
  sheet.getRow(1).font = { bold: true };
  const d = data.department;
  sheet.addRow({ label: '报告', value: data.title });
  sheet.addRow({ label: '类型', value: REPORT_KIND_LABELS[data.kind] });
  if (d) sheet.addRow({ label: '统计期', value: `${d.startDate} 至 ${d.endDate}（含下级部门）` });
  sheet.addRow({ label: '生成时间', value: new Date(data.generatedAt) });
}

/** The report as one workbook: a cover sheet, then one sheet per table of the exam or staff analysis. */
export async function reportWorkbook(
  db: Db,
  ctx: RequestContext,
  definition: ReportDefinition,
): Promise<DownloadFile> {
  // Every person of the department (the staff analysis' export refuses more than its cap).
  return workbookOf(await buildReport(db, ctx, definition, ANALYSIS_EXPORT_MAX + 1));
}

export async function workbookOf(data: ReportData): Promise<DownloadFile> {
  const workbook = newWorkbook();
  addCoverSheet(workbook, data);
  if (data.exam) addAnalysisSheets(workbook, data.exam);
  const d = data.department;
  if (d) {
    addStatisticsSheets(workbook, d.statistics);
    addGroupsSheet(workbook, 'department', d.byDepartment);
    addGroupsSheet(workbook, 'post', d.byPost);
    addTrendSheet(workbook, d.trend);
    addPeopleSheet(workbook, d.people);
  }
  return file(workbook, data.title);
}
