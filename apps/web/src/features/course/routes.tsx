import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 课程管理 (issue 17): /manage/study/course, /manage/study/course/detail. */
export const courseRoutes: AppRouteObject[] = [
  {
    path: 'study/course',
    Component: lazyPage(() => import('./pages/course-list-page')),
    handle: {
      title: '课程管理',
      description: '按分类管理课程：封面、简介、讲师、标签、学分与学时；开课后指定的学员即可学习。',
      menuUrl: '/manage/study/course',
      keepAlive: true,
    },
  },
  {
    path: 'study/course/detail',
    Component: lazyPage(() => import('./pages/course-detail-page')),
    handle: { title: '课程详情', menuUrl: '/manage/study/course' },
  },
];
