import { and, asc, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LiveStatus } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import {
  courseMembers,
  courseSections,
  courseTeachers,
  courses,
  departments,
  files,
  liveAttendance,
  liveMessages,
  teachers,
  users,
} from '../../db/schema';

/** The queries of live classes (sections of kind 'live' with their course). */

const sectionColumns = {
  id: courseSections.id,
  organizationId: courseSections.organizationId,
  title: courseSections.title,
  courseId: courseSections.courseId,
  courseName: courses.name,
  courseStatus: courses.status,
  enrolment: courses.enrolment,
  createdBy: courses.createdBy,
  startAt: courseSections.liveStartAt,
  minutes: courseSections.liveMinutes,
  status: courseSections.liveStatus,
  streamKey: courseSections.liveStreamKey,
  fileId: courseSections.fileId,
  durationSeconds: courseSections.durationSeconds,
};

async function findSection(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select(sectionColumns)
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courseSections.kind, 'live'), where));
  return row;
}
export type LiveSection = NonNullable<Awaited<ReturnType<typeof findSection>>>;

/** A live section of the organisation. */
export function findOrgSection(db: DbOrTx, organizationId: number, sectionId: number) {
  return findSection(
    db,
    and(eq(courseSections.id, sectionId), eq(courseSections.organizationId, organizationId)) as SQL,
  );
}

/** The live section pushed with this stream key (nginx callbacks), any organisation. */
export function findSectionByKey(db: DbOrTx, key: string) {
  return findSection(db, eq(courseSections.liveStreamKey, key));
}

/** A live section by id, any organisation (the signed HLS path names it). */
export function findSectionById(db: DbOrTx, sectionId: number) {
  return findSection(db, eq(courseSections.id, sectionId));
}

export async function isCourseMember(db: DbOrTx, courseId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return Boolean(row);
}

export async function updateLiveStatus(db: DbOrTx, sectionId: number, status: LiveStatus): Promise<void> {
  await db
    .update(courseSections)
    .set({ liveStatus: status, updatedAt: new Date() })
    .where(eq(courseSections.id, sectionId));
}

export async function updateStreamKey(
  db: DbOrTx,
  sectionId: number,
  key: string,
  status: LiveStatus,
): Promise<void> {
  await db
    .update(courseSections)
    .set({ liveStreamKey: key, liveStatus: status, updatedAt: new Date() })
    .where(eq(courseSections.id, sectionId));
}

