/**
 * 分析报告 (issue 19, spec analysis/report; docs/decisions.md "Analysis reports"): the report of an exam,
 * or of a department (with its sub-departments) over a period, previewed in the page, exported as Excel
 * and as PDF (Chromium prints the web app's print route), and sent monthly to chosen staff through the
 * message box and e-mail. A report is a composition: its figures are those of the exam analysis
 * (contracts/exam-analysis.ts) and the staff analysis (contracts/analysis-staff.ts), never a second copy.
 */
import { z } from 'zod';
import {
  REPORT_MAX_DAY_OF_MONTH,
  REPORT_MAX_MONTHS,
  isCalendarDate,
  monthsBetween,
} from '../analysis/report-period';
import { staffGroupRow, staffPersonRow, staffStatistics, trendPoint } from './analysis-staff';
import { countReply, endpoint, envelopeOf, idArray, idOf, keyword, pagedQuery, pageOf } from './common';
import { examAnalysis } from './exam-analysis';

export const ANALYSIS_REPORT_MENU = '/manage/analysis/report';

const R = '/user/api/v1/analysis/report';
const tag = '分析报告';
const access = { menu: ANALYSIS_REPORT_MENU };

export const REPORT_KINDS = ['exam', 'department'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = { exam: '考试报告', department: '部门报告' };

/** The most people a preview lists (the Excel lists them all, up to the staff analysis' export cap). */
export const REPORT_PREVIEW_PEOPLE = 500;

const dateText = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDate, `${label}不是有效日期`);

/** What a report is of: an exam, or a department over a period (start and end dates, Shanghai, inclusive). */
const definitionFields = {
  kind: z.enum(REPORT_KINDS, { error: '报告类型只能是考试报告（exam）或部门报告（department）' }),
  examId: idOf('考试').optional(),
  departmentId: idOf('部门').optional(),
  startDate: dateText('开始日期').optional(),
  endDate: dateText('结束日期').optional(),
};

type DefinitionOut = z.output<z.ZodObject<typeof definitionFields>>;

/** The fields the definition's kind needs (the others are ignored). */
function checkDefinition(value: DefinitionOut, ctx: z.RefinementCtx) {
  if (value.kind === 'exam') {
    if (value.examId === undefined) ctx.addIssue({ code: 'custom', path: ['examId'], message: '请选择考试' });
    return;
  }
  if (value.departmentId === undefined)
    ctx.addIssue({ code: 'custom', path: ['departmentId'], message: '请选择部门' });
  if (value.startDate === undefined)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: '请选择开始日期' });
  if (value.endDate === undefined)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '请选择结束日期' });
  if (value.startDate === undefined || value.endDate === undefined) return;
  if (value.endDate < value.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  else if (monthsBetween(value.startDate, value.endDate).length > REPORT_MAX_MONTHS)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `统计期不能超过 ${REPORT_MAX_MONTHS} 个月`,
    });
}

export const reportDefinition = z.object(definitionFields).superRefine(checkDefinition);
export type ReportDefinition = z.output<typeof reportDefinition>;
export type ReportDefinitionIn = z.input<typeof reportDefinition>;

