import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LiveAttendanceRow,
  LiveMessage,
  LivePush,
  LiveRoom,
  LiveRow,
} from '@kaopei/shared/contracts/live';
import { LIVE_CHAT_LIMIT } from '@kaopei/shared/contracts/live';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { createMember, download, readWorkbook, sheetRows } from '../../../test/support';
import {
  courseChapters,
  courseMembers,
  courseSections,
  courses,
  files,
  liveAttendance,
  liveMessages,
} from '../../db/schema';
import { attendanceCredit, callbackSecret, hlsToken, verifyHlsToken } from './live.rules';
import { recordingsSettled } from './live.media';

const L = '/course/api/v1/live';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let secret: string;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  secret = callbackSecret(t.config);
});
afterAll(() => t.close());

interface Live {
  sectionId: number;
  courseId: number;
  key: string;
}

/** An open course with a live section; the organisation's staff member is enrolled. */
async function liveClass(o: TestOrg, values: { status?: string; courseStatus?: string } = {}): Promise<Live> {
  const [course] = await db()
    .insert(courses)
    .values({ organizationId: o.id, name: unique('直播课程'), status: values.courseStatus ?? 'open' })
    .returning();
  const [chapter] = await db()
    .insert(courseChapters)
    .values({ organizationId: o.id, courseId: course!.id, title: '第一章' })
    .returning();
  const key = unique('k')
    .replace(/[^a-z0-9]/g, '')
    .padEnd(32, '0');
  const [section] = await db()
    .insert(courseSections)
    .values({
      organizationId: o.id,
      courseId: course!.id,
      chapterId: chapter!.id,
      title: unique('直播'),
      kind: 'live',
      liveStartAt: new Date(Date.now() + 3600_000),
      liveMinutes: 60,
      liveStreamKey: key,
      liveStatus: values.status ?? 'scheduled',
    })
    .returning();
  await db()
    .insert(courseMembers)
    .values({ courseId: course!.id, userId: o.staff.id, organizationId: o.id, source: 'staff' });
  return { sectionId: section!.id, courseId: course!.id, key };
}

async function sectionRow(id: number) {
  const [row] = await db().select().from(courseSections).where(eq(courseSections.id, id));
  return row!;
}

function callback(
  event: string,
  form: Record<string, string>,
  options: { secret?: string; from?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${L}/callback/${event}?secret=${encodeURIComponent(options.secret ?? secret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ app: 'live', call: event, addr: '127.0.0.1', ...form }).toString(),
    ...(options.from ? { remoteAddress: options.from } : {}),
  });
}

describe('attendance credit', () => {
  it('credits the real time elapsed, at most one interval, nothing after a long silence', () => {
    const t0 = 1_000_000;
    expect(attendanceCredit(t0, t0)).toBe(0);
    expect(attendanceCredit(t0, t0 + 20_000)).toBe(20);
    expect(attendanceCredit(t0, t0 + 30_000)).toBe(30);
    expect(attendanceCredit(t0, t0 + 50_000)).toBe(35);
    expect(attendanceCredit(t0, t0 + 60_000)).toBe(35);
    expect(attendanceCredit(t0, t0 + 61_000)).toBe(0);
    expect(attendanceCredit(t0, t0 - 5_000)).toBe(0);
  });

  it('signs HLS paths per section and refuses tampered or expired ones', () => {
    const token = hlsToken('s'.repeat(32), 42, 0);
    expect(verifyHlsToken('s'.repeat(32), token, 0)).toBe(42);
    expect(verifyHlsToken('s'.repeat(32), token.replace(/^42\./, '43.'), 0)).toBeNull();
    expect(verifyHlsToken('x'.repeat(32), token, 0)).toBeNull();
    expect(verifyHlsToken('s'.repeat(32), token, 7 * 3600_000)).toBeNull();
    expect(verifyHlsToken('s'.repeat(32), '../../etc', 0)).toBeNull();
  });
});

