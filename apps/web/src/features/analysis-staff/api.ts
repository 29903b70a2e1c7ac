import {
  analysisStaffContracts as analysis,
  type CourseAnalysis,
  type CourseAnalysisRow,
  type PersonCourseRow,
  type PersonExamRow,
  type PersonProfile,
  type RankEntry,
  type SectionDropRow,
  type StaffGroupRow,
  type StaffPersonRow,
  type StaffStatistics,
  type TrendPoint,
} from '@kaopei/shared/contracts/analysis-staff';
import type { StaffGroupBy } from '@kaopei/shared';
import type { QueryOut } from '@kaopei/shared/contracts/common';
import { call, callPage } from '../../lib/api';
import { download } from '../../lib/download';

/** 员工分析、课程分析、员工画像 (contracts: packages/shared/src/contracts/analysis-staff.ts). Paging is zero-based. */

export type {
  CourseAnalysis,
  CourseAnalysisRow,
  PersonCourseRow,
  PersonExamRow,
  PersonProfile,
  RankEntry,
  SectionDropRow,
  StaffGroupRow,
  StaffPersonRow,
  StaffStatistics,
  TrendPoint,
};

/** The people analysed: a department (with sub-departments) over the last `months` months. */
export type ScopeFilter = Omit<QueryOut<typeof analysis.groupsExport>, 'by'>;

export type PeopleFilter = ScopeFilter &
  Partial<Pick<QueryOut<typeof analysis.peopleExport>, 'keyword' | 'sort'>>;

export const analysisKeys = {
  all: ['analysis-staff'] as const,
  groups: (by: StaffGroupBy, scope: ScopeFilter, page: number, size: number) =>
    ['analysis-staff', 'groups', by, scope, page, size] as const,
  trend: (scope: ScopeFilter, userId?: number) => ['analysis-staff', 'trend', scope, userId] as const,
  people: (filter: PeopleFilter, page: number, size: number) =>
    ['analysis-staff', 'people', filter, page, size] as const,
  statistics: (months: number) => ['analysis-staff', 'statistics', months] as const,
  profile: (userId: number) => ['analysis-staff', 'profile', userId] as const,
  exams: (userId: number, page: number, size: number) =>
    ['analysis-staff', 'exams', userId, page, size] as const,
  courses: (userId: number, page: number, size: number) =>
    ['analysis-staff', 'courses', userId, page, size] as const,
  courseList: (keyword: string | undefined, page: number, size: number) =>
    ['analysis-staff', 'course-list', keyword, page, size] as const,
  course: (courseId: number) => ['analysis-staff', 'course', courseId] as const,
};

export function fetchGroups(by: StaffGroupBy, scope: ScopeFilter, page: number, size: number) {
  return callPage(analysis.groups, { query: { by, ...scope, page, size } });
}

export function exportGroups(by: StaffGroupBy, scope: ScopeFilter) {
  return download(analysis.groupsExport, { query: { by, ...scope } }, '员工分析_分组.xlsx');
}

export function fetchTrend(scope: ScopeFilter, userId?: number): Promise<TrendPoint[]> {
  return call(analysis.trend, { query: { ...scope, userId } });
}

export function fetchPeople(filter: PeopleFilter, page: number, size: number) {
  return callPage(analysis.people, { query: { ...filter, page, size } });
}

export function exportPeople(filter: PeopleFilter) {
  return download(analysis.peopleExport, { query: filter }, '员工分析_人员明细.xlsx');
}

export function fetchStatistics(months: number): Promise<StaffStatistics> {
  return call(analysis.statistics, { query: { months } });
}

export function exportStatistics(months: number) {
  return download(analysis.statisticsExport, { query: { months } }, '员工整体统计.xlsx');
}

export function fetchProfile(userId: number): Promise<PersonProfile> {
  return call(analysis.profile, { query: { userId } });
}

export function fetchPersonExams(userId: number, page: number, size: number) {
  return callPage(analysis.profileExams, { query: { userId, page, size } });
}

export function fetchPersonCourses(userId: number, page: number, size: number) {
  return callPage(analysis.profileCourses, { query: { userId, page, size } });
}

export function exportProfile(userId: number, name: string) {
  return download(analysis.profileExport, { query: { userId } }, `员工档案_${name}.xlsx`);
}

export function fetchCourseRows(keyword: string | undefined, page: number, size: number) {
  return callPage(analysis.courses, { query: { keyword, page, size } });
}

export function exportCourseRows(keyword: string | undefined) {
  return download(analysis.coursesExport, { query: { keyword } }, '课程分析.xlsx');
}

export function fetchCourseAnalysis(courseId: number): Promise<CourseAnalysis> {
  return call(analysis.course, { query: { courseId } });
}

export function exportCourseAnalysis(courseId: number, name: string) {
  return download(analysis.courseExport, { query: { courseId } }, `课程分析_${name}.xlsx`);
}

