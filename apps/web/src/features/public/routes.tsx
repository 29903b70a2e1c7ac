import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

export const publicRoutes: AppRouteObject[] = [
  {
    path: '/home',
    Component: lazyPage(() => import('./pages/home-page')),
    handle: { title: '首页', public: true },
  },
  {
    path: '/college',
    Component: lazyPage(() => import('./pages/college-page')),
    handle: { title: '高校版首页', public: true },
  },
  {
    path: '/NotFoundComponent',
    Component: lazyPage(() => import('./pages/not-found-page')),
    handle: { title: '页面不存在', public: true },
  },
];
