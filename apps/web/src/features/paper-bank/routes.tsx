import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const paperBankRoutes: AppRouteObject[] = [
  {
    path: 'paperBankMgt',
    Component: lazyPage(() => import('./pages/paper-bank-page')),
    handle: { title: '试卷库', menuUrl: '/manage/paperBankMgt' },
  },
];
