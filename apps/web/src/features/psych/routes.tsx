import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';
import { MENTAL_MENU, PMT_MENU, PSY_PERSON_MENU, PSY_RESULT_MENU } from '@kaopei/shared/contracts/psych';

/** 心理测评 (issue 21): scales (pmt/list), mental exams (exam/mental), results (exam/psy_result). */
export const psychRoutes: AppRouteObject[] = [
  {
    path: 'pmt/list',
    Component: lazyPage(() => import('./pages/scale-list-page')),
    handle: {
      title: '心理测评试卷',
      description: '由李克特量表题组成的心理量表：维度、反向计分、计分方式（求和/平均）、常模与等级解释。',
      menuUrl: PMT_MENU,
      keepAlive: true,
    },
  },
  {
    path: 'pmt/edit',
    Component: lazyPage(() => import('./pages/scale-edit-page')),
    handle: { title: '编辑量表', menuUrl: PMT_MENU },
  },
  {
    path: 'exam/mental',
    Component: lazyPage(() => import('./pages/mental-list-page')),
    handle: {
      title: '心理测评',
      description: '把量表安排给部门或员工：无对错、默认不限时，可匿名；员工在手机上作答。',
      menuUrl: MENTAL_MENU,
      keepAlive: true,
    },
  },
  {
    path: 'exam/psy_result',
    Component: lazyPage(() => import('./pages/group-result-page')),
    handle: {
      title: '心理测评结果',
      description: '各维度按部门的平均分与等级分布；人数不足最小分组人数的部门合并显示或不显示。',
      menuUrl: PSY_RESULT_MENU,
    },
  },
  {
    path: 'exam/psy_result/person',
    Component: lazyPage(() => import('./pages/person-result-page')),
    handle: {
      title: '个人测评结果',
      description: '每人各维度的得分、等级与解释（敏感数据，需单独授权）；匿名测评不显示姓名。',
      menuUrl: PSY_PERSON_MENU,
    },
  },
];

/** The staff's mental exams (/m/psych, /m/psych/:mentalExamId). */
export const psychLearnerRoutes: AppRouteObject[] = [
  {
    path: '/m/psych',
    Component: lazyPage(() => import('./pages/my-mental-page')),
    handle: { title: '心理测评' },
  },
  {
    path: '/m/psych/:mentalExamId',
    Component: lazyPage(() => import('./pages/take-mental-page')),
    handle: { title: '心理测评' },
  },
];
