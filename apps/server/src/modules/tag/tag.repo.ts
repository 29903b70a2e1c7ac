import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TagType } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import { tags, userTags, users } from '../../db/schema';
import { scoped, type RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** A link table holding tags of one type (see `registerTagLinks` in tag.service). */
export interface TagLinkTable {
  table: PgTable;
  /** The link table's tag id column (its foreign key to tags.id should cascade on delete). */
  tagId: PgColumn;
}

const linkTables = new Map<TagType, TagLinkTable[]>();

/** Registers a link table holding tags of `type`. */
export function registerTagLinks(type: TagType, link: TagLinkTable): void {
  const list = linkTables.get(type) ?? [];
  if (!list.some((entry) => entry.tagId === link.tagId)) list.push(link);
  linkTables.set(type, list);
}

registerTagLinks(TagType.USER, { table: userTags, tagId: userTags.tagId });

/** Usage count of the tag row in the current query: links in its type's tables. */
function usageCountSql(): SQL<number> {
  const branches = [...linkTables.entries()].map(([type, links]) => {
    const counts = links.map(
      (link) => sql`(select count(*)::int from ${link.table} where ${link.tagId} = ${tags.id})`,
    );
    return sql`when ${sql.raw(String(Number(type)))} then ${sql.join(counts, sql` + `)}`;
  });
  if (branches.length === 0) return sql<number>`0`;
  return sql<number>`(case ${tags.type} ${sql.join(branches, sql` `)} else 0 end)`;
}

const tagRefColumns = { tagId: tags.id, type: tags.type, name: tags.name, color: tags.color };

function tagRowColumns() {
  return {
    ...tagRefColumns,
    description: tags.description,
    usageCount: usageCountSql(),
    createdAt: tags.createdAt,
    updatedAt: tags.updatedAt,
  };
}

export type TagSortField = 'name' | 'usageCount' | 'createdAt';

export interface TagListQuery {
  type?: TagType;
  keyword?: string;
  sortField?: TagSortField;
  sortOrder?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of the organisation's tags (with usage counts) and the total matching. */
export async function listTagPage(db: Db, ctx: OrgScope, query: TagListQuery) {
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  const where = scoped(
    tags.organizationId,
    ctx,
    query.type !== undefined ? eq(tags.type, query.type) : undefined,
    pattern ? ilike(tags.name, pattern) : undefined,
  );
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const sortColumn =
    query.sortField === 'name'
      ? tags.name
      : query.sortField === 'usageCount'
        ? usageCountSql()
        : tags.createdAt;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(tagRowColumns())
      .from(tags)
      .where(where)
      .orderBy(direction(sortColumn), direction(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export type TagSelection = Awaited<ReturnType<typeof listTagPage>>['rows'][number];

/** All the organisation's tags of one type, by name. */
export function listTagRefsOfType(db: Db, ctx: OrgScope, type: TagType) {
  return db
    .select(tagRefColumns)
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.type, type)))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** One tag of the organisation with its usage count. */
export async function findTagRow(
  db: DbOrTx,
  ctx: OrgScope,
  tagId: number,
): Promise<TagSelection | undefined> {
  const [row] = await db
    .select(tagRowColumns())
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.id, tagId)));
  return row;
}

/** The organisation's tags among these ids (any type). */
export function listTagRefsByIds(db: DbOrTx, ctx: OrgScope, ids: number[]) {
  return db
    .select(tagRefColumns)
    .from(tags)
    .where(and(eq(tags.organizationId, ctx.organizationId), inArray(tags.id, ids)));
}

/** (user id, tag) pairs of the organisation's tags on these users, by tag name. */
export function listTagsOfUsers(db: DbOrTx, ctx: OrgScope, userIds: readonly number[]) {
  return db
    .select({ userId: userTags.userId, ...tagRefColumns })
    .from(userTags)
    .innerJoin(tags, eq(tags.id, userTags.tagId))
    .where(and(eq(tags.organizationId, ctx.organizationId), inArray(userTags.userId, [...userIds])))
    .orderBy(asc(tags.name));
}

/** The id of the organisation's tag of `type` named `name`, if any. */
export async function findTagIdByName(
  db: DbOrTx,
  ctx: OrgScope,
  type: number,
  name: string,
): Promise<number | undefined> {
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.type, type), eq(tags.name, name)));
  return taken?.id;
}

export async function insertTag(
  db: DbOrTx,
  ctx: OrgScope,
  values: { type: TagType; name: string; color: string; description: string | null },
): Promise<number | undefined> {
  const [row] = await db
    .insert(tags)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: tags.id });
  return row?.id;
}

export async function updateTag(
  db: DbOrTx,
  ctx: OrgScope,
  tagId: number,
  set: { name?: string; color?: string; description?: string | null },
): Promise<void> {
  await db
    .update(tags)
    .set({ ...set, updatedAt: new Date() })
    .where(scoped(tags.organizationId, ctx, eq(tags.id, tagId)));
}

/** Locks the organisation's tags among these ids; returns the ids found. */
export function lockTags(tx: DbOrTx, ctx: OrgScope, ids: number[]) {
  return tx
    .select({ id: tags.id })
    .from(tags)
    .where(scoped(tags.organizationId, ctx, inArray(tags.id, ids)))
    .for('update');
}

/** Deletes tags and their links in every registered link table; `ids` are tags `lockTags` found. */
export async function deleteTagsWithLinks(tx: DbOrTx, ctx: OrgScope, ids: number[]): Promise<void> {
  for (const links of linkTables.values()) {
    for (const link of links) await tx.delete(link.table).where(inArray(link.tagId, ids));
  }
  await tx.delete(tags).where(scoped(tags.organizationId, ctx, inArray(tags.id, ids)));
}

/** The organisation's users among these ids. */
export function listUserIdsInOrg(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(scoped(users.organizationId, ctx, inArray(users.id, userIds)));
}

/** Adds user–tag links (existing ones kept); ids are the organisation's users and user tags. */
export function insertUserTagLinks(db: DbOrTx, rows: { userId: number; tagId: number }[]) {
  return db.insert(userTags).values(rows).onConflictDoNothing().returning({ userId: userTags.userId });
}

/** Removes the links between these users and tags (ids checked to be the organisation's). */
export function deleteUserTagLinks(db: DbOrTx, userIds: number[], tagIds: number[]) {
  return db
    .delete(userTags)
    .where(and(inArray(userTags.userId, userIds), inArray(userTags.tagId, tagIds)))
    .returning({ userId: userTags.userId });
}
