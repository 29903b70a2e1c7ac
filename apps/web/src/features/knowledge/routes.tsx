import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const knowledgeRoutes: AppRouteObject[] = [
  {
    path: 'knowledge/edit',
    Component: lazyPage(() => import('./pages/knowledge-edit-page')),
    handle: { title: '知识点管理', menuUrl: '/manage/knowledge/edit', keepAlive: true },
  },
  {
    path: 'knowledge/show',
    Component: lazyPage(() => import('./pages/knowledge-show-page')),
    handle: { title: '知识图谱', menuUrl: '/manage/knowledge/show' },
  },
];
