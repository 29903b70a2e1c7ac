import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 能力库与岗位能力模型 (issue 16). Children of /manage. */
export const abilityRoutes: AppRouteObject[] = [
  {
    path: 'post/ability',
    Component: lazyPage(() => import('./pages/ability-page')),
    handle: {
      title: '能力模型',
      description:
        '能力库按维度管理能力及其五级行为描述；岗位能力模型为岗位选定能力、要求等级与权重（合计 100%）。',
      menuUrl: '/manage/post/ability',
    },
  },
  {
    path: 'post/knowledge/edit',
    Component: lazyPage(() => import('./pages/post-knowledge-page')),
    handle: {
      title: '岗位知识',
      description: '为岗位勾选需要的知识点，并设定每个知识点要求的掌握程度。',
      menuUrl: '/manage/post/knowledge/edit',
    },
  },
  {
    path: 'post/ability/material',
    Component: lazyPage(() => import('./pages/material-page')),
    handle: {
      title: '能力素材',
      description: '按能力与等级维护学习素材：上传文档或添加链接。',
      menuUrl: '/manage/post/ability/material',
    },
  },
  {
    path: 'post/course',
    Component: lazyPage(() => import('./pages/post-course-page')),
    handle: {
      title: '岗位课程',
      description: '岗位的学习路径：能力模型中每项能力在要求等级以内的学习素材。',
      menuUrl: '/manage/post/course',
    },
  },
];
