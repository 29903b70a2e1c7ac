import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/**
 * Menu URLs as RECRUIT_MENUS (contracts/recruitment.ts) names them, written out: this file is part of the
 * entry chunk, and importing the contract would bring its schemas into every page's first load.
 */
const RECRUIT_MENUS = {
  overview: '/manage/recruitment',
  school: '/manage/recruitment/school',
  job: '/manage/recruitment/job',
  release: '/manage/recruitment/job/release',
  staff: '/manage/recruitment/staff',
  result: '/manage/recruitment/staff/result',
} as const;

/** 招聘管理 (issue 20): overview, campus sessions, jobs and their pipeline, applicants, results. */
export const recruitmentRoutes: AppRouteObject[] = [
  {
    path: 'recruitment',
    Component: lazyPage(() => import('./pages/overview-page')),
    handle: {
      title: '招聘概览',
      description: '各职位的招聘漏斗、平均招聘周期、应聘来源与本周面试。',
      menuUrl: RECRUIT_MENUS.overview,
    },
  },
  {
    path: 'recruitment/school',
    Component: lazyPage(() => import('./pages/campus-page')),
    handle: {
      title: '校园招聘',
      description: '宣讲会场次：学校、时间、地点与招聘职位；学生扫码报名。',
      menuUrl: RECRUIT_MENUS.school,
      keepAlive: true,
    },
  },
  {
    path: 'recruitment/job',
    Component: lazyPage(() => import('./pages/job-list-page')),
    handle: {
      title: '职位管理',
      description: '职位从草稿到招聘中再到关闭；分享链接与二维码让应聘者在手机上投递。',
      menuUrl: RECRUIT_MENUS.job,
      keepAlive: true,
    },
  },
  {
    path: 'recruitment/job/release',
    Component: lazyPage(() => import('./pages/job-release-page')),
    handle: { title: '发布职位', menuUrl: RECRUIT_MENUS.release },
  },
  {
    path: 'recruitment/job/detail',
    Component: lazyPage(() => import('./pages/job-detail-page')),
    handle: { title: '招聘看板', menuUrl: RECRUIT_MENUS.job },
  },
  {
    path: 'recruitment/job/detail/resume',
    Component: lazyPage(() => import('./pages/resume-page')),
    handle: { title: '应聘者简历', menuUrl: RECRUIT_MENUS.job },
  },
  {
    path: 'recruitment/staff',
    Component: lazyPage(() => import('./pages/applicant-list-page')),
    handle: {
      title: '应聘人员',
      description: '所有职位的应聘者：按职位、阶段、来源筛选，查看简历。',
      menuUrl: RECRUIT_MENUS.staff,
      keepAlive: true,
    },
  },
  {
    path: 'recruitment/staff/resume',
    Component: lazyPage(() => import('./pages/resume-page')),
    handle: { title: '应聘者简历', menuUrl: RECRUIT_MENUS.staff },
  },
  {
    path: 'recruitment/staff/result',
    Component: lazyPage(() => import('./pages/result-page')),
    handle: {
      title: '招聘结果',
      description: '到 offer、已入职与淘汰的应聘者：评分与笔试成绩、录用、给用人经理的外部报告。',
      menuUrl: RECRUIT_MENUS.result,
      keepAlive: true,
    },
  },
];
