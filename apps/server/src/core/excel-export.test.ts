/**
 * Excel exports carry what people typed as text, never as a formula (issue 13, point 10): a cell that
 * starts with = + - @ gets a leading ', and HTML-ish text stays text.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp } from '../../test/harness';
import { createMember, download, readWorkbook, sheetRows } from '../../test/support';
import { cellSafeText, workbookBuffer } from './excel';

const FORMULA = '=HYPERLINK("http://evil.example","点我")';
const SCRIPT = '<script>alert(1)</script>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('Excel exports', () => {
  it('write formula-like text with a leading quote and HTML-ish text as it is, in the staff export', async () => {
    const org = await createOrg(t);
    const formula = await createMember(t, org, 'staff', { realName: FORMULA, jobNumber: '+1+cmd' });
    const script = await createMember(t, org, 'staff', { realName: SCRIPT, jobNumber: '@SUM(1)' });
    const res = await download(t, 'GET', '/user/api/v1/files/download/excel/auth', { user: org.admin });
    expect(res.status).toBe(200);
    const sheet = (await readWorkbook(res.data)).getWorksheet('员工信息');
    const rows = sheetRows(sheet);
    const byAccount = new Map(rows.map((row) => [row[1], row]));
    expect(byAccount.get(formula.account)?.[0]).toBe(`'${FORMULA}`);
    expect(byAccount.get(formula.account)?.[5]).toBe("'+1+cmd");
    expect(byAccount.get(script.account)?.[0]).toBe(SCRIPT);
    expect(byAccount.get(script.account)?.[5]).toBe("'@SUM(1)");
    // No cell of the export is a formula.
    sheet?.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('neutralise strings, rich text and formulas of any sheet; other text is untouched', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('s');
    sheet.addRow(['-2+3', 'a-b', 42, '\tcmd', '成绩 = 90']);
    sheet.getCell('F1').value = { richText: [{ text: '@x' }, { text: 'y' }] };
    sheet.getCell('G1').value = { formula: 'SUM(1,2)' };
    const read = (await readWorkbook(await workbookBuffer(workbook))).getWorksheet('s');
    const cells = [1, 2, 3, 4, 5, 6, 7].map((c) => read?.getRow(1).getCell(c).text);
    expect(cells).toEqual(["'-2+3", 'a-b', '42', "'\tcmd", '成绩 = 90', "'@xy", "'=SUM(1,2)"]);
    expect(cellSafeText('')).toBe('');
  });
});
