import type { ReactNode } from 'react';
import { Space, Tooltip, Typography } from 'antd';
import { ApartmentOutlined, DatabaseOutlined, FileDoneOutlined, ReadOutlined } from '@ant-design/icons';
import {
  permissionIcon,
  permissionIndicesFromMask,
  permissionLabel,
  type PermissionIconName,
} from '@kaopei/shared';

/** The icon components named by the shared permission table. */
export const PERMISSION_ICONS: Readonly<Record<PermissionIconName, ReactNode>> = {
  ReadOutlined: <ReadOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  FileDoneOutlined: <FileDoneOutlined />,
};

export function PermissionIcon({ index }: { index: number }): ReactNode {
  const name = permissionIcon(index);
  return name ? PERMISSION_ICONS[name] : null;
}

/** A role's permission mask as icons, each with its label as a tooltip. */
export function PermissionIcons({ mask }: { mask: number }): ReactNode {
  const indices = permissionIndicesFromMask(mask);
  if (indices.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space size={10} className="kp-permission-icons" data-testid="permission-icons">
      {indices.map((index) => (
        <Tooltip key={index} title={permissionLabel(index)}>
          <span className="kp-permission-icons__item" aria-label={permissionLabel(index)} role="img">
            <PermissionIcon index={index} />
          </span>
        </Tooltip>
      ))}
    </Space>
  );
}
