import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';
import { TaskLearnerLayout } from './components/task-learner-layout';

/** 学习任务 (issue 18): /manage/study/task, its detail and one learner's answers. */
export const studyTaskRoutes: AppRouteObject[] = [
  {
    path: 'study/task',
    Component: lazyPage(() => import('./pages/task-list-page')),
    handle: {
      title: '学习任务',
      description: '把课程、考试和练习组成任务，按部门、员工或标签分配，设定截止时间并跟踪每个人的完成情况。',
      menuUrl: '/manage/study/task',
      keepAlive: true,
    },
  },
  {
    path: 'study/task/detail',
    Component: lazyPage(() => import('./pages/task-detail-page')),
    handle: { title: '任务完成情况', menuUrl: '/manage/study/task' },
  },
  {
    path: 'study/task/answer',
    Component: lazyPage(() => import('./pages/task-answer-page')),
    handle: { title: '任务作答详情', menuUrl: '/manage/study/task' },
  },
];

/** The learner's 我的任务 (/m/tasks), mobile-first on the learner's shell like /m/courses. */
export const myTaskRoutes: AppRouteObject[] = [
  {
    path: '/m/tasks',
    Component: TaskLearnerLayout,
    handle: { title: '我的任务' },
    children: [
      {
        index: true,
        Component: lazyPage(() => import('./pages/my-tasks-page')),
        handle: { title: '我的任务' },
      },
      {
        path: ':taskId',
        Component: lazyPage(() => import('./pages/my-task-page')),
        handle: { title: '任务详情' },
      },
    ],
  },
];
