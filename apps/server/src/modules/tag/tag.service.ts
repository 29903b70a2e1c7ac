import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TagType, tagTypeLabel } from '@kaopei/shared';
import type { TagRef, TagRow } from '@kaopei/shared/contracts/tag';
import type { Db, DbOrTx } from '../../db/client';
import { tags, userTags, users } from '../../db/schema';
import { scoped, type RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { containsPattern, isUniqueViolation } from '../../core/db-errors';

/**
 * Tags of the five types (1 题库, 2 试题, 3 岗位, 4 用户, 5 组织). Each tagged thing keeps its own link
 * table (user_tags for users); a feature adding one registers it with `registerTagLinks`, which gives
 * its tags usage counts and removes its links when a tag is deleted. Features validate the tag ids
 * they are sent with `requireTags`.
 */

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

const NAME_INDEX = 'tags_org_type_name_uq';
const tagNotFound = () => notFound('标签不存在');
const nameTaken = (type: number, name: string) => conflict(`${tagTypeLabel(type)}标签“${name}”已存在`);

const tagRefColumns = { tagId: tags.id, type: tags.type, name: tags.name, color: tags.color };

type TagSelection = TagRef & {
  description: string | null;
  usageCount: number;
  createdAt: Date;
  updatedAt: Date;
};

function toTagRow(row: TagSelection): TagRow {
  return {
    ...row,
    typeLabel: tagTypeLabel(row.type),
    usageCount: Number(row.usageCount),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

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

/** The organisation's tags, newest first unless sorted otherwise. */
export async function listTags(
  db: Db,
  ctx: RequestContext,
  query: TagListQuery,
): Promise<{ rows: TagRow[]; total: number }> {
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
  return { rows: rows.map(toTagRow), total: totalRow?.total ?? 0 };
}

/** All tags of one type, by name: for pickers. */
export async function simpleTags(db: Db, ctx: RequestContext, type: TagType): Promise<TagRef[]> {
  return db
    .select(tagRefColumns)
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.type, type)))
    .orderBy(asc(tags.name), asc(tags.id));
}

export async function getTag(db: DbOrTx, ctx: RequestContext, tagId: number): Promise<TagRow> {
  const [row] = await db
    .select(tagRowColumns())
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.id, tagId)));
  if (!row) throw tagNotFound();
  return toTagRow(row);
}

/**
 * The tags of `type` with these ids in the organisation, in the order given (duplicates removed).
 * An id that is missing or another organisation's is 404 '标签不存在'; a tag of another type is 400
 * naming `field`. For features that link tags to their own things.
 */
export async function requireTags(
  db: DbOrTx,
  organizationId: number,
  type: TagType,
  tagIds: readonly number[],
  field = 'tagIds',
): Promise<TagRef[]> {
  const ids = [...new Set(tagIds)];
  if (ids.length === 0) return [];
  const found = await db
    .select(tagRefColumns)
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, ids)));
  const byId = new Map(found.map((tag) => [tag.tagId, tag]));
  if (ids.some((id) => !byId.has(id))) throw tagNotFound();
  const wrongType = found.filter((tag) => tag.type !== type);
  if (wrongType.length > 0) {
    throw badRequest(
      `参数 ${field} 不正确：${wrongType.map((tag) => `“${tag.name}”`).join('、')}不是${tagTypeLabel(type)}标签`,
    );
  }
  return ids.map((id) => byId.get(id) as TagRef);
}

/** Tags of each of these users (user ids of the organisation), by tag name. */
export async function tagsOfUsers(
  db: DbOrTx,
  organizationId: number,
  userIds: readonly number[],
): Promise<Map<number, TagRef[]>> {
  const result = new Map<number, TagRef[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userTags.userId, ...tagRefColumns })
    .from(userTags)
    .innerJoin(tags, eq(tags.id, userTags.tagId))
    .where(and(eq(tags.organizationId, organizationId), inArray(userTags.userId, [...userIds])))
    .orderBy(asc(tags.name));
  for (const { userId, ...tag } of rows) {
    const list = result.get(userId) ?? [];
    list.push(tag);
    result.set(userId, list);
  }
  return result;
}

