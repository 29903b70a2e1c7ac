import { useState } from 'react';
import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useListPage } from '../../../components/data-table';
import {
  createPaperBank,
  deletePaperBanks,
  modifyPaperBank,
  paperBankKeys,
  searchPaperBanks,
  type PaperBankInput,
  type PaperBankRow,
  type PaperBankScope,
} from '../api';

interface PaperBankFilter {
  scope: PaperBankScope;
  keyword: string;
  categoryId: number;
}

const INITIAL_FILTER: PaperBankFilter = { scope: 'inner', keyword: '', categoryId: 0 };

/** The paper banks of a scope and category (useListPage: paging, selection, confirmed delete). */
export function usePaperBankList() {
  const { message } = App.useApp();
  const list = useListPage({
    initialFilter: INITIAL_FILTER,
    queryKey: (filter, page, size) => paperBankKeys.list({ ...filter, page, size }),
    fetchPage: (filter, page, size) => searchPaperBanks({ ...filter, page, size }),
    rowKey: 'paperBankId',
    invalidate: [paperBankKeys.all],
    remove: (banks) => deletePaperBanks(banks.map((bank) => bank.paperBankId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 个试卷库`),
  });

  const confirmDelete = (banks: PaperBankRow[]) =>
    list.confirmDelete(banks, {
      title:
        banks.length === 1
          ? `删除试卷库「${banks[0]?.name ?? ''}」？`
          : `删除选中的 ${banks.length} 个试卷库？`,
      content: '只能删除没有试卷的试卷库。',
    });

  const changeScope = (scope: PaperBankScope) => {
    list.clearSelection();
    list.updateFilter({ scope });
  };

  return { list, confirmDelete, changeScope };
}

/** 新建试卷库 and 编辑: the dialog's bank and its save. */
export function usePaperBankEdit(refresh: () => Promise<void>) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<PaperBankRow | 'new' | null>(null);
  const save = useMutation({
    mutationFn: (input: PaperBankInput) =>
      editing && editing !== 'new' ? modifyPaperBank(editing.paperBankId, input) : createPaperBank(input),
    onSuccess: (bank) => {
      message.success(editing === 'new' ? `已新建试卷库「${bank.name}」` : `已保存试卷库「${bank.name}」`);
      setEditing(null);
      void refresh();
    },
  });
  return { editing, setEditing, save };
}
