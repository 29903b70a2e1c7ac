import { TagType } from '@kaopei/shared';
import { bankContracts as banks, type BankRow } from '@kaopei/shared/contracts/bank';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';
import { fetchSimpleBanks, SIMPLE_BANKS_KEY } from '../../lib/picker-queries';

/** Question banks (contracts: packages/shared/src/contracts/bank.ts). */

export type { BankRow, BankScope, BankSimple, TypeCount } from '@kaopei/shared/contracts/bank';
export type { TagRef as BankTag } from '@kaopei/shared/contracts/tag';

/** The bank list's filters (what the list sends as its body) and its page. */
export type BankListQuery = NonNullable<BodyIn<typeof banks.list>> & QueryIn<typeof banks.list>;
/** What the bank form sends. */
export type BankInput = BodyIn<typeof banks.add>;

export const bankKeys = {
  all: ['question-banks'] as const,
  list: (query: BankListQuery) => ['question-banks', 'list', query] as const,
  categories: (scope: BankListQuery['scope']) => ['question-banks', 'categories', scope] as const,
  tags: ['question-banks', 'tags'] as const,
  simple: SIMPLE_BANKS_KEY,
};

export function fetchBanks(query: BankListQuery) {
  const { page, size, pageNumber: _n, pageSize: _s, ...filters } = query;
  return callPage(banks.list, {
    query: { page, size },
    body: {
      ...filters,
      keyword: filters.keyword || undefined,
      category: filters.category || undefined,
      tagIds: filters.tagIds && filters.tagIds.length > 0 ? filters.tagIds : undefined,
    },
  });
}

export function fetchCategories(scope: BankListQuery['scope']) {
  return call(banks.categories, { query: { scope } });
}

export function fetchBankTags() {
  return call(tagContracts.simple, { query: { type: TagType.QUESTION_BANK } });
}

export function createBank(input: BankInput) {
  return call(banks.add, { body: input });
}

export function modifyBank(bankId: number, input: BankInput) {
  return call(banks.modify, { body: { bankId, ...input } });
}

/** Deletes banks; with `moveTo` their questions first move to that bank of mine (one transaction). */
export function deleteBanks(bankIds: number[], moveTo?: number) {
  return call(banks.delete, { body: { bankIds, moveTo } });
}

/** Every bank I can pick: my own first, then the public ones. */
export { fetchSimpleBanks };

export function copyBank(bankId: number): Promise<BankRow> {
  return call(banks.copy, { body: { bankId } });
}
