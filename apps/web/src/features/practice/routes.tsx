import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const LIST_MENU = '/manage/study/practice/list';

/** 练习管理 (issue 18): /manage/study/practice/list, /add (and ?practiceId= to edit), /detail. */
export const practiceRoutes: AppRouteObject[] = [
  {
    path: 'study/practice/list',
    Component: lazyPage(() => import('./pages/practice-list-page')),
    handle: {
      title: '练习管理',
      description: '从题库、知识点或能力中抽题组成练习；发布后学员可无限次练习，答错的题进入错题本。',
      menuUrl: LIST_MENU,
      keepAlive: true,
    },
  },
  {
    path: 'study/practice/add',
    Component: lazyPage(() => import('./pages/practice-form-page')),
    handle: { title: '新建练习', menuUrl: '/manage/study/practice/add' },
  },
  {
    path: 'study/practice/detail',
    Component: lazyPage(() => import('./pages/practice-detail-page')),
    handle: { title: '练习详情', menuUrl: LIST_MENU },
  },
];

/** The learner's practice and review book (/m/practice, /m/practice/:practiceId, /m/review). */
export const practiceLearnerRoutes: AppRouteObject[] = [
  {
    path: '/m/practice',
    Component: lazyPage(() => import('./pages/my-practice-page')),
    handle: { title: '练习' },
  },
  {
    path: '/m/practice/:practiceId',
    Component: lazyPage(() => import('./pages/practice-page')),
    handle: { title: '练习' },
  },
  {
    path: '/m/review',
    Component: lazyPage(() => import('./pages/review-page')),
    handle: { title: '错题本' },
  },
];
