import { FORM_ERRORS } from '../../lib/form-errors';
import type { TagType } from '@kaopei/shared';
import { tagContracts as tags, type TagRow, type TagSortField } from '@kaopei/shared/contracts/tag';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';

/** Tags of the five types (contracts: packages/shared/src/contracts/tag.ts). */

export type { TagRow, TagSortField };
export type TagListQuery = QueryIn<typeof tags.list>;
/** What the tag form edits. */
export type TagInput = Omit<BodyIn<typeof tags.add>, 'type'>;

export const tagKeys = {
  all: ['tags'] as const,
  list: (query: TagListQuery) => ['tags', 'list', query] as const,
};

export function fetchTags(query: TagListQuery) {
  return callPage(tags.list, { query: { ...query, keyword: query.keyword || undefined } });
}

/** From the new-tag dialog: a name clash shows under 标签名称 (lib/form-errors.ts). */
export function createTag(type: TagType, input: TagInput) {
  return call(tags.add, { body: { type, ...input } }, FORM_ERRORS);
}

export function modifyTag(tagId: number, input: Partial<TagInput>) {
  return call(tags.modify, { body: { tagId, ...input } });
}

export function deleteTags(tagIds: number[]) {
  return call(tags.delete, { query: { tagIds } });
}
