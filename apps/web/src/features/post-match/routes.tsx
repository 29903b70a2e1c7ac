import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const MATCH = '/manage/post/match';

/** 人岗匹配、经理评定与能力分析 (issue 16). Children of /manage. */
export const postMatchRoutes: AppRouteObject[] = [
  {
    path: 'post/match',
    Component: lazyPage(() => import('./pages/match-page')),
    handle: {
      title: '人岗匹配',
      description: '按岗位能力模型对员工排名：部门平均匹配度、继任候选，经理评定作为第二个能力来源',
      menuUrl: MATCH,
    },
  },
  {
    path: 'post/match/detail',
    Component: lazyPage(() => import('./pages/match-detail-page')),
    handle: { title: '匹配详情', menuUrl: MATCH },
  },
  {
    path: 'post/ability/analysis',
    Component: lazyPage(() => import('./pages/ability-analysis-page')),
    handle: {
      title: '能力分析',
      description: '能力 × 部门或岗位的热力图，点击单元格查看人员',
      menuUrl: '/manage/post/ability/analysis',
    },
  },
];
