import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';
import { EVALUATION_CATEGORY } from '../../lib/bank-rules';

/** Children of /manage. */
export const questionBankRoutes: AppRouteObject[] = [
  {
    path: 'question/bank',
    Component: lazyPage(() => import('./pages/question-bank-page')),
    handle: {
      title: '题库',
      description: '我的题库是本组织的题库；公开题库由平台提供，只读，可复制到我的题库后修改使用。',
      menuUrl: '/manage/question/bank',
      keepAlive: true,
    },
  },
  {
    path: 'evaluate/question/bank',
    Component: lazyPage(() => import('./pages/evaluate-bank-page')),
    handle: {
      title: '测评题库',
      description: `分类为「${EVALUATION_CATEGORY}」的题库，用于人才测评；在这里新建的题库自动归入该分类。`,
      menuUrl: '/manage/evaluate/question/bank',
    },
  },
];
