import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. The pricing page is open to every signed-in user (guard allow-list). */
export const versionRoutes: AppRouteObject[] = [
  {
    path: 'version',
    Component: lazyPage(() => import('./pages/version-page')),
    handle: {
      title: '价格版本',
      description: '三个版本按组织规模与使用场景选择；如需升级或定制，请联系我们。',
    },
  },
];
