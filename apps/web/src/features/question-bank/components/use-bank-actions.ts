import { useState } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pageAfterDelete } from '../../../components/data-table';
import { ApiError } from '../../../lib/http';
import { copyBank, createBank, deleteBanks, modifyBank, type BankInput, type BankRow } from '../api';

interface BankActionsInput {
  page: number;
  setPage: (page: number) => void;
  /** Cards on the shown page (a delete of the last one steps back a page). */
  shownCount: number;
  refresh: () => Promise<void>;
}

/**
 * Create and edit (the form dialog), copy a public bank into mine, and delete — when the bank still
 * holds questions the server refuses (409) and the move-then-delete dialog opens.
 */
export function useBankActions({ page, setPage, shownCount, refresh }: BankActionsInput) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BankRow | 'new' | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [moving, setMoving] = useState<BankRow | null>(null);

  const save = useMutation({
    mutationFn: (input: BankInput) =>
      editing && editing !== 'new' ? modifyBank(editing.bankId, input) : createBank(input),
    onSuccess: (bank) => {
      message.success(editing === 'new' ? `已创建题库「${bank.name}」` : `已保存题库「${bank.name}」`);
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: ({ bank, moveTo }: { bank: BankRow; moveTo?: number }) => deleteBanks([bank.bankId], moveTo),
    onSuccess: (result, { bank }) => {
      message.success(
        result.moved > 0
          ? `已移动 ${result.moved} 道试题并删除题库「${bank.name}」`
          : `已删除题库「${bank.name}」`,
      );
      setMoving(null);
      // The last card of a page went: show the previous page.
      setPage(pageAfterDelete(page, shownCount - 1));
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['questions'] });
    },
    onError: (error, { bank, moveTo }) => {
      // Refused because the bank still holds questions: offer moving them first.
      if (moveTo === undefined && error instanceof ApiError && error.status === 409) setMoving(bank);
    },
  });
  const copy = useMutation({
    mutationFn: (bank: BankRow) => {
      setCopyingId(bank.bankId);
      return copyBank(bank.bankId);
    },
    onSuccess: (bank) => {
      message.success(`已复制到我的题库：「${bank.name}」（${bank.questionCount} 题）`);
      void refresh();
    },
    onSettled: () => setCopyingId(null),
  });

  return { editing, setEditing, copyingId, moving, setMoving, save, remove, copy };
}
