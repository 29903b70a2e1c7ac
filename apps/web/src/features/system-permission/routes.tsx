import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemPermissionRoutes: AppRouteObject[] = [
  {
    path: 'system/permission',
    Component: lazyPage(() => import('./pages/permission-page')),
    handle: { title: '角色权限', menuUrl: '/manage/system/permission', keepAlive: true },
  },
];
