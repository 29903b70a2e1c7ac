import type { TagType } from '@kaopei/shared';
import { getPage, post, type Page } from '../../lib/http';

/** Tags of the five types (docs: /user/api/v1/tag). */

export interface TagRow {
  tagId: number;
  type: TagType;
  typeLabel: string;
  name: string;
  /** '#rrggbb' (or '#rgb', '#rrggbbaa'). */
  color: string;
  description: string | null;
  usageCount: number;
  createdAt: number;
  updatedAt: number;
}

export type TagSortField = 'name' | 'usageCount' | 'createdAt';

export interface TagListQuery {
  type: TagType;
  /** Zero-based. */
  page: number;
  size: number;
  keyword: string;
  sortField?: TagSortField;
  sortOrder?: 'asc' | 'desc';
}

export interface TagInput {
  name: string;
  color: string;
  description?: string | null;
}

export const tagKeys = {
  all: ['tags'] as const,
  list: (query: TagListQuery) => ['tags', 'list', query] as const,
};

export function fetchTags(query: TagListQuery): Promise<Page<TagRow>> {
  return getPage<TagRow>('/user/api/v1/tag/list', {
    ...query,
    keyword: query.keyword || undefined,
  });
}

export function createTag(type: TagType, input: TagInput): Promise<TagRow> {
  return post<TagRow>('/user/api/v1/tag/add', { type, ...input });
}

export function modifyTag(tagId: number, input: Partial<TagInput>): Promise<TagRow> {
  return post<TagRow>('/user/api/v1/tag/modify', { tagId, ...input });
}

export function deleteTags(tagIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>('/user/api/v1/tag/delete', null, {
    params: { tagIds },
    paramsSerializer: { indexes: null },
  });
}
