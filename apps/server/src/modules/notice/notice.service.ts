import type { NoticeRow } from '@kaopei/shared/contracts/notice';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import {
  hasUnreadReceipt,
  insertNoticeWithReceipts,
  listActiveStaffIn,
  listDepartmentLinks,
  listReceipts,
  markAllReceiptsRead,
  markReceiptsRead,
} from './notice.repo';

/** The caller's received notices and messages, newest first. */
export async function listReceived(
  db: Db,
  ctx: RequestContext,
  paging: { limit: number; offset: number },
  /** 1 unread only, 0 read only, undefined all. */
  status?: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const { rows, total } = await listReceipts(db, ctx, paging, status);
  return {
    rows: rows.map(({ createdAt, ...rest }) => ({ ...rest, sendTime: createdAt.getTime() })),
    total,
  };
}

/** Marks the caller's own receipts read; ids of other users are ignored. */
export async function markRead(db: Db, ctx: RequestContext, receiveIds: number[]): Promise<number> {
  if (receiveIds.length === 0) return 0;
  return markReceiptsRead(db, ctx, receiveIds);
}

/** Marks every unread receipt of the caller read. */
export async function markAllRead(db: Db, ctx: RequestContext): Promise<number> {
  return markAllReceiptsRead(db, ctx);
}

export async function hasUnread(db: Db, ctx: RequestContext): Promise<boolean> {
  return hasUnreadReceipt(db, ctx);
}

/** Collects ids of a department and all its descendants within the organisation. */
export async function departmentWithDescendants(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const all = await listDepartmentLinks(db, { organizationId });
  const known = new Set(all.map((d) => d.id));
  const result = new Set(ids.filter((id) => known.has(id)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of all) {
      if (d.parentId != null && result.has(d.parentId) && !result.has(d.id)) {
        result.add(d.id);
        grew = true;
      }
    }
  }
  return [...result];
}

/**
 * Sends a message to chosen staff and/or whole departments (with sub-departments) of the
 * sender's organisation. Returns the number of recipients.
 */
export async function sendMessage(
  db: Db,
  ctx: RequestContext,
  input: {
    title?: string;
    content: string;
    userIds?: number[];
    departmentIds?: number[];
    type?: number;
    /** The in-app page the notice opens (set by the server's own notices only). */
    link?: string;
  },
): Promise<number> {
  const userIds = input.userIds ?? [];
  const departmentIds = input.departmentIds ?? [];
  if (userIds.length === 0 && departmentIds.length === 0) throw badRequest('请选择接收人或部门');
  const deptIds = await departmentWithDescendants(db, ctx.organizationId, departmentIds);
  if (departmentIds.length > 0 && deptIds.length === 0) throw badRequest('所选部门不存在');
  const recipients = await listActiveStaffIn(db, ctx, userIds, deptIds);
  if (userIds.length > 0) {
    const found = new Set(recipients.map((r) => r.id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length > 0 && deptIds.length === 0) throw badRequest(`接收人不存在：${missing.join(', ')}`);
  }
  if (recipients.length === 0) throw badRequest('所选范围内没有可接收消息的员工');
  return db.transaction(async (tx) => {
    await insertNoticeWithReceipts(
      tx,
      ctx,
      {
        // 0: a notice of the system itself (a scheduled report whose author has left).
        senderId: ctx.userId > 0 ? ctx.userId : null,
        type: input.type ?? 0,
        title: input.title ?? null,
        content: input.content,
        link: input.link ?? null,
      },
      recipients.map((r) => r.id),
    );
    return recipients.length;
  });
}
