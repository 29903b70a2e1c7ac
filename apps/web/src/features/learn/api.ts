import {
  learnContracts as learn,
  type CatalogCategory,
  type CatalogRow,
  type EvaluationResult,
  type LearnCourse,
  type MyCourseRow,
  type MyCourseTab,
  type OpenedSection,
  type OutlineSection,
  type ProgressReportIn,
  type ProgressResult,
  type PublicEvaluation,
} from '@kaopei/shared/contracts/learn';
import { call, callPage, type BodyIn } from '../../lib/api';
import { storage } from '../../lib/storage';
import { getConfig } from '../../app/config';

/** The learner's course calls (contracts: packages/shared/src/contracts/learn.ts). Paging is zero-based. */

export type {
  CatalogCategory,
  CatalogRow,
  EvaluationResult,
  LearnCourse,
  MyCourseRow,
  MyCourseTab,
  OpenedSection,
  OutlineSection,
  ProgressReportIn,
  ProgressResult,
  PublicEvaluation,
};
export type EvaluationInput = BodyIn<typeof learn.evaluate>;

export const learnKeys = {
  all: ['learn'] as const,
  my: (tab: MyCourseTab, page: number, size: number) => ['learn', 'my', tab, page, size] as const,
  categories: ['learn', 'categories'] as const,
  catalog: (keyword: string, categoryId: number, page: number, size: number) =>
    ['learn', 'catalog', keyword, categoryId, page, size] as const,
  course: (courseId: number) => ['learn', 'course', courseId] as const,
  evaluations: (courseId: number, page: number, size: number) =>
    ['learn', 'evaluations', courseId, page, size] as const,
  section: (sectionId: number) => ['learn', 'section', sectionId] as const,
};

export function fetchMyCourses(tab: MyCourseTab, page = 0, size = 20) {
  return callPage(learn.myCourses, { query: { tab, page, size } });
}

export function fetchCatalogCategories(): Promise<CatalogCategory[]> {
  return call(learn.categories);
}

export function fetchCatalog(keyword: string, categoryId: number, page = 0, size = 20) {
  return callPage(learn.catalog, {
    query: { keyword: keyword || undefined, categoryId: categoryId || undefined, page, size },
  });
}

export function enrolCourse(courseId: number) {
  return call(learn.enrol, { query: { courseId } });
}

export function fetchLearnCourse(courseId: number): Promise<LearnCourse> {
  return call(learn.course, { query: { courseId } });
}

export function fetchEvaluations(courseId: number, page = 0, size = 10) {
  return callPage(learn.evaluations, { query: { courseId, page, size } });
}

export function evaluateCourse(input: EvaluationInput): Promise<EvaluationResult> {
  return call(learn.evaluate, { body: input });
}

export function openSection(sectionId: number): Promise<OpenedSection> {
  return call(learn.openSection, { query: { sectionId } });
}

export function reportProgress(report: ProgressReportIn): Promise<ProgressResult> {
  return call(learn.progress, { body: report });
}

/**
 * The last report when the page is left or hidden: `fetch` with `keepalive` outlives the page, and
 * unlike `navigator.sendBeacon` it sends the Authorization header, so the report is authenticated like
 * every other call (no second kind of credential to issue or check).
 */
export function reportProgressOnLeave(report: ProgressReportIn): void {
  const auth = storage.getAuth();
  if (!auth) return;
  void fetch(`${getConfig().apiBase}${learn.progress.path}`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${auth.access_token}`,
      'X-Requested-With': 'XMLHttpRequest',
      'X-Client-Origin': window.location.origin,
    },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}
