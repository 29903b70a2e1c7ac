import { useState, type ReactNode } from 'react';
import { App, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  assignRoles,
  fetchRoleMembers,
  roleKeys,
  unassignRoles,
  type RoleMember,
  type RoleRow,
} from '../api';
import { roleMemberColumns, roleMemberToolbar } from './role-member-columns';
import { StaffPickerModal } from './staff-picker-modal';

/** The members of a role in pages (useListPage); removing takes the role away, no other role → default. */
function useRoleMemberList(role: RoleRow) {
  const { message } = App.useApp();
  return useListPage({
    initialFilter: { keyword: '' },
    queryKey: ({ keyword }, page, size) => roleKeys.members(role.roleId, page, size, keyword),
    fetchPage: ({ keyword }, page, size) => fetchRoleMembers(role.roleId, page, size, keyword),
    rowKey: 'userId',
    invalidate: [roleKeys.all],
    remove: (members: RoleMember[]) =>
      unassignRoles({ userIds: members.map((member) => member.userId), roleIds: [role.roleId] }),
    onRemoved: (result, members) => {
      message.success(
        result.reassigned > 0
          ? `已移出 ${members.length} 名成员，其中 ${result.reassigned} 人已改为默认角色`
          : `已移出 ${members.length} 名成员`,
      );
    },
  });
}

/** The staff holding a role: add them from the staff list, or take the role away. */
export function RoleMembersPanel({ role }: { role: RoleRow }): ReactNode {
  const { message } = App.useApp();
  const [pickerOpen, setPickerOpen] = useState(false);
  const list = useRoleMemberList(role);
  const members = list.query;

  const add = useMutation({
    mutationFn: (userIds: number[]) => assignRoles({ userIds, roleIds: [role.roleId], mode: 'add' }),
    onSuccess: (_result, userIds) => {
      message.success(`已将 ${userIds.length} 名员工加入「${role.name}」`);
      setPickerOpen(false);
      void list.refresh();
    },
  });

  return (
    <div className="kp-role-members" data-testid="role-members-panel">
      <Input.Search
        className="kp-role-members__search"
        placeholder="搜索成员姓名、账号或工号"
        allowClear
        aria-label="搜索成员"
        onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
      />
      {members.isError ? (
        <PageError description="成员加载失败，请稍后重试。" onRetry={() => void members.refetch()} />
      ) : (
        <DataTable<RoleMember>
          {...list.tableProps}
          columns={roleMemberColumns(role, list.remove)}
          toolbar={roleMemberToolbar(
            () => setPickerOpen(true),
            (rows) => void list.remove(rows),
            list.deleting,
          )}
          autoHeight={false}
          size="small"
        />
      )}
      <StaffPickerModal
        open={pickerOpen}
        title={`添加「${role.name}」的成员`}
        saving={add.isPending}
        onOk={(userIds) => add.mutate(userIds)}
        onCancel={() => setPickerOpen(false)}
      />
    </div>
  );
}
