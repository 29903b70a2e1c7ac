import { matchPath } from 'react-router';
import { consoleRoutes } from '../features/console/routes';
import { versionRoutes } from '../features/version/routes';
import { systemPermissionRoutes } from '../features/system-permission/routes';
import { systemTagRoutes } from '../features/system-tag/routes';
import { systemStaffRoutes } from '../features/system-staff/routes';
import { accountRoutes } from '../features/account/routes';
import { questionBankRoutes } from '../features/question-bank/routes';
import { knowledgeRoutes } from '../features/knowledge/routes';
import { questionRoutes } from '../features/question/routes';
import { paperBankRoutes } from '../features/paper-bank/routes';
import { paperRoutes } from '../features/paper/routes';
import { examRoutes } from '../features/exam/routes';
import { postRoutes } from '../features/post/routes';
import { abilityRoutes } from '../features/ability/routes';
import { postExamRoutes } from '../features/post-exam/routes';
import { postMatchRoutes } from '../features/post-match/routes';
import { courseRoutes } from '../features/course/routes';
import { studyTaskRoutes } from '../features/study-task/routes';
import { examAnalysisRoutes } from '../features/exam-analysis/routes';
import { practiceRoutes } from '../features/practice/routes';
import { studyTargetRoutes } from '../features/study-target/routes';
import { analysisStaffRoutes } from '../features/analysis-staff/routes';
import { analysisReportRoutes } from '../features/analysis-report/routes';
import { shopRoutes } from '../features/shop/routes';
import { psychRoutes } from '../features/psych/routes';
import { interviewRoutes } from '../features/interview/routes';
import { recruitmentRoutes } from '../features/recruitment/routes';
import type { AppRouteObject } from './route-handle';

/**
 * Registry of the pages built under /manage. Add a feature's routes here; the menu then links to them
 * and the guard resolves their handles. Menu entries without a page here are shown disabled.
 */
export const MANAGE_BASE = '/manage';

export const manageChildRoutes: AppRouteObject[] = [
  ...consoleRoutes,
  ...versionRoutes,
  ...systemPermissionRoutes,
  ...systemTagRoutes,
  ...systemStaffRoutes,
  ...accountRoutes,
  ...questionBankRoutes,
  ...knowledgeRoutes,
  ...questionRoutes,
  ...paperBankRoutes,
  ...paperRoutes,
  ...examRoutes,
  ...postRoutes,
  ...abilityRoutes,
  ...postExamRoutes,
  ...postMatchRoutes,
  ...courseRoutes,
  ...studyTaskRoutes,
  ...examAnalysisRoutes,
  ...practiceRoutes,
  ...studyTargetRoutes,
  ...analysisStaffRoutes,
  ...analysisReportRoutes,
  ...shopRoutes,
  ...psychRoutes,
  ...interviewRoutes,
  ...recruitmentRoutes,
];

function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** Absolute path patterns of every page under /manage (e.g. '/manage/console'). */
export function collectRoutePaths(routes: readonly AppRouteObject[], base: string): string[] {
  const paths: string[] = [];
  for (const route of routes) {
    if (route.path === '*' || route.path?.endsWith('/*')) continue;
    const full = route.path ? joinPath(base, route.path) : base;
    if (route.Component || route.element || route.lazy) {
      if (!route.index || full !== base) paths.push(full);
    }
    if (route.children?.length) paths.push(...collectRoutePaths(route.children as AppRouteObject[], full));
  }
  return [...new Set(paths)];
}

export const managePaths: readonly string[] = collectRoutePaths(manageChildRoutes, MANAGE_BASE);

/** Whether a (normalised) URL opens a page of this build. */
export function isRoutableUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? url;
  return managePaths.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}
