import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const builder = lazyPage(() => import('./pages/paper-builder-page'));

/** Children of /manage. Detail, edit and preview pages belong to the paper list's menu entry. */
export const paperRoutes: AppRouteObject[] = [
  {
    path: 'paper/list',
    Component: lazyPage(() => import('./pages/paper-list-page')),
    handle: { title: '试卷列表', menuUrl: '/manage/paper/list', keepAlive: true },
  },
  {
    path: 'paper/manual',
    Component: builder,
    handle: { title: '手工组卷', menuUrl: '/manage/paper/manual' },
  },
  { path: 'paper/editor', Component: builder, handle: { title: '编辑试卷', menuUrl: '/manage/paper/list' } },
  { path: 'paper/edit', Component: builder, handle: { title: '编辑试卷', menuUrl: '/manage/paper/list' } },
  {
    path: 'paper/detail',
    Component: lazyPage(() => import('./pages/paper-detail-page')),
    handle: { title: '试卷详情', menuUrl: '/manage/paper/list' },
  },
  {
    path: 'paper/preview',
    Component: lazyPage(() => import('./pages/paper-preview-page')),
    handle: { title: '试卷预览', menuUrl: '/manage/paper/list' },
  },
  {
    path: 'paper/random',
    Component: lazyPage(() => import('./pages/paper-random-page')),
    handle: { title: '随机组卷', menuUrl: '/manage/paper/random' },
  },
  {
    path: 'paper/auto',
    Component: lazyPage(() => import('./pages/paper-auto-page')),
    handle: { title: '智能组卷', menuUrl: '/manage/paper/auto' },
  },
];
