import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemStaffRoutes: AppRouteObject[] = [
  {
    path: 'system/staff',
    Component: lazyPage(() => import('./pages/staff-page')),
    handle: { title: '员工管理', menuUrl: '/manage/system/staff', keepAlive: true },
  },
];
