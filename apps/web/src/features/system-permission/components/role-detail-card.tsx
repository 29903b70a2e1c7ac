import type { ReactNode } from 'react';
import { Card, Empty, Tabs } from 'antd';
import type { RoleRow } from '../api';
import type { DetailTab } from '../pages/use-permission-page';
import { MenuGrantPanel } from './menu-grant-panel';
import { RoleMembersPanel } from './role-members-panel';

interface RoleDetailCardProps {
  role: RoleRow | null;
  loading: boolean;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  onGrantDirty: (dirty: boolean) => void;
}

/** The chosen role's menu grants and members, or a hint to choose one. */
export function RoleDetailCard({
  role,
  loading,
  tab,
  onTabChange,
  onGrantDirty,
}: RoleDetailCardProps): ReactNode {
  return (
    <Card
      className="kp-permission__detail"
      variant="borderless"
      title={role ? `「${role.name}」` : '角色详情'}
      data-testid="role-detail"
    >
      {role ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => onTabChange(key as DetailTab)}
          items={[
            {
              key: 'menus',
              label: '菜单权限',
              children: <MenuGrantPanel key={role.roleId} role={role} onDirtyChange={onGrantDirty} />,
            },
            {
              key: 'members',
              label: `角色成员（${role.userCount}）`,
              children: <RoleMembersPanel key={role.roleId} role={role} />,
            },
          ]}
        />
      ) : (
        <Empty
          description={loading ? '加载中…' : '请选择左侧的角色，或新增一个角色'}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      )}
    </Card>
  );
}
