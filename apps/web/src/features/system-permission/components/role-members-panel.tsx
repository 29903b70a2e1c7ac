import { useRef, useState, type Key, type ReactNode } from 'react';
import { App, Button, Input, Popconfirm, Space, Tag } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import {
  DataTable,
  type DataTableColumn,
  type DataTableHandle,
  type DataTableToolbarButton,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  assignRoles,
  fetchRoleMembers,
  roleKeys,
  unassignRoles,
  type RoleMember,
  type RoleRow,
} from '../api';
import { StaffPickerModal } from './staff-picker-modal';

/** The staff holding a role: add them from the staff list, or take the role away. */
export function RoleMembersPanel({ role }: { role: RoleRow }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tableRef = useRef<DataTableHandle<RoleMember>>(null);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);

  const members = useQuery({
    queryKey: roleKeys.members(role.roleId, paging.page, paging.size, keyword),
    queryFn: () => fetchRoleMembers(role.roleId, paging.page - 1, paging.size, keyword),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });

  const add = useMutation({
    mutationFn: (userIds: number[]) => assignRoles({ userIds, roleIds: [role.roleId], mode: 'add' }),
    onSuccess: (_result, userIds) => {
      message.success(`已将 ${userIds.length} 名员工加入「${role.name}」`);
      setPickerOpen(false);
      void refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (userIds: number[]) => unassignRoles({ userIds, roleIds: [role.roleId] }),
    onSuccess: (result, userIds) => {
      message.success(
        result.reassigned > 0
          ? `已移出 ${userIds.length} 名成员，其中 ${result.reassigned} 人已改为默认角色`
          : `已移出 ${userIds.length} 名成员`,
      );
      setSelectedKeys((keys) => keys.filter((key) => !userIds.includes(Number(key))));
      tableRef.current?.notifyDeleted(userIds.length);
      void refresh();
    },
  });

  const columns: DataTableColumn<RoleMember>[] = [
    {
      title: '姓名',
      dataIndex: 'realName',
      render: (_value, member) => (
        <Space size={4}>
          {member.realName}
          {member.isAdmin ? <Tag color="gold">管理员</Tag> : null}
        </Space>
      ),
    },
    { title: '账号', dataIndex: 'account' },
    { title: '部门', dataIndex: 'departmentName', render: (value) => (value as string | null) ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (value) => (value === 0 ? <Tag color="success">在职</Tag> : <Tag>离职</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_value, member) => (
        <Popconfirm
          title={`将「${member.realName}」移出该角色？`}
          description={
            role.isDefault ? '没有其他角色的员工不能移出默认角色。' : '没有其他角色的员工将改为默认角色。'
          }
          okText="移出"
          cancelText="取消"
          onConfirm={() => remove.mutateAsync([member.userId]).catch(() => undefined)}
        >
          <Button type="link" size="small" danger>
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const toolbar: DataTableToolbarButton<RoleMember>[] = [
    {
      id: 'add-members',
      label: '添加成员',
      type: 'primary',
      icon: <UserAddOutlined />,
      onClick: () => setPickerOpen(true),
    },
    {
      id: 'remove-members',
      label: '移出所选',
      danger: true,
      icon: <UserDeleteOutlined />,
      disabled: (rows) => rows.length === 0 || remove.isPending,
      onClick: (rows) => remove.mutate(rows.map((row) => row.userId)),
    },
  ];

  return (
    <div className="kp-role-members" data-testid="role-members-panel">
      <Input.Search
        className="kp-role-members__search"
        placeholder="搜索成员姓名、账号或工号"
        allowClear
        aria-label="搜索成员"
        onSearch={(value) => {
          setKeyword(value.trim());
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {members.isError ? (
        <PageError description="成员加载失败，请稍后重试。" onRetry={() => void members.refetch()} />
      ) : (
        <DataTable<RoleMember>
          ref={tableRef}
          rowKey="userId"
          columns={columns}
          dataSource={members.data?.data ?? []}
          total={members.data?.total ?? 0}
          loading={members.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          selectable
          selectedRowKeys={selectedKeys}
          onSelectionChange={(keys) => setSelectedKeys(keys)}
          toolbar={toolbar}
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
