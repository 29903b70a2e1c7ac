import { courseContentContracts as cc } from '@kaopei/shared/contracts/course-content';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { call, type BodyIn } from '../../../lib/api';

/** The outline editor's calls (contracts: packages/shared/src/contracts/course-content.ts). */

export type SectionAddInput = BodyIn<typeof cc.sectionAdd>;
export type SectionModifyInput = BodyIn<typeof cc.sectionModify>;
export type SectionOrder = BodyIn<typeof cc.sectionSort>['chapters'];

export const outlineKeys = {
  outline: (courseId: number) => ['courses', 'outline', courseId] as const,
  papers: (keyword: string) => ['courses', 'outline', 'papers', keyword] as const,
};

export const fetchOutline = (courseId: number) => call(cc.outline, { query: { courseId } });
export const addChapter = (courseId: number, title: string) =>
  call(cc.chapterAdd, { body: { courseId, title } }, { kpFieldErrors: true });
export const renameChapter = (chapterId: number, title: string) =>
  call(cc.chapterModify, { body: { chapterId, title } }, { kpFieldErrors: true });
export const deleteChapter = (chapterId: number) => call(cc.chapterDelete, { body: { chapterId } });
export const sortChapters = (courseId: number, chapterIds: number[]) =>
  call(cc.chapterSort, { body: { courseId, chapterIds } });
export const addSection = (body: SectionAddInput) => call(cc.sectionAdd, { body }, { kpFieldErrors: true });
export const modifySection = (body: SectionModifyInput) =>
  call(cc.sectionModify, { body }, { kpFieldErrors: true });
export const deleteSection = (sectionId: number) => call(cc.sectionDelete, { body: { sectionId } });
export const sortSections = (courseId: number, chapters: SectionOrder) =>
  call(cc.sectionSort, { body: { courseId, chapters } });

/** Papers by name for the exam section's picker. */
export const searchPapers = (keyword: string) =>
  call(paperContracts.search, {
    body: { page: { pageNumber: 1, pageSize: 30 }, searchContent: keyword || undefined },
  });
