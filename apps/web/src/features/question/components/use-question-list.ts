import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import type { DataTableSort } from '../../../components/data-table';
import {
  fetchBankOptions,
  fetchQuestion,
  type QuestionRow,
  fetchPublicBankOptions,
  questionKeys,
  searchPublicQuestions,
  searchQuestions,
  type QuestionFilter,
  type QuestionScope,
} from '../api';

/** The list's filters as the page keeps them (a chosen bank is a number). */
export type ListFilter = QuestionFilter & { bankId?: number | undefined };

export interface FilterForm {
  bankId?: number;
  type?: number;
  difficulty?: [number, number];
  status?: number;
  keyword?: string;
}

/**
 * The question list's state: scope (mine/public), the filter form and the filter it searched with,
 * sorting, paging and the selected ids. `initialStatus` is the status searched first.
 */
export function useQuestionFilter(initialStatus?: number) {
  const [form] = Form.useForm<FilterForm>();
  const [scope, setScope] = useState<QuestionScope>('mine');
  const [filter, setFilter] = useState<ListFilter>(
    initialStatus === undefined ? {} : { status: initialStatus },
  );
  useEffect(() => {
    if (initialStatus !== undefined) form.setFieldsValue({ status: initialStatus });
  }, [form, initialStatus]);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const isPublic = scope === 'public';

  const changeScope = (next: QuestionScope) => {
    setScope(next);
    form.resetFields();
    setFilter({});
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const search = (values: FilterForm) => {
    setFilter({
      bankId: values.bankId,
      type: values.type,
      status: isPublic ? undefined : values.status,
      keyword: values.keyword?.trim() || undefined,
      difficultyMin: values.difficulty?.[0],
      difficultyMax: values.difficulty?.[1],
      sortField: filter.sortField,
      sortOrder: filter.sortOrder,
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const sortBy = (sort: DataTableSort) =>
    setFilter((f) => ({
      ...f,
      sortField: sort.order ? (sort.field as QuestionFilter['sortField']) : undefined,
      sortOrder: sort.order === 'ascend' ? 'asc' : sort.order === 'descend' ? 'desc' : undefined,
    }));

  return {
    form,
    scope,
    setScope,
    isPublic,
    filter,
    setFilter,
    paging,
    setPaging,
    selected,
    setSelected,
    changeScope,
    search,
    sortBy,
  };
}

/** The banks to choose from (mine, and the public ones when the public scope shows) and one page of questions. */
export function useQuestionQueries(
  bankCategory: string | undefined,
  { scope, filter, paging }: Pick<ReturnType<typeof useQuestionFilter>, 'scope' | 'filter' | 'paging'>,
) {
  const queryClient = useQueryClient();
  const isPublic = scope === 'public';
  const banks = useQuery({
    queryKey: questionKeys.banks(bankCategory),
    queryFn: () => fetchBankOptions(bankCategory),
  });
  const publicBanks = useQuery({
    queryKey: questionKeys.publicBanks,
    queryFn: fetchPublicBankOptions,
    enabled: isPublic,
  });
  const bankList = banks.data ?? [];
  const filterBanks = isPublic ? (publicBanks.data ?? []) : bankList;
  const list = useQuery({
    queryKey: questionKeys.list(scope, { ...filter, bankCategory }, paging.page, paging.size),
    queryFn: () =>
      isPublic
        ? searchPublicQuestions(filter, paging.page - 1, paging.size)
        : searchQuestions({ ...filter, bankCategory }, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: questionKeys.all });
  return { bankList, filterBanks, list, refresh };
}

/**
 * A bank page links here with ?bankId= (and scope=public for a public bank): that bank is then
 * preselected, with the rest of the filter, the selection and the paging starting over.
 */
export function useBankLink(
  bankCategory: string | undefined,
  state: Pick<
    ReturnType<typeof useQuestionFilter>,
    'form' | 'setScope' | 'setFilter' | 'setSelected' | 'setPaging'
  >,
) {
  const [searchParams] = useSearchParams();
  const { form, setScope, setFilter, setSelected, setPaging } = state;
  const linkedBankId = Number(searchParams.get('bankId')) || undefined;
  const linkedScope: QuestionScope =
    searchParams.get('scope') === 'public' && bankCategory === undefined ? 'public' : 'mine';
  useEffect(() => {
    if (linkedBankId === undefined) return;
    setScope(linkedScope);
    form.resetFields();
    form.setFieldsValue({ bankId: linkedBankId });
    setFilter({ bankId: linkedBankId });
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  }, [linkedBankId, linkedScope, form, setScope, setFilter, setSelected, setPaging]);
}

/**
 * `?edit=<questionId>` in the address (the exam analysis's 编辑试题 link) opens that question's editor
 * once it has loaded.
 */
export function useEditLink(open: (question: QuestionRow) => void) {
  const [searchParams] = useSearchParams();
  const editId = Number(searchParams.get('edit')) || undefined;
  const question = useQuery({
    queryKey: ['questions', 'edit-link', editId],
    queryFn: () => fetchQuestion(editId as number),
    enabled: editId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const loaded = question.data;
  useEffect(() => {
    if (loaded) open(loaded);
    // Opened once per loaded question; `open` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
}
