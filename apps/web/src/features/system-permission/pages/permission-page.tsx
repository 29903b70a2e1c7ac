import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableToolbarButton,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  createRole,
  deleteRoles,
  fetchRoles,
  modifyRole,
  roleKeys,
  type RoleInput,
  type RoleRow,
} from '../api';
import { MenuGrantPanel } from '../components/menu-grant-panel';
import { PermissionIcons } from '../components/permission-icons';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleMembersPanel } from '../components/role-members-panel';
import '../system-permission.css';

type DetailTab = 'menus' | 'members';
type FormState = { open: false } | { open: true; role?: RoleRow };

/** /manage/system/permission: roles with their permission bits, menu grants and members. */
export default function PermissionPage(): ReactNode {
  const { message, modal } = App.useApp();
  const [current, setCurrent] = useState<RoleRow | null>(null);
  const [detailTab, setDetailTab] = useState<DetailTab>('menus');
  const [form, setForm] = useState<FormState>({ open: false });
  const grantDirty = useRef(false);
  const onGrantDirty = useCallback((dirty: boolean) => {
    grantDirty.current = dirty;
  }, []);

  const list = useListPage({
    initialFilter: { keyword: '' },
    queryKey: ({ keyword }, page, size) => roleKeys.list(page, size, keyword),
    fetchPage: ({ keyword }, page, size) => fetchRoles(page, size, keyword),
    rowKey: 'roleId',
    invalidate: [roleKeys.all],
    remove: (targets) => deleteRoles(targets.map((role) => role.roleId)),
    onRemoved: (result, targets) => {
      message.success(
        result.reassigned > 0
          ? `已删除 ${result.count} 个角色，${result.reassigned} 名员工已改为默认角色`
          : `已删除 ${result.count} 个角色`,
      );
      if (current && targets.some((role) => role.roleId === current.roleId)) setCurrent(null);
    },
  });
  const roles = list.query;
  const rows = roles.data?.data;
  const { refresh } = list;

  // Keep the chosen role fresh (member counts, name) and choose the first one when none is.
  useEffect(() => {
    if (!rows) return;
    setCurrent((chosen) => {
      if (chosen) return rows.find((row) => row.roleId === chosen.roleId) ?? chosen;
      return rows[0] ?? null;
    });
  }, [rows]);

  const choose = (role: RoleRow, tab?: DetailTab) => {
    const go = () => {
      grantDirty.current = false;
      setCurrent(role);
      if (tab) setDetailTab(tab);
    };
    if (role.roleId !== current?.roleId && grantDirty.current) {
      modal.confirm({
        title: '菜单权限尚未保存',
        content: `切换到「${role.name}」将放弃对「${current?.name ?? ''}」未保存的修改，确定切换吗？`,
        okText: '放弃并切换',
        cancelText: '继续编辑',
        onOk: go,
      });
      return;
    }
    go();
  };

  const save = useMutation({
    mutationFn: ({ role, input }: { role?: RoleRow; input: RoleInput }) =>
      role ? modifyRole(role.roleId, input) : createRole(input),
    onSuccess: (saved, { role }) => {
      message.success(role ? `已保存角色「${saved.name}」` : `已创建角色「${saved.name}」，请为它勾选菜单`);
      setForm({ open: false });
      if (!role) {
        grantDirty.current = false;
        setCurrent(saved);
        setDetailTab('menus');
      }
      void refresh();
    },
  });

  const confirmDelete = (targets: RoleRow[]) => {
    const members = targets.reduce((sum, role) => sum + role.userCount, 0);
    list.confirmDelete(targets, {
      title:
        targets.length === 1
          ? `删除角色「${targets[0]?.name ?? ''}」？`
          : `删除所选 ${targets.length} 个角色？`,
      content:
        members > 0
          ? `共有 ${members} 名成员将失去这些角色，没有其他角色的成员会改为默认角色。此操作不可撤销。`
          : '此操作不可撤销。',
    });
  };

  const columns: DataTableColumn<RoleRow>[] = [
    {
      title: '角色名称',
      dataIndex: 'name',
      width: 170,
      render: (_value, role) => (
        <Space size={6}>
          <Button
            type="link"
            size="small"
            className={role.roleId === current?.roleId ? 'kp-role-name kp-role-name--active' : 'kp-role-name'}
            aria-current={role.roleId === current?.roleId ? 'true' : undefined}
            onClick={() => choose(role)}
          >
            {role.name}
          </Button>
          {role.isDefault ? (
            <Tooltip title="新员工默认获得此角色；默认角色不能删除">
              <Tag color="blue">默认</Tag>
            </Tooltip>
          ) : null}
        </Space>
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
      render: (_value, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setForm({ open: true, role })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => choose(role, 'menus')}>
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
              onConfirm={() => list.remove([role])}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const toolbar: DataTableToolbarButton<RoleRow>[] = [
    {
      id: 'add-role',
      label: '新增角色',
      type: 'primary',
      icon: <PlusOutlined />,
      onClick: () => setForm({ open: true }),
    },
    {
      id: 'delete-roles',
      label: '删除所选',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: (selected) => selected.length === 0 || selected.some((role) => role.isDefault),
      onClick: (selected) => confirmDelete(selected),
    },
  ];

  return (
    <div className="kp-page kp-permission-page">
      <header className="kp-page__header">
        <Typography.Title level={3}>角色权限</Typography.Title>
        <Typography.Text type="secondary">
          角色决定员工能看到哪些菜单、能使用哪些功能；修改后立即对该角色的成员生效。
        </Typography.Text>
      </header>
      <div className="kp-permission">
        <Card className="kp-permission__roles" title="角色列表" variant="borderless">
          <Input.Search
            className="kp-permission__search"
            placeholder="搜索角色名称或描述"
            allowClear
            aria-label="搜索角色"
            onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
          />
          {roles.isError ? (
            <PageError description="角色列表加载失败，请稍后重试。" onRetry={() => void roles.refetch()} />
          ) : (
            <DataTable<RoleRow>
              {...list.tableProps}
              columns={columns}
              toolbar={toolbar}
              autoHeight={false}
              className="kp-permission__table"
            />
          )}
        </Card>
        <Card
          className="kp-permission__detail"
          variant="borderless"
          title={current ? `「${current.name}」` : '角色详情'}
          data-testid="role-detail"
        >
          {current ? (
            <Tabs
              activeKey={detailTab}
              onChange={(key) => setDetailTab(key as DetailTab)}
              items={[
                {
                  key: 'menus',
                  label: '菜单权限',
                  children: (
                    <MenuGrantPanel key={current.roleId} role={current} onDirtyChange={onGrantDirty} />
                  ),
                },
                {
                  key: 'members',
                  label: `角色成员（${current.userCount}）`,
                  children: <RoleMembersPanel key={current.roleId} role={current} />,
                },
              ]}
            />
          ) : (
            <Empty
              description={roles.isPending ? '加载中…' : '请选择左侧的角色，或新增一个角色'}
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            />
          )}
        </Card>
      </div>
      <RoleFormModal
        open={form.open}
        role={form.open ? form.role : undefined}
        saving={save.isPending}
        onSubmit={(input) => save.mutate({ role: form.open ? form.role : undefined, input })}
        onCancel={() => setForm({ open: false })}
      />
    </div>
  );
}
