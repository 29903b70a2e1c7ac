import crypto from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { courseChapters, courseMembers, courseSections, liveAttendance, liveMessages } from '../schema';
import { DEMO_COURSES } from './courses';
import { DAY_MS, need, type Demo } from './demo';

const HOUR_MS = 3600_000;

/** Midnight of the demo day in China time (UTC+8), as a timestamp. */
function chinaMidnight(now: number): number {
  return Math.floor((now + 8 * HOUR_MS) / DAY_MS) * DAY_MS - 8 * HOUR_MS;
}

const CHAT = [
  ['zhangsan', '老师好，声音和画面都很清楚'],
  ['lisi', '请问报销流程的截止日期是每月几号？'],
  ['admin', '每月 25 日前提交，财务次月 5 日前付款。'],
  ['zhangsan', '明白了，谢谢！'],
] as const;

/**
 * Demo data of issue 17: in the onboarding course, a live class tomorrow at 19:00 (60 minutes), and one
 * that ended three days ago with attendance, a few chat messages and a recording (the course's first
 * video stands in for it). Uses the content step's live section when it made one.
 */
export async function seedDemoLives(demo: Demo): Promise<void> {
  const { db, organizationId } = demo;
  const courseId = demo.courses.get(DEMO_COURSES.onboarding);
  if (courseId === undefined) return;
  const sections = await db
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.sort), asc(courseSections.id));
  const [lastChapter] = await db
    .select({ id: courseChapters.id })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(desc(courseChapters.sort), desc(courseChapters.id))
    .limit(1);
  const chapterId =
    lastChapter?.id ??
    (
      await db
        .insert(courseChapters)
        .values({ organizationId, courseId, title: '直播课堂', sort: 99 })
        .returning({ id: courseChapters.id })
    )[0]!.id;
  let sort = Math.max(0, ...sections.filter((s) => s.chapterId === chapterId).map((s) => s.sort));
  const midnight = chinaMidnight(demo.now);
  const key = () => crypto.randomBytes(16).toString('hex');

  // The upcoming class: the content step's, or a new one.
  const upcoming = sections.find((s) => s.kind === 'live' && s.liveStatus !== 'ended');
  if (upcoming)
    await db
      .update(courseSections)
      .set({
        liveStartAt: new Date(midnight + DAY_MS + 19 * HOUR_MS),
        liveMinutes: upcoming.liveMinutes ?? 60,
        liveStatus: 'scheduled',
        liveStreamKey: upcoming.liveStreamKey ?? key(),
      })
      .where(eq(courseSections.id, upcoming.id));
  else
    await db.insert(courseSections).values({
      organizationId,
      courseId,
      chapterId,
      title: '入职答疑直播',
      kind: 'live',
      sort: (sort += 1),
      liveStartAt: new Date(midnight + DAY_MS + 19 * HOUR_MS),
      liveMinutes: 60,
      liveStreamKey: key(),
      liveStatus: 'scheduled',
    });

  // The ended class, with the course's first video as its recording.
  const video = sections.find((s) => s.kind === 'video' && s.fileId !== null);
  const startedAt = midnight - 3 * DAY_MS + 19 * HOUR_MS;
  const [ended] = await db
    .insert(courseSections)
    .values({
      organizationId,
      courseId,
      chapterId,
      title: '公司制度答疑（直播回放）',
      kind: 'live',
      sort: sort + 1,
      liveStartAt: new Date(startedAt),
      liveMinutes: 45,
      liveStreamKey: key(),
      liveStatus: 'ended',
      fileId: video?.fileId ?? null,
      durationSeconds: video?.durationSeconds ?? 0,
      posterFileId: video?.posterFileId ?? null,
    })
    .returning({ id: courseSections.id });
  const sectionId = ended!.id;

  // Attendance: the course's learners (zhangsan first when enrolled), else the named demo learners.
  const members = await db
    .select({ userId: courseMembers.userId })
    .from(courseMembers)
    .where(eq(courseMembers.courseId, courseId))
    .orderBy(asc(courseMembers.userId))
    .limit(8);
  const named = ['zhangsan', 'lisi'].map((account) => need(demo.people, account));
  const attendees = [...new Set([...named, ...members.map((m) => m.userId)])].slice(0, 8);
  await db.insert(liveAttendance).values(
    attendees.map((userId, i) => ({
      sectionId,
      userId,
      organizationId,
      firstJoinedAt: new Date(startedAt + (i * 2 + 1) * 60_000),
      lastSeenAt: new Date(startedAt + (45 - i * 3) * 60_000),
      seconds: Math.max(5, 44 - i * 5) * 60,
    })),
  );
  await db.insert(liveMessages).values(
    CHAT.map(([account, content], i) => ({
      organizationId,
      sectionId,
      userId: need(demo.people, account),
      content,
      createdAt: new Date(startedAt + (5 + i * 4) * 60_000),
    })),
  );
}