/** The canonical query string of a report: the fields its kind uses, in a fixed order. */
export function reportQueryString(definition: ReportDefinitionIn): string {
  const fields: [string, unknown][] =
    definition.kind === 'exam'
      ? [
          ['kind', 'exam'],
          ['examId', definition.examId],
        ]
      : [
          ['kind', 'department'],
          ['departmentId', definition.departmentId],
          ['startDate', definition.startDate],
          ['endDate', definition.endDate],
        ];
  return new URLSearchParams(
    fields
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}

export const analysisReportPaths = {
  /** The report page showing this report's preview (the link of a scheduled report's notice). */
  preview: (definition: ReportDefinitionIn) => `${ANALYSIS_REPORT_MENU}?${reportQueryString(definition)}`,
  /** The print route Chromium opens (outside the admin layout). */
  print: (definition: ReportDefinitionIn, token: string) =>
    `/print/analysis/report?${reportQueryString(definition)}&token=${encodeURIComponent(token)}`,
};

/** The print route's request: the definition and the signed token the PDF export handed to Chromium. */
const printQuery = z
  .object({
    ...definitionFields,
    token: z.string({ error: '链接凭证不能为空' }).min(1, '链接凭证不能为空').max(2000),
  })
  .superRefine(checkDefinition);

/** A department report: the staff analysis' figures for the department (with sub-departments) and period. */
export const departmentReport = z.object({
  departmentId: z.number(),
  departmentName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Totals and rankings of the people in scope (staff analysis statistics over the period). */
  statistics: staffStatistics,
  /** By the people's own department (the chosen one and each sub-department). */
  byDepartment: z.array(staffGroupRow),
  byPost: z.array(staffGroupRow),
  trend: z.array(trendPoint),
  /** People by name, at most REPORT_PREVIEW_PEOPLE; peopleTotal counts them all. */
  people: z.array(staffPersonRow),
  peopleTotal: z.number(),
});
export type DepartmentReport = z.infer<typeof departmentReport>;

export const reportData = z.object({
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  /** Epoch ms. */
  generatedAt: z.number(),
  exam: examAnalysis.nullable(),
  department: departmentReport.nullable(),
});
export type ReportData = z.infer<typeof reportData>;

// ---------------------------------------------------------------------------------------------------------
// Schedules
// ---------------------------------------------------------------------------------------------------------

const scheduleFields = {
  name: z.string({ error: '名称不能为空' }).trim().min(1, '名称不能为空').max(100, '名称不能超过 100 个字符'),
  ...definitionFields,
  /** Department reports cover the previous calendar month: no dates are stored. */
  dayOfMonth: z.coerce
    .number<number | string>({ error: `每月发送日必须是 1 到 ${REPORT_MAX_DAY_OF_MONTH} 之间的整数` })
    .int(`每月发送日必须是 1 到 ${REPORT_MAX_DAY_OF_MONTH} 之间的整数`)
    .min(1, `每月发送日必须是 1 到 ${REPORT_MAX_DAY_OF_MONTH} 之间的整数`)
    .max(REPORT_MAX_DAY_OF_MONTH, `每月发送日必须是 1 到 ${REPORT_MAX_DAY_OF_MONTH} 之间的整数`),
  recipientIds: idArray('接收人', 200).min(1, '请选择接收人'),
  enabled: z.boolean({ error: '启用状态只能是 true 或 false' }).default(true),
};

type ScheduleOut = z.output<z.ZodObject<typeof scheduleFields>>;

function checkSchedule(value: ScheduleOut, ctx: z.RefinementCtx) {
  if (value.kind === 'exam' && value.examId === undefined)
    ctx.addIssue({ code: 'custom', path: ['examId'], message: '请选择考试' });
  if (value.kind === 'department' && value.departmentId === undefined)
    ctx.addIssue({ code: 'custom', path: ['departmentId'], message: '请选择部门' });
}

export const scheduleAddBody = z
  .object(scheduleFields)
  .omit({ startDate: true, endDate: true })
  .superRefine(checkSchedule);
export const scheduleUpdateBody = z
  .object({ ...scheduleFields, scheduleId: idOf('定时报告') })
  .omit({ startDate: true, endDate: true })
  .superRefine(checkSchedule);
export type ScheduleForm = z.input<typeof scheduleAddBody>;

export const REPORT_SEND_STATUSES = ['sent', 'failed'] as const;

export const scheduleRow = z.object({
  scheduleId: z.number(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  examId: z.number().nullable(),
  departmentId: z.number().nullable(),
  /** The exam's or department's name; null when it has been deleted since. */
  targetName: z.string().nullable(),
  dayOfMonth: z.number(),
  recipients: z.array(z.object({ userId: z.number(), realName: z.string(), hasEmail: z.boolean() })),
  enabled: z.boolean(),
  /** YYYY-MM-DD (Shanghai) of the next sending; null when disabled. */
  nextSendDate: z.string().nullable(),
  /** Epoch ms of the last sending, its outcome and (when it failed) why. */
  lastSentAt: z.number().nullable(),
  lastStatus: z.enum(REPORT_SEND_STATUSES).nullable(),
  lastMessage: z.string().nullable(),
  createdAt: z.number(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

const scheduleIdQuery = z.object({ scheduleId: idOf('定时报告') });

export const analysisReportContracts = {
  preview: endpoint({
    method: 'GET',
    path: `${R}/preview`,
    tag,
    summary: '报告预览：考试报告（考试分析的全部数据）或部门报告（部门含下级在统计期内的员工分析数据）',
    access,
    query: reportDefinition,
    response: envelopeOf(reportData),
  }),
  exportExcel: endpoint({
    method: 'GET',
    path: `${R}/export`,
    tag,
    summary: '导出报告 Excel（一个工作簿，每张表一个工作表）',
    access,
    query: reportDefinition,
    response: 'file',
  }),
  exportPdf: endpoint({
    method: 'GET',
    path: `${R}/pdf`,
    tag,
    summary: '导出报告 PDF（服务器用 Chromium 打印报告的打印页，A4）',
    access,
    query: reportDefinition,
    response: 'file',
  }),
  print: endpoint({
    method: 'GET',
    path: `${R}/print`,
    tag,
    summary: '打印页的数据：只凭导出 PDF 时签发的短时凭证读取，凭证只对这一份报告有效',
    access: 'public',
    query: printQuery,
    response: envelopeOf(reportData),
  }),
  schedules: endpoint({
    method: 'GET',
    path: `${R}/schedule/list`,
    tag,
    summary: '定时发送列表（分页，新建的在前；按名称搜索）',
    access,
    query: pagedQuery({ keyword }),
    response: pageOf(scheduleRow),
  }),
  scheduleAdd: endpoint({
    method: 'POST',
    path: `${R}/schedule/add`,
    tag,
    summary: '新增定时发送：每月在发送日把报告（部门报告为上一个自然月）发到接收人的消息盒子与邮箱',
    access,
    body: scheduleAddBody,
    response: envelopeOf(scheduleRow),
  }),
  scheduleUpdate: endpoint({
    method: 'POST',
    path: `${R}/schedule/update`,
    tag,
    summary: '修改定时发送',
    access,
    body: scheduleUpdateBody,
    response: envelopeOf(scheduleRow),
  }),
  scheduleDelete: endpoint({
    method: 'POST',
    path: `${R}/schedule/delete`,
    tag,
    summary: '删除定时发送',
    access,
    query: scheduleIdQuery,
    response: countReply,
  }),
};
