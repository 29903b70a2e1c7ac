import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** The message box; signed-in users only (on the guard's allow-list). */
export const messageRoutes: AppRouteObject[] = [
  {
    path: '/personal/message',
    Component: lazyPage(() => import('./pages/message-page')),
    handle: { title: '消息中心' },
  },
];
