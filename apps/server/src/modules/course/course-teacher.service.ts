import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { conflict, notFound } from '../../core/http';
import type { TeacherOption, TeacherRow } from '@kaopei/shared/contracts/course';
import {
  countTeacherCourses,
  deleteTeacherRecord,
  fileUrlOf,
  findOwnStaff,
  findPublicImage,
  findTeacher,
  insertTeacher,
  listTeacherOptions,
  listTeacherRecords,
  updateTeacher,
  type TeacherListRecord,
  type TeacherRecord,
} from './course.repo';

export const TEACHER_NOT_FOUND = '讲师不存在';

export interface TeacherInput {
  name?: string;
  title?: string | null;
  intro?: string | null;
  userId?: number | null;
  avatarFileId?: number | null;
}

function toRow(r: TeacherListRecord): TeacherRow {
  return {
    teacherId: r.teacher.id,
    name: r.teacher.name,
    title: r.teacher.title,
    intro: r.teacher.intro,
    userId: r.teacher.userId,
    userName: r.userName,
    avatarFileId: r.teacher.avatarFileId,
    avatarUrl: fileUrlOf(r.avatarKey),
    courseCount: r.courseCount,
    updatedAt: r.teacher.updatedAt.getTime(),
  };
}

export async function requireTeacher(db: DbOrTx, ctx: RequestContext, id: number): Promise<TeacherRecord> {
  const row = await findTeacher(db, ctx, id);
  if (!row) throw notFound(TEACHER_NOT_FOUND);
  return row;
}

export async function listTeachers(
  db: Db,
  ctx: RequestContext,
  keyword: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: TeacherRow[]; total: number }> {
  const found = await listTeacherRecords(db, ctx, { keyword }, page);
  return { rows: found.rows.map(toRow), total: found.total };
}

export async function teacherOptions(db: Db, ctx: RequestContext): Promise<TeacherOption[]> {
  const rows = await listTeacherOptions(db, ctx);
  return rows.map((r) => ({ teacherId: r.id, name: r.name, title: r.title }));
}

async function teacherRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<TeacherRow> {
  const found = await listTeacherRecords(db, ctx, { ids: [id] }, { limit: 1, offset: 0 });
  const [row] = found.rows;
  if (!row) throw notFound(TEACHER_NOT_FOUND);
  return toRow(row);
}

async function checkReferences(db: DbOrTx, ctx: RequestContext, input: TeacherInput): Promise<void> {
  if (input.userId && !(await findOwnStaff(db, ctx, input.userId))) throw notFound('关联的员工不存在');
  if (input.avatarFileId && !(await findPublicImage(db, ctx, input.avatarFileId)))
    throw notFound('头像图片不存在，请重新上传');
}

function columnsOf(input: TeacherInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.intro !== undefined ? { intro: input.intro } : {}),
    ...(input.userId !== undefined ? { userId: input.userId || null } : {}),
    ...(input.avatarFileId !== undefined ? { avatarFileId: input.avatarFileId || null } : {}),
  };
}

export async function addTeacher(
  db: Db,
  ctx: RequestContext,
  input: TeacherInput & { name: string },
): Promise<TeacherRow> {
  await checkReferences(db, ctx, input);
  const created = await insertTeacher(db, ctx, { ...columnsOf(input), name: input.name });
  return teacherRow(db, ctx, created.id);
}

export async function modifyTeacher(
  db: Db,
  ctx: RequestContext,
  input: TeacherInput & { teacherId: number },
): Promise<TeacherRow> {
  const current = await requireTeacher(db, ctx, input.teacherId);
  await checkReferences(db, ctx, input);
  await updateTeacher(db, ctx, current.id, columnsOf(input));
  return teacherRow(db, ctx, current.id);
}

/** Deletes a teacher who teaches no course (409 otherwise: the courses would lose their teacher silently). */
export async function deleteTeacher(
  db: Db,
  ctx: RequestContext,
  teacherId: number,
): Promise<{ count: number }> {
  const current = await requireTeacher(db, ctx, teacherId);
  const taught = await countTeacherCourses(db, current.id);
  if (taught > 0) throw conflict(`讲师「${current.name}」还在讲授 ${taught} 门课程，请先在课程中更换讲师`);
  await deleteTeacherRecord(db, ctx, current.id);
  return { count: 1 };
}
