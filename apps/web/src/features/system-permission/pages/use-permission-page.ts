import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useListPage } from '../../../components/data-table';
import {
  createRole,
  deleteRoles,
  fetchRoles,
  modifyRole,
  roleKeys,
  type RoleInput,
  type RoleRow,
} from '../api';

export type DetailTab = 'menus' | 'members';

/** The chosen role and its detail tab; leaving unsaved menu grants for another role asks first. */
export function useRoleChoice() {
  const { modal } = App.useApp();
  const [current, setCurrent] = useState<RoleRow | null>(null);
  const [detailTab, setDetailTab] = useState<DetailTab>('menus');
  const grantDirty = useRef(false);
  const onGrantDirty = useCallback((dirty: boolean) => {
    grantDirty.current = dirty;
  }, []);

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

  /** A role just created is chosen at once, on its menus tab. */
  const showCreated = (role: RoleRow) => {
    grantDirty.current = false;
    setCurrent(role);
    setDetailTab('menus');
  };

  return { current, setCurrent, detailTab, setDetailTab, onGrantDirty, choose, showCreated };
}

/** The roles list (search, paging, deletion); keeps the chosen role fresh, or chooses the first. */
export function useRoleList(current: RoleRow | null, setCurrent: Dispatch<SetStateAction<RoleRow | null>>) {
  const { message } = App.useApp();
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
  const rows = list.query.data?.data;

  // Keep the chosen role fresh (member counts, name) and choose the first one when none is.
  useEffect(() => {
    if (!rows) return;
    setCurrent((chosen) => {
      if (chosen) return rows.find((row) => row.roleId === chosen.roleId) ?? chosen;
      return rows[0] ?? null;
    });
  }, [rows, setCurrent]);

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

  return { list, confirmDelete };
}

/** Creating or editing a role; on success the form closes and the list refreshes. */
export function useSaveRole(
  onSaved: () => void,
  onCreated: (role: RoleRow) => void,
  refresh: () => Promise<unknown>,
) {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: ({ role, input }: { role?: RoleRow; input: RoleInput }) =>
      role ? modifyRole(role.roleId, input) : createRole(input),
    onSuccess: (saved, { role }) => {
      message.success(role ? `已保存角色「${saved.name}」` : `已创建角色「${saved.name}」，请为它勾选菜单`);
      onSaved();
      if (!role) onCreated(saved);
      void refresh();
    },
  });
}
