import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../../../app/app-config-context';
import { firstRoutableUrl } from '../../../app/layout/menu-model';
import { isRoutableUrl } from '../../../app/manage-routes';
import { useSessionStore } from '../../../stores/session-store';
import { logout } from '../../auth/api';
import '../candidate.css';

/** The candidate's pages (/m/**): mobile-first, one column, no admin chrome. */
export function CandidateLayout(): ReactNode {
  return (
    <div className="kp-m">
      <Outlet />
    </div>
  );
}

/** Top bar of the list, instructions and result pages (the exam itself has its own). */
export function CandidateHeader({ title, back }: { title: string; back?: string }): ReactNode {
  const config = useAppConfig();
  const realName = useSessionStore((state) => state.userInfo?.realName ?? '');
  const manageUrl = useSessionStore((state) => firstRoutableUrl(state.menuInfo, isRoutableUrl));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    try {
      await logout(useSessionStore.getState().auth?.refresh_token);
    } catch {
      // Signing out locally must not depend on the server answering.
    }
    useSessionStore.getState().clear('logout');
    queryClient.clear();
    await navigate('/home', { replace: true });
  };

  const items: MenuProps['items'] = [
    { key: 'exams', label: '我的考试' },
    ...(manageUrl ? [{ key: 'manage', label: '管理后台' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'exams') void navigate('/m');
    else if (key === 'manage' && manageUrl) void navigate(manageUrl);
    else if (key === 'logout') void signOut();
  };
  return (
    <header className="kp-m-header">
      <div className="kp-m-header__bar">
        {back ? (
          <Link to={back} className="kp-m-header__back" aria-label="返回">
            ‹
          </Link>
        ) : (
          <img src={config.logo} alt="" className="kp-m-header__logo" />
        )}
        <h1 className="kp-m-header__title">{title}</h1>
        <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
          <button type="button" className="kp-m-header__user" aria-label="用户菜单">
            {realName || '我'} <DownOutlined />
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
