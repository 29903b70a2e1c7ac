import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ListPage } from '../../../components/data-table';
import { exportStaff, setStaffStatus, type StaffFilter, type StaffRow } from '../api';

/**
 * The staff page's actions on rows: set 在职/离职, export (the selection, else the filter), and delete
 * after a confirmation that names the people (never oneself).
 */
export function useStaffActions<F extends object>(
  list: ListPage<StaffRow, F>,
  filter: StaffFilter,
  myId: number,
) {
  const { message } = App.useApp();
  const { selectedRows, refresh } = list;

  const changeStatus = useMutation({
    mutationFn: ({ targets, status }: { targets: StaffRow[]; status: number }) =>
      setStaffStatus(
        targets.map((person) => person.userId),
        status,
      ),
    onSuccess: (result, { status }) => {
      message.success(
        status === 0 ? `已将 ${result.count} 名员工设为在职` : `已将 ${result.count} 名员工设为离职`,
      );
      void refresh();
    },
  });

  const exporting = useMutation({
    mutationFn: () =>
      selectedRows.length > 0
        ? exportStaff({ userIds: selectedRows.map((person) => person.userId) })
        : exportStaff({ filter }),
    onSuccess: (fileName) => message.success(`已导出 ${fileName}`),
  });

  const confirmDelete = (targets: StaffRow[]) => {
    if (targets.some((person) => person.userId === myId)) {
      message.warning('不能删除自己的账号');
      return;
    }
    const names = targets
      .slice(0, 5)
      .map((person) => person.realName)
      .join('、');
    list.confirmDelete(targets, {
      title: targets.length === 1 ? `删除员工「${names}」？` : `删除所选 ${targets.length} 名员工？`,
      content: `${targets.length > 1 ? `${names}${targets.length > 5 ? ' 等' : ''}。` : ''}删除后账号无法登录，账号、手机号和邮箱可再次使用；历史考试与学习记录保留。如只是离开公司，建议设为“离职”。`,
    });
  };

  return { changeStatus, exporting, confirmDelete };
}
