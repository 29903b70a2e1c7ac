import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NoticeRow } from '@kaopei/shared/contracts/notice';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { departments, noticeReceives, notices, users } from '../../db/schema';

/** The caller's received notices and messages, newest first. */
export async function listReceived(
  db: Db,
  ctx: RequestContext,
  paging: { limit: number; offset: number },
  /** 1 unread only, 0 read only, undefined all. */
  status?: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = and(
    eq(noticeReceives.userId, ctx.userId),
    status === undefined ? undefined : eq(noticeReceives.status, status),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        noticeReceiveId: noticeReceives.id,
        title: notices.title,
        content: notices.content,
        status: noticeReceives.status,
        type: notices.type,
        createdAt: notices.createdAt,
        senderName: users.realName,
      })
      .from(noticeReceives)
      .innerJoin(notices, eq(notices.id, noticeReceives.noticeId))
      .leftJoin(users, eq(users.id, notices.senderId))
      .where(where)
      .orderBy(desc(noticeReceives.createdAt), desc(noticeReceives.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(noticeReceives).where(where),
  ]);
  return {
    rows: rows.map(({ createdAt, ...rest }) => ({ ...rest, sendTime: createdAt.getTime() })),
    total: totalRow?.total ?? 0,
  };
}

/** Marks the caller's own receipts read; ids of other users are ignored. */
export async function markRead(db: Db, ctx: RequestContext, receiveIds: number[]): Promise<number> {
  if (receiveIds.length === 0) return 0;
  const updated = await db
    .update(noticeReceives)
    .set({ status: 0, readAt: new Date() })
    .where(
      and(
        eq(noticeReceives.userId, ctx.userId),
        inArray(noticeReceives.id, receiveIds),
        eq(noticeReceives.status, 1),
      ),
    )
    .returning({ id: noticeReceives.id });
  return updated.length;
}

/** Marks every unread receipt of the caller read. */
export async function markAllRead(db: Db, ctx: RequestContext): Promise<number> {
  const updated = await db
    .update(noticeReceives)
    .set({ status: 0, readAt: new Date() })
    .where(and(eq(noticeReceives.userId, ctx.userId), eq(noticeReceives.status, 1)))
    .returning({ id: noticeReceives.id });
  return updated.length;
}

export async function hasUnread(db: Db, ctx: RequestContext): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(noticeReceives)
    .where(and(eq(noticeReceives.userId, ctx.userId), eq(noticeReceives.status, 1)))
    .limit(1);
  return rows.length > 0;
}

/** Collects ids of a department and all its descendants within the organisation. */
export async function departmentWithDescendants(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const all = await db
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.organizationId, organizationId));
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
  input: { title?: string; content: string; userIds?: number[]; departmentIds?: number[]; type?: number },
): Promise<number> {
  const userIds = input.userIds ?? [];
  const departmentIds = input.departmentIds ?? [];
  if (userIds.length === 0 && departmentIds.length === 0) throw badRequest('请选择接收人或部门');
  const deptIds = await departmentWithDescendants(db, ctx.organizationId, departmentIds);
  if (departmentIds.length > 0 && deptIds.length === 0) throw badRequest('所选部门不存在');
  const conditions = [];
  if (userIds.length > 0) conditions.push(inArray(users.id, userIds));
  if (deptIds.length > 0) conditions.push(inArray(users.departmentId, deptIds));
  const recipients = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.status, 0),
        conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`,
      ),
    );
  if (userIds.length > 0) {
    const found = new Set(recipients.map((r) => r.id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length > 0 && deptIds.length === 0) throw badRequest(`接收人不存在：${missing.join(', ')}`);
  }
  if (recipients.length === 0) throw badRequest('所选范围内没有可接收消息的员工');
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(notices)
      .values({
        organizationId: ctx.organizationId,
        senderId: ctx.userId,
        type: input.type ?? 0,
        title: input.title ?? null,
        content: input.content,
      })
      .returning({ id: notices.id });
    if (!notice) throw new Error('notice insert failed');
    await tx.insert(noticeReceives).values(recipients.map((r) => ({ noticeId: notice.id, userId: r.id })));
    return recipients.length;
  });
}
