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
    path: 'question/audit',
    Component: lazyPage(() => import('./pages/question-audit-page')),
    handle: { title: '试题审核', menuUrl: '/manage/question/audit' },
  },
  {
    path: 'evaluate/question/list',
    Component: lazyPage(() => import('./pages/evaluate-question-list-page')),
    handle: { title: '测评试题', menuUrl: '/manage/evaluate/question/list' },
  },
];
