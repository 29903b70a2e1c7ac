import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';
import { LearnLayout } from './components/learn-layout';

/**
 * The learner's course pages under /m/courses (issue 17): my courses, the catalogue, a course, the player.
 * Mobile-first like the candidate's exam pages (/m), for every signed-in user (the guard opens /m/**).
 */
export const learnRoutes: AppRouteObject[] = [
  {
    path: '/m/courses',
    Component: LearnLayout,
    handle: { title: '我的课程' },
    children: [
      {
        index: true,
        Component: lazyPage(() => import('./pages/my-courses-page')),
        handle: { title: '我的课程' },
      },
      {
        path: 'catalog',
        Component: lazyPage(() => import('./pages/catalog-page')),
        handle: { title: '课程中心' },
      },
      {
        path: ':courseId',
        Component: lazyPage(() => import('./pages/course-page')),
        handle: { title: '课程详情' },
      },
      {
        path: ':courseId/sections/:sectionId',
        Component: lazyPage(() => import('./pages/section-page')),
        handle: { title: '学习' },
      },
    ],
  },
];