export interface CreateTagInput {
  type: TagType;
  name: string;
  color: string;
  description?: string | null;
}

async function assertNameFree(
  db: DbOrTx,
  ctx: RequestContext,
  type: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.type, type), eq(tags.name, name)));
  if (taken && taken.id !== exceptId) throw nameTaken(type, name);
}

export async function createTag(db: Db, ctx: RequestContext, input: CreateTagInput): Promise<TagRow> {
  await assertNameFree(db, ctx, input.type, input.name);
  try {
    const [row] = await db
      .insert(tags)
      .values({
        organizationId: ctx.organizationId,
        type: input.type,
        name: input.name,
        color: input.color,
        description: input.description || null,
      })
      .returning({ id: tags.id });
    if (!row) throw new Error('tag insert failed');
    return await getTag(db, ctx, row.id);
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(input.type, input.name);
    throw error;
  }
}

export interface ModifyTagInput {
  tagId: number;
  name?: string;
  color?: string;
  description?: string | null;
}

/** Changes the given fields; a tag's type never changes (its links live in that type's tables). */
export async function modifyTag(db: Db, ctx: RequestContext, input: ModifyTagInput): Promise<TagRow> {
  const tag = await getTag(db, ctx, input.tagId);
  if (input.name !== undefined && input.name !== tag.name) {
    await assertNameFree(db, ctx, tag.type, input.name, tag.tagId);
  }
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.color !== undefined ? { color: input.color } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
  };
  if (Object.keys(set).length === 0) return tag;
  try {
    await db
      .update(tags)
      .set({ ...set, updatedAt: new Date() })
      .where(scoped(tags.organizationId, ctx, eq(tags.id, tag.tagId)));
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(tag.type, input.name ?? tag.name);
    throw error;
  }
  return getTag(db, ctx, tag.tagId);
}

/** Deletes tags and every link to them. All or nothing: one foreign or missing id deletes nothing. */
export async function deleteTags(db: Db, ctx: RequestContext, tagIds: number[]): Promise<{ count: number }> {
  const ids = [...new Set(tagIds)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(scoped(tags.organizationId, ctx, inArray(tags.id, ids)))
      .for('update');
    if (found.length !== ids.length) throw tagNotFound();
    for (const links of linkTables.values()) {
      for (const link of links) await tx.delete(link.table).where(inArray(link.tagId, ids));
    }
    await tx.delete(tags).where(scoped(tags.organizationId, ctx, inArray(tags.id, ids)));
    return { count: found.length };
  });
}

async function assertUsersInOrg(db: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<void> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(scoped(users.organizationId, ctx, inArray(users.id, userIds)));
  if (found.length !== userIds.length) throw notFound('员工不存在');
}

/** Tags users with user tags (type 4); links that exist already are kept. Returns links added. */
export async function addUserTags(
  db: Db,
  ctx: RequestContext,
  input: { userIds: number[]; tagIds: number[] },
): Promise<{ count: number }> {
  const userIds = [...new Set(input.userIds)];
  const tagList = await requireTags(db, ctx.organizationId, TagType.USER, input.tagIds);
  await assertUsersInOrg(db, ctx, userIds);
  const added = await db
    .insert(userTags)
    .values(userIds.flatMap((userId) => tagList.map((tag) => ({ userId, tagId: tag.tagId }))))
    .onConflictDoNothing()
    .returning({ userId: userTags.userId });
  return { count: added.length };
}

/** Removes user tags from users. Returns links removed. */
export async function removeUserTags(
  db: Db,
  ctx: RequestContext,
  input: { userIds: number[]; tagIds: number[] },
): Promise<{ count: number }> {
  const userIds = [...new Set(input.userIds)];
  const tagList = await requireTags(db, ctx.organizationId, TagType.USER, input.tagIds);
  await assertUsersInOrg(db, ctx, userIds);
  const removed = await db
    .delete(userTags)
    .where(
      and(
        inArray(userTags.userId, userIds),
        inArray(
          userTags.tagId,
          tagList.map((tag) => tag.tagId),
        ),
      ),
    )
    .returning({ userId: userTags.userId });
  return { count: removed.length };
}
