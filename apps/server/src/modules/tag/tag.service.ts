import { TagType, tagTypeLabel } from '@kaopei/shared';
import type { TagRef, TagRow } from '@kaopei/shared/contracts/tag';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { isUniqueViolation } from '../../core/db-errors';
import {
  deleteTagsWithLinks,
  deleteUserTagLinks,
  findTagIdByName,
  findTagRow,
  insertTag,
  insertUserTagLinks,
  listTagPage,
  listTagRefsByIds,
  listTagRefsOfType,
  listTagsOfUsers,
  listUserIdsInOrg,
  lockTags,
  updateTag,
  type TagListQuery,
  type TagSelection,
} from './tag.repo';

/**
 * Tags of the five types (1 题库, 2 试题, 3 岗位, 4 用户, 5 组织). Each tagged thing keeps its own link
 * table (user_tags for users); a feature adding one registers it with `registerTagLinks`, which gives
 * its tags usage counts and removes its links when a tag is deleted. Features validate the tag ids
 * they are sent with `requireTags`.
 */
export { registerTagLinks, type TagLinkTable, type TagListQuery, type TagSortField } from './tag.repo';

const NAME_INDEX = 'tags_org_type_name_uq';
const tagNotFound = () => notFound('标签不存在');
const nameTaken = (type: number, name: string) => conflict(`${tagTypeLabel(type)}标签“${name}”已存在`, 'name');

function toTagRow(row: TagSelection): TagRow {
  return {
    ...row,
    typeLabel: tagTypeLabel(row.type),
    usageCount: Number(row.usageCount),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The organisation's tags, newest first unless sorted otherwise. */
export async function listTags(
  db: Db,
  ctx: RequestContext,
  query: TagListQuery,
): Promise<{ rows: TagRow[]; total: number }> {
  const { rows, total } = await listTagPage(db, ctx, query);
  return { rows: rows.map(toTagRow), total };
}

/** All tags of one type, by name: for pickers. */
export async function simpleTags(db: Db, ctx: RequestContext, type: TagType): Promise<TagRef[]> {
  return listTagRefsOfType(db, ctx, type);
}

export async function getTag(db: DbOrTx, ctx: RequestContext, tagId: number): Promise<TagRow> {
  const row = await findTagRow(db, ctx, tagId);
  if (!row) throw tagNotFound();
  return toTagRow(row);
}

/**
 * The tags of `type` with these ids in the organisation, in the order given (duplicates removed).
 * An id that is missing or another organisation's is 404 '标签不存在'; a tag of another type is 400
 * naming the tag. For features that link tags to their own things.
 */
export async function requireTags(
  db: DbOrTx,
  organizationId: number,
  type: TagType,
  tagIds: readonly number[],
): Promise<TagRef[]> {
  const ids = [...new Set(tagIds)];
  if (ids.length === 0) return [];
  const found = await listTagRefsByIds(db, { organizationId }, ids);
  const byId = new Map(found.map((tag) => [tag.tagId, tag]));
  if (ids.some((id) => !byId.has(id))) throw tagNotFound();
  const wrongType = found.filter((tag) => tag.type !== type);
  if (wrongType.length > 0) {
    throw badRequest(`${wrongType.map((tag) => `“${tag.name}”`).join('、')}不是${tagTypeLabel(type)}标签`);
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
  const rows = await listTagsOfUsers(db, { organizationId }, userIds);
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
  const takenId = await findTagIdByName(db, ctx, type, name);
  if (takenId !== undefined && takenId !== exceptId) throw nameTaken(type, name);
}

export async function createTag(db: Db, ctx: RequestContext, input: CreateTagInput): Promise<TagRow> {
  await assertNameFree(db, ctx, input.type, input.name);
  try {
    const id = await insertTag(db, ctx, {
      type: input.type,
      name: input.name,
      color: input.color,
      description: input.description || null,
    });
    if (id === undefined) throw new Error('tag insert failed');
    return await getTag(db, ctx, id);
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
    await updateTag(db, ctx, tag.tagId, set);
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
    const found = await lockTags(tx, ctx, ids);
    if (found.length !== ids.length) throw tagNotFound();
    await deleteTagsWithLinks(tx, ctx, ids);
    return { count: found.length };
  });
}

async function assertUsersInOrg(db: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<void> {
  const found = await listUserIdsInOrg(db, ctx, userIds);
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
  const added = await insertUserTagLinks(
    db,
    userIds.flatMap((userId) => tagList.map((tag) => ({ userId, tagId: tag.tagId }))),
  );
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
  const removed = await deleteUserTagLinks(
    db,
    userIds,
    tagList.map((tag) => tag.tagId),
  );
  return { count: removed.length };
}
