import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Child of /manage; open to every signed-in user (guard allow-list). */
export const accountRoutes: AppRouteObject[] = [
  {
    path: 'userInfo',
    Component: lazyPage(() => import('./pages/user-info-page')),
    handle: { title: '账户信息', description: '管理个人资料、登录手机号与密码' },
  },
];

/** The forgotten-password pages (no sign-in). */
export const accountPublicRoutes: AppRouteObject[] = [
  {
    path: '/forgetPwd',
    Component: lazyPage(() => import('./pages/forget-password-page')),
    handle: { title: '找回密码', public: true },
  },
  {
    path: '/mailPwdUpdate',
    Component: lazyPage(() => import('./pages/mail-password-update-page')),
    handle: { title: '重置密码', public: true },
  },
];
