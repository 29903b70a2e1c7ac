import { nextScheduleDate, previousMonthPeriod, shanghaiDate, toOffset } from '@kaopei/shared';
import {
  analysisReportPaths,
  type ReportDefinition,
  type ScheduleRow,
} from '@kaopei/shared/contracts/analysis-report';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest, notFound } from '../../core/http';
import type { Mailer } from '../../core/mailer';
import type { Db } from '../../db/client';
import { assertDepartment } from '../department/department.service';
import { requireExam } from '../exam/exam.service';
import { sendMessage } from '../notice/notice.service';
import * as repo from './analysis-report.repo';
import { buildReport, workbookOf } from './analysis-report.service';

/**
 * 定时发送 of analysis reports: schedules (CRUD) and the monthly job that sends them. A due schedule is
 * claimed for the month first (repo.claimDueSchedules), then its report is built — a department's for the
 * previous calendar month, an exam's as it stands — and delivered: a notice in each recipient's message
 * box linking to the preview, and an e-mail with the workbook attached to those who have an address.
 */

export const SCHEDULE_NOT_FOUND = '定时报告不存在';
const RECIPIENT_NOT_FOUND = '接收人不存在或已离职';

interface ScheduleInput {
  name: string;
  kind: 'exam' | 'department';
  examId?: number | undefined;
  departmentId?: number | undefined;
  dayOfMonth: number;
  recipientIds: number[];
  enabled: boolean;
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.findSchedule>>>;

async function toRow(
  db: Db,
  ctx: Pick<RequestContext, 'organizationId'>,
  found: Found,
): Promise<ScheduleRow> {
  const s = found.schedule;
  const people = await repo.listActiveStaff(db, ctx, s.recipientIds);
  return {
    scheduleId: s.id,
    name: s.name,
    kind: s.kind as ScheduleRow['kind'],
    examId: s.examId,
    departmentId: s.departmentId,
    targetName: (s.kind === 'exam' ? found.examName : found.departmentName) ?? null,
    dayOfMonth: s.dayOfMonth,
    recipients: people.map((p) => ({ userId: p.userId, realName: p.realName, hasEmail: Boolean(p.email) })),
    enabled: s.enabled,
    nextSendDate: s.enabled ? nextScheduleDate(s.dayOfMonth, s.lastRunMonth, new Date()) : null,
    lastSentAt: s.lastSentAt?.getTime() ?? null,
    lastStatus: (s.lastStatus as ScheduleRow['lastStatus']) ?? null,
    lastMessage: s.lastMessage,
    createdAt: s.createdAt.getTime(),
  };
}

/** The stored values of a checked input: the exam or department and every recipient are the organisation's. */
async function checkedValues(
  db: Db,
  ctx: RequestContext,
  input: ScheduleInput,
): Promise<repo.ScheduleValues> {
  if (input.kind === 'exam') await requireExam(db, ctx, input.examId ?? 0);
  else await assertDepartment(db, ctx, input.departmentId ?? 0);
  const recipientIds = [...new Set(input.recipientIds)];
  const found = await repo.listActiveStaff(db, ctx, recipientIds);
  if (found.length !== recipientIds.length) throw notFound(RECIPIENT_NOT_FOUND);
  return {
    name: input.name,
    kind: input.kind,
    examId: input.kind === 'exam' ? (input.examId ?? null) : null,
    departmentId: input.kind === 'department' ? (input.departmentId ?? null) : null,
    dayOfMonth: input.dayOfMonth,
    recipientIds,
    enabled: input.enabled,
  };
}

async function requireRow(db: Db, ctx: RequestContext, scheduleId: number): Promise<ScheduleRow> {
  const found = await repo.findSchedule(db, ctx, scheduleId);
  if (!found) throw notFound(SCHEDULE_NOT_FOUND);
  return toRow(db, ctx, found);
}

export async function listSchedules(
  db: Db,
  ctx: RequestContext,
  filter: { keyword?: string; page: number; size: number },
) {
  const { rows, total } = await repo.listSchedules(db, ctx, { keyword: filter.keyword, ...toOffset(filter) });
  return { rows: await Promise.all(rows.map((row) => toRow(db, ctx, row))), total };
}

export async function addSchedule(db: Db, ctx: RequestContext, input: ScheduleInput): Promise<ScheduleRow> {
  const id = await repo.insertSchedule(db, ctx, await checkedValues(db, ctx, input));
  return requireRow(db, ctx, id);
}

export async function updateSchedule(
  db: Db,
  ctx: RequestContext,
  input: ScheduleInput & { scheduleId: number },
): Promise<ScheduleRow> {
  if (!(await repo.findSchedule(db, ctx, input.scheduleId))) throw notFound(SCHEDULE_NOT_FOUND);
  await repo.updateSchedule(db, ctx, input.scheduleId, await checkedValues(db, ctx, input));
  return requireRow(db, ctx, input.scheduleId);
}

export async function deleteSchedule(db: Db, ctx: RequestContext, scheduleId: number) {
  const count = await repo.deleteSchedule(db, ctx, scheduleId);
  if (count === 0) throw notFound(SCHEDULE_NOT_FOUND);
  return { count };
}

// ---------------------------------------------------------------------------------------------------------
// The monthly job
// ---------------------------------------------------------------------------------------------------------

export interface ScheduleDeps {
  db: Db;
  mailer: Mailer;
  /** Base URL of the web app (links in e-mails). */
  publicUrl: string;
}

/** The report a schedule sends at `now`: an exam's, or its department's for the previous month. */
function definitionAt(schedule: repo.ScheduleRecord, now: Date): ReportDefinition {
  if (schedule.kind === 'exam') {
    if (schedule.examId === null) throw notFound('报告的考试已被删除');
    return { kind: 'exam', examId: schedule.examId };
  }
  if (schedule.departmentId === null) throw notFound('报告的部门已被删除');
  const { startDate, endDate } = previousMonthPeriod(now);
  return { kind: 'department', departmentId: schedule.departmentId, startDate, endDate };
}

/** Builds and delivers one schedule's report; returns the outcome line recorded with it. */
async function deliver(deps: ScheduleDeps, schedule: repo.ScheduleRecord, now: Date): Promise<string> {
  const ctx: RequestContext = {
    userId: schedule.createdBy ?? 0,
    organizationId: schedule.organizationId,
    isAdmin: true,
    account: '',
    realName: '',
  };
  const definition = definitionAt(schedule, now);
  const recipients = await repo.listActiveStaff(deps.db, ctx, schedule.recipientIds);
  if (recipients.length === 0) throw badRequest('接收人均已离职或不存在');
  const data = await buildReport(deps.db, ctx, definition);
  const workbook = await workbookOf(data);
  const link = analysisReportPaths.preview(definition);
  await sendMessage(deps.db, ctx, {
    title: `分析报告：${data.title}`,
    content: `定时发送「${schedule.name}」：${data.title}已生成，点击查看报告预览，Excel 已发送到您的邮箱（如已设置）。`,
    userIds: recipients.map((r) => r.userId),
    type: 1,
    link,
  });
  let mailed = 0;
  let mailFailed = 0;
  for (const person of recipients.filter((r) => r.email)) {
    try {
      await deps.mailer.send({
        to: person.email as string,
        subject: `【考培】分析报告：${data.title}`,
        text: `${person.realName}，您好：\n\n定时发送「${schedule.name}」的报告已生成：${data.title}。\n报告预览：${deps.publicUrl}${link}\n附件是报告的 Excel 文件。\n`,
        attachments: [
          { filename: workbook.fileName, content: workbook.data, contentType: workbook.contentType },
        ],
      });
      mailed += 1;
    } catch {
      mailFailed += 1;
    }
  }
  const line = `已发送给 ${recipients.length} 人的消息盒子，邮件 ${mailed} 封`;
  if (mailFailed > 0) throw new AppError(500, `${line}；${mailFailed} 封邮件发送失败`);
  return line;
}

/**
 * The periodic job (app.ts; tests call it with a fixed `now`): every schedule due at `now` is claimed for
 * the month, built and delivered, and its outcome recorded. A failure is recorded, not retried: the
 * schedule sends again next month (or when it is saved again). Returns how many were sent and failed.
 */
export async function runReportSchedules(
  deps: ScheduleDeps,
  now = new Date(),
  /** Only this organisation's schedules (tests on a shared database leave the others alone). */
  organizationId?: number,
) {
  const today = shanghaiDate(now);
  const month = today.slice(0, 7);
  const claimed = await repo.claimDueSchedules(deps.db, month, Number(today.slice(8, 10)), organizationId);
  let sent = 0;
  let failed = 0;
  for (const schedule of claimed) {
    try {
      const message = await deliver(deps, schedule, now);
      await repo.recordOutcome(deps.db, schedule.id, { status: 'sent', message, at: now });
      sent += 1;
    } catch (error) {
      const message = error instanceof AppError ? error.message : '报告生成失败';
      await repo.recordOutcome(deps.db, schedule.id, { status: 'failed', message, at: now });
      failed += 1;
    }
  }
  return { sent, failed };
}
