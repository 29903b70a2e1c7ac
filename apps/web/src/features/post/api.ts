import type { ImportMode } from '@kaopei/shared/contracts/file';
import {
  postContracts as posts,
  POST_SHARE_PATH,
  type FamilyNode,
  type FamilyRow,
  type PostDetail,
  type PostFilter,
  type PostOption,
  type PostRow,
  type PostStaffRow,
} from '@kaopei/shared/contracts/post';
import { departmentContracts } from '@kaopei/shared/contracts/department';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { TagType } from '@kaopei/shared';
import { call, callPage, type BodyIn, type DataOf } from '../../lib/api';
import { download } from '../../lib/download';
import { FORM_ERRORS } from '../../lib/form-errors';

/** Posts and post families (contracts: packages/shared/src/contracts/post.ts). Paging is zero-based. */

export type { FamilyNode, FamilyRow, PostDetail, PostFilter, PostOption, PostRow, PostStaffRow };
/** What the post form sends. */
export type PostInput = BodyIn<typeof posts.add>;

export const postKeys = {
  all: ['posts'] as const,
  families: ['posts', 'families'] as const,
  simple: ['posts', 'simple'] as const,
  list: (filter: PostFilter, page: number, size: number) => ['posts', 'list', filter, page, size] as const,
  detail: (postId: number) => ['posts', 'detail', postId] as const,
  staff: (postId: number, page: number, size: number) => ['posts', 'staff', postId, page, size] as const,
  departments: ['posts', 'departments'] as const,
  tags: ['posts', 'tags'] as const,
};

/** Every post (id, name, family) for selectors; other features import this. */
export function fetchPostOptions(): Promise<PostOption[]> {
  return call(posts.simple);
}

export function fetchFamilyTree(): Promise<FamilyNode[]> {
  return call(posts.familyTree);
}

export function addFamily(name: string, parentId: number): Promise<FamilyRow> {
  return call(posts.familyAdd, { body: { name, parentId } });
}

export function renameFamily(familyId: number, name: string): Promise<FamilyRow> {
  return call(posts.familyModify, { body: { familyId, name } });
}

export function moveFamily(familyId: number, parentId: number): Promise<FamilyRow> {
  return call(posts.familyMove, { body: { familyId, parentId } });
}

export function deleteFamily(familyId: number) {
  return call(posts.familyDelete, { query: { familyId } });
}

export function fetchPosts(filter: PostFilter, page: number, size: number) {
  return callPage(posts.search, { query: { page, size }, body: filter });
}

export function fetchPost(postId: number): Promise<PostDetail> {
  return call(posts.get, { query: { postId } });
}

/** From the post dialog: a name or code clash shows under its field (lib/form-errors.ts). */
export function createPost(input: PostInput): Promise<PostDetail> {
  return call(posts.add, { body: input }, FORM_ERRORS);
}

export function modifyPost(postId: number, input: Partial<PostInput>): Promise<PostDetail> {
  return call(posts.modify, { body: { postId, ...input } }, FORM_ERRORS);
}

export function deletePost(postId: number) {
  return call(posts.delete, { query: { postId } });
}

export function fetchPostStaff(postId: number, page: number, size: number) {
  return callPage(posts.staff, { query: { postId, page, size } });
}

export function sharePost(postId: number): Promise<{ shareToken: string }> {
  return call(posts.share, { query: { postId } });
}

export function unsharePost(postId: number) {
  return call(posts.unshare, { query: { postId } });
}

/** The public profile's address for a share token. */
export function shareLink(token: string, origin = window.location.origin): string {
  return `${origin}${POST_SHARE_PATH}?token=${encodeURIComponent(token)}`;
}

export function exportPosts(filter: PostFilter): Promise<string> {
  return download(posts.export, { body: filter }, '岗位信息.xlsx');
}

export function downloadPostTemplate(): Promise<string> {
  return download(posts.importTemplate, undefined, '岗位导入模板.xlsx');
}

export function startPostImport(file: File, mode: ImportMode): Promise<DataOf<typeof posts.import>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(posts.import, { query: { mode }, form });
}

/** The department tree (ids and names) for the department pickers. */
export function fetchDepartmentOptions() {
  return call(departmentContracts.subtree, { query: {} });
}

/** The organisation's post tags (type 3). */
export function fetchPostTags() {
  return call(tagContracts.simple, { query: { type: TagType.POST } });
}
