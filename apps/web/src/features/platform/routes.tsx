import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/**
 * Platform administration. Not in any organisation's menu, so the guard lets it through (`public`) and
 * the page itself requires an administrator of the platform organisation.
 */
export const platformRoutes: AppRouteObject[] = [
  {
    path: '/platform/applications',
    Component: lazyPage(() => import('./pages/applications-page')),
    handle: { title: '入驻申请审核', public: true },
  },
];
