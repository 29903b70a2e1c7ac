import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Divider, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Mode } from '@kaopei/shared';
import type { UserInfo } from '../../lib/storage';
import { useAppConfig } from '../app-config-context';
import { MessageBell } from './message-bell';
import { ModeSwitch } from './mode-switch';
import { UserMenu } from './user-menu';

interface TopBarProps {
  userInfo: UserInfo | null;
  showModeSwitch: boolean;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  navCollapsed: boolean;
  onToggleNav: () => void;
}

/** Top bar of /manage: brand and organisation, mode radio, bell and user menu (spec §2). */
export function TopBar({
  userInfo,
  showModeSwitch,
  mode,
  onModeChange,
  navCollapsed,
  onToggleNav,
}: TopBarProps): ReactNode {
  const config = useAppConfig();
  const orgName = userInfo?.organizationName;
  return (
    <header className="kp-topbar">
      <div className="kp-topbar__left">
        <Tooltip title={navCollapsed ? '展开导航' : '收起导航'}>
          <Button
            type="text"
            className="kp-topbar__icon-btn"
            aria-label={navCollapsed ? '展开导航' : '收起导航'}
            aria-expanded={!navCollapsed}
            onClick={onToggleNav}
            icon={navCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            data-testid="nav-toggle"
          />
        </Tooltip>
        <Link to="/manage" className="kp-brand" aria-label={config.displayName}>
          <img src={config.logo} alt="" className="kp-brand__logo" />
          <span className="kp-brand__name">{config.displayName}</span>
        </Link>
        {userInfo ? (
          <>
            <Divider orientation="vertical" className="kp-topbar__divider" />
            <div className="kp-org" data-testid="org-brand">
              {userInfo.organizationLogoUrl ? (
                <img src={userInfo.organizationLogoUrl} alt={orgName ?? '组织'} className="kp-org__logo" />
              ) : (
                <span className="kp-org__name" title={orgName}>
                  {orgName}
                </span>
              )}
            </div>
          </>
        ) : null}
      </div>
      <div className="kp-topbar__center">
        {showModeSwitch ? <ModeSwitch value={mode} onChange={onModeChange} /> : null}
      </div>
      <div className="kp-topbar__right">
        <MessageBell />
        <UserMenu />
      </div>
    </header>
  );
}
