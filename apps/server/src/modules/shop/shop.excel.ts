import ExcelJS from 'exceljs';
import { ORDER_STATUS_LABELS, PAYMENT_PROVIDER_LABELS, fenToYuan } from '@kaopei/shared/contracts/shop';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import { listOrders, type OrderFilter } from './shop-order.repo';

export const MAX_ORDER_EXPORT_ROWS = 20_000;

/** China time as people read it: 2026-11-25 19:05:03. */
function chinaTime(ms: number | null): string {
  return ms === null ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The orders the list shows (same filter) as an .xlsx file; amounts in yuan. */
export async function exportOrders(db: Db, ctx: RequestContext, filter: OrderFilter): Promise<DownloadFile> {
  const { rows, total } = await listOrders(db, ctx, filter, { limit: MAX_ORDER_EXPORT_ROWS, offset: 0 });
  if (total > MAX_ORDER_EXPORT_ROWS)
    throw badRequest(`一次最多导出 ${MAX_ORDER_EXPORT_ROWS} 条订单，请缩小筛选范围`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('订单', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '订单号', key: 'orderNo', width: 28 },
    { header: '商品', key: 'productName', width: 28 },
    { header: '购买人', key: 'realName', width: 14 },
    { header: '账号', key: 'account', width: 16 },
    { header: '金额（元）', key: 'amount', width: 12 },
    { header: '状态', key: 'status', width: 10 },
    { header: '支付渠道', key: 'provider', width: 14 },
    { header: '下单时间', key: 'createdAt', width: 20 },
    { header: '支付时间', key: 'paidAt', width: 20 },
    { header: '退款时间', key: 'refundedAt', width: 20 },
  ];
  styleHeaderRow(sheet);
  for (const r of rows)
    sheet.addRow({
      orderNo: r.orderNo,
      productName: r.productName,
      realName: r.realName,
      account: r.account,
      amount: Number(fenToYuan(r.amountFen)),
      status: ORDER_STATUS_LABELS[r.status],
      provider: PAYMENT_PROVIDER_LABELS[r.provider],
      createdAt: chinaTime(r.createdAt),
      paidAt: chinaTime(r.paidAt),
      refundedAt: chinaTime(r.refundedAt),
    });
  sheet.getColumn('amount').numFmt = '0.00';
  return {
    fileName: `订单-${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
