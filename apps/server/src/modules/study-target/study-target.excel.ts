import ExcelJS from 'exceljs';
import { TARGET_METRIC_LABELS, TARGET_METRIC_UNITS } from '@kaopei/shared';
import { TARGET_EXPORT_MAX } from '@kaopei/shared/contracts/study-target';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import { filteredPeople, type PeopleFilter } from './study-target.service';

/** The people of a target (the chart page's table, same filter) as .xlsx. */
export async function exportTargetPeople(
  db: Db,
  ctx: RequestContext,
  filter: PeopleFilter,
): Promise<DownloadFile> {
  const { target, rows } = await filteredPeople(db, ctx, filter);
  if (rows.length > TARGET_EXPORT_MAX)
    throw badRequest(`一次最多导出 ${TARGET_EXPORT_MAX} 人，请按部门或等级筛选`);
  const unit = TARGET_METRIC_UNITS[target.metric];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('目标达成', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '姓名', key: 'realName', width: 14 },
    { header: '工号', key: 'jobNumber', width: 14 },
    { header: '部门', key: 'department', width: 20 },
    { header: `${TARGET_METRIC_LABELS[target.metric]}（${unit}）`, key: 'value', width: 14 },
    { header: `目标值（${unit}）`, key: 'target', width: 12 },
    { header: '达成率(%)', key: 'percent', width: 12 },
    { header: '等级', key: 'level', width: 10 },
  ];
  styleHeaderRow(sheet);
  for (const row of rows)
    sheet.addRow({
      realName: row.realName,
      jobNumber: row.jobNumber ?? '',
      department: row.departmentName ?? '',
      value: row.value ?? '',
      target: target.targetValue,
      percent: row.percent,
      level: row.levelName,
    });
  sheet.getColumn('value').numFmt = '0.0';
  sheet.getColumn('percent').numFmt = '0.0';
  return {
    fileName: `学习目标_${target.name}_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
