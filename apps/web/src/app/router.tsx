import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { candidateRoutes } from '../features/candidate/routes';
import { publicRoutes } from '../features/public/routes';
import { accountPublicRoutes } from '../features/account/routes';
import { eduRoutes } from '../features/edu/routes';
import { messageRoutes } from '../features/message/routes';
import { platformRoutes } from '../features/platform/routes';
import { signupRoutes } from '../features/signup/routes';
import { postPublicRoutes } from '../features/post-public/routes';
import { interviewRoomRoutes } from '../features/interview/routes';
import { liveRoutes } from '../features/live/routes';
import { learnRoutes } from '../features/learn/routes';
import { myTaskRoutes } from '../features/study-task/routes';
import { practiceLearnerRoutes } from '../features/practice/routes';
import { shopLearnerRoutes } from '../features/shop/routes';
import { myTargetRoutes } from '../features/study-target/routes';
import { psychLearnerRoutes } from '../features/psych/routes';
import { analysisReportPrintRoutes } from '../features/analysis-report/routes';
import { recruitJoinLearnerRoutes, recruitJoinRoutes } from '../features/recruit-join/routes';
import { publicReportRoutes } from './public-report-route';
import { cancelPendingRequests, registerNavigator } from '../lib/http';
import { getConfig } from './config';
import { lazyPage } from './lazy-page';
import { ManageIndex } from './layout/manage-index';
import { manageChildRoutes } from './manage-routes';
import { PageLoading } from './page-states';
import type { AppRouteObject } from './route-handle';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';

/** Unknown paths go to the edition's home page (spec §2). */
function HomeRedirect() {
  return <Navigate to={getConfig().homePath} replace />;
}

const ManageLayoutPage = lazyPage(() =>
  import('./layout/manage-layout').then((module) => ({ default: module.ManageLayout })),
);

export function buildRoutes(): AppRouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoading,
      children: [
        // '/' is the edition's home page for everyone (the catch-all below has no handle: the guard
        // turns a signed-in user away from unknown paths with a warning).
        { index: true, Component: HomeRedirect, handle: { title: '首页', public: true } },
        ...authRoutes,
        ...publicRoutes,
        ...signupRoutes,
        ...accountPublicRoutes,
        ...messageRoutes,
        ...eduRoutes,
        ...platformRoutes,
        ...publicReportRoutes,
        ...postPublicRoutes,
        ...interviewRoomRoutes,
        ...liveRoutes,
        ...learnRoutes,
        ...myTaskRoutes,
        ...practiceLearnerRoutes,
        ...shopLearnerRoutes,
        ...myTargetRoutes,
        ...psychLearnerRoutes,
        ...recruitJoinLearnerRoutes,
        ...analysisReportPrintRoutes,
        ...recruitJoinRoutes,
        ...candidateRoutes,
        {
          path: '/manage',
          Component: ManageLayoutPage,
          handle: { title: '管理后台' },
          children: [
            { index: true, Component: ManageIndex, handle: { title: '管理后台' } },
            ...manageChildRoutes,
          ],
        },
        { path: '*', Component: HomeRedirect },
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[] = buildRoutes()) {
  const router = createBrowserRouter(routes);

  // Spec §2: pending requests are cancelled on every navigation — when it starts (routes with loaders
  // pass through a 'loading' state) or, for immediate navigations, when the location changes.
  let lastLocationKey = router.state.location.key;
  let lastTargetKey: string | null = null;
  router.subscribe((state) => {
    const target = state.navigation.location;
    if (target && target.key !== lastTargetKey) {
      lastTargetKey = target.key;
      cancelPendingRequests();
    } else if (state.location.key !== lastLocationKey && state.location.key !== lastTargetKey) {
      cancelPendingRequests();
    }
    lastLocationKey = state.location.key;
  });

  registerNavigator((to) => router.navigate(to, { replace: true }));
  return router;
}
