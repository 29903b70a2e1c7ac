import { and, asc, count, eq, exists, ilike, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import {
  abilities,
  abilityDimensions,
  departments,
  exams,
  paperPosts,
  postAbilities,
  postDepartments,
  postFamilies,
  postKnowledge,
  posts,
  postTags,
  tags,
  users,
} from '../../db/schema';
import { POST_SIMPLE_MAX } from '@kaopei/shared/contracts/post';
import { livingMember } from '../staff/staff.repo';

/** Every query of posts and post families (design.md §5): each one scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type PostRecord = typeof posts.$inferSelect;
export type FamilyRecord = typeof postFamilies.$inferSelect;
/** The columns a post's form writes. */
export type PostValues = Partial<
  Pick<
    PostRecord,
    | 'name'
    | 'code'
    | 'familyId'
    | 'grade'
    | 'headcount'
    | 'duties'
    | 'requirements'
    | 'description'
    | 'sort'
    | 'shareToken'
  >
>;

// ---------------------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------------------

/** The organisation's families in tree order (sort, then id). */
export function listFamilies(db: DbOrTx, ctx: OrgScope): Promise<FamilyRecord[]> {
  return db
    .select()
    .from(postFamilies)
    .where(eq(postFamilies.organizationId, ctx.organizationId))
    .orderBy(asc(postFamilies.sort), asc(postFamilies.id));
}

/** Posts per family (directly filed). */
export function countPostsByFamily(
  db: DbOrTx,
  ctx: OrgScope,
): Promise<{ familyId: number | null; n: number }[]> {
  return db
    .select({ familyId: posts.familyId, n: count() })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .groupBy(posts.familyId);
}

export async function findFamily(db: DbOrTx, ctx: OrgScope, id: number): Promise<FamilyRecord | undefined> {
  const [row] = await db
    .select()
    .from(postFamilies)
    .where(and(eq(postFamilies.id, id), eq(postFamilies.organizationId, ctx.organizationId)));
  return row;
}

const underParent = (parentId: number | null) =>
  parentId === null ? isNull(postFamilies.parentId) : eq(postFamilies.parentId, parentId);

/** A sibling family named `name` (other than `exceptId`). */
export async function findSiblingFamily(
  db: DbOrTx,
  ctx: OrgScope,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: postFamilies.id })
    .from(postFamilies)
    .where(
      and(
        eq(postFamilies.organizationId, ctx.organizationId),
        underParent(parentId),
        eq(postFamilies.name, name),
        exceptId !== undefined ? ne(postFamilies.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function lastFamilySort(db: DbOrTx, ctx: OrgScope, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ sort: max(postFamilies.sort) })
    .from(postFamilies)
    .where(and(eq(postFamilies.organizationId, ctx.organizationId), underParent(parentId)));
  return row?.sort ?? -1;
}

export async function insertFamily(
  db: DbOrTx,
  ctx: OrgScope,
  values: { parentId: number | null; name: string; sort: number },
): Promise<FamilyRecord> {
  const [row] = await db
    .insert(postFamilies)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning();
  if (!row) throw new Error('post family insert failed');
  return row;
}

export async function updateFamily(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  changes: Partial<Pick<FamilyRecord, 'name' | 'sort' | 'parentId'>>,
): Promise<void> {
  await db
    .update(postFamilies)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(postFamilies.id, id), eq(postFamilies.organizationId, ctx.organizationId)));
}

/** Children and posts of a family (the delete's guards; the family is one the caller has checked). */
export async function familyUsage(
  db: DbOrTx,
  familyId: number,
): Promise<{ children: number; posts: number }> {
  const [[children], [filed]] = await Promise.all([
    db.select({ n: count() }).from(postFamilies).where(eq(postFamilies.parentId, familyId)),
    db.select({ n: count() }).from(posts).where(eq(posts.familyId, familyId)),
  ]);
  return { children: children?.n ?? 0, posts: filed?.n ?? 0 };
}

export async function deleteFamilyRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await db
    .delete(postFamilies)
    .where(and(eq(postFamilies.id, id), eq(postFamilies.organizationId, ctx.organizationId)));
}

