import { courseChapters, courseMembers, courseSections, courses, exams, files } from '../../db/schema';
import type { Db } from '../../db/client';
import type { SectionKind } from '@kaopei/shared';

/**
 * Test fixtures of the learner's side (issue 17, part C): a course with one chapter and the given
 * sections, written straight to the tables so the learner tests do not depend on the administrators'
 * endpoints (parts A and B).
 */

export interface SectionSpec {
  kind: SectionKind;
  durationSeconds?: number;
  requiresPrevious?: boolean;
  /** For a video or document: the file's name (a files row is made; its storage key does not exist). */
  fileName?: string;
  mime?: string;
}

export interface CourseSpec {
  name?: string;
  status?: 'draft' | 'open' | 'closed';
  enrolment?: 'assigned' | 'open';
  categoryId?: number | null;
  noSkip?: boolean;
  completePercent?: number;
  sections: SectionSpec[];
  /** Users enrolled (source 'staff'). */
  members?: number[];
}

export interface MadeCourse {
  id: number;
  chapterId: number;
  sectionIds: number[];
  examIds: (number | null)[];
}

let counter = 0;

export async function makeCourse(db: Db, organizationId: number, spec: CourseSpec): Promise<MadeCourse> {
  counter += 1;
  const [course] = await db
    .insert(courses)
    .values({
      organizationId,
      name: spec.name ?? `课程${counter}`,
      status: spec.status ?? 'open',
      enrolment: spec.enrolment ?? 'assigned',
      categoryId: spec.categoryId ?? null,
      noSkip: spec.noSkip ? 1 : 0,
      completePercent: spec.completePercent ?? 90,
      intro: '<p>课程简介</p>',
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const [chapter] = await db
    .insert(courseChapters)
    .values({ organizationId, courseId, title: '第一章', sort: 1 })
    .returning({ id: courseChapters.id });
  const sectionIds: number[] = [];
  const examIds: (number | null)[] = [];
  for (const [index, s] of spec.sections.entries()) {
    let fileId: number | null = null;
    let examId: number | null = null;
    if (s.kind === 'video' || s.kind === 'datum') {
      const name = s.fileName ?? (s.kind === 'video' ? 'lesson.mp4' : 'handout.pdf');
      const [file] = await db
        .insert(files)
        .values({
          organizationId,
          name,
          mime: s.mime ?? (s.kind === 'video' ? 'video/mp4' : 'application/pdf'),
          size: 1024,
          key: `test/${organizationId}/${Date.now()}-${counter}-${index}-${name}`,
        })
        .returning({ id: files.id });
      fileId = file!.id;
    }
    if (s.kind === 'exam') {
      const [exam] = await db
        .insert(exams)
        .values({ organizationId, name: `课程考试${counter}-${index}`, status: 1, purpose: 'course' })
        .returning({ id: exams.id });
      examId = exam!.id;
    }
    const [section] = await db
      .insert(courseSections)
      .values({
        organizationId,
        courseId,
        chapterId: chapter!.id,
        title: `第${index + 1}节`,
        kind: s.kind,
        sort: index + 1,
        requiresPrevious: s.requiresPrevious ? 1 : 0,
        fileId,
        durationSeconds: s.durationSeconds ?? (s.kind === 'video' ? 100 : 0),
        examId,
        ...(s.kind === 'live'
          ? { liveStartAt: new Date(Date.now() + 3600_000), liveMinutes: 60, liveStatus: 'scheduled' }
          : {}),
      })
      .returning({ id: courseSections.id });
    sectionIds.push(section!.id);
    examIds.push(examId);
  }
  if (spec.members?.length) {
    await db
      .insert(courseMembers)
      .values(spec.members.map((userId) => ({ courseId, userId, organizationId, source: 'staff' })));
  }
  return { id: courseId, chapterId: chapter!.id, sectionIds, examIds };
}
