import ExcelJS from 'exceljs';
import { formatScore } from '@kaopei/shared';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { dateStamp, type DownloadFile } from '../../core/download';
import { XLSX_MIME, styleHeaderRow, workbookBuffer } from '../../core/excel';
import { abilityResults } from './post-exam.service';

/** A post exam's per-ability results as a workbook: one row per candidate, two columns per ability. */
export async function postResultsWorkbook(
  db: Db,
  ctx: RequestContext,
  query: { examId: number; departmentId?: number },
): Promise<DownloadFile> {
  const { data } = await abilityResults(db, ctx, 'post', {
    ...query,
    page: 0,
    size: 100_000,
    pageNumber: 1,
    pageSize: 100_000,
  });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('能力结果');
  sheet.columns = [
    { header: '姓名', key: 'realName', width: 14 },
    { header: '账号', key: 'account', width: 16 },
    { header: '部门', key: 'departmentName', width: 18 },
    { header: '状态', key: 'statusLabel', width: 10 },
    { header: '成绩', key: 'score', width: 10 },
    { header: '达标能力数', key: 'metCount', width: 12 },
    ...data.abilities.flatMap((a) => [
      { header: `${a.name} 得分率`, key: `rate${a.abilityId}`, width: 14 },
      {
        header: `${a.name} 等级${a.requiredLevel ? `（要求 ${a.requiredLevel}）` : ''}`,
        key: `level${a.abilityId}`,
        width: 16,
      },
    ]),
  ];
  for (const c of data.candidates) {
    const cells: Record<string, string | number> = {
      realName: c.realName,
      account: c.account,
      departmentName: c.departmentName,
      statusLabel: c.statusLabel,
      score: c.score === null ? '' : formatScore(c.score),
      metCount: c.abilities.length > 0 ? c.metCount : '',
    };
    for (const a of c.abilities) {
      cells[`rate${a.abilityId}`] = `${a.rate}%`;
      cells[`level${a.abilityId}`] =
        a.met === null ? a.level : `${a.level}${a.met ? '（达标）' : '（未达标）'}`;
    }
    sheet.addRow(cells);
  }
  const averages: Record<string, string | number> = { realName: '平均' };
  for (const a of data.abilities) {
    averages[`rate${a.abilityId}`] = a.averageRate === null ? '' : `${a.averageRate}%`;
    averages[`level${a.abilityId}`] = a.averageLevel ?? '';
  }
  sheet.addRow(averages);
  styleHeaderRow(sheet);
  return {
    fileName: `${data.exam.name}_能力结果_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