// ---------------------------------------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------------------------------------

/** The organisation's posts for selectors: id, name, family; sort, then name. */
export function listPostOptions(
  db: DbOrTx,
  ctx: OrgScope,
): Promise<{ id: number; name: string; familyId: number | null }[]> {
  return db
    .select({ id: posts.id, name: posts.name, familyId: posts.familyId })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .orderBy(asc(posts.sort), asc(posts.name))
    .limit(POST_SIMPLE_MAX);
}

export interface PostSearch {
  /** The family and its descendants (resolved by the service). */
  familyIds?: number[];
  departmentId?: number;
  keyword?: string;
  tagIds?: number[];
}

function searchConditions(ctx: OrgScope, filter: PostSearch): SQL {
  const conditions: (SQL | undefined)[] = [eq(posts.organizationId, ctx.organizationId)];
  if (filter.familyIds) conditions.push(inArray(posts.familyId, filter.familyIds));
  if (filter.departmentId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${postDepartments} where ${postDepartments.postId} = ${posts.id} and ${postDepartments.departmentId} = ${filter.departmentId})`,
      ),
    );
  }
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(ilike(posts.name, pattern), ilike(posts.code, pattern)));
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    conditions.push(
      exists(
        sql`(select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${inArray(postTags.tagId, filter.tagIds)})`,
      ),
    );
  }
  return and(...conditions) as SQL;
}

/** A page of posts matching the filter (sort, then name) and the total. */
export async function searchPostRecords(
  db: DbOrTx,
  ctx: OrgScope,
  filter: PostSearch,
  page?: { limit: number; offset: number },
): Promise<{ rows: PostRecord[]; total: number }> {
  const where = searchConditions(ctx, filter);
  const query = db.select().from(posts).where(where).orderBy(asc(posts.sort), asc(posts.name), asc(posts.id));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPost(db: DbOrTx, ctx: OrgScope, postId: number): Promise<PostRecord | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  return row;
}

/** Posts of the organisation with one of these names or codes (for uniqueness checks). */
export function findPostsNamedOrCoded(
  db: DbOrTx,
  ctx: OrgScope,
  names: string[],
  codes: string[],
): Promise<{ id: number; name: string; code: string | null }[]> {
  const matches = [
    names.length > 0 ? inArray(posts.name, names) : undefined,
    codes.length > 0 ? inArray(posts.code, codes) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (matches.length === 0) return Promise.resolve([]);
  return db
    .select({ id: posts.id, name: posts.name, code: posts.code })
    .from(posts)
    .where(and(eq(posts.organizationId, ctx.organizationId), or(...matches)));
}

export async function insertPosts(
  db: DbOrTx,
  ctx: OrgScope,
  values: (PostValues & { name: string })[],
): Promise<{ id: number; name: string }[]> {
  if (values.length === 0) return [];
  return db
    .insert(posts)
    .values(values.map((v) => ({ ...v, organizationId: ctx.organizationId })))
    .returning({ id: posts.id, name: posts.name });
}

export async function updatePost(
  db: DbOrTx,
  ctx: OrgScope,
  postId: number,
  values: PostValues,
): Promise<void> {
  await db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
}

/** Replaces the departments of posts (rows: every post's new set; posts not listed keep theirs). */
export async function replacePostDepartments(
  db: DbOrTx,
  postIds: number[],
  rows: { postId: number; departmentId: number }[],
): Promise<void> {
  if (postIds.length === 0) return;
  await db.delete(postDepartments).where(inArray(postDepartments.postId, postIds));
  if (rows.length > 0) await db.insert(postDepartments).values(rows);
}

export async function replacePostTags(db: DbOrTx, postId: number, tagIds: number[]): Promise<void> {
  await db.delete(postTags).where(eq(postTags.postId, postId));
  if (tagIds.length > 0) await db.insert(postTags).values(tagIds.map((tagId) => ({ postId, tagId })));
}

/** Departments of posts (names for display), for ids the caller has checked. */
export function listPostDepartments(
  db: DbOrTx,
  postIds: number[],
): Promise<{ postId: number; departmentId: number; name: string }[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({ postId: postDepartments.postId, departmentId: departments.id, name: departments.name })
    .from(postDepartments)
    .innerJoin(departments, eq(departments.id, postDepartments.departmentId))
    .where(inArray(postDepartments.postId, postIds))
    .orderBy(asc(departments.sort), asc(departments.id));
}

export function listPostTags(
  db: DbOrTx,
  postIds: number[],
): Promise<{ postId: number; tagId: number; name: string; color: string }[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({ postId: postTags.postId, tagId: tags.id, name: tags.name, color: tags.color })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(tags.name));
}

/** Living staff per post. */
export function countStaffByPost(
  db: DbOrTx,
  ctx: OrgScope,
  postIds: number[],
): Promise<{ postId: number | null; n: number }[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({ postId: users.postId, n: count() })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), inArray(users.postId, postIds), livingMember()))
    .groupBy(users.postId);
}

/** Which of `ids` are departments of the organisation. */
export async function ownDepartmentIds(db: DbOrTx, ctx: OrgScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organizationId, ctx.organizationId), inArray(departments.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are post tags (type 3) of the organisation. */
export async function ownPostTagIds(db: DbOrTx, ctx: OrgScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.organizationId, ctx.organizationId), eq(tags.type, 3), inArray(tags.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The post's ability model, read-only (dimension order, then the model's order). */
export function listPostAbilitySummary(
  db: DbOrTx,
  ctx: OrgScope,
  postId: number,
): Promise<
  { abilityId: number; name: string; dimensionName: string; requiredLevel: number; weight: number }[]
> {
  return db
    .select({
      abilityId: abilities.id,
      name: abilities.name,
      dimensionName: abilityDimensions.name,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(and(eq(postAbilities.postId, postId), eq(abilities.organizationId, ctx.organizationId)))
    .orderBy(asc(abilityDimensions.sort), asc(postAbilities.sort), asc(abilities.id));
}

/** Knowledge points and papers linked to the post. */
export async function postLinkCounts(
  db: DbOrTx,
  postId: number,
): Promise<{ knowledge: number; papers: number }> {
  const [[knowledge], [papers]] = await Promise.all([
    db.select({ n: count() }).from(postKnowledge).where(eq(postKnowledge.postId, postId)),
    db.select({ n: count() }).from(paperPosts).where(eq(paperPosts.postId, postId)),
  ]);
  return { knowledge: knowledge?.n ?? 0, papers: papers?.n ?? 0 };
}

/** Exams that reference the post (any organisation: the post id is one the caller has checked). */
export async function countExamsOfPost(db: DbOrTx, postId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(exams).where(eq(exams.postId, postId));
  return row?.n ?? 0;
}

/** Deletes the post and clears it from its staff (inside the caller's transaction). */
export async function deletePostRecord(db: DbOrTx, ctx: OrgScope, postId: number): Promise<void> {
  await db
    .update(users)
    .set({ postId: null })
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.postId, postId)));
  await db.delete(posts).where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
}

/** A page of the post's living staff (name order). */
export async function listPostStaff(
  db: DbOrTx,
  ctx: OrgScope,
  postId: number,
  page: { limit: number; offset: number },
) {
  const where = and(eq(users.organizationId, ctx.organizationId), eq(users.postId, postId), livingMember());
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        realName: users.realName,
        account: users.account,
        jobNumber: users.jobNumber,
        departmentName: departments.name,
        status: users.status,
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(asc(users.realName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Puts the organisation's living members among `userIds` on the post; returns how many changed. */
export async function setStaffPost(
  db: DbOrTx,
  ctx: OrgScope,
  userIds: number[],
  postId: number,
): Promise<number> {
  const changed = await db
    .update(users)
    .set({ postId })
    .where(and(eq(users.organizationId, ctx.organizationId), inArray(users.id, userIds), livingMember()))
    .returning({ id: users.id });
  return changed.length;
}

/** Which of `userIds` are living members of the organisation. */
export async function ownStaffIds(db: DbOrTx, ctx: OrgScope, userIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), inArray(users.id, userIds), livingMember()));
  return new Set(rows.map((r) => r.id));
}
