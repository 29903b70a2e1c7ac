import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseContentContracts as cc, type UploadState } from '@kaopei/shared/contracts/course-content';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { createOrg, createTestApp, type TestApp, type TestOrg, type TestUser } from '../../../test/harness';
import { api, buildWorld, type World } from '../../../test/factories';
import {
  courseChapters,
  courseMembers,
  courseProgress,
  courseSections,
  courses,
  examCandidates,
  exams,
  files,
  uploadSessions,
} from '../../db/schema';
import { hasFfmpeg } from '../../core/media';
import { signedFileUrl } from '../file/file.service';
import { makePdf, makeTestVideo } from './sample-media';

const C = '/course/api/v1';

describe('course content: uploads, media serving, chapters and sections', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let world: World;
  let otherCourseId: number;
  let video: Buffer | undefined;
  let tmp: string;
  const pdf = makePdf([['Lesson 1', 'Hello'], ['Page 2']]);

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
    other = await createOrg(t);
    world = await buildWorld(t, org);
    const [course] = await t.app.deps.db
      .insert(courses)
      .values({ organizationId: other.id, name: '别家课程', status: 'open' })
      .returning();
    otherCourseId = course!.id;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-b-'));
    if (await makeTestVideo(path.join(tmp, 'v.mp4'), 3, '160x90'))
      video = fs.readFileSync(path.join(tmp, 'v.mp4'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const db = () => t.app.deps.db;

  async function raw(user: TestUser | undefined, method: string, url: string, payload?: unknown) {
    const reply = await t.app.inject({
      method: method as 'GET',
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return {
      status: reply.statusCode,
      body: reply.json() as { message: string; res: { data: UploadState } },
    };
  }

  async function chunk(user: TestUser, uploadId: string, offset: number, data: Buffer) {
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${C}/upload/${uploadId}?offset=${offset}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
      payload: data,
    });
    return {
      status: reply.statusCode,
      body: reply.json() as { message: string; res: { data: UploadState } },
    };
  }

  async function uploadWhole(name: string, data: Buffer, purpose: 'video' | 'datum' | 'image', pieces = 2) {
    const start = await api(t, org.admin, cc.uploadStart, { body: { name, size: data.length, purpose } });
    const step = Math.ceil(data.length / pieces);
    let last: Awaited<ReturnType<typeof chunk>> | undefined;
    for (let offset = 0; offset < data.length; offset += step)
      last = await chunk(org.admin, start.uploadId, offset, data.subarray(offset, offset + step));
    return { start, last: last! };
  }

  describe('resumable uploads', () => {
    it('refuses wrong types, empty and too large files, with nothing recorded', async () => {
      const before = await db()
        .select()
        .from(uploadSessions)
        .where(eq(uploadSessions.organizationId, org.id));
      for (const [body, message] of [
        [{ name: 'tool.exe', size: 100, purpose: 'video' }, '视频文件格式不支持'],
        [{ name: 'a.mp4', size: 0, purpose: 'video' }, '视频文件是空的'],
        [{ name: 'a.mp4', size: 3 * 1024 ** 3, purpose: 'video' }, '视频文件不能超过 2 GB'],
        [{ name: 'a.pdf', size: 300 * 1024 ** 2, purpose: 'datum' }, '文档文件不能超过 200 MB'],
        [{ name: 'a.pdf', size: 10, purpose: 'other' }, '上传用途只能是视频、文档或图片'],
        [{ name: 'a\u0000.mp4', size: 10, purpose: 'video' }, '请求包含无法识别的字符'],
        [{ name: 'x'.repeat(2000) + '.mp4', size: 10, purpose: 'video' }, '文件名过长'],
      ] as const) {
        const res = await raw(org.admin, 'POST', `${C}/upload/start`, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.message).toContain(message);
      }
      const after = await db().select().from(uploadSessions).where(eq(uploadSessions.organizationId, org.id));
      expect(after).toHaveLength(before.length);
    });

    it('keeps path tricks out of names: only the last segment, trimmed to 255 characters', async () => {
      const tricky = await api(t, org.admin, cc.uploadStart, {
        body: { name: '../../etc/passwd.pdf', size: 10, purpose: 'datum' },
      });
      expect(tricky.name).toBe('passwd.pdf');
      const long = await api(t, org.admin, cc.uploadStart, {
        body: { name: `${'长'.repeat(600)}.pdf`, size: 10, purpose: 'datum' },
      });
      expect(long.name).toHaveLength(255);
      expect(long.name.endsWith('.pdf')).toBe(true);
      // The staging file is named by the session's uuid, never by the name given.
      const staged = fs.readdirSync(path.join(t.config.dataDir, 'uploads'));
      expect(staged).toContain(`${tricky.uploadId}.part`);
      expect(staged.every((f) => /^[0-9a-f-]{36}\.part$/.test(f))).toBe(true);
    });

    it('refuses an out-of-order chunk with the bytes received, then resumes and finishes', async () => {
      const start = await api(t, org.admin, cc.uploadStart, {
        body: { name: '讲义.pdf', size: pdf.length, purpose: 'datum' },
      });
      expect(start).toMatchObject({ received: 0, chunkSize: 8 * 1024 * 1024, file: null });
      const early = await chunk(org.admin, start.uploadId, 100, pdf.subarray(100));
      expect(early.status).toBe(409);
      expect(early.body.message).toContain('已接收 0 字节');
      const first = await chunk(org.admin, start.uploadId, 0, pdf.subarray(0, 100));
      expect(first.body.res.data).toMatchObject({ received: 100, file: null });
      // A resend of the same chunk (the reply was lost) is refused; the status says where to go on.
      expect((await chunk(org.admin, start.uploadId, 0, pdf.subarray(0, 100))).status).toBe(409);
      const status = await api(t, org.admin, cc.uploadStatus, { params: { uploadId: start.uploadId } });
      expect(status.received).toBe(100);
      const tooMuch = await chunk(org.admin, start.uploadId, 100, Buffer.concat([pdf.subarray(100), pdf]));
      expect(tooMuch.status).toBe(400);
      expect(
        (await api(t, org.admin, cc.uploadStatus, { params: { uploadId: start.uploadId } })).received,
      ).toBe(100);
      const done = await chunk(org.admin, start.uploadId, 100, pdf.subarray(100));
      expect(done.status, done.body.message).toBe(200);
      const file = done.body.res.data.file!;
      expect(file).toMatchObject({ name: '讲义.pdf', size: pdf.length, mime: 'application/pdf' });
      const [row] = await db().select().from(files).where(eq(files.id, file.fileId));
      expect(row).toMatchObject({ organizationId: org.id, isPublic: 0, size: pdf.length });
      expect((await t.app.deps.storage.get(row!.key))?.equals(pdf)).toBe(true);
      expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', `${start.uploadId}.part`))).toBe(false);
    });

    it('refuses bytes that are not what the extension says (an .mp4 that is an .exe)', async () => {
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]);
      const before = await db().select().from(files).where(eq(files.organizationId, org.id));
      const { last, start } = await uploadWhole('movie.mp4', exe, 'video');
      expect(last.status).toBe(400);
      expect(last.body.message).toContain('文件内容与扩展名 .mp4 不符');
      const pdfAsPng = await uploadWhole('photo.png', pdf, 'image');
      expect(pdfAsPng.last.status).toBe(400);
      expect(await db().select().from(files).where(eq(files.organizationId, org.id))).toHaveLength(
        before.length,
      );
      expect((await raw(org.admin, 'GET', `${C}/upload/${start.uploadId}`)).status).toBe(404);
    });

    it('keeps sessions personal and organisational; staff without the course menu get 403', async () => {
      const start = await api(t, org.admin, cc.uploadStart, {
        body: { name: 'a.pdf', size: 10, purpose: 'datum' },
      });
      expect((await raw(other.admin, 'GET', `${C}/upload/${start.uploadId}`)).status).toBe(404);
      expect((await chunk(other.admin, start.uploadId, 0, Buffer.from('%PDF-1.4\n'))).status).toBe(404);
      expect((await raw(other.admin, 'DELETE', `${C}/upload/${start.uploadId}`)).status).toBe(404);
      expect((await raw(org.staff, 'GET', `${C}/upload/${start.uploadId}`)).status).toBe(403);
      expect(
        (await raw(org.staff, 'POST', `${C}/upload/start`, { name: 'a.pdf', size: 10, purpose: 'datum' }))
          .status,
      ).toBe(403);
      const [row] = await db().select().from(uploadSessions).where(eq(uploadSessions.id, start.uploadId));
      expect(row?.received).toBe(0);
      await api(t, org.admin, cc.uploadCancel, { params: { uploadId: start.uploadId } });
      expect(
        await db().select().from(uploadSessions).where(eq(uploadSessions.id, start.uploadId)),
      ).toHaveLength(0);
    });

    it('probes a real video: duration and a public poster frame (when ffmpeg is installed)', async (context) => {
      if (!video) return context.skip();
      const { last } = await uploadWhole('第一课.mp4', video, 'video', 3);
      expect(last.status, last.body.message).toBe(200);
      const file = last.body.res.data.file!;
      expect(file.mime).toBe('video/mp4');
      expect(file.durationSeconds).toBe(3);
      expect(file.posterUrl).toMatch(/^\/api\/files\/\d+\/[0-9a-f-]+\.jpg$/);
      const poster = await t.app.inject({ url: file.posterUrl! });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
    });
  });

  describe('serving files: ranges and signed URLs', () => {
    let key: string;
    let data: Buffer;
    beforeAll(async () => {
      data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      key = `${org.id}/${crypto.randomUUID()}.mp4`;
      await t.app.deps.storage.put(key, data);
      await db()
        .insert(files)
        .values({ organizationId: org.id, key, name: 'v.mp4', mime: 'video/mp4', size: 1000 });
    });
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    const auth = () => ({ authorization: `Bearer ${org.admin.token}` });

    it('answers ranges with 206 and the exact bytes, suffix ranges, and 416 past the end', async () => {
      const whole = await get(`/api/files/${key}`, auth());
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-length']).toBe('1000');
      expect(whole.headers.etag).toBeTruthy();
      expect(whole.headers['last-modified']).toBeTruthy();
      expect(whole.rawPayload.equals(data)).toBe(true);
      const part = await get(`/api/files/${key}`, { ...auth(), range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.rawPayload.equals(data.subarray(100, 200))).toBe(true);
      const open = await get(`/api/files/${key}`, { ...auth(), range: 'bytes=990-' });
      expect(open.rawPayload.equals(data.subarray(990))).toBe(true);
      const suffix = await get(`/api/files/${key}`, { ...auth(), range: 'bytes=-10' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
      expect(suffix.rawPayload.equals(data.subarray(990))).toBe(true);
      const past = await get(`/api/files/${key}`, { ...auth(), range: 'bytes=1000-1010' });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */1000');
      const cached = await get(`/api/files/${key}`, {
        ...auth(),
        'if-none-match': String(whole.headers.etag),
      });
      expect(cached.statusCode).toBe(304);
    });

    it('serves a private file by a signed URL, not when expired, tampered or moved to another file', async () => {
      expect((await get(`/api/files/${key}`)).statusCode).toBe(404);
      const url = signedFileUrl({ key }, 600);
      const signed = await get(url, { range: 'bytes=0-9' });
      expect(signed.statusCode).toBe(206);
      expect(signed.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(signed.rawPayload.equals(data.subarray(0, 10))).toBe(true);
      const expired = signedFileUrl({ key }, 60, Date.now() - 3600_000);
      expect((await get(expired)).statusCode).toBe(404);
      const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      expect((await get(tampered)).statusCode).toBe(404);
      const later = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
      expect((await get(later)).statusCode).toBe(404);
      // The signature opens its own file only: another key with it is refused.
      const otherKey = `${org.id}/${crypto.randomUUID()}.mp4`;
      await t.app.deps.storage.put(otherKey, data);
      await db()
        .insert(files)
        .values({ organizationId: org.id, key: otherKey, name: 'w.mp4', mime: 'video/mp4', size: 1000 });
      expect((await get(url.replace(key, otherKey))).statusCode).toBe(404);
      // Another organisation's token opens nothing.
      expect(
        (await get(`/api/files/${key}`, { authorization: `Bearer ${other.admin.token}` })).statusCode,
      ).toBe(404);
    });
  });

  describe('chapters and sections', () => {
    it('builds an outline: chapters, video/datum/live/exam sections, order across chapters', async () => {
      const { last } = await uploadWhole('资料.pdf', pdf, 'datum');
      const pdfId = last.body.res.data.file!.fileId;
      const course = (
        await db().insert(courses).values({ organizationId: org.id, name: '内容课程' }).returning()
      )[0]!;
      await db()
        .insert(courseMembers)
        .values({ courseId: course.id, userId: org.staff.id, organizationId: org.id, source: 'staff' });
      const one = await api(t, org.admin, cc.chapterAdd, { body: { courseId: course.id, title: '第一章' } });
      const two = await api(t, org.admin, cc.chapterAdd, { body: { courseId: course.id, title: '第二章' } });
      const datum = await api(t, org.admin, cc.sectionAdd, {
        body: { chapterId: one.id, kind: 'datum', title: '讲义', fileId: pdfId },
      });
      expect(datum).toMatchObject({ kind: 'datum', fileName: '资料.pdf', fileMime: 'application/pdf' });
      const start = Date.now() + 86400_000;
      const live = await api(t, org.admin, cc.sectionAdd, {
        body: { chapterId: one.id, kind: 'live', title: '直播答疑', liveStartAt: start, liveMinutes: 45 },
      });
      expect(live).toMatchObject({ liveStartAt: start, liveMinutes: 45, liveStatus: 'scheduled' });
      const [liveRow] = await db().select().from(courseSections).where(eq(courseSections.id, live.id));
      expect(liveRow?.liveStreamKey).toMatch(/^[0-9a-f]{32}$/);
      const exam = await api(t, org.admin, cc.sectionAdd, {
        body: {
          chapterId: two.id,
          kind: 'exam',
          title: '结课考试',
          paperId: world.paperId,
          requiresPrevious: true,
        },
      });
      expect(exam).toMatchObject({
        kind: 'exam',
        requiresPrevious: true,
        paperId: world.paperId,
        examMinutes: 60,
      });
      const [examRow] = await db().select().from(exams).where(eq(exams.id, exam.examId!));
      expect(examRow).toMatchObject({ purpose: 'course', status: 1, attemptsAllowed: 3 });
      const candidates = await db()
        .select()
        .from(examCandidates)
        .where(eq(examCandidates.examId, exam.examId!));
      // Nobody is a candidate before opening the section (the learner's side adds them, past the lock).
      expect(candidates).toEqual([]);

      // Wrong file kinds and missing fields are refused in Chinese.
      for (const [body, message] of [
        [{ chapterId: one.id, kind: 'video', title: 'v', fileId: pdfId }, '所选文件不是视频'],
        [{ chapterId: one.id, kind: 'video', title: 'v' }, '请上传视频'],
        [{ chapterId: one.id, kind: 'live', title: 'l', liveMinutes: 10 }, '请选择直播开始时间'],
        [{ chapterId: one.id, kind: 'exam', title: 'e' }, '请选择试卷'],
        [{ chapterId: one.id, kind: 'quiz', title: 'q' }, '小节类型只能是视频、文档、直播或考试'],
        [{ chapterId: one.id, kind: 'datum', title: '', fileId: pdfId }, '请输入小节名称'],
      ] as const) {
        const res = await raw(org.admin, 'POST', `${C}/section/add`, body);
        expect(res.status, message).toBe(400);
        expect(res.body.message).toContain(message);
      }

      // Move the live section to chapter two, before the exam; then chapter two first.
      await api(t, org.admin, cc.sectionSort, {
        body: {
          courseId: course.id,
          chapters: [
            { chapterId: one.id, sectionIds: [datum.id] },
            { chapterId: two.id, sectionIds: [live.id, exam.id] },
          ],
        },
      });
      await api(t, org.admin, cc.chapterSort, {
        body: { courseId: course.id, chapterIds: [two.id, one.id] },
      });
      const outline = await api(t, org.admin, cc.outline, { query: { courseId: course.id } });
      expect(outline.chapters.map((c) => [c.title, c.sections.map((s) => s.title)])).toEqual([
        ['第二章', ['直播答疑', '结课考试']],
        ['第一章', ['讲义']],
      ]);
      expect(outline.sectionCount).toBe(3);

      const missing = await raw(org.admin, 'POST', `${C}/section/sort`, {
        courseId: course.id,
        chapters: [{ chapterId: one.id, sectionIds: [datum.id] }],
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('小节顺序必须包含课程的每个小节各一次');

      const list = await raw(org.admin, 'GET', `${C}/course/exam/list?courseId=${course.id}`);
      const page = list.body.res as unknown as {
        data: { examName: string; candidateCount: number }[];
        total: number;
      };
      expect(page.total).toBe(1);
      expect(page.data[0]).toMatchObject({ examName: '内容课程·结课考试', candidateCount: 0 });

      // Modify keeps the kind and changes the exam's settings through the exam service.
      const modified = await api(t, org.admin, cc.sectionModify, {
        body: {
          sectionId: exam.id,
          title: '期末考试',
          examMinutes: 30,
          attemptsAllowed: 2,
          requiresPrevious: false,
        },
      });
      expect(modified).toMatchObject({
        title: '期末考试',
        examMinutes: 30,
        attemptsAllowed: 2,
        requiresPrevious: false,
      });

      // Deleting a section with progress deletes the progress and refreshes members' percentages.
      await db().insert(courseProgress).values({
        sectionId: datum.id,
        userId: org.staff.id,
        courseId: course.id,
        organizationId: org.id,
        completedAt: new Date(),
      });
      const withProgress = await api(t, org.admin, cc.outline, { query: { courseId: course.id } });
      expect(withProgress.chapters[1]!.sections[0]!.learnerCount).toBe(1);
      await api(t, org.admin, cc.sectionDelete, { body: { sectionId: datum.id } });
      expect(
        await db().select().from(courseProgress).where(eq(courseProgress.sectionId, datum.id)),
      ).toHaveLength(0);
      await api(t, org.admin, cc.chapterDelete, { body: { chapterId: two.id } });
      expect(await db().select().from(exams).where(eq(exams.id, exam.examId!))).toHaveLength(0);
      const [member] = await db()
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, org.staff.id)));
      expect(member?.progressPercent).toBe(0);
    });

    it("another organisation's ids: 404, and nothing of the other organisation changes", async () => {
      const [otherChapter] = await db()
        .insert(courseChapters)
        .values({ organizationId: other.id, courseId: otherCourseId, title: '别家章节' })
        .returning();
      const [otherSection] = await db()
        .insert(courseSections)
        .values({
          organizationId: other.id,
          courseId: otherCourseId,
          chapterId: otherChapter!.id,
          title: '别家小节',
          kind: 'datum',
        })
        .returning();
      const mine = await api(t, org.admin, cc.chapterAdd, {
        body: { courseId: world.courseId, title: '本章' },
      });
      const attempts: [string, string, unknown][] = [
        ['GET', `${C}/chapter/list?courseId=${otherCourseId}`, undefined],
        ['POST', `${C}/chapter/add`, { courseId: otherCourseId, title: 'x' }],
        ['POST', `${C}/chapter/modify`, { chapterId: otherChapter!.id, title: 'x' }],
        ['POST', `${C}/chapter/delete`, { chapterId: otherChapter!.id }],
        ['POST', `${C}/chapter/sort`, { courseId: otherCourseId, chapterIds: [otherChapter!.id] }],
        [
          'POST',
          `${C}/section/add`,
          { chapterId: otherChapter!.id, kind: 'live', title: 'x', liveStartAt: 1, liveMinutes: 1 },
        ],
        ['POST', `${C}/section/modify`, { sectionId: otherSection!.id, title: 'x' }],
        ['POST', `${C}/section/delete`, { sectionId: otherSection!.id }],
        [
          'POST',
          `${C}/section/sort`,
          {
            courseId: otherCourseId,
            chapters: [{ chapterId: otherChapter!.id, sectionIds: [otherSection!.id] }],
          },
        ],
        // My course, their chapter or section: not linked either.
        [
          'POST',
          `${C}/section/sort`,
          {
            courseId: world.courseId,
            chapters: [{ chapterId: otherChapter!.id, sectionIds: [otherSection!.id] }],
          },
        ],
        [
          'POST',
          `${C}/section/add`,
          { chapterId: mine.id, kind: 'datum', title: 'x', fileId: await otherFileId() },
        ],
        [
          'POST',
          `${C}/section/add`,
          { chapterId: mine.id, kind: 'exam', title: 'x', paperId: await otherPaperId() },
        ],
        ['GET', `${C}/course/exam/list?courseId=${otherCourseId}`, undefined],
      ];
      for (const [method, url, body] of attempts) {
        const res = await raw(org.admin, method, url, body);
        expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(404);
      }
      const [chapterAfter] = await db()
        .select()
        .from(courseChapters)
        .where(eq(courseChapters.id, otherChapter!.id));
      expect(chapterAfter).toEqual(otherChapter);
      const [sectionAfter] = await db()
        .select()
        .from(courseSections)
        .where(eq(courseSections.id, otherSection!.id));
      expect(sectionAfter).toEqual(otherSection);
      expect(
        await db().select().from(courseChapters).where(eq(courseChapters.courseId, otherCourseId)),
      ).toHaveLength(1);
      // Staff without the course menu: 403.
      expect(
        (await raw(org.staff, 'POST', `${C}/chapter/add`, { courseId: world.courseId, title: 'x' })).status,
      ).toBe(403);
    });

    async function otherFileId() {
      const [row] = await db()
        .insert(files)
        .values({
          organizationId: other.id,
          key: `${other.id}/${crypto.randomUUID()}.pdf`,
          name: 'o.pdf',
          mime: 'application/pdf',
          size: 1,
        })
        .returning();
      return row!.id;
    }
    async function otherPaperId() {
      const otherWorld = await buildWorld(t, other);
      return otherWorld.paperId;
    }

    it('lists a course exam page of 5 by default', async () => {
      const course = (
        await db().insert(courses).values({ organizationId: org.id, name: '考试课程' }).returning()
      )[0]!;
      const chapter = await api(t, org.admin, cc.chapterAdd, { body: { courseId: course.id, title: '章' } });
      for (let i = 0; i < 6; i += 1)
        await api(t, org.admin, cc.sectionAdd, {
          body: { chapterId: chapter.id, kind: 'exam', title: `测验${i + 1}`, paperId: world.paperId },
        });
      const first = await raw(org.admin, 'GET', `${C}/course/exam/list?courseId=${course.id}`);
      const page = first.body.res as unknown as { data: { sectionTitle: string }[]; total: number };
      expect(page.total).toBe(6);
      expect(page.data.map((r) => r.sectionTitle)).toEqual(['测验1', '测验2', '测验3', '测验4', '测验5']);
      // Published at once, even with nobody enrolled: learners become candidates as they reach the section.
      const [row] = await db().select().from(exams).where(eq(exams.name, '考试课程·测验1'));
      expect(row?.status).toBe(1);
    });
  });

  it('a learner who passes a course exam completes its section and the course, without reopening the course', async () => {
    const course = (
      await db()
        .insert(courses)
        .values({ organizationId: org.id, name: '只有考试的课程', status: 'open' })
        .returning()
    )[0]!;
    await db()
      .insert(courseMembers)
      .values({ courseId: course.id, userId: org.staff.id, organizationId: org.id, source: 'staff' });
    const chapter = await api(t, org.admin, cc.chapterAdd, { body: { courseId: course.id, title: '章' } });
    const section = await api(t, org.admin, cc.sectionAdd, {
      body: { chapterId: chapter.id, kind: 'exam', title: '结课', paperId: world.paperId, passScore: 10 },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: `${C}/learn/section/open?sectionId=${section.id}`,
      headers: { authorization: `Bearer ${org.staff.token}` },
    });
    expect(opened.statusCode).toBe(200);
    const examId = section.examId!;
    const attempt = await api(t, org.staff, examCandidateContracts.start, { query: { examId } });
    // The true/false question (10 points) answered right reaches the pass mark of 10.
    await api(t, org.staff, examCandidateContracts.saveAnswers, {
      query: { attemptId: attempt.attemptId },
      body: [{ questionId: world.questionIds[1]!, answer: true, seq: 1 }],
    });
    await api(t, org.staff, examCandidateContracts.submit, { query: { attemptId: attempt.attemptId } });
    const [member] = await db()
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, org.staff.id)));
    expect(member).toMatchObject({ progressPercent: 100 });
    expect(member?.completedAt).not.toBeNull();
  });

  it('has ffmpeg in CI', async () => {
    // Informational: the degraded mode is covered by the probe returning null.
    expect(typeof (await hasFfmpeg())).toBe('boolean');
  });
});
