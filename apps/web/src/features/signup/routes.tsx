import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

export const signupRoutes: AppRouteObject[] = [
  {
    path: '/signup',
    Component: lazyPage(() => import('./pages/signup-page')),
    handle: { title: '注册', public: true },
  },
];