/** The recording becomes the section's video. */
export async function setRecording(
  db: DbOrTx,
  sectionId: number,
  values: { fileId: number; durationSeconds: number; posterFileId: number | null },
): Promise<void> {
  await db
    .update(courseSections)
    .set({
      fileId: values.fileId,
      durationSeconds: values.durationSeconds,
      ...(values.posterFileId ? { posterFileId: values.posterFileId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courseSections.id, sectionId));
}

export interface LiveFilter {
  status?: LiveStatus;
  courseId?: number;
  keyword?: string;
}

/** The organisation's live sections: live first, then upcoming (soonest first), then ended (newest first). */
export async function searchLives(
  db: DbOrTx,
  organizationId: number,
  filter: LiveFilter,
  paging: { limit: number; offset: number },
) {
  const where = and(
    eq(courseSections.organizationId, organizationId),
    eq(courseSections.kind, 'live'),
    filter.status === 'scheduled'
      ? or(eq(courseSections.liveStatus, 'scheduled'), sql`${courseSections.liveStatus} is null`)
      : filter.status
        ? eq(courseSections.liveStatus, filter.status)
        : undefined,
    filter.courseId ? eq(courseSections.courseId, filter.courseId) : undefined,
    filter.keyword
      ? or(ilike(courseSections.title, `%${filter.keyword}%`), ilike(courses.name, `%${filter.keyword}%`))
      : undefined,
  );
  const rank = sql`case ${courseSections.liveStatus} when 'live' then 0 when 'ended' then 2 else 1 end`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        sectionId: courseSections.id,
        title: courseSections.title,
        courseId: courseSections.courseId,
        courseName: courses.name,
        startAt: courseSections.liveStartAt,
        minutes: courseSections.liveMinutes,
        status: courseSections.liveStatus,
        fileId: courseSections.fileId,
        attendees: sql<number>`(select count(*) from ${liveAttendance} where ${liveAttendance.sectionId} = ${courseSections.id})`,
      })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(where)
      .orderBy(
        rank,
        sql`case when ${rank} = 1 then ${courseSections.liveStartAt} end asc nulls last`,
        desc(courseSections.liveStartAt),
        desc(courseSections.id),
      )
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Attendance of one section, longest present first. */
export async function searchAttendance(
  db: DbOrTx,
  organizationId: number,
  sectionId: number,
  paging: { limit: number; offset: number },
) {
  const where = and(
    eq(liveAttendance.sectionId, sectionId),
    eq(liveAttendance.organizationId, organizationId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        userId: liveAttendance.userId,
        realName: users.realName,
        account: users.account,
        departmentName: departments.name,
        firstJoinedAt: liveAttendance.firstJoinedAt,
        lastSeenAt: liveAttendance.lastSeenAt,
        seconds: liveAttendance.seconds,
      })
      .from(liveAttendance)
      .innerJoin(users, eq(users.id, liveAttendance.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(desc(liveAttendance.seconds), asc(liveAttendance.firstJoinedAt), asc(liveAttendance.userId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(liveAttendance)
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** What the room shows besides the section: teachers, my attendance, the recording's storage key. */
export async function roomExtras(db: DbOrTx, section: LiveSection, userId: number) {
  const [teacherRows, [mine], [recording]] = await Promise.all([
    db
      .select({ name: teachers.name })
      .from(courseTeachers)
      .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
      .where(eq(courseTeachers.courseId, section.courseId))
      .orderBy(asc(courseTeachers.sort), asc(teachers.id)),
    db
      .select({ seconds: liveAttendance.seconds })
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sectionId, section.id), eq(liveAttendance.userId, userId))),
    section.fileId
      ? db.select({ key: files.key }).from(files).where(eq(files.id, section.fileId))
      : Promise.resolve([]),
  ]);
  return {
    teachers: teacherRows.map((t) => t.name),
    mySeconds: mine?.seconds ?? 0,
    recordingKey: recording?.key ?? null,
  };
}

/**
 * Records a heartbeat: the first one inserts the learner's row; later ones add `credit(lastSeenMs)`
 * seconds under a row lock (two tabs cannot credit the same seconds). A heartbeat older than the stored
 * one (clocks of two instances) changes nothing. Returns the seconds present.
 */
export function recordHeartbeat(
  db: DbOrTx,
  keys: { sectionId: number; userId: number; organizationId: number },
  now: Date,
  credit: (lastSeenMs: number) => number,
): Promise<number> {
  const mine = and(eq(liveAttendance.sectionId, keys.sectionId), eq(liveAttendance.userId, keys.userId));
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(liveAttendance)
      .values({ ...keys, firstJoinedAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ seconds: liveAttendance.seconds });
    if (inserted) return inserted.seconds;
    const [row] = await tx
      .select({ lastSeenAt: liveAttendance.lastSeenAt, seconds: liveAttendance.seconds })
      .from(liveAttendance)
      .where(mine)
      .for('update');
    if (!row) return 0;
    if (now.getTime() <= row.lastSeenAt.getTime()) return row.seconds;
    const seconds = row.seconds + credit(row.lastSeenAt.getTime());
    await tx.update(liveAttendance).set({ seconds, lastSeenAt: now }).where(mine);
    return seconds;
  });
}

/** The newest `size + 1` messages before `beforeId`, newest first (the extra one tells there are more). */
export function recentMessages(db: DbOrTx, sectionId: number, size: number, beforeId?: number) {
  return db
    .select({
      id: liveMessages.id,
      userId: liveMessages.userId,
      realName: users.realName,
      content: liveMessages.content,
      createdAt: liveMessages.createdAt,
    })
    .from(liveMessages)
    .leftJoin(users, eq(users.id, liveMessages.userId))
    .where(and(eq(liveMessages.sectionId, sectionId), beforeId ? lt(liveMessages.id, beforeId) : undefined))
    .orderBy(desc(liveMessages.id))
    .limit(size + 1);
}

export async function insertMessage(
  db: DbOrTx,
  values: { organizationId: number; sectionId: number; userId: number; content: string },
) {
  const [row] = await db.insert(liveMessages).values(values).returning();
  if (!row) throw new Error('live message not written');
  return row;
}
