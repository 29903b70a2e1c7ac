import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const questionRoutes: AppRouteObject[] = [
  {
    path: 'question/list',
    Component: lazyPage(() => import('./pages/question-list-page')),
    handle: { title: '试题列表', menuUrl: '/manage/question/list', keepAlive: true },
  },
  {
    path: 'evaluate/question/list',
    Component: lazyPage(() => import('./pages/evaluate-question-list-page')),
    handle: { title: '测评试题', menuUrl: '/manage/evaluate/question/list' },
  },
];
