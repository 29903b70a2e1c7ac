import { TagType } from '@kaopei/shared';
import {
  courseContracts as courses,
  type CourseCategoryNode,
  type CourseCategoryRow,
  type CourseDetail,
  type CourseFilter,
  type CourseGroupRow,
  type CourseManager,
  type CourseMemberRow,
  type CourseOption,
  type CourseRow,
  type CourseStatistics,
  type CourseSummary,
  type EvaluationRow,
  type MemberFilter,
  type TeacherOption,
  type TeacherRow,
} from '@kaopei/shared/contracts/course';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { call, callPage, type BodyIn } from '../../lib/api';
import { download } from '../../lib/download';
import { FORM_ERRORS } from '../../lib/form-errors';

/** 课程目录与管理 (contracts: packages/shared/src/contracts/course.ts). Paging is zero-based. */

export type {
  CourseCategoryNode,
  CourseCategoryRow,
  CourseDetail,
  CourseFilter,
  CourseGroupRow,
  CourseManager,
  CourseMemberRow,
  CourseOption,
  CourseRow,
  CourseStatistics,
  CourseSummary,
  EvaluationRow,
  MemberFilter,
  TeacherOption,
  TeacherRow,
};
/** What the course form sends. */
export type CourseInput = BodyIn<typeof courses.add>;
export type TeacherInput = BodyIn<typeof courses.teacherAdd>;
export type MemberAddInput = BodyIn<typeof courses.memberAdd>;

export const courseKeys = {
  all: ['courses'] as const,
  categories: ['courses', 'categories'] as const,
  list: (filter: CourseFilter, page: number, size: number) =>
    ['courses', 'list', filter, page, size] as const,
  summary: ['courses', 'summary'] as const,
  simple: (keyword: string) => ['courses', 'simple', keyword] as const,
  detail: (courseId: number) => ['courses', 'detail', courseId] as const,
  teachers: ['courses', 'teachers'] as const,
  teacherList: (keyword: string, page: number, size: number) =>
    ['courses', 'teachers', keyword, page, size] as const,
  teacherOptions: ['courses', 'teachers', 'simple'] as const,
  members: (filter: MemberFilter, page: number, size: number) =>
    ['courses', 'members', filter, page, size] as const,
  groups: (courseId: number) => ['courses', 'groups', courseId] as const,
  statistics: (courseId: number) => ['courses', 'statistics', courseId] as const,
  evaluations: (courseId: number, rating: number | undefined, page: number, size: number) =>
    ['courses', 'evaluations', courseId, rating, page, size] as const,
  tags: ['courses', 'tags'] as const,
};

// ---- categories ---------------------------------------------------------------------------------------

export function fetchCategoryTree(): Promise<CourseCategoryNode[]> {
  return call(courses.categoryTree);
}

export function addCategory(name: string, parentId: number): Promise<CourseCategoryRow> {
  return call(courses.categoryAdd, { body: { name, parentId } });
}

export function modifyCategory(categoryId: number, change: { name?: string; parentId?: number }) {
  return call(courses.categoryModify, { body: { categoryId, ...change } });
}

export function deleteCategory(categoryId: number) {
  return call(courses.categoryDelete, { query: { categoryId } });
}

export function publishCategory(categoryId: number, published: boolean) {
  return call(courses.categoryPublish, { query: { categoryId, published: published ? 'true' : 'false' } });
}

// ---- courses ------------------------------------------------------------------------------------------

export function fetchCourses(filter: CourseFilter, page: number, size: number) {
  return callPage(courses.search, { query: { page, size }, body: filter });
}

/** Courses for pickers (other features import this, e.g. ability materials of kind 'course'). */
export function fetchCourseOptions(keyword = ''): Promise<CourseOption[]> {
  return call(courses.simple, { query: { keyword: keyword || undefined } });
}

export function fetchCourseSummary(): Promise<CourseSummary> {
  return call(courses.summary);
}

