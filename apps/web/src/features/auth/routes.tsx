import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

export const authRoutes: AppRouteObject[] = [
  {
    path: '/login',
    Component: lazyPage(() => import('./pages/login-page')),
    handle: { title: '登录', public: true },
  },
];
