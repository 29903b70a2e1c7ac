import { TagType } from '@kaopei/shared';
import { get, http, post, postPage, type ApiEnvelope, type Page } from '../../lib/http';

/** Question banks (docs: /question/api/v1/bank). */

export type BankScope = 'mine' | 'public';

export interface BankTag {
  tagId: number;
  name: string;
  color: string;
}

export interface TypeCount {
  type: number;
  label: string;
  count: number;
}

export interface BankRow {
  bankId: number;
  name: string;
  description: string | null;
  category: string | null;
  coverUrl: string | null;
  isPublic: boolean;
  editable: boolean;
  tags: BankTag[];
  questionCount: number;
  typeCounts: TypeCount[];
  createdAt: number;
  updatedAt: number;
}

export interface BankListQuery {
  scope: BankScope;
  /** Zero-based. */
  page: number;
  size: number;
  keyword: string;
  category?: string | undefined;
  tagIds: number[];
}

export interface BankInput {
  name: string;
  description: string | null;
  category: string | null;
  coverUrl: string | null;
  tagIds: number[];
}

export const bankKeys = {
  all: ['question-banks'] as const,
  list: (query: BankListQuery) => ['question-banks', 'list', query] as const,
  categories: (scope: BankScope) => ['question-banks', 'categories', scope] as const,
  tags: ['question-banks', 'tags'] as const,
  simple: ['question-banks', 'simple'] as const,
};

const BASE = '/question/api/v1/bank';

export function fetchBanks(query: BankListQuery): Promise<Page<BankRow>> {
  const { page, size, ...filters } = query;
  return postPage<BankRow>(
    `${BASE}/list`,
    {
      ...filters,
      keyword: filters.keyword || undefined,
      category: filters.category || undefined,
      tagIds: filters.tagIds.length > 0 ? filters.tagIds : undefined,
    },
    { params: { page, size } },
  );
}

export function fetchCategories(scope: BankScope): Promise<string[]> {
  return get<string[]>(`${BASE}/categories`, { scope });
}

export function fetchBankTags(): Promise<BankTag[]> {
  return get<BankTag[]>('/user/api/v1/tag/simple', { type: TagType.QUESTION_BANK });
}

export function createBank(input: BankInput): Promise<BankRow> {
  return post<BankRow>(`${BASE}/add`, input);
}

export function modifyBank(bankId: number, input: BankInput): Promise<BankRow> {
  return post<BankRow>(`${BASE}/modify`, { bankId, ...input });
}

/** Deletes banks; with `moveTo` their questions first move to that bank of mine (one transaction). */
export function deleteBanks(bankIds: number[], moveTo?: number): Promise<{ count: number; moved: number }> {
  return post<{ count: number; moved: number }>(`${BASE}/delete`, { bankIds, moveTo });
}

export interface BankSimple {
  bankId: number;
  name: string;
  isPublic: boolean;
}

/** Every bank I can pick: my own first, then the public ones. */
export function fetchSimpleBanks(): Promise<BankSimple[]> {
  return get<BankSimple[]>(`${BASE}/simple`);
}

export function copyBank(bankId: number): Promise<BankRow> {
  return post<BankRow>(`${BASE}/copy`, { bankId });
}

/** Uploads a cover image as a public file and returns its URL. */
export async function uploadCover(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await http.post<ApiEnvelope<{ url: string }>>('/user/api/v1/files/upload', body, {
    params: { public: 1 },
  });
  const url = response.data.res?.data.url;
  if (!url) throw new Error('上传失败');
  return url;
}
