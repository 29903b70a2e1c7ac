import { useEffect, useMemo, type ReactNode } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Mode } from '@kaopei/shared';
import { fetchMenuTree, fetchUserDetail } from '../../features/auth/api';
import { toast } from '../../lib/feedback';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { PageHeader } from '../../components/page-header';
import { KeepAliveOutlet } from '../keep-alive';
import { isRoutableUrl } from '../manage-routes';
import { deepestHandle } from '../route-handle';
import { AppFooter } from './app-footer';
import { firstRoutableUrl, menuForMode } from './menu-model';
import { NavMenu } from './nav-menu';
import { TopBar } from './top-bar';
import { useModeState } from './use-mode';

/** Refresh the stored user and menu in the background at most this often. */
const SESSION_REFRESH_MS = 5 * 60_000;

/** The /manage area: top bar, collapsible horizontal navigation and the content area (spec §2). */
export function ManageLayout(): ReactNode {
  const navigate = useNavigate();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menu = useSessionStore((state) => state.menuInfo);
  const signedIn = useSessionStore((state) => state.auth !== null);
  const { showModeSwitch, mode, filterMode } = useModeState();
  const setMode = useUiStore((state) => state.setMode);
  const navCollapsed = useUiStore((state) => state.navCollapsed);
  const toggleNav = useUiStore((state) => state.toggleNav);
  const handle = deepestHandle(useMatches());

  // Permissions can change while a session lasts; the stored copies are refreshed quietly.
  const detail = useQuery({
    queryKey: ['session', 'detail'],
    queryFn: fetchUserDetail,
    enabled: signedIn,
    staleTime: SESSION_REFRESH_MS,
  });
  const menuQuery = useQuery({
    queryKey: ['session', 'menu'],
    queryFn: fetchMenuTree,
    enabled: signedIn,
    staleTime: SESSION_REFRESH_MS,
  });
  useEffect(() => {
    if (detail.data) useSessionStore.getState().setUserInfo(detail.data);
  }, [detail.data]);
  useEffect(() => {
    if (menuQuery.data) useSessionStore.getState().setMenuInfo(menuQuery.data);
  }, [menuQuery.data]);

  const menuTree = useMemo(() => menu ?? [], [menu]);

  const handleModeChange = (next: Mode) => {
    setMode(next);
    const first = firstRoutableUrl(menuForMode(menuTree, next), isRoutableUrl);
    if (first) void navigate(first);
    else toast.info('该模式下的功能暂未开通');
  };

  return (
    <div className="kp-manage">
      <TopBar
        userInfo={userInfo}
        showModeSwitch={showModeSwitch}
        mode={mode}
        onModeChange={handleModeChange}
        navCollapsed={navCollapsed}
        onToggleNav={toggleNav}
      />
      <nav
        className={navCollapsed ? 'kp-nav kp-nav--collapsed' : 'kp-nav'}
        aria-hidden={navCollapsed}
        data-testid="main-nav"
      >
        {navCollapsed ? null : <NavMenu menu={menuTree} mode={filterMode} />}
      </nav>
      <main className="kp-manage__content">
        {/* One header style for every admin page: the route's title and description (issue 14). */}
        {handle && !handle.ownHeader ? (
          <PageHeader title={handle.title} description={handle.description} />
        ) : null}
        <KeepAliveOutlet />
      </main>
      <AppFooter />
    </div>
  );
}
