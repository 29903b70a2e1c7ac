import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemTagRoutes: AppRouteObject[] = [
  {
    path: 'system/tag',
    Component: lazyPage(() => import('./pages/tag-page')),
    handle: {
      title: '标签管理',
      description: '题库、试题、岗位、用户和组织各有一套标签；同一类型下标签名称不能重复。',
      menuUrl: '/manage/system/tag',
      keepAlive: true,
    },
  },
];
