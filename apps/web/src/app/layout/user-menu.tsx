import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { CrownOutlined, DownOutlined, FormOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../features/auth/api';
import { useSessionStore } from '../../stores/session-store';
import { isRoutableUrl } from '../manage-routes';
import { DISABLED_ENTRY_TITLE } from './nav-menu';

export const USER_INFO_PATH = '/manage/userInfo';
export const VERSION_PATH = '/manage/version';
/** The signed-in user's own exams (candidate pages). */
export const MY_EXAMS_PATH = '/m';

/** Avatar dropdown: 账户信息, 价格版本, 退出 (spec §2). */
export function UserMenu(): ReactNode {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSessionStore((state) => state.userInfo);
  const realName = userInfo?.realName || userInfo?.account || '用户';

  const signOut = async () => {
    const refreshToken = useSessionStore.getState().auth?.refresh_token;
    try {
      await logout(refreshToken);
    } catch {
      // Signing out locally must not depend on the server answering.
    }
    useSessionStore.getState().clear('logout');
    queryClient.clear();
    await navigate('/home', { replace: true });
  };

  const userInfoBuilt = isRoutableUrl(USER_INFO_PATH);
  const items: MenuProps['items'] = [
    {
      key: 'userInfo',
      icon: <UserOutlined />,
      label: userInfoBuilt ? '账户信息' : <span title={DISABLED_ENTRY_TITLE}>账户信息</span>,
      disabled: !userInfoBuilt,
    },
    { key: 'version', icon: <CrownOutlined />, label: '价格版本' },
    { key: 'exams', icon: <FormOutlined />, label: '我的考试' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'userInfo') void navigate(USER_INFO_PATH);
    else if (key === 'version') void navigate(VERSION_PATH);
    else if (key === 'exams') void navigate(MY_EXAMS_PATH);
    else if (key === 'logout') void signOut();
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <button
        type="button"
        className="kp-user-menu"
        aria-label={`${realName}（用户菜单）`}
        data-testid="user-menu"
      >
        <Avatar size={32} src={userInfo?.avatarUrl || undefined} icon={<UserOutlined />}>
          {realName.slice(0, 1)}
        </Avatar>
        <span className="kp-user-menu__name">{realName}</span>
        <DownOutlined className="kp-user-menu__caret" />
      </button>
    </Dropdown>
  );
}