describe('nginx-rtmp callbacks', () => {
  it('a good key starts the class, publish done ends it; unknown keys, closed courses and strangers are refused', async () => {
    const live = await liveClass(org);
    expect((await callback('publish', { name: live.key })).statusCode).toBe(200);
    expect((await sectionRow(live.sectionId)).liveStatus).toBe('live');

    expect((await callback('publish', { name: 'f'.repeat(32) })).statusCode).toBe(403);
    expect((await callback('publish', { name: '../../x' })).statusCode).toBe(403);
    const wrongSecret = await callback('publish-done', { name: live.key }, { secret: 'nope' });
    expect(wrongSecret.statusCode).toBe(403);
    const remote = await callback('publish-done', { name: live.key }, { from: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toMatch(/at .*\.ts|stack/i);
    expect((await sectionRow(live.sectionId)).liveStatus).toBe('live');

    expect((await callback('publish-done', { name: live.key })).statusCode).toBe(200);
    expect((await sectionRow(live.sectionId)).liveStatus).toBe('ended');

    const closed = await liveClass(org, { courseStatus: 'closed' });
    expect((await callback('publish', { name: closed.key })).statusCode).toBe(403);
    expect((await sectionRow(closed.sectionId)).liveStatus).toBe('scheduled');

    const outside = await callback('record-done', { name: live.key, path: '/etc/passwd' });
    expect(outside.statusCode).toBe(403);
  });

  it('turns a recorded FLV into the section’s MP4 video', async () => {
    let ffmpeg = true;
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    } catch {
      ffmpeg = false;
    }
    if (!ffmpeg) {
      console.warn('skipped: ffmpeg is not installed (Debian: apt-get install ffmpeg)');
      return;
    }
    const live = await liveClass(org, { status: 'live' });
    const recDir = path.join(t.config.live.dir, 'rec');
    fs.mkdirSync(recDir, { recursive: true });
    const flv = path.join(recDir, `${live.key}-1700000000.flv`);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=15:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'flv', flv],
    ]);
    expect((await callback('record-done', { name: live.key, path: flv })).statusCode).toBe(200);
    await recordingsSettled(t.app.deps);
    const section = await sectionRow(live.sectionId);
    expect(section.fileId).not.toBeNull();
    expect(section.durationSeconds).toBe(2);
    expect(section.posterFileId).not.toBeNull();
    const [file] = await db().select().from(files).where(eq(files.id, section.fileId!));
    expect(file).toMatchObject({ mime: 'video/mp4', organizationId: org.id, isPublic: 0 });

    // The room of the ended class offers the recording by a signed URL.
    await callback('publish-done', { name: live.key });
    const room = data<LiveRoom>(
      await call(t, 'GET', `${L}/room?sectionId=${live.sectionId}`, { user: org.staff }),
    );
    expect(room.status).toBe('ended');
    expect(room.hlsUrl).toBeNull();
    expect(room.recording?.durationSeconds).toBe(2);
    const video = await t.app.inject({ method: 'GET', url: room.recording!.url });
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  }, 60_000);
});

