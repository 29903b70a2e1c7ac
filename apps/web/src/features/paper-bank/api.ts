import {
  paperBankContracts as banks,
  type BankGroup,
  type PaperBankRow,
} from '@kaopei/shared/contracts/paper-bank';
import {
  paperCategoryContracts as categories,
  type CategoryNode,
} from '@kaopei/shared/contracts/paper-category';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';

/**
 * Paper categories and paper banks (contracts: packages/shared/src/contracts/paper-category.ts and
 * paper-bank.ts).
 */

export type { BankGroup, CategoryNode, PaperBankRow };

export type PaperBankScope = 'inner' | 'outer';

/** What the bank list asks: the search body, zero-based paging, and whose banks (mine or public). */
export type PaperBankQuery = NonNullable<BodyIn<typeof banks.searchInner>> &
  QueryIn<typeof banks.searchInner> & { scope: PaperBankScope };

/** What the bank form edits. */
export type PaperBankInput = BodyIn<typeof banks.create>;

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
export function fetchCategoryTree() {
  return call(categories.tree, { query: { categoryId: 0 } });
}

export function addCategory(name: string, parentId: number) {
  return call(categories.add, { body: { name, parentId } });
}

export function renameCategory(categoryId: number, name: string) {
  return call(categories.modify, { body: { categoryId, name } });
}

export function moveCategory(categoryId: number, parentId: number, sort?: number) {
  return call(categories.move, { body: { categoryId, parentId, sort } });
}

export function deleteCategory(categoryId: number) {
  return call(categories.delete, { query: { categoryId } });
}

export function publishCategory(categoryId: number, published: boolean) {
  return call(categories.publish, { query: { categoryId, published: published ? 'true' : 'false' } });
}

export function searchPaperBanks({ scope, keyword, categoryId, ...paging }: PaperBankQuery) {
  const contract = scope === 'outer' ? banks.searchOuter : banks.searchInner;
  return callPage(contract, {
    query: paging,
    body: { keyword: keyword?.trim() || undefined, categoryId: categoryId || undefined },
  });
}

/** My banks grouped by category (未分类 last), for pickers. */
export function fetchBanksByCategory() {
  return call(banks.grouped);
}

export function fetchBanksBesides(paperBankId: number) {
  return call(banks.besides, { query: { paperBankId } });
}

export function createPaperBank(input: PaperBankInput) {
  return call(banks.create, { body: input });
}

export function modifyPaperBank(paperBankId: number, input: PaperBankInput) {
  return call(banks.modify, { body: { paperBankId, ...input } });
}

export function deletePaperBanks(paperBankIds: number[]) {
  return call(banks.deleteMany, { body: { paperBankIds } });
}
