import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeVideo, posterFrame, type VideoInfo } from '../../core/media';
import { storeLocalFile } from '../../modules/file/file.service';
import { insertMediaFacts } from '../../modules/course-content/course-content.repo';
import { addChapter, addSection } from '../../modules/course-content/course-content.service';
import { makePdf, makeTestVideo } from '../../modules/course-content/sample-media';
import { DEMO_COURSES } from './courses';
import { adminContext, type Demo } from './demo';

/** Length of the generated demo video (seconds). */
const DEMO_VIDEO_SECONDS = 24;

type Outline = {
  title: string;
  sections: (
    | { kind: 'video'; title: string; requiresPrevious?: boolean }
    | { kind: 'datum'; title: string; doc: keyof typeof DOCS }
    | { kind: 'exam'; title: string; paper: string }
  )[];
}[];

/** The demo documents (ASCII text: the hand-written PDF uses Helvetica, which has no Chinese glyphs). */
const DOCS = {
  handbook: {
    name: '员工手册.pdf',
    pages: [
      ['Employee Handbook', 'Welcome to the company.', 'Working hours: 9:00 - 18:00.'],
      ['Leave and Expenses', 'Apply for leave in the system.', 'Expenses are reimbursed monthly.'],
      ['Security', 'Lock your screen when you leave.', 'Never share your password.'],
    ],
  },
  typescript: {
    name: 'TypeScript 速查表.pdf',
    pages: [
      [
        'TypeScript Cheat Sheet',
        'let name: string = "Kaopei";',
        'function add(a: number, b: number): number',
      ],
      ['Types', 'interface User { id: number; name: string }', 'type Id = number | string;'],
    ],
  },
  security: {
    name: '信息安全守则.pdf',
    pages: [
      ['Information Security Rules', '1. Use strong passwords.', '2. Report phishing e-mails.'],
      ['Data Handling', 'Classify documents before sharing.', 'Encrypt customer data at rest.'],
    ],
  },
} as const;

const OUTLINES: Record<string, Outline> = {
  [DEMO_COURSES.onboarding]: [
    {
      title: '第一章 认识公司',
      sections: [
        { kind: 'video', title: '公司介绍' },
        { kind: 'datum', title: '员工手册', doc: 'handbook' },
      ],
    },
    {
      title: '第二章 制度与流程',
      sections: [
        { kind: 'video', title: '考勤与报销流程', requiresPrevious: true },
        { kind: 'exam', title: '入职考核', paper: 'manual' },
      ],
    },
  ],
  [DEMO_COURSES.typescript]: [
    {
      title: '第一章 基础',
      sections: [
        { kind: 'video', title: '环境搭建与第一个程序' },
        { kind: 'datum', title: '速查表', doc: 'typescript' },
      ],
    },
    {
      title: '第二章 类型系统',
      sections: [{ kind: 'video', title: '接口与类型别名', requiresPrevious: true }],
    },
    { title: '第三章 实战', sections: [{ kind: 'video', title: '小项目：待办清单' }] },
  ],
  [DEMO_COURSES.security]: [
    {
      title: '第一章 安全意识',
      sections: [
        { kind: 'video', title: '常见的网络钓鱼' },
        { kind: 'datum', title: '信息安全守则', doc: 'security' },
      ],
    },
    { title: '第二章 数据保护', sections: [{ kind: 'video', title: '数据分级与加密' }] },
  ],
};

/** Sections are added before anybody has progress: members' percentages need no recomputing. */
const NO_REFRESH = { refresh: false } as const;

let cachedVideo: Promise<string | null> | undefined;
let warned = false;

/** The demo video, generated once per machine into the temp directory (null without ffmpeg). */
function demoVideo(): Promise<string | null> {
  cachedVideo ??= (async () => {
    const dir = path.join(os.tmpdir(), 'kaopei-demo-media');
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, `lesson-${DEMO_VIDEO_SECONDS}s-v1.mp4`);
    if (fs.existsSync(file)) return file;
    return (await makeTestVideo(file, DEMO_VIDEO_SECONDS)) ? file : null;
  })();
  return cachedVideo;
}

/**
 * Demo data of issue 17: the three demo courses get chapters with video and document sections, and the
 * onboarding course an exam section on a demo paper. One generated test-pattern video (ffmpeg, made once
 * and reused by every video section) and small hand-written PDFs. Without ffmpeg no video sections are
 * made (logged once); without a storage (some tests) no file sections at all.
 */
