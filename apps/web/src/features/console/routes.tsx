import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const consoleRoutes: AppRouteObject[] = [
  {
    path: 'console',
    Component: lazyPage(() => import('./pages/console-page')),
    handle: { title: '控制台', menuUrl: '/manage/console', ownHeader: true },
  },
];
