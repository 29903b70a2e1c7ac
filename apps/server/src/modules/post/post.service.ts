import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { conflict, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { violatedUniqueIndex } from '../../core/db-errors';
import type {
  PostDetail,
  PostFilter,
  PostOption,
  PostRow,
  PostStaffRow,
} from '@kaopei/shared/contracts/post';
import { FAMILY_NOT_FOUND, familyWithDescendants, loadFamilies } from './post-family.service';
import {
  countExamsOfPost,
  countStaffByPost,
  deletePostRecord,
  findFamily,
  findPost,
  findPostsNamedOrCoded,
  insertPosts,
  listPostAbilitySummary,
  listPostDepartments,
  listPostOptions,
  listPostStaff,
  listPostTags,
  ownDepartmentIds,
  ownPostTagIds,
  ownStaffIds,
  postLinkCounts,
  replacePostDepartments,
  replacePostTags,
  searchPostRecords,
  setStaffPost,
  updatePost,
  type PostRecord,
  type PostSearch,
  type PostValues,
} from './post.repo';

export const POST_NOT_FOUND = '岗位不存在';
const postNotFound = () => notFound(POST_NOT_FOUND);

/** The filter after the contract's parse. */
export interface PostFilterOut {
  familyId?: number | null;
  departmentId?: number | null;
  keyword?: string;
  tagIds?: number[];
}
export type { PostFilter };

/** A post of the caller's organisation; 404 for a missing or foreign id. */
export async function requirePost(db: DbOrTx, ctx: RequestContext, postId: number): Promise<PostRecord> {
  const row = await findPost(db, ctx, postId);
  if (!row) throw postNotFound();
  return row;
}

/** Every post of the organisation for selectors (bounded). */
export async function postOptions(db: DbOrTx, ctx: RequestContext): Promise<PostOption[]> {
  const rows = await listPostOptions(db, ctx);
  return rows.map((row) => ({ postId: row.id, postName: row.name, familyId: row.familyId }));
}

export async function resolveFilter(
  db: DbOrTx,
  ctx: RequestContext,
  filter: PostFilterOut,
): Promise<PostSearch> {
  return {
    familyIds: filter.familyId != null ? await familyWithDescendants(db, ctx, filter.familyId) : undefined,
    departmentId: filter.departmentId ?? undefined,
    keyword: filter.keyword,
    tagIds: filter.tagIds,
  };
}

function groupBy<T extends { postId: number }, V>(rows: T[], map: (row: T) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const row of rows) out.set(row.postId, [...(out.get(row.postId) ?? []), map(row)]);
  return out;
}

/** Living staff per post id. */
export async function staffCounts(
  db: DbOrTx,
  ctx: RequestContext,
  postIds: number[],
): Promise<Map<number, number>> {
  const counts = await countStaffByPost(db, ctx, postIds);
  return new Map(counts.flatMap((c) => (c.postId === null ? [] : [[c.postId, c.n] as const])));
}

/** Rows as the list shows them: departments, tags, staff counts and family names in four queries. */
async function toRows(db: DbOrTx, ctx: RequestContext, records: PostRecord[]): Promise<PostRow[]> {
  const ids = records.map((r) => r.id);
  const [departments, tags, counts, families] = await Promise.all([
    listPostDepartments(db, ids),
    listPostTags(db, ids),
    countStaffByPost(db, ctx, ids),
    loadFamilies(db, ctx),
  ]);
  const departmentsOf = groupBy(departments, (d) => ({ departmentId: d.departmentId, name: d.name }));
  const tagsOf = groupBy(tags, (t) => ({ tagId: t.tagId, name: t.name, color: t.color }));
  const countOf = new Map(counts.map((c) => [c.postId, c.n]));
  return records.map((r) => ({
    postId: r.id,
    name: r.name,
    code: r.code,
    grade: r.grade,
    headcount: r.headcount,
    familyId: r.familyId,
    familyName: r.familyId == null ? null : (families.byId.get(r.familyId)?.name ?? null),
    departments: departmentsOf.get(r.id) ?? [],
    tags: tagsOf.get(r.id) ?? [],
    staffCount: countOf.get(r.id) ?? 0,
    sort: r.sort,
    shared: r.shareToken !== null,
    updatedAt: r.updatedAt.getTime(),
  }));
}

