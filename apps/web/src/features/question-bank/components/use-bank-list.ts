import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankKeys, fetchBankTags, fetchBanks, fetchCategories, type BankScope } from '../api';

export const BANK_PAGE_SIZE = 12;

/**
 * The bank cards' filter (scope, keyword, category, tags; each change goes back to page 1), their page,
 * and the categories and tags to choose from. With `fixedCategory` only that category's banks.
 */
export function useBankList(fixedCategory: string | undefined) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<BankScope>('mine');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [tagIds, setTagIds] = useState<number[]>([]);

  const query = {
    scope,
    page: page - 1,
    size: BANK_PAGE_SIZE,
    keyword,
    category: fixedCategory ?? category,
    tagIds: scope === 'mine' ? tagIds : [],
  };
  const banks = useQuery({
    queryKey: bankKeys.list(query),
    queryFn: () => fetchBanks(query),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: bankKeys.categories(scope),
    queryFn: () => fetchCategories(scope),
    enabled: fixedCategory === undefined,
  });
  const tags = useQuery({ queryKey: bankKeys.tags, queryFn: fetchBankTags });
  const refresh = () => queryClient.invalidateQueries({ queryKey: bankKeys.all });

  const changeScope = (next: BankScope) => {
    setScope(next);
    setPage(1);
    setCategory(undefined);
    setTagIds([]);
  };
  const changeKeyword = (value: string) => {
    setKeyword(value);
    setPage(1);
  };
  const changeCategory = (value: string | undefined) => {
    setCategory(value);
    setPage(1);
  };
  const changeTags = (value: number[]) => {
    setTagIds(value);
    setPage(1);
  };

  return {
    filter: { scope, category, tagIds },
    changeScope,
    changeKeyword,
    changeCategory,
    changeTags,
    page,
    setPage,
    banks,
    categories,
    tags,
    refresh,
  };
}
