import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { Db, DbOrTx } from '../../db/client';
import { departments, noticeReceives, notices, organizations, users } from '../../db/schema';

type OrgScope = Pick<RequestContext, 'organizationId'>;
/** Receipts belong to one user (the caller): they are scoped by the caller's user id. */
type Recipient = Pick<RequestContext, 'userId'>;

/** The caller's receipts with their notices and senders, newest first; `status` 1 unread, 0 read. */
export async function listReceipts(
  db: Db,
  ctx: Recipient,
  paging: { limit: number; offset: number },
  status?: number,
) {
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
        link: notices.link,
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
  return { rows, total: totalRow?.total ?? 0 };
}

/** Marks the caller's unread receipts among `receiveIds` read; returns how many changed. */
export async function markReceiptsRead(db: Db, ctx: Recipient, receiveIds: number[]): Promise<number> {
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

/** Marks every unread receipt of the caller read; returns how many changed. */
export async function markAllReceiptsRead(db: Db, ctx: Recipient): Promise<number> {
  const updated = await db
    .update(noticeReceives)
    .set({ status: 0, readAt: new Date() })
    .where(and(eq(noticeReceives.userId, ctx.userId), eq(noticeReceives.status, 1)))
    .returning({ id: noticeReceives.id });
  return updated.length;
}

/** Whether the caller has an unread receipt. */
export async function hasUnreadReceipt(db: Db, ctx: Recipient): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(noticeReceives)
    .where(and(eq(noticeReceives.userId, ctx.userId), eq(noticeReceives.status, 1)))
    .limit(1);
  return rows.length > 0;
}

/** Every department of the organisation (id and parent), for walking the tree. */
export async function listDepartmentLinks(db: Db, ctx: OrgScope) {
  return db
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.organizationId, ctx.organizationId));
}

/** Active staff of the organisation who are among `userIds` or in one of `departmentIds` (one given at least). */
export async function listActiveStaffIn(db: Db, ctx: OrgScope, userIds: number[], departmentIds: number[]) {
  const conditions = [];
  if (userIds.length > 0) conditions.push(inArray(users.id, userIds));
  if (departmentIds.length > 0) conditions.push(inArray(users.departmentId, departmentIds));
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.status, 0),
        conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`,
      ),
    );
}

/** A notice of the organisation, with one receipt per recipient. */
export async function insertNoticeWithReceipts(
  tx: DbOrTx,
  ctx: OrgScope,
  notice: Omit<typeof notices.$inferInsert, 'organizationId'>,
  recipientIds: number[],
): Promise<void> {
  const [row] = await tx
    .insert(notices)
    .values({ organizationId: ctx.organizationId, ...notice })
    .returning({ id: notices.id });
  if (!row) throw new Error('notice insert failed');
  await tx.insert(noticeReceives).values(recipientIds.map((userId) => ({ noticeId: row.id, userId })));
}

/** The active member of the organisation with this phone, with the organisation's name. */
export async function findActiveMemberByPhone(db: Db, ctx: OrgScope, phone: string) {
  const [recipient] = await db
    .select({ id: users.id, realName: users.realName, organizationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.phone, phone), eq(users.organizationId, ctx.organizationId), eq(users.status, 0)));
  return recipient;
}
