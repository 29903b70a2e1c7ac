import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemTagRoutes: AppRouteObject[] = [
  {
    path: 'system/tag',
    Component: lazyPage(() => import('./pages/tag-page')),
    handle: { title: '标签管理', menuUrl: '/manage/system/tag', keepAlive: true },
  },
];
