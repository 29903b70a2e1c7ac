import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closePractice, practiceKeys, releasePractice, type PracticeRow } from '../api';

type Target = Pick<PracticeRow, 'practiceId' | 'name'>;

/** 发布 and 关闭 of one practice set, shared by the list and the detail page. */
export function usePracticeActions() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
  const release = useMutation({
    mutationFn: (row: Target) => releasePractice(row.practiceId),
    onSuccess: (result, row) => {
      message.success(`「${row.name}」已发布，题池 ${result.questionCount} 题`);
      changed();
    },
  });
  const close = useMutation({
    mutationFn: (row: Target) => closePractice(row.practiceId),
    onSuccess: (_r, row) => {
      message.success(`「${row.name}」已关闭`);
      changed();
    },
  });
  return {
    release: (row: Target) =>
      modal.confirm({
        title: `发布练习「${row.name}」？`,
        content: '发布时固定题池：来源中已审核通过的判断题、单选题和多选题。发布后不能再修改。',
        okText: '发布',
        cancelText: '取消',
        onOk: () => release.mutateAsync(row),
      }),
    close: (row: Target) =>
      modal.confirm({
        title: `关闭练习「${row.name}」？`,
        content: '关闭后学员不能再练习，已有的练习记录和错题保留。',
        okText: '关闭练习',
        cancelText: '取消',
        onOk: () => close.mutateAsync(row),
      }),
  };
}
