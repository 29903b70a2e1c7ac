import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 视频面试 (issue 20): the admin list under /manage and the public room. */
export const interviewRoutes: AppRouteObject[] = [
  {
    path: 'recruitment/interview',
    Component: lazyPage(() => import('./pages/interview-page')),
    handle: {
      title: '视频面试',
      description: '安排视频面试并发送邀请链接；面试间内音视频、共享屏幕、共享代码板；面试官按岗位能力评分。',
      menuUrl: '/manage/recruitment/interview',
      keepAlive: true,
    },
  },
];

/** /interview: public for the applicant's link (the interviewer comes signed in with ?id=). */
export const interviewRoomRoutes: AppRouteObject[] = [
  {
    path: '/interview',
    Component: lazyPage(() => import('./pages/room-page')),
    handle: { title: '视频面试', public: true },
  },
];
