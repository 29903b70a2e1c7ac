import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 考试分析 and 试题分析 (issue 19): children of /manage. */
export const examAnalysisRoutes: AppRouteObject[] = [
  {
    path: 'analysis/exam',
    Component: lazyPage(() => import('./pages/exam-analysis-list-page')),
    handle: {
      title: '考试分析',
      description: '各场考试的成绩分布、信度与试题质量，按时间对比；点开一场考试看详情与试题分析。',
      menuUrl: '/manage/analysis/exam',
      keepAlive: true,
    },
  },
  {
    path: 'analysis/exam/detail',
    Component: lazyPage(() => import('./pages/exam-analysis-detail-page')),
    handle: { title: '考试分析详情', menuUrl: '/manage/analysis/exam' },
  },
  {
    path: 'analysis/exam/questions',
    Component: lazyPage(() => import('./pages/exam-analysis-questions-page')),
    handle: { title: '试题分析', menuUrl: '/manage/analysis/exam' },
  },
  {
    path: 'analysis/question',
    Component: lazyPage(() => import('./pages/question-analysis-page')),
    handle: {
      title: '试题分析',
      description:
        '跨考试看每道题的难度与区分度；按 2PL 项目反应理论校准题库，查看题目特征曲线和试卷的测验信息，导入线下考试成绩。',
      menuUrl: '/manage/analysis/question',
      keepAlive: true,
    },
  },
];
