import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/feedback', () => ({
  toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

import { PERMISSION_WARNING } from '@kaopei/shared';
import { toast } from '../lib/feedback';
import { REDIRECT_KEY } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import type { AppRouteObject } from './route-handle';
import { RootShell } from './root-shell';

const routes: AppRouteObject[] = [
  {
    Component: RootShell,
    children: [
      { path: '/home', element: <div>首页</div>, handle: { title: '首页', public: true } },
      { path: '/login', element: <div>登录页</div>, handle: { title: '登录', public: true } },
      {
        path: '/manage',
        children: [
          {
            path: 'console',
            element: <div>控制台页</div>,
            handle: { title: '控制台', menuUrl: '/manage/console' },
          },
          {
            path: 'secret',
            element: <div>保密页</div>,
            handle: { title: '保密', menuUrl: '/manage/secret' },
          },
          { path: 'version', element: <div>价格页</div>, handle: { title: '价格版本' } },
        ],
      },
      { path: '/m', element: <div>我的考试页</div>, handle: { title: '我的考试' } },
    ],
  },
];

function signIn() {
  const session = useSessionStore.getState();
  session.setAuth({ access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 3600_000 });
  session.setUserInfo({ userId: 1, realName: '管理员', isAdmin: true, organizationName: '示例' });
  session.setMenuInfo([{ id: 1, name: '控制台', url: '/manage/console' }]);
}

async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().reload();
  vi.mocked(toast.warning).mockClear();
});

describe('navigation guard', () => {
  it('sends a signed-out visitor to /login and remembers the page', async () => {
    const router = await open('/manage/console');
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(REDIRECT_KEY)).toBe('/manage/console');
  });

  it('lets a signed-in user open a page of the menu and the allow-list', async () => {
    signIn();
    const router = await open('/manage/console');
    expect(screen.getByText('控制台页')).toBeInTheDocument();
    await act(() => router.navigate('/manage/version'));
    expect(screen.getByText('价格页')).toBeInTheDocument();
  });

  it('warns and redirects to the first menu URL for a page outside the menu', async () => {
    signIn();
    const router = await open('/manage/console');
    await act(() => router.navigate('/manage/secret'));
    expect(router.state.location.pathname).toBe('/manage/console');
    expect(toast.warning).toHaveBeenCalledWith(PERMISSION_WARNING);
  });

  it('does not warn when the refused page is reached from /login', async () => {
    signIn();
    const router = await open('/login');
    await act(() => router.navigate('/manage/secret'));
    expect(router.state.location.pathname).toBe('/manage/console');
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('sends the user to /home, not /login, when the session ends on a /manage page', async () => {
    signIn();
    const router = await open('/manage/console');
    await act(async () => {
      useSessionStore.getState().clear('logout');
    });
    expect(router.state.location.pathname).toBe('/home');
    expect(window.sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('sends a candidate from an open link to their exams, never to the console', async () => {
    signIn();
    const session = useSessionStore.getState();
    session.setUserInfo({
      userId: 2,
      realName: '访客',
      isAdmin: false,
      kind: 'candidate',
      organizationName: '示例',
    });
    const router = await open('/manage/console');
    expect(router.state.location.pathname).toBe('/m');
    expect(screen.getByText('我的考试页')).toBeInTheDocument();
    expect(toast.warning).not.toHaveBeenCalled();
  });
});
