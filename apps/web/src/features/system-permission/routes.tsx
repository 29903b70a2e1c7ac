import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemPermissionRoutes: AppRouteObject[] = [
  {
    path: 'system/permission',
    Component: lazyPage(() => import('./pages/permission-page')),
    handle: {
      title: '角色权限',
      description: '角色决定员工能看到哪些菜单、能使用哪些功能；修改后立即对该角色的成员生效。',
      menuUrl: '/manage/system/permission',
      keepAlive: true,
    },
  },
];
