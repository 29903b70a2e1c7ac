import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Empty, Skeleton, Space, Tabs, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission, permissionLabel } from '@kaopei/shared';
import { PageError } from '../../../app/page-states';
import {
  fetchGrantTree,
  fetchRoleMenuIds,
  roleKeys,
  saveRoleMenus,
  type GrantMenuNode,
  type RoleRow,
} from '../api';
import { collectIds, conduct, expandGrant, mergeTreeCheck, sameIds, uniqueRoots } from '../grant-tree';

function toTreeData(nodes: readonly GrantMenuNode[], role: RoleRow): TreeDataNode[] {
  return nodes.map((node) => {
    const byBit = node.permissionIndex !== null && hasPermission(role.permission, node.permissionIndex);
    return {
      key: node.id,
      title: (
        <span className="kp-grant-tree__title">
          <span>{node.name}</span>
          {byBit && node.permissionIndex !== null ? (
            <Tag color="processing" variant="filled" className="kp-grant-tree__bit">
              已由「{permissionLabel(node.permissionIndex)}」权限授予
            </Tag>
          ) : null}
        </span>
      ),
      children: node.children.length > 0 ? toTreeData(node.children, role) : undefined,
    };
  });
}

function checkedKeysOf(checked: Key[] | { checked: Key[]; halfChecked: Key[] }): number[] {
  const keys = Array.isArray(checked) ? checked : checked.checked;
  return keys.map(Number);
}

/**
 * The menus a role grants, as checkbox trees per function mode. A checked node grants its whole
 * subtree; groups the role's permission bits grant already are marked.
 */
export function MenuGrantPanel({
  role,
  onDirtyChange,
}: {
  role: RoleRow;
  onDirtyChange: (dirty: boolean) => void;
}): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: roleKeys.grantTree, queryFn: fetchGrantTree, staleTime: Infinity });
  const grants = useQuery({
    queryKey: roleKeys.menus(role.roleId),
    queryFn: () => fetchRoleMenuIds(role.roleId),
  });
  const [edited, setEdited] = useState<Set<number> | null>(null);

  const roots = useMemo(() => uniqueRoots(tree.data ?? []), [tree.data]);
  const baseline = useMemo(() => conduct(roots, expandGrant(roots, grants.data ?? [])), [roots, grants.data]);
  const checked = edited ?? baseline;
  const dirty = edited !== null && !sameIds(conduct(roots, edited), baseline);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = useMutation({
    mutationFn: () => saveRoleMenus(role.roleId, [...conduct(roots, checked)]),
    onSuccess: (menuIds) => {
      queryClient.setQueryData(roleKeys.menus(role.roleId), menuIds);
      setEdited(null);
      message.success(`已保存「${role.name}」的菜单权限`);
      // The signed-in user may hold this role: refresh their own menu.
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });

  if (tree.isError || grants.isError) {
    return (
      <PageError
        description="菜单权限加载失败，请稍后重试。"
        onRetry={() => {
          void tree.refetch();
          void grants.refetch();
        }}
      />
    );
  }
  if (tree.isPending || grants.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (roots.length === 0) return <Empty description="暂无可授权的菜单" />;

  return (
    <div className="kp-grant" data-testid="menu-grant-panel">
      <Typography.Paragraph type="secondary" className="kp-grant__hint">
        勾选的菜单及其下级菜单将授予该角色；成员刷新页面或重新进入后即可看到新的菜单。
      </Typography.Paragraph>
      <Tabs
        size="small"
        items={(tree.data ?? []).map((group) => {
          const treeIds = collectIds(group.children);
          return {
            key: group.mode,
            label: group.label,
            children: (
              <Tree
                className="kp-grant-tree"
                checkable
                selectable={false}
                defaultExpandAll
                treeData={toTreeData(group.children, role)}
                checkedKeys={[...checked].filter((id) => treeIds.has(id))}
                onCheck={(keys) => setEdited(mergeTreeCheck(checked, treeIds, checkedKeysOf(keys)))}
              />
            ),
          };
        })}
      />
      <Space className="kp-grant__actions">
        <Button disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
          撤销修改
        </Button>
        <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
          保存菜单权限
        </Button>
      </Space>
    </div>
  );
}
