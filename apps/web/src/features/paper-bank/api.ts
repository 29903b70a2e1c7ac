import { get, post, postPage, type Page } from '../../lib/http';

/** Paper categories and paper banks (server: modules/paper-category, modules/paper-bank). */

const CATEGORY = '/paper/api/v1/category';
const BANK = '/paper/api/v1/bank';

export interface CategoryNode {
  id: number;
  categoryId: number;
  name: string;
  /** 0 at the top level. */
  parentId: number;
  sort: number;
  published: boolean;
  categoryTreeVOS: CategoryNode[];
}

export interface PaperBankRow {
  id: number;
  paperBankId: number;
  name: string;
  description: string | null;
  /** 0: no category. */
  categoryId: number;
  categoryName: string;
  paperCount: number;
  isPublic: boolean;
  editable: boolean;
  createdAt: number;
  updatedAt: number;
}

export type PaperBankScope = 'inner' | 'outer';

export interface PaperBankQuery {
  scope: PaperBankScope;
  keyword: string;
  /** 0: every category. */
  categoryId: number;
  /** Zero-based. */
  page: number;
  size: number;
}

export interface PaperBankInput {
  name: string;
  categoryId: number;
  description: string | null;
}

export interface BankGroup {
  categoryId: number;
  categoryName: string;
  paperBanks: { paperBankId: number; name: string }[];
}

export const paperBankKeys = {
  all: ['paper-banks'] as const,
  list: (query: PaperBankQuery) => ['paper-banks', 'list', query] as const,
  grouped: ['paper-banks', 'grouped'] as const,
  besides: (paperBankId: number) => ['paper-banks', 'besides', paperBankId] as const,
};

export const categoryKeys = {
  all: ['paper-categories'] as const,
  tree: ['paper-categories', 'tree'] as const,
};

/** The whole tree under the root 全部分类 (id 0). */
export function fetchCategoryTree(): Promise<CategoryNode[]> {
  return get<CategoryNode[]>(`${CATEGORY}/tree`, { categoryId: 0 });
}

export function addCategory(name: string, parentId: number): Promise<CategoryNode> {
  return post<CategoryNode>(`${CATEGORY}/add`, { name, parentId });
}

export function renameCategory(categoryId: number, name: string): Promise<CategoryNode> {
  return post<CategoryNode>(`${CATEGORY}/modify`, { categoryId, name });
}

export function moveCategory(categoryId: number, parentId: number, sort?: number): Promise<CategoryNode> {
  return post<CategoryNode>(`${CATEGORY}/move`, { categoryId, parentId, sort });
}

export function deleteCategory(categoryId: number): Promise<{ count: number }> {
  return post<{ count: number }>(`${CATEGORY}/delete`, undefined, { params: { categoryId } });
}

export function publishCategory(categoryId: number, published: boolean): Promise<CategoryNode> {
  return post<CategoryNode>(`${CATEGORY}/publish`, undefined, {
    params: { categoryId, published: String(published) },
  });
}

export function searchPaperBanks(query: PaperBankQuery): Promise<Page<PaperBankRow>> {
  const body = {
    keyword: query.keyword.trim() || undefined,
    categoryId: query.categoryId || undefined,
  };
  return postPage<PaperBankRow>(`${BANK}/search/${query.scope}`, body, {
    params: { page: query.page, size: query.size },
  });
}

/** My banks grouped by category (未分类 last), for pickers. */
export function fetchBanksByCategory(): Promise<BankGroup[]> {
  return get<BankGroup[]>(`${BANK}/paper/bank/category/get/all`);
}

export function fetchBanksBesides(paperBankId: number): Promise<PaperBankRow[]> {
  return get<PaperBankRow[]>(`${BANK}/get/all/besides`, { paperBankId });
}

export function createPaperBank(input: PaperBankInput): Promise<PaperBankRow> {
  return post<PaperBankRow>(`${BANK}/create`, input);
}

export function modifyPaperBank(paperBankId: number, input: PaperBankInput): Promise<PaperBankRow> {
  return post<PaperBankRow>(`${BANK}/modify`, { paperBankId, ...input });
}

export function deletePaperBanks(paperBankIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${BANK}/delete/paper-banks`, { paperBankIds });
}
