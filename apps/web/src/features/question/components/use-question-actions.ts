import { useState } from 'react';
import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { checkQuestion, deleteQuestions, exportQuestions, moveQuestions, type QuestionRow } from '../api';

/** Which of the question list's dialogs is open, and for which questions. */
export function useQuestionDialogs() {
  const [editing, setEditing] = useState<{ question: QuestionRow | null } | null>(null);
  const [usage, setUsage] = useState<QuestionRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [moveTarget, setMoveTarget] = useState<{ ids: number[]; bankId?: number } | null>(null);
  const [rejecting, setRejecting] = useState<{ question: QuestionRow; reason: string } | null>(null);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const [linking, setLinking] = useState<number[] | null>(null);
  const [copying, setCopying] = useState<number[] | null>(null);
  return {
    editing,
    setEditing,
    usage,
    setUsage,
    importOpen,
    setImportOpen,
    moveTarget,
    setMoveTarget,
    rejecting,
    setRejecting,
    tagging,
    setTagging,
    linking,
    setLinking,
    copying,
    setCopying,
  };
}

export type QuestionDialogs = ReturnType<typeof useQuestionDialogs>;

interface ActionContext {
  dialogs: Pick<QuestionDialogs, 'setMoveTarget' | 'setRejecting'>;
  setSelected: (ids: number[]) => void;
  refresh: () => void;
}

/** The question list's server actions: delete (after a confirmation), move, audit and export. */
export function useQuestionActions({ dialogs, setSelected, refresh }: ActionContext) {
  const { message, modal } = App.useApp();
  const remove = useMutation({
    mutationFn: deleteQuestions,
    onSuccess: (result) => {
      message.success(`已删除 ${result.count} 道试题`);
      setSelected([]);
      refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ ids, bankId }: { ids: number[]; bankId: number }) => moveQuestions(ids, bankId),
    onSuccess: (result) => {
      message.success(`已移动 ${result.count} 道试题`);
      dialogs.setMoveTarget(null);
      setSelected([]);
      refresh();
    },
  });
  const audit = useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: 1 | 2; reason?: string }) =>
      checkQuestion(id, status, reason),
    onSuccess: (row) => {
      message.success(row.status === 1 ? '已通过' : '已驳回');
      dialogs.setRejecting(null);
      refresh();
    },
  });
  const exporting = useMutation({
    mutationFn: exportQuestions,
    onSuccess: (name) => message.success(`已导出 ${name}`),
  });

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: `确定删除选中的 ${ids.length} 道试题吗？`,
      content: '删除后不可恢复。',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids),
    });

  /** Exports the bank chosen in the filter; without one, asks for it. */
  const exportBank = (bankId: number | undefined) => {
    if (bankId === undefined) {
      message.warning('请先在筛选条件中选择要导出的题库');
      return;
    }
    exporting.mutate(bankId);
  };

  return { move, audit, confirmDelete, exportBank };
}
