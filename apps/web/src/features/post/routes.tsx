import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 岗位与岗位序列 (issue 16): children of /manage. */
export const postRoutes: AppRouteObject[] = [
  {
    path: 'post/list',
    Component: lazyPage(() => import('./pages/post-list-page')),
    handle: {
      title: '岗位列表',
      description:
        '按岗位序列管理岗位：职级、编制、所属部门、职责与任职要求；岗位的能力模型在“能力模型”中设置。',
      menuUrl: '/manage/post/list',
      keepAlive: true,
    },
  },
  {
    path: 'post/detail',
    Component: lazyPage(() => import('./pages/post-detail-page')),
    handle: { title: '岗位详情', menuUrl: '/manage/post/list' },
  },
];
