import { useState } from 'react';
import { App, Form } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addCategory,
  categoryKeys,
  deleteCategory,
  moveCategory,
  publishCategory,
  renameCategory,
  type CategoryNode,
} from '../../lib/paper-categories';

export type CategoryDialogState =
  | { kind: 'add'; parent: CategoryNode }
  | { kind: 'rename'; category: CategoryNode }
  | { kind: 'move'; category: CategoryNode };

export interface CategoryFormValues {
  name: string;
  parentId: number;
}

interface CategoryActionsInput {
  selectedId: number;
  onSelect: (categoryId: number) => void;
}

/**
 * The category menu's actions: the add / rename / move dialog and its save, publish, and delete
 * (confirmed); every change refreshes the tree and the paper banks.
 */
export function useCategoryActions({ selectedId, onSelect }: CategoryActionsInput) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<CategoryDialogState | null>(null);
  const [form] = Form.useForm<CategoryFormValues>();

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['paper-banks'] });
  };

  const save = useMutation({
    mutationFn: async (values: CategoryFormValues) => {
      if (!dialog) throw new Error('no dialog');
      if (dialog.kind === 'add') return addCategory(values.name.trim(), dialog.parent.id);
      if (dialog.kind === 'rename') return renameCategory(dialog.category.id, values.name.trim());
      return moveCategory(dialog.category.id, values.parentId);
    },
    onSuccess: (category) => {
      const verb = dialog?.kind === 'add' ? '已新增' : dialog?.kind === 'move' ? '已移动' : '已保存';
      message.success(`${verb}分类「${category.name}」`);
      setDialog(null);
      changed();
      if (dialog?.kind === 'add') onSelect(category.id);
    },
  });
  const remove = useMutation({
    mutationFn: (category: CategoryNode) => deleteCategory(category.id),
    onSuccess: (_result, category) => {
      message.success(`已删除分类「${category.name}」`);
      if (selectedId === category.id) onSelect(0);
      changed();
    },
  });
  const publish = useMutation({
    mutationFn: (category: CategoryNode) => publishCategory(category.id, !category.published),
    onSuccess: (category) => {
      message.success(
        category.published ? `已发布分类「${category.name}」` : `已取消发布「${category.name}」`,
      );
      changed();
    },
  });

  const open = (next: CategoryDialogState) => {
    setDialog(next);
    form.setFieldsValue({
      name: next.kind === 'rename' ? next.category.name : '',
      parentId: next.kind === 'move' ? next.category.parentId : 0,
    });
  };

  const onAction = (category: CategoryNode, key: string) => {
    if (key === 'add') open({ kind: 'add', parent: category });
    else if (key === 'rename') open({ kind: 'rename', category });
    else if (key === 'move') open({ kind: 'move', category });
    else if (key === 'publish') publish.mutate(category);
    else if (key === 'delete')
      modal.confirm({
        title: `删除分类「${category.name}」？`,
        content: '只能删除没有子分类、试卷库和试卷的分类。',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => remove.mutateAsync(category).catch(() => undefined),
      });
  };

  return { dialog, closeDialog: () => setDialog(null), form, save, open, onAction };
}
