import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';
import { CandidateLayout } from './components/candidate-layout';

/** Base of the candidate's pages; the guard opens it to every signed-in user (app/guard.ts). */
export const CANDIDATE_BASE = '/m';

const MyExamsPage = lazyPage(() => import('./pages/my-exams-page'));

/** The candidate's pages (/m/**): mobile-first, for every signed-in user. */
export const candidateRoutes: AppRouteObject[] = [
  // An exam's open link: registration needs no sign-in (it signs the candidate in).
  {
    path: `${CANDIDATE_BASE}/open/:examId`,
    Component: lazyPage(() => import('./pages/open-register-page')),
    handle: { title: '考试报名', public: true },
  },
  {
    path: CANDIDATE_BASE,
    Component: CandidateLayout,
    handle: { title: '我的考试' },
    children: [
      { index: true, Component: MyExamsPage, handle: { title: '我的考试' } },
      { path: 'exams', Component: MyExamsPage, handle: { title: '我的考试' } },
      {
        path: 'exams/:examId',
        Component: lazyPage(() => import('./pages/exam-intro-page')),
        handle: { title: '考试说明' },
      },
      {
        path: 'attempts/:attemptId',
        Component: lazyPage(() => import('./pages/attempt-page')),
        handle: { title: '答题' },
      },
      {
        path: 'attempts/:attemptId/result',
        Component: lazyPage(() => import('./pages/result-page')),
        handle: { title: '考试成绩' },
      },
    ],
  },
];
