import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../app-config-context';
import { firstRoutableUrl } from './menu-model';
import { isRoutableUrl } from '../manage-routes';
import { useSessionStore } from '../../stores/session-store';
import { logout } from '../../features/auth/api';
import './learner.css';

/** Areas with a tab of their own; every other /m page belongs to 我的考试. */
const OTHER_AREAS = [
  '/m/tasks',
  '/m/courses',
  '/m/practice',
  '/m/review',
  '/m/targets',
  '/m/psych',
  '/m/recruit',
];

/**
 * The learner's areas, one tab each (issue 17 courses, issue 18 tasks, practice, review book, targets;
 * issue 20 internal recruiting).
 */
export const LEARNER_TABS = [
  {
    to: '/m',
    label: '我的考试',
    match: (path: string) => !OTHER_AREAS.some((area) => path.startsWith(area)),
  },
  { to: '/m/tasks', label: '我的任务', match: (path: string) => path.startsWith('/m/tasks') },
  { to: '/m/courses', label: '我的课程', match: (path: string) => path === '/m/courses' },
  {
    to: '/m/courses/catalog',
    label: '课程中心',
    match: (path: string) => path.startsWith('/m/courses/catalog'),
  },
  { to: '/m/practice', label: '练习', match: (path: string) => path.startsWith('/m/practice') },
  { to: '/m/review', label: '错题本', match: (path: string) => path.startsWith('/m/review') },
  { to: '/m/targets', label: '我的目标', match: (path: string) => path.startsWith('/m/targets') },
  { to: '/m/psych', label: '心理测评', match: (path: string) => path.startsWith('/m/psych') },
  // Issue 20: the organisation's open jobs (internal applications) and one's own applications.
  { to: '/m/recruit', label: '内部招聘', match: (path: string) => path.startsWith('/m/recruit') },
] as const;

/**
 * The tab bar between the learner's areas (shown on their top-level pages). Plain links with the area
 * matched here: a NavLink would also mark 我的考试 (/m) current on every other area's page.
 */
export function LearnerTabs(): ReactNode {
  const path = useLocation().pathname;
  return (
    <nav className="kp-m-tabs" aria-label="学员导航">
      {LEARNER_TABS.map((tab) => {
        const active = tab.match(path);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={`kp-m-tabs__link${active ? ' kp-m-tabs__link--active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * Top bar of the learner's pages (/m/**: exams and courses): logo or back link, title, the user menu,
 * and — on the top-level pages (no `back`) — the tabs of LEARNER_TABS (the user menu lists them too).
 */
export function LearnerHeader({ title, back }: { title: string; back?: string }): ReactNode {
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
    ...LEARNER_TABS.map((tab) => ({ key: tab.to, label: tab.label })),
    ...(manageUrl ? [{ key: 'manage', label: '管理后台' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'manage' && manageUrl) void navigate(manageUrl);
    else if (key === 'logout') void signOut();
    else void navigate(key);
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
          <button type="button" className="kp-m-header__user" aria-label={`${realName || '我'}（用户菜单）`}>
            {realName || '我'} <DownOutlined />
          </button>
        </Dropdown>
      </div>
      {back ? null : <LearnerTabs />}
    </header>
  );
}
