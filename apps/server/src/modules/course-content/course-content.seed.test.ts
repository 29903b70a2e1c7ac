import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedDemo } from '../../db/seed';
import { courseSections, courses, exams, files } from '../../db/schema';
import { DEMO_COURSES } from '../../db/seed/courses';
import { hasFfmpeg } from '../../core/media';

describe('demo course content (seed/course-content.ts)', () => {
  let t: TestApp;
  /** Whether this file seeded the demo (on the shared PostgreSQL test database another file may have). */
  let seededHere = false;
  beforeAll(async () => {
    t = await createTestApp();
    seededHere = await seedDemo(t.app.deps.db, 'Kaopei@2024', t.app.deps.storage);
  }, 180_000);
  afterAll(() => t.close());

  it('gives each demo course chapters with documents (and videos with ffmpeg) and one exam section', async () => {
    const { db, storage } = t.app.deps;
    for (const name of Object.values(DEMO_COURSES)) {
      const [course] = await db.select().from(courses).where(eq(courses.name, name));
      const sections = await db.select().from(courseSections).where(eq(courseSections.courseId, course!.id));
      const kinds = new Set(sections.map((s) => s.kind));
      expect(kinds.has('datum'), name).toBe(true);
      if (await hasFfmpeg()) {
        const videos = sections.filter((s) => s.kind === 'video');
        expect(videos.length, name).toBeGreaterThan(0);
        expect(videos[0]!.durationSeconds).toBe(24);
        expect(videos[0]!.posterFileId).not.toBeNull();
      }
    }
    const exam = (await db.select().from(courseSections).where(eq(courseSections.kind, 'exam'))).find(
      (s) => s.title === '入职考核',
    );
    const [examRow] = await db.select().from(exams).where(eq(exams.id, exam!.examId!));
    expect(examRow?.purpose).toBe('course');
    const [pdf] = await db.select().from(files).where(eq(files.name, '员工手册.pdf'));
    expect(pdf?.mime).toBe('application/pdf');
    // The bytes are in the storage of the app that seeded (each test file has its own data directory).
    if (seededHere) expect((await storage.get(pdf!.key))?.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });
});
