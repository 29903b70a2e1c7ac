import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const EXAM_POST = '/manage/exam/post';

/** 岗位试卷、岗位考试、测评考试与能力结果 (issue 16). */
export const postExamRoutes: AppRouteObject[] = [
  {
    path: 'paper/post',
    Component: lazyPage(() => import('./pages/post-paper-page')),
    handle: {
      title: '岗位试卷',
      menuUrl: '/manage/paper/post',
      description: '按岗位能力模型组卷：随机、智能或招聘试卷',
    },
  },
  {
    path: 'exam/post',
    Component: lazyPage(() => import('./pages/post-exam-list-page')),
    handle: { title: '岗位考试', menuUrl: EXAM_POST },
  },
  {
    path: 'exam/post/detail',
    Component: lazyPage(() => import('./pages/post-exam-detail-page')),
    handle: { title: '岗位考试结果', menuUrl: EXAM_POST },
  },
  {
    path: 'evaluate/exam/list',
    Component: lazyPage(() => import('./pages/evaluate-exam-list-page')),
    handle: { title: '测评考试', menuUrl: '/manage/evaluate/exam/list' },
  },
];
