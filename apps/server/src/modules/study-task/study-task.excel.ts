import ExcelJS from 'exceljs';
import { ASSIGNEE_STATUS_LABELS, TASK_ITEM_KIND_LABELS } from '@kaopei/shared';
import { TASK_EXPORT_MAX } from '@kaopei/shared/contracts/study-task';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import { taskAssignees, type DetailFilterOut } from './study-task-detail.service';
import { listItems } from './study-task.repo';
import { namedItems, requireTask } from './study-task.service';

/** 任务完成情况 as .xlsx: one row per assignee, one column per item (core/excel.ts makes text cells safe). */

const when = (ms: number | null) =>
  ms === null ? '' : new Date(ms).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

export async function exportTaskDetail(
  db: Db,
  ctx: RequestContext,
  filter: DetailFilterOut,
): Promise<DownloadFile> {
  const task = await requireTask(db, ctx, filter.taskId);
  const { rows, total } = await taskAssignees(db, ctx, filter, { limit: TASK_EXPORT_MAX, offset: 0 });
  if (total > TASK_EXPORT_MAX) throw badRequest(`一次最多导出 ${TASK_EXPORT_MAX} 人，请缩小筛选范围`);
  const items = await namedItems(db, ctx, await listItems(db, [task.id]));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('完成情况', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '姓名', key: 'realName', width: 12 },
    { header: '账号', key: 'account', width: 16 },
    { header: '部门', key: 'department', width: 16 },
    { header: '状态', key: 'status', width: 10 },
    { header: '进度(%)', key: 'progress', width: 10 },
    { header: '完成时间', key: 'completedAt', width: 20 },
    ...items.map((item) => ({
      header: `${TASK_ITEM_KIND_LABELS[item.kind]}：${item.name}`,
      key: `item${item.id}`,
      width: 20,
    })),
  ];
  styleHeaderRow(sheet);
  for (const r of rows) {
    const cells: Record<string, string | number> = {
      realName: r.realName ?? '',
      account: r.account,
      department: r.departmentName ?? '',
      status: ASSIGNEE_STATUS_LABELS[r.status],
      progress: r.progressPercent,
      completedAt: when(r.completedAt),
    };
    for (const cell of r.items)
      cells[`item${cell.itemId}`] = cell.done ? `已完成 ${when(cell.doneAt)}` : '未完成';
    sheet.addRow(cells);
  }
  return {
    fileName: `${task.name}_完成情况_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
