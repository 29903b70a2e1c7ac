import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataTableColumn, DataTableToolbarButton } from '../../../components/data-table';
import type { RoleRow } from '../api';
import { PermissionIcons } from './permission-icons';

/** The role's name, which chooses it, and the "default" tag. */
function RoleNameCell({ role, active, onChoose }: { role: RoleRow; active: boolean; onChoose: () => void }) {
  return (
    <Space size={6}>
      <Button
        type="link"
        size="small"
        className={active ? 'kp-role-name kp-role-name--active' : 'kp-role-name'}
        aria-current={active ? 'true' : undefined}
        onClick={onChoose}
      >
        {role.name}
      </Button>
      {role.isDefault ? (
        <Tooltip title="新员工默认获得此角色；默认角色不能删除">
          <Tag color="blue">默认</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

interface RoleActionsProps {
  role: RoleRow;
  onEdit: () => void;
  onGrant: () => void;
  /** Its promise keeps the Popconfirm's button loading until the deletion ends. */
  onRemove: () => Promise<void>;
}

/** Edit, grant menus, and delete (asked first; the default role cannot be deleted). */
function RoleActionsCell({ role, onEdit, onGrant, onRemove }: RoleActionsProps) {
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      <Button type="link" size="small" onClick={onGrant}>
        授权
      </Button>
      {role.isDefault ? (
        <Tooltip title="默认角色不能删除">
          <Button type="link" size="small" danger disabled>
            删除
          </Button>
        </Tooltip>
      ) : (
        <Popconfirm
          title={`删除角色「${role.name}」？`}
          description={
            role.userCount > 0
              ? `${role.userCount} 名成员将失去此角色，没有其他角色的会改为默认角色。`
              : '此操作不可撤销。'
          }
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={onRemove}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

interface RoleColumnsOptions {
  current: RoleRow | null;
  onChoose: (role: RoleRow, tab?: 'menus') => void;
  onEdit: (role: RoleRow) => void;
  onRemove: (role: RoleRow) => Promise<void>;
}

/** The roles table's columns: name, description, permission bits, member count and actions. */
export function roleColumns({
  current,
  onChoose,
  onEdit,
  onRemove,
}: RoleColumnsOptions): DataTableColumn<RoleRow>[] {
  return [
    {
      title: '角色名称',
      dataIndex: 'name',
      width: 170,
      render: (_value, role) => (
        <RoleNameCell role={role} active={role.roleId === current?.roleId} onChoose={() => onChoose(role)} />
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (value) => (value as string | null) || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '权限',
      dataIndex: 'permission',
      width: 120,
      render: (_value, role) => <PermissionIcons mask={role.permission} />,
    },
    { title: '成员数', dataIndex: 'userCount', width: 76, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_value, role): ReactNode => (
        <RoleActionsCell
          role={role}
          onEdit={() => onEdit(role)}
          onGrant={() => onChoose(role, 'menus')}
          onRemove={() => onRemove(role)}
        />
      ),
    },
  ];
}

/** "Add a role" and "delete the selected" (never the default role). */
export function roleToolbar(
  onAdd: () => void,
  onDelete: (selected: RoleRow[]) => void,
): DataTableToolbarButton<RoleRow>[] {
  return [
    {
      id: 'add-role',
      label: '新增角色',
      type: 'primary',
      icon: <PlusOutlined />,
      onClick: onAdd,
    },
    {
      id: 'delete-roles',
      label: '删除所选',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: (selected) => selected.length === 0 || selected.some((role) => role.isDefault),
      onClick: (selected) => onDelete(selected),
    },
  ];
}
