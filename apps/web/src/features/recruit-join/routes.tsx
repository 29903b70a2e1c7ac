import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/**
 * The applicant's side of recruitment (issue 20): public pages under /join (/recruit/ is the API's
 * prefix), the hiring manager's external report (/report, below), and the applicant's own page (/m/recruit).
 */
export const recruitJoinRoutes: AppRouteObject[] = [
  {
    path: '/join/:orgId',
    Component: lazyPage(() => import('./pages/job-list-page')),
    handle: { title: '招聘职位', public: true },
  },
  {
    path: '/join/job/:jobId',
    Component: lazyPage(() => import('./pages/job-page')),
    handle: { title: '职位详情', public: true },
  },
  {
    path: '/join/campus/:sessionId',
    Component: lazyPage(() => import('./pages/campus-page')),
    handle: { title: '校园招聘', public: true },
  },
  {
    path: '/join/test/:token',
    Component: lazyPage(() => import('./pages/test-page')),
    handle: { title: '招聘笔试', public: true },
  },
];

/**
 * The hiring manager's external report (/report?token=): /report is shared with the exam's personal
 * report, so app/public-report-route.tsx picks the page by the token's shape.
 */
export const RecruitReportPage = lazyPage(() => import('./pages/report-page'));

/** The applicant's applications, stages and test scores (signed in, e.g. after the test's SMS sign-in). */
export const recruitJoinLearnerRoutes: AppRouteObject[] = [
  {
    path: '/m/recruit',
    Component: lazyPage(() => import('./pages/my-applications-page')),
    handle: { title: '我的应聘' },
  },
];
