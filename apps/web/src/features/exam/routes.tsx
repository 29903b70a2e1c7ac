import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const LIST = '/manage/exam/list';
const RESULT = '/manage/exam/result';
const CHECK = '/manage/exam/check';
const MONITOR = '/manage/exam/monitor';

/**
 * Children of /manage (spec §2 exam/*). Each menuUrl is the menu entry that grants the page; pages that
 * are not menu entries name the entry they belong to.
 */
export const examRoutes: AppRouteObject[] = [
  {
    path: 'exam/list',
    Component: lazyPage(() => import('./pages/exam-list-page')),
    handle: { title: '考试列表', menuUrl: LIST, keepAlive: true },
  },
  {
    path: 'exam/auto',
    Component: lazyPage(() => import('./pages/exam-auto-page')),
    handle: { title: '自动考试', menuUrl: '/manage/exam/auto', keepAlive: true },
  },
  {
    path: 'exam/auto/paper',
    Component: lazyPage(() => import('./pages/exam-auto-paper-page')),
    handle: { title: '自动考试试卷', menuUrl: '/manage/exam/auto' },
  },
  {
    path: 'exam/editor',
    Component: lazyPage(() => import('./pages/exam-editor-page')),
    handle: { title: '编辑考试', menuUrl: LIST },
  },
  {
    path: 'exam/created/paper',
    Component: lazyPage(() => import('./pages/exam-papers-page')),
    handle: { title: '考试试卷', menuUrl: LIST },
  },
  {
    path: 'exam/newExamDetail',
    Component: lazyPage(() => import('./pages/exam-overview-page')),
    handle: { title: '考试概览', menuUrl: LIST },
  },
  {
    path: 'exam/examinee',
    Component: lazyPage(() => import('./pages/examinee-page')),
    handle: { title: '考生管理', menuUrl: '/manage/exam/examinee' },
  },
  {
    path: 'exam/paperDesignated',
    Component: lazyPage(() => import('./pages/paper-designated-page')),
    handle: { title: '指定试卷', menuUrl: '/manage/exam/paperDesignated' },
  },
  {
    path: 'exam/check',
    Component: lazyPage(() => import('./pages/check-page')),
    handle: { title: '阅卷管理', menuUrl: CHECK },
  },
  {
    path: 'exam/check/detail',
    Component: lazyPage(() => import('./pages/check-detail-page')),
    handle: { title: '阅卷', menuUrl: CHECK },
  },
  {
    path: 'exam/monitor',
    Component: lazyPage(() => import('./pages/monitor-page')),
    handle: { title: '考试监控', menuUrl: MONITOR },
  },
  {
    path: 'exam/monitor/detail',
    Component: lazyPage(() => import('./pages/monitor-detail-page')),
    handle: { title: '监控详情', menuUrl: MONITOR },
  },
  {
    path: 'exam/result',
    Component: lazyPage(() => import('./pages/result-page')),
    handle: { title: '成绩管理', menuUrl: RESULT },
  },
  {
    path: 'exam/personal/report',
    Component: lazyPage(() => import('./pages/personal-report-page')),
    handle: { title: '个人报告', menuUrl: RESULT },
  },
  {
    path: 'exam/IndividualPapers',
    Component: lazyPage(() => import('./pages/individual-papers-page')),
    handle: { title: '个人试卷', menuUrl: RESULT },
  },
  {
    path: 'exam/comment',
    Component: lazyPage(() => import('./pages/comment-page')),
    handle: { title: '考试评语', menuUrl: '/manage/exam/comment' },
  },
  {
    path: 'exam/ExamReport',
    Component: lazyPage(() => import('./pages/exam-report-page')),
    handle: { title: '考试报告', menuUrl: '/manage/exam/ExamReport' },
  },
];

/**
 * The shared personal report (spec §2 public route /report?token=, no sign-in). /report is shared with
 * recruitment's external report: app/public-report-route.tsx picks the page by the token's shape.
 */
export const ExamPublicReportPage = lazyPage(() => import('./pages/public-report-page'));
