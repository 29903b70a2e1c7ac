import { Button, Popconfirm, Space, Tag } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { DataTableColumn, DataTableToolbarButton } from '../../../components/data-table';
import type { RoleMember, RoleRow } from '../api';

/** A member's name (with 管理员), account, department, status and 移出 (confirmed). */
export function roleMemberColumns(
  role: RoleRow,
  remove: (members: RoleMember[]) => Promise<void>,
): DataTableColumn<RoleMember>[] {
  return [
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
          onConfirm={() => remove([member])}
        >
          <Button type="link" size="small" danger>
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];
}

/** 添加成员 and 移出所选 (not while a removal runs). */
export function roleMemberToolbar(
  onAdd: () => void,
  onRemove: (members: RoleMember[]) => void,
  removing: boolean,
): DataTableToolbarButton<RoleMember>[] {
  return [
    { id: 'add-members', label: '添加成员', type: 'primary', icon: <UserAddOutlined />, onClick: onAdd },
    {
      id: 'remove-members',
      label: '移出所选',
      danger: true,
      icon: <UserDeleteOutlined />,
      disabled: (rows) => rows.length === 0 || removing,
      onClick: onRemove,
    },
  ];
}
