import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 员工分析、员工画像、用户档案与课程分析 (issue 19). */
export const analysisStaffRoutes: AppRouteObject[] = [
  {
    path: 'analysis/staff',
    Component: lazyPage(() => import('./pages/staff-analysis-page')),
    handle: {
      title: '员工分析',
      description:
        '按部门、岗位或标签比较考试参与率、通过率、得分率、学时与课程完成，查看按月趋势与人员明细。',
      menuUrl: '/manage/analysis/staff',
      keepAlive: true,
    },
  },
  {
    path: 'analysis/staff/detail',
    Component: lazyPage(() => import('./pages/staff-detail-page')),
    handle: { title: '员工分析详情', menuUrl: '/manage/analysis/staff' },
  },
  {
    path: 'analysis/staff/statistics',
    Component: lazyPage(() => import('./pages/staff-statistics-page')),
    handle: { title: '整体统计与排行', menuUrl: '/manage/analysis/staff' },
  },
  {
    path: 'analysis/employee',
    Component: lazyPage(() => import('./pages/employee-page')),
    handle: {
      title: '员工画像',
      description: '按部门筛选、按姓名或工号搜索员工，打开其画像：能力、考试百分位、学习与标签。',
      menuUrl: '/manage/analysis/employee',
    },
  },
  {
    path: 'analysis/user/profile',
    Component: lazyPage(() => import('./pages/person-page')),
    handle: { title: '用户档案', menuUrl: '/manage/analysis/user/profile' },
  },
  {
    path: 'analysis/course',
    Component: lazyPage(() => import('./pages/course-analysis-page')),
    handle: {
      title: '课程分析',
      description: '每门课程的报名、完成漏斗、各小节流失、评分与观看时长。',
      menuUrl: '/manage/analysis/course',
    },
  },
];
