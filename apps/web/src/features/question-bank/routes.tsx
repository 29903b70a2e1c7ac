import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const questionBankRoutes: AppRouteObject[] = [
  {
    path: 'question/bank',
    Component: lazyPage(() => import('./pages/question-bank-page')),
    handle: { title: '题库', menuUrl: '/manage/question/bank', keepAlive: true },
  },
  {
    path: 'evaluate/question/bank',
    Component: lazyPage(() => import('./pages/evaluate-bank-page')),
    handle: { title: '测评题库', menuUrl: '/manage/evaluate/question/bank' },
  },
];
