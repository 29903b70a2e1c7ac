import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const TARGET = '/manage/study/target';

/** 学习目标 (issue 18). Children of /manage. */
export const studyTargetRoutes: AppRouteObject[] = [
  {
    path: 'study/target',
    Component: lazyPage(() => import('./pages/target-list-page')),
    handle: {
      title: '学习目标',
      description: '为部门、岗位或人员设定周期内的学时、学分、完成课程数或考试通过率目标，并按达成率分级',
      menuUrl: TARGET,
    },
  },
  {
    path: 'study/target/chart',
    Component: lazyPage(() => import('./pages/target-chart-page')),
    handle: { title: '目标达成情况', menuUrl: TARGET },
  },
];

/** The learner's 我的目标 (/m/targets), for every signed-in member (the guard opens /m/**). */
export const myTargetRoutes: AppRouteObject[] = [
  {
    path: '/m/targets',
    Component: lazyPage(() => import('./pages/my-targets-page')),
    handle: { title: '我的目标' },
  },
];
