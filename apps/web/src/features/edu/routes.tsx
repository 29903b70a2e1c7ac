import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/**
 * The 产教融合 area. The guard lets these routes through (`public`); the layout itself requires a
 * signed-in user of a college or an enterprise.
 */
export const eduRoutes: AppRouteObject[] = [
  {
    path: '/eduIndusty',
    Component: lazyPage(() => import('./components/edu-layout').then((m) => ({ default: m.EduLayout }))),
    handle: { title: '产教融合', public: true },
    children: [
      {
        index: true,
        Component: lazyPage(() => import('./pages/edu-home-page')),
        handle: { title: '产教融合', public: true },
      },
      {
        path: 'project/list',
        Component: lazyPage(() => import('./pages/project-list-page')),
        handle: { title: '产教融合项目', public: true },
      },
    ],
  },
];