describe('the room', () => {
  it('is open to the course’s learners and administrators only, in the caller’s organisation', async () => {
    const live = await liveClass(org);
    const room = await call(t, 'GET', `${L}/room?sectionId=${live.sectionId}`, { user: org.staff });
    expect(room.status).toBe(200);
    expect(data<LiveRoom>(room)).toMatchObject({ status: 'scheduled', canManage: false, hlsUrl: null });
    const admin = data<LiveRoom>(
      await call(t, 'GET', `${L}/room?sectionId=${live.sectionId}`, { user: org.admin }),
    );
    expect(admin.canManage).toBe(true);

    const stranger = await createMember(t, org, 'staff');
    for (const [method, url, body] of [
      ['GET', `${L}/room?sectionId=${live.sectionId}`, undefined],
      ['GET', `${L}/messages?sectionId=${live.sectionId}`, undefined],
      ['POST', `${L}/messages`, { sectionId: live.sectionId, content: '你好' }],
      ['POST', `${L}/heartbeat`, { sectionId: live.sectionId }],
      ['GET', `${L}/stream?sectionId=${live.sectionId}`, undefined],
    ] as const) {
      const res = await call(t, method, url, { user: stranger, body });
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe('您不是该课程的学员，不能进入直播间');
      const foreign = await call(t, method, url, { user: other.admin, body });
      expect(foreign.status, url).toBe(404);
      const foreignStaff = await call(t, method, url, { user: other.staff, body });
      expect(foreignStaff.status, url).toBe(404);
    }
    expect(await db().select().from(liveMessages).where(eq(liveMessages.sectionId, live.sectionId))).toEqual(
      [],
    );
    expect(
      await db().select().from(liveAttendance).where(eq(liveAttendance.sectionId, live.sectionId)),
    ).toEqual([]);

    // A draft course's live class does not exist for learners.
    await db().update(courses).set({ status: 'draft' }).where(eq(courses.id, live.courseId));
    expect((await call(t, 'GET', `${L}/room?sectionId=${live.sectionId}`, { user: org.staff })).status).toBe(
      404,
    );
  });

  it('serves HLS only under a valid signed path while the class is live, never by the key', async () => {
    const live = await liveClass(org);
    const hls = path.join(t.config.live.dir, 'hls', live.key);
    fs.mkdirSync(hls, { recursive: true });
    fs.writeFileSync(path.join(hls, 'index.m3u8'), '#EXTM3U\n#EXTINF:2.000,\n0.ts\n');
    fs.writeFileSync(path.join(hls, '0.ts'), Buffer.from([0x47, 1, 2, 3]));
    await callback('publish', { name: live.key });
    const room = data<LiveRoom>(
      await call(t, 'GET', `${L}/room?sectionId=${live.sectionId}`, { user: org.staff }),
    );
    expect(room.hlsUrl).toMatch(/\/index\.m3u8$/);
    expect(room.hlsUrl).not.toContain(live.key);
    const playlist = await t.app.inject({ method: 'GET', url: room.hlsUrl! });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body).toContain('0.ts');
    const fragment = await t.app.inject({ method: 'GET', url: room.hlsUrl!.replace('index.m3u8', '0.ts') });
    expect(fragment.statusCode).toBe(200);
    expect(fragment.rawPayload[0]).toBe(0x47);
    for (const bad of ['..%2F..%2Fjwt-secret', 'x.m3u8', '1.mp4'])
      expect(
        (await t.app.inject({ method: 'GET', url: room.hlsUrl!.replace('index.m3u8', bad) })).statusCode,
      ).toBe(404);
    const forged = room.hlsUrl!.replace(/hls\/\d+\./, `hls/${live.sectionId + 1}.`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('chat: validates, keeps order, pages back, rate-limits, and reaches the room’s subscribers', async () => {
    const live = await liveClass(org, { status: 'live' });
    const url = `${L}/messages`;
    const empty = await call(t, 'POST', url, {
      user: org.staff,
      body: { sectionId: live.sectionId, content: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入消息内容');
    const long = await call(t, 'POST', url, {
      user: org.staff,
      body: { sectionId: live.sectionId, content: '字'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('消息内容不能超过 500 个字符');

    const heard: unknown[] = [];
    const stop = t.app.deps.realtime.subscribe(`live:${live.sectionId}`, (m) => heard.push(m));
    for (let i = 1; i <= LIVE_CHAT_LIMIT; i++) {
      const res = await call(t, 'POST', url, {
        user: org.staff,
        body: { sectionId: live.sectionId, content: `<b>消息${i}</b>` },
      });
      expect(res.status).toBe(200);
    }
    const limited = await call(t, 'POST', url, {
      user: org.staff,
      body: { sectionId: live.sectionId, content: '再来' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('发言太频繁，请稍后再试');
    stop();
    expect(heard).toHaveLength(LIVE_CHAT_LIMIT);
    expect(heard[0]).toMatchObject({ event: 'message', data: { content: '<b>消息1</b>', realName: '员工' } });

    const page = data<{ messages: LiveMessage[]; hasMore: boolean }>(
      await call(t, 'GET', `${url}?sectionId=${live.sectionId}&size=2`, { user: org.admin }),
    );
    expect(page.messages.map((m) => m.content)).toEqual(['<b>消息4</b>', '<b>消息5</b>']);
    expect(page.hasMore).toBe(true);
    const older = data<{ messages: LiveMessage[]; hasMore: boolean }>(
      await call(t, 'GET', `${url}?sectionId=${live.sectionId}&size=10&beforeId=${page.messages[0]!.id}`, {
        user: org.admin,
      }),
    );
    expect(older.messages.map((m) => m.content)).toEqual(['<b>消息1</b>', '<b>消息2</b>', '<b>消息3</b>']);
    expect(older.hasMore).toBe(false);
  });

  it('attendance: heartbeats credit no more than the real time elapsed, and only while live', async () => {
    const live = await liveClass(org);
    const beat = async () => {
      const res = await call(t, 'POST', `${L}/heartbeat`, {
        user: org.staff,
        body: { sectionId: live.sectionId },
      });
      expect(res.status).toBe(200);
      return data<{ seconds: number }>(res).seconds;
    };
    const back = async (seconds: number) =>
      db()
        .update(liveAttendance)
        .set({ lastSeenAt: new Date(Date.now() - seconds * 1000) })
        .where(and(eq(liveAttendance.sectionId, live.sectionId), eq(liveAttendance.userId, org.staff.id)));
    expect(await beat()).toBe(0); // joins before the start
    await back(30);
    expect(await beat()).toBe(0); // not live yet: nothing credited
    await callback('publish', { name: live.key });
    await back(20);
    expect(await beat()).toBe(20);
    expect(await beat()).toBe(20); // at once again: no time passed
    await back(300);
    expect(await beat()).toBe(20); // back after 5 minutes away: rejoins, nothing credited
    await back(45);
    expect(await beat()).toBe(55); // a late heartbeat: at most one interval and the slack
    // Administrators watching are not recorded as attendees.
    const admin = await call(t, 'POST', `${L}/heartbeat`, {
      user: org.admin,
      body: { sectionId: live.sectionId },
    });
    expect(data<{ seconds: number }>(admin).seconds).toBe(0);

    const list = await call(t, 'GET', `${L}/attendance?sectionId=${live.sectionId}`, { user: org.admin });
    expect(list.body.res?.total).toBe(1);
    expect(data<LiveAttendanceRow[]>(list)[0]).toMatchObject({
      userId: org.staff.id,
      minutes: 0.9,
      realName: '员工',
    });
    const file = await download(t, 'GET', `${L}/attendance/export?sectionId=${live.sectionId}`, {
      user: org.admin,
    });
    const rows = sheetRows((await readWorkbook(file.data)).getWorksheet('出勤记录'));
    expect(rows[0]).toEqual(['姓名', '账号', '部门', '首次进入', '最后在线', '在线时长（分钟）']);
    expect(rows[1]?.[0]).toBe('员工');
    expect(rows[1]?.[5]).toBe('0.9');
  });

  it('attending half the planned minutes completes the live section and, as its only section, the course', async () => {
    const live = await liveClass(org, { status: 'live' });
    const progress = async () => {
      const [row] = await db()
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, live.courseId), eq(courseMembers.userId, org.staff.id)));
      return row!;
    };
    const beat = () =>
      call(t, 'POST', `${L}/heartbeat`, { user: org.staff, body: { sectionId: live.sectionId } });
    const attended = (seconds: number, lastSeenSecondsAgo: number) =>
      db()
        .update(liveAttendance)
        .set({ seconds, lastSeenAt: new Date(Date.now() - lastSeenSecondsAgo * 1000) })
        .where(and(eq(liveAttendance.sectionId, live.sectionId), eq(liveAttendance.userId, org.staff.id)));
    await beat();
    // Half of a 60-minute class less a second: not yet.
    await attended(1779, 20);
    expect(data<{ seconds: number }>(await beat()).seconds).toBe(1799);
    expect(await progress()).toMatchObject({ progressPercent: 0, completedAt: null });
    await attended(1799, 1);
    expect(data<{ seconds: number }>(await beat()).seconds).toBe(1800);
    const done = await progress();
    expect(done.progressPercent).toBe(100);
    expect(done.completedAt).not.toBeNull();
  });
});

describe('administrators', () => {
  it('list, push info, key regeneration, start and end; others need the course menu', async () => {
    const live = await liveClass(org);
    const ended = await liveClass(org, { status: 'ended' });
    const list = await call(t, 'GET', `${L}/list?status=scheduled&size=100`, { user: org.admin });
    expect(list.status).toBe(200);
    const rows = data<LiveRow[]>(list);
    expect(rows.some((r) => r.sectionId === live.sectionId)).toBe(true);
    expect(rows.some((r) => r.sectionId === ended.sectionId)).toBe(false);
    expect(rows.every((r) => r.status === 'scheduled')).toBe(true);
    const byCourse = data<LiveRow[]>(
      await call(t, 'GET', `${L}/list?courseId=${ended.courseId}`, { user: org.admin }),
    );
    expect(byCourse.map((r) => r.sectionId)).toEqual([ended.sectionId]);
    const badStatus = await call(t, 'GET', `${L}/list?status=paused`, { user: org.admin });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('直播状态只能是 scheduled、live 或 ended');
    const foreignList = data<LiveRow[]>(await call(t, 'GET', `${L}/list?size=100`, { user: other.admin }));
    expect(foreignList.some((r) => r.sectionId === live.sectionId)).toBe(false);

    const push = data<LivePush>(
      await call(t, 'GET', `${L}/push?sectionId=${live.sectionId}`, { user: org.admin }),
    );
    expect(push).toMatchObject({ streamKey: live.key, pushUrl: `rtmp://localhost:1935/live/${live.key}` });

    for (const [method, url] of [
      ['GET', `${L}/list`],
      ['GET', `${L}/push?sectionId=${live.sectionId}`],
      ['POST', `${L}/start?sectionId=${live.sectionId}`],
      ['GET', `${L}/attendance?sectionId=${live.sectionId}`],
    ] as const) {
      const res = await call(t, method, url, { user: org.staff });
      expect(res.status, url).toBe(403);
      const foreign = await call(t, method, url, { user: other.admin });
      if (!url.endsWith('/list')) expect(foreign.status, url).toBe(404);
    }
    expect((await sectionRow(live.sectionId)).liveStatus).toBe('scheduled');

    const started = await call(t, 'POST', `${L}/start?sectionId=${live.sectionId}`, { user: org.admin });
    expect(data<{ status: string }>(started).status).toBe('live');
    const refused = await call(t, 'POST', `${L}/push/regenerate?sectionId=${live.sectionId}`, {
      user: org.admin,
    });
    expect(refused.status).toBe(409);
    expect((await sectionRow(live.sectionId)).liveStreamKey).toBe(live.key);
    await call(t, 'POST', `${L}/end?sectionId=${live.sectionId}`, { user: org.admin });
    expect((await sectionRow(live.sectionId)).liveStatus).toBe('ended');
    const fresh = data<LivePush>(
      await call(t, 'POST', `${L}/push/regenerate?sectionId=${live.sectionId}`, { user: org.admin }),
    );
    expect(fresh.streamKey).toMatch(/^[0-9a-f]{32}$/);
    expect((await sectionRow(live.sectionId)).liveStreamKey).toBe(fresh.streamKey);
    // The old key no longer pushes.
    expect((await callback('publish', { name: live.key })).statusCode).toBe(403);
  });
});

describe('demo seed', () => {
  it('adds a class tomorrow at 19:00 and an ended one with attendance, chat and a recording', async () => {
    const { seedDemoLives } = await import('../../db/seed/lives');
    const { DEMO_COURSES } = await import('../../db/seed/courses');
    const live = await liveClass(org);
    // The content step's live section is reused; a video stands in for the ended class's recording.
    const [file] = await db()
      .insert(files)
      .values({
        organizationId: org.id,
        key: `${org.id}/${unique('v')}.mp4`,
        name: 'v.mp4',
        mime: 'video/mp4',
        size: 1,
      })
      .returning();
    const [section] = await db().select().from(courseSections).where(eq(courseSections.id, live.sectionId));
    await db().insert(courseSections).values({
      organizationId: org.id,
      courseId: live.courseId,
      chapterId: section!.chapterId,
      title: '视频',
      kind: 'video',
      fileId: file!.id,
      durationSeconds: 120,
    });
    const lisi = await createMember(t, org, 'staff');
    const now = Date.now();
    const started = performance.now();
    await seedDemoLives({
      db: db(),
      organizationId: org.id,
      now,
      courses: new Map([[DEMO_COURSES.onboarding, live.courseId]]),
      people: new Map([
        ['admin', org.admin.id],
        ['zhangsan', org.staff.id],
        ['lisi', lisi.id],
      ]),
    } as unknown as Parameters<typeof seedDemoLives>[0]);
    expect(performance.now() - started).toBeLessThan(1500);
    const rows = await db()
      .select()
      .from(courseSections)
      .where(and(eq(courseSections.courseId, live.courseId), eq(courseSections.kind, 'live')));
    expect(rows).toHaveLength(2);
    const upcoming = rows.find((r) => r.id === live.sectionId)!;
    expect(upcoming.liveStatus).toBe('scheduled');
    const china = new Date(upcoming.liveStartAt!.getTime() + 8 * 3600_000);
    expect(china.getUTCHours()).toBe(19);
    expect(upcoming.liveStartAt!.getTime()).toBeGreaterThan(now);
    expect(upcoming.liveStartAt!.getTime() - now).toBeLessThan(2 * 86_400_000);
    const ended = rows.find((r) => r.id !== live.sectionId)!;
    expect(ended).toMatchObject({ liveStatus: 'ended', fileId: file!.id, durationSeconds: 120 });
    const room = data<LiveRoom>(await call(t, 'GET', `${L}/room?sectionId=${ended.id}`, { user: org.staff }));
    expect(room.recording?.durationSeconds).toBe(120);
    const chat = data<{ messages: LiveMessage[] }>(
      await call(t, 'GET', `${L}/messages?sectionId=${ended.id}`, { user: org.staff }),
    );
    expect(chat.messages.length).toBe(4);
    const attendance = await call(t, 'GET', `${L}/attendance?sectionId=${ended.id}`, { user: org.admin });
    expect(attendance.body.res?.total).toBe(2);
  });
});
