import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import { attendanceList, requireOrgSection } from './live.service';

export const MAX_ATTENDANCE_EXPORT_ROWS = 20_000;

/** China time as people read it: 2026-11-25 19:05:03. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The attendance of one live class as an .xlsx file (the list's columns, longest present first). */
export async function exportAttendance(
  db: Db,
  ctx: RequestContext,
  sectionId: number,
): Promise<DownloadFile> {
  const section = await requireOrgSection(db, ctx, sectionId);
  const { rows, total } = await attendanceList(db, ctx, sectionId, {
    limit: MAX_ATTENDANCE_EXPORT_ROWS,
    offset: 0,
  });
  if (total > MAX_ATTENDANCE_EXPORT_ROWS)
    throw badRequest(`一次最多导出 ${MAX_ATTENDANCE_EXPORT_ROWS} 条出勤记录`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('出勤记录', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '姓名', key: 'realName', width: 14 },
    { header: '账号', key: 'account', width: 16 },
    { header: '部门', key: 'department', width: 20 },
    { header: '首次进入', key: 'first', width: 20 },
    { header: '最后在线', key: 'last', width: 20 },
    { header: '在线时长（分钟）', key: 'minutes', width: 16 },
  ];
  styleHeaderRow(sheet);
  for (const r of rows)
    sheet.addRow({
      realName: r.realName,
      account: r.account,
      department: r.departmentName ?? '',
      first: chinaTime(r.firstJoinedAt),
      last: chinaTime(r.lastSeenAt),
      minutes: r.minutes,
    });
  sheet.getColumn('minutes').numFmt = '0.0';
  return {
    fileName: `${section.title}-出勤记录-${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
