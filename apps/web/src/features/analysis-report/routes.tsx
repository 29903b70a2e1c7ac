import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 分析报告 (issue 19). */
export const analysisReportRoutes: AppRouteObject[] = [
  {
    path: 'analysis/report',
    Component: lazyPage(() => import('./pages/report-page')),
    handle: {
      title: '分析报告',
      description:
        '考试或部门（含下级）一段时间的报告：在页面预览，导出 Excel 与 PDF，并可每月定时发送到指定员工的消息盒子与邮箱。',
      menuUrl: '/manage/analysis/report',
      keepAlive: true,
    },
  },
];

/** The print route Chromium opens for a report's PDF: outside the admin layout, no menu, no session. */
export const analysisReportPrintRoutes: AppRouteObject[] = [
  {
    path: '/print/analysis/report',
    Component: lazyPage(() => import('./pages/print-page')),
    handle: { title: '分析报告', public: true },
  },
];