export async function seedDemoCourseContent(demo: Demo): Promise<void> {
  const ctx = adminContext(demo);
  const files = demo.storage ? { db: demo.db, storage: demo.storage } : undefined;
  const videoPath = files ? await demoVideo() : null;
  if (files && !videoPath && !warned) {
    warned = true;
    console.warn(
      'demo seed: ffmpeg not found, the demo courses get no video sections (apt-get install ffmpeg)',
    );
  }
  const video = files && videoPath ? await storeDemoVideo(demo, files, videoPath) : null;
  const docs = new Map<string, number>();
  const tmp = files ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kaopei-seed-')) : null;
  try {
    for (const [courseName, outline] of Object.entries(OUTLINES)) {
      const courseId = demo.courses.get(courseName);
      if (courseId === undefined) continue;
      for (const chapterSpec of outline) {
        const chapter = await addChapter(demo.db, ctx, courseId, chapterSpec.title);
        for (const s of chapterSpec.sections) {
          const requiresPrevious = 'requiresPrevious' in s ? !!s.requiresPrevious : false;
          if (s.kind === 'video') {
            if (!video) continue;
            await addSection(
              demo.db,
              ctx,
              {
                chapterId: chapter.id,
                kind: 'video',
                title: s.title,
                fileId: video,
                requiresPrevious,
              },
              NO_REFRESH,
            );
          } else if (s.kind === 'datum') {
            if (!files || !tmp) continue;
            let fileId = docs.get(s.doc);
            if (fileId === undefined) {
              const doc = DOCS[s.doc];
              const local = path.join(tmp, `${s.doc}.pdf`);
              await fs.promises.writeFile(local, makePdf(doc.pages.map((p) => [...p])));
              fileId = (
                await storeLocalFile(files, ctx, {
                  localPath: local,
                  name: doc.name,
                  mime: 'application/pdf',
                  ext: 'pdf',
                })
              ).id;
              docs.set(s.doc, fileId);
            }
            await addSection(
              demo.db,
              ctx,
              {
                chapterId: chapter.id,
                kind: 'datum',
                title: s.title,
                fileId,
                requiresPrevious,
              },
              NO_REFRESH,
            );
          } else {
            const paperId = demo.papers.get(s.paper);
            if (paperId === undefined) continue;
            await addSection(
              demo.db,
              ctx,
              {
                chapterId: chapter.id,
                kind: 'exam',
                title: s.title,
                paperId,
                requiresPrevious,
              },
              NO_REFRESH,
            );
          }
        }
      }
    }
  } finally {
    if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

/** Stores the demo video once (a private file) with its poster and duration; returns its file id. */
async function storeDemoVideo(
  demo: Demo,
  files: { db: Demo['db']; storage: NonNullable<Demo['storage']> },
  videoPath: string,
): Promise<number> {
  const ctx = adminContext(demo);
  const stored = await storeLocalFile(files, ctx, {
    localPath: videoPath,
    name: '课程视频.mp4',
    mime: 'video/mp4',
    ext: 'mp4',
  });
  // The probe is cached beside the cached video (the seed runs at every e2e server start).
  const sidecar = `${videoPath}.json`;
  const info =
    (fs.existsSync(sidecar) ? (JSON.parse(fs.readFileSync(sidecar, 'utf8')) as VideoInfo) : null) ??
    (await probeVideo(videoPath));
  if (info && !fs.existsSync(sidecar)) fs.writeFileSync(sidecar, JSON.stringify(info));
  const jpg = `${videoPath}.jpg`;
  let posterFileId: number | null = null;
  if (fs.existsSync(jpg) || (await posterFrame(videoPath, jpg, info?.durationSeconds ?? 0))) {
    posterFileId = (
      await storeLocalFile(files, ctx, {
        localPath: jpg,
        name: '课程视频.jpg',
        mime: 'image/jpeg',
        ext: 'jpg',
        isPublic: true,
      })
    ).id;
  }
  await insertMediaFacts(demo.db, ctx, {
    fileId: stored.id,
    durationSeconds: info?.durationSeconds ?? DEMO_VIDEO_SECONDS,
    posterFileId,
    width: info?.width ?? 640,
    height: info?.height ?? 360,
  });
  return stored.id;
}
