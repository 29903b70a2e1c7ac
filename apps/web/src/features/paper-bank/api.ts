import {
  paperBankContracts as banks,
  type BankGroup,
  type PaperBankRow,
} from '@kaopei/shared/contracts/paper-bank';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';

/**
 * Paper categories and paper banks (contracts: packages/shared/src/contracts/paper-category.ts and
 * paper-bank.ts).
 */

export type { BankGroup, PaperBankRow };
/** The category tree lives in lib (the tree panel is a house-wide component). */
export {
  addCategory,
  categoryKeys,
  deleteCategory,
  fetchCategoryTree,
  moveCategory,
  publishCategory,
  renameCategory,
  type CategoryNode,
} from '../../lib/paper-categories';

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