export function fetchCourse(courseId: number): Promise<CourseDetail> {
  return call(courses.get, { query: { courseId } });
}

export function createCourse(input: CourseInput): Promise<CourseDetail> {
  return call(courses.add, { body: input }, FORM_ERRORS);
}

export function modifyCourse(courseId: number, input: Partial<CourseInput>): Promise<CourseDetail> {
  return call(courses.modify, { body: { courseId, ...input } }, FORM_ERRORS);
}

export function deleteCourse(courseId: number) {
  return call(courses.delete, { query: { courseId } });
}

export function copyCourse(courseId: number): Promise<CourseDetail> {
  return call(courses.copy, { query: { courseId } });
}

export function openCourse(courseId: number): Promise<CourseDetail> {
  return call(courses.open, { query: { courseId } });
}

export function closeCourse(courseId: number): Promise<CourseDetail> {
  return call(courses.close, { query: { courseId } });
}

export function exportCourses(filter: CourseFilter): Promise<string> {
  return download(courses.export, { body: filter }, '课程列表.xlsx');
}

// ---- teachers -----------------------------------------------------------------------------------------

export function fetchTeachers(keyword: string, page: number, size: number) {
  return callPage(courses.teacherList, { query: { keyword: keyword || undefined, page, size } });
}

export function fetchTeacherOptions(): Promise<TeacherOption[]> {
  return call(courses.teacherSimple);
}

export function saveTeacher(teacherId: number | null, input: TeacherInput): Promise<TeacherRow> {
  return teacherId === null
    ? call(courses.teacherAdd, { body: input }, FORM_ERRORS)
    : call(courses.teacherModify, { body: { teacherId, ...input } }, FORM_ERRORS);
}

export function deleteTeacher(teacherId: number) {
  return call(courses.teacherDelete, { query: { teacherId } });
}

// ---- members and groups -------------------------------------------------------------------------------

export function fetchMembers(filter: MemberFilter, page: number, size: number) {
  return callPage(courses.memberList, { query: { page, size }, body: filter });
}

export function addMembers(input: MemberAddInput) {
  return call(courses.memberAdd, { body: input });
}

export function removeMembers(courseId: number, userIds: number[]) {
  return call(courses.memberRemove, { body: { courseId, userIds } });
}

export function setMembersGroup(courseId: number, userIds: number[], groupId: number) {
  return call(courses.memberGroup, { body: { courseId, userIds, groupId } });
}

export function exportMembers(filter: MemberFilter): Promise<string> {
  return download(courses.memberExport, { body: filter }, '课程学员.xlsx');
}

export function fetchGroups(courseId: number): Promise<CourseGroupRow[]> {
  return call(courses.groupList, { query: { courseId } });
}

export function saveGroup(courseId: number, groupId: number | null, name: string): Promise<CourseGroupRow> {
  return groupId === null
    ? call(courses.groupAdd, { body: { courseId, name } })
    : call(courses.groupModify, { body: { groupId, name } });
}

export function deleteGroup(groupId: number) {
  return call(courses.groupDelete, { query: { groupId } });
}

// ---- statistics and evaluations -----------------------------------------------------------------------

export function fetchStatistics(courseId: number): Promise<CourseStatistics> {
  return call(courses.statistics, { query: { courseId } });
}

export function fetchEvaluations(courseId: number, rating: number | undefined, page: number, size: number) {
  return callPage(courses.evaluationList, { query: { courseId, rating, page, size } });
}

export function hideEvaluation(evaluationId: number, hidden: boolean): Promise<EvaluationRow> {
  return call(courses.evaluationHide, { body: { evaluationId, hidden } });
}

// ---- pickers ------------------------------------------------------------------------------------------

/** The organisation's course tags (type 6). */
export function fetchCourseTags() {
  return call(tagContracts.simple, { query: { type: TagType.COURSE } });
}