export async function searchPosts(
  db: Db,
  ctx: RequestContext,
  filter: PostFilterOut,
  page: { limit: number; offset: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const found = await searchPostRecords(db, ctx, await resolveFilter(db, ctx, filter), page);
  return { rows: await toRows(db, ctx, found.rows), total: found.total };
}

export async function postDetail(db: DbOrTx, ctx: RequestContext, postId: number): Promise<PostDetail> {
  const record = await requirePost(db, ctx, postId);
  const [[row], abilities, links, families] = await Promise.all([
    toRows(db, ctx, [record]),
    listPostAbilitySummary(db, ctx, record.id),
    postLinkCounts(db, record.id),
    loadFamilies(db, ctx),
  ]);
  return {
    ...(row as PostRow),
    duties: record.duties,
    requirements: record.requirements,
    description: record.description,
    familyPath: families.path(record.familyId),
    shareToken: record.shareToken,
    abilities,
    knowledgeCount: links.knowledge,
    paperCount: links.papers,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------

export interface PostInput {
  name?: string;
  code?: string | null;
  familyId?: number | null;
  grade?: string | null;
  headcount?: number | null;
  departmentIds?: number[];
  tagIds?: number[];
  duties?: string | null;
  requirements?: string | null;
  description?: string | null;
  sort?: number;
}

/** Foreign or missing family, departments and tags are refused (404), before anything is written. */
async function checkReferences(db: DbOrTx, ctx: RequestContext, input: PostInput): Promise<void> {
  if (input.familyId != null && !(await findFamily(db, ctx, input.familyId)))
    throw notFound(FAMILY_NOT_FOUND);
  const departmentIds = [...new Set(input.departmentIds ?? [])];
  if ((await ownDepartmentIds(db, ctx, departmentIds)).size !== departmentIds.length)
    throw notFound('所属部门不存在');
  const tagIds = [...new Set(input.tagIds ?? [])];
  if ((await ownPostTagIds(db, ctx, tagIds)).size !== tagIds.length)
    throw notFound('岗位标签不存在（只能选择岗位类标签）');
}

async function checkUnique(db: DbOrTx, ctx: RequestContext, input: PostInput, exceptId?: number) {
  const names = input.name !== undefined ? [input.name] : [];
  const codes = input.code ? [input.code] : [];
  const clashes = (await findPostsNamedOrCoded(db, ctx, names, codes)).filter((c) => c.id !== exceptId);
  if (clashes.some((c) => c.name === input.name)) throw conflict(`岗位名称「${input.name}」已存在`, 'name');
  if (clashes.some((c) => input.code && c.code === input.code))
    throw conflict(`岗位编码「${input.code}」已被其他岗位使用`, 'code');
}

/** A name or code taken between the check and the write (a concurrent save) is the same 409. */
async function uniquely<T>(input: PostInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'posts_org_name_uq') throw conflict(`岗位名称「${input.name}」已存在`, 'name');
    if (index === 'posts_org_code_uq') throw conflict(`岗位编码「${input.code}」已被其他岗位使用`, 'code');
    throw error;
  }
}

function columnsOf(input: PostInput): PostValues {
  const values: PostValues = {};
  for (const key of [
    'name',
    'code',
    'familyId',
    'grade',
    'headcount',
    'duties',
    'requirements',
    'description',
    'sort',
  ] as const) {
    if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
  }
  return values;
}

async function writeLinks(db: DbOrTx, postId: number, input: PostInput): Promise<void> {
  if (input.departmentIds !== undefined) {
    const ids = [...new Set(input.departmentIds)];
    await replacePostDepartments(
      db,
      [postId],
      ids.map((departmentId) => ({ postId, departmentId })),
    );
  }
  if (input.tagIds !== undefined) await replacePostTags(db, postId, [...new Set(input.tagIds)]);
}

export async function addPost(
  db: Db,
  ctx: RequestContext,
  input: PostInput & { name: string },
): Promise<PostDetail> {
  await checkReferences(db, ctx, input);
  await checkUnique(db, ctx, input);
  const id = await uniquely(input, () =>
    db.transaction(async (tx) => {
      const [created] = await insertPosts(tx, ctx, [{ ...columnsOf(input), name: input.name }]);
      if (!created) throw new Error('post insert failed');
      await writeLinks(tx, created.id, input);
      return created.id;
    }),
  );
  return postDetail(db, ctx, id);
}

export async function modifyPost(
  db: Db,
  ctx: RequestContext,
  input: PostInput & { postId: number },
): Promise<PostDetail> {
  const current = await requirePost(db, ctx, input.postId);
  await checkReferences(db, ctx, input);
  await checkUnique(db, ctx, input, current.id);
  await uniquely(input, () =>
    db.transaction(async (tx) => {
      await updatePost(tx, ctx, current.id, columnsOf(input));
      await writeLinks(tx, current.id, input);
    }),
  );
  return postDetail(db, ctx, current.id);
}

/** Deletes a post no exam refers to; its staff keep their other data and lose the post. */
export async function deletePost(db: Db, ctx: RequestContext, postId: number): Promise<{ count: number }> {
  const current = await requirePost(db, ctx, postId);
  const exams = await countExamsOfPost(db, current.id);
  if (exams > 0) throw conflict(`该岗位已被 ${exams} 场考试引用，不能删除`);
  await db.transaction(async (tx) => {
    await deletePostRecord(tx, ctx, current.id);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '删除岗位',
      detail: `删除了岗位「${current.name}」`,
    });
  });
  return { count: 1 };
}

export async function postStaff(
  db: Db,
  ctx: RequestContext,
  postId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: PostStaffRow[]; total: number }> {
  await requirePost(db, ctx, postId);
  return listPostStaff(db, ctx, postId, page);
}

/** Puts staff on the post: every id must be a living member of the organisation (404 otherwise). */
export async function assignStaff(
  db: Db,
  ctx: RequestContext,
  postId: number,
  userIds: number[],
): Promise<{ count: number }> {
  await requirePost(db, ctx, postId);
  const ids = [...new Set(userIds)];
  if ((await ownStaffIds(db, ctx, ids)).size !== ids.length) throw notFound('员工不存在');
  return { count: await setStaffPost(db, ctx, ids, postId) };
}

/** The post's share token (created on first share; sharing again returns the same one). */
export async function sharePost(
  db: Db,
  ctx: RequestContext,
  postId: number,
): Promise<{ shareToken: string }> {
  const current = await requirePost(db, ctx, postId);
  if (current.shareToken) return { shareToken: current.shareToken };
  const shareToken = randomBytes(24).toString('base64url');
  await updatePost(db, ctx, current.id, { shareToken });
  return { shareToken };
}

export async function unsharePost(db: Db, ctx: RequestContext, postId: number): Promise<{ count: number }> {
  const current = await requirePost(db, ctx, postId);
  if (!current.shareToken) return { count: 0 };
  await updatePost(db, ctx, current.id, { shareToken: null });
  return { count: 1 };
}
