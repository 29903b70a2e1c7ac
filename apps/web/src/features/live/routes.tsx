import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** /live?sectionId=…: a live class (issue 17), for the course's learners and administrators. */
export const liveRoutes: AppRouteObject[] = [
  {
    path: '/live',
    Component: lazyPage(() => import('./pages/live-page')),
    handle: { title: '直播' },
  },
];
