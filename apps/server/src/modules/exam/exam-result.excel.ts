import ExcelJS from 'exceljs';
import { formatScore } from '@kaopei/shared';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { dateStamp, type DownloadFile } from '../../core/download';
import { XLSX_MIME, workbookBuffer } from '../../core/excel';
import { requireExam } from './exam.service';
import { examResults } from './exam-result.service';

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: '排名', key: 'rank', width: 8 },
  { header: '姓名', key: 'realName', width: 14 },
  { header: '账号', key: 'account', width: 16 },
  { header: '部门', key: 'departmentName', width: 18 },
  { header: '成绩', key: 'score', width: 10 },
  { header: '总分', key: 'totalPoints', width: 10 },
  { header: '是否及格', key: 'passed', width: 10 },
  { header: '用时（分钟）', key: 'minutes', width: 12 },
  { header: '交卷时间', key: 'submittedAt', width: 20 },
  { header: '状态', key: 'statusLabel', width: 10 },
];

/** An exam's results as the 成绩 workbook (exam/result export): one row per candidate, by rank. */
export async function resultsWorkbook(db: Db, ctx: RequestContext, examId: number): Promise<DownloadFile> {
  const exam = await requireExam(db, ctx, examId);
  const { rows } = await examResults(db, ctx, exam.id, { limit: 100_000, offset: 0 });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.columns = COLUMNS;
  for (const row of rows) {
    sheet.addRow({
      ...row,
      rank: row.rank ?? '',
      score: row.score === null ? '' : formatScore(row.score),
      passed: row.passed === null ? '待阅卷' : row.passed ? '及格' : '不及格',
      minutes: row.timeUsedSeconds === null ? '' : Math.round(row.timeUsedSeconds / 6) / 10,
      submittedAt: row.submittedAt ? new Date(row.submittedAt) : '',
    });
  }
  sheet.getRow(1).font = { bold: true };
  return {
    fileName: `${exam.name}_成绩_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
