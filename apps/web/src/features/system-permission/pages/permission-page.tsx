import { useState, type ReactNode } from 'react';
import { Card, Input } from 'antd';
import { DataTable } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import type { RoleRow } from '../api';
import { roleColumns, roleToolbar } from '../components/role-columns';
import { RoleDetailCard } from '../components/role-detail-card';
import { RoleFormModal } from '../components/role-form-modal';
import { useRoleChoice, useRoleList, useSaveRole } from './use-permission-page';
import '../system-permission.css';

type FormState = { open: false } | { open: true; role?: RoleRow };

/** /manage/system/permission: roles with their permission bits, menu grants and members. */
export default function PermissionPage(): ReactNode {
  const [form, setForm] = useState<FormState>({ open: false });
  const { current, setCurrent, detailTab, setDetailTab, onGrantDirty, choose, showCreated } = useRoleChoice();
  const { list, confirmDelete } = useRoleList(current, setCurrent);
  const roles = list.query;
  const save = useSaveRole(() => setForm({ open: false }), showCreated, list.refresh);

  const columns = roleColumns({
    current,
    onChoose: choose,
    onEdit: (role) => setForm({ open: true, role }),
    onRemove: (role) => list.remove([role]),
  });
  const toolbar = roleToolbar(() => setForm({ open: true }), confirmDelete);

  return (
    <div className="kp-page kp-permission-page">
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
        <RoleDetailCard
          role={current}
          loading={roles.isPending}
          tab={detailTab}
          onTabChange={setDetailTab}
          onGrantDirty={onGrantDirty}
        />
      </div>
      <RoleFormModal
        open={form.open}
        role={form.open ? form.role : undefined}
        saving={save.isPending}
        onSubmit={(input) => save.mutateAsync({ role: form.open ? form.role : undefined, input })}
        onCancel={() => setForm({ open: false })}
      />
    </div>
  );
}
