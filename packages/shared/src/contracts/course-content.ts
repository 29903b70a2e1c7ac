/**
 * 课程内容 (issue 17, part B): a course's chapters and sections (video, datum, live, exam), the course's
 * exams, and resumable chunked uploads of large files. Paths under /course/api/v1.
 */
import { z } from 'zod';
import {
  LIVE_STATUSES,
  SECTION_KINDS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_RULES,
  type UploadPurpose,
} from '../course';
import { endpoint, envelopeOf, idList, idOf, okReply, pagedQuery, pageOf } from './common';
import { COURSE_MENU, COURSE_READ_MENUS } from './course';

const C = '/course/api/v1';
const tag = '课程内容';

export const CHAPTER_TITLE_MAX = 100;
export const SECTION_TITLE_MAX = 100;
export const LIVE_MINUTES_MAX = 24 * 60;
/** A course exam's defaults: 60 minutes, 3 attempts. */
export const COURSE_EXAM_DEFAULT_MINUTES = 60;
export const COURSE_EXAM_DEFAULT_ATTEMPTS = 3;
/** Course exam list paging defaults (spec §7): page 1, size 5. */
export const COURSE_EXAM_PAGE_SIZE = 5;
/** A chapter or a course holds at most this many sections (the sort call's lists). */
export const SECTIONS_MAX = 500;
export const CHAPTERS_MAX = 200;

const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as [UploadPurpose, ...UploadPurpose[]];

// ---------------------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------------------

const chapterTitle = z
  .string({ error: '请输入章节名称' })
  .trim()
  .min(1, '请输入章节名称')
  .max(CHAPTER_TITLE_MAX, `章节名称不能超过 ${CHAPTER_TITLE_MAX} 个字符`);

const sectionTitle = z
  .string({ error: '请输入小节名称' })
  .trim()
  .min(1, '请输入小节名称')
  .max(SECTION_TITLE_MAX, `小节名称不能超过 ${SECTION_TITLE_MAX} 个字符`);

const bool = (label: string) =>
  z.preprocess(
    (value: boolean | number | string | undefined) =>
      value === 1 || value === '1' || value === 'true'
        ? true
        : value === 0 || value === '0' || value === 'false'
          ? false
          : value,
    z.boolean({ error: `${label}只能是是或否` }),
  );

const liveStart = z
  .number({ error: '直播开始时间必须是毫秒时间戳' })
  .int('直播开始时间必须是毫秒时间戳')
  .min(0, '直播开始时间必须是毫秒时间戳');

const liveMinutes = z
  .number({ error: '直播时长必须是分钟数' })
  .int('直播时长必须是整数分钟')
  .min(1, '直播时长至少 1 分钟')
  .max(LIVE_MINUTES_MAX, `直播时长不能超过 ${LIVE_MINUTES_MAX} 分钟`);

const examMinutes = z
  .number({ error: '考试时长必须是分钟数' })
  .int('考试时长必须是整数分钟')
  .min(1, '考试时长至少 1 分钟')
  .max(24 * 60, '考试时长不能超过 1440 分钟');

const attempts = z
  .number({ error: '考试次数必须是数字' })
  .int('考试次数必须是整数')
  .min(1, '考试次数至少 1 次')
  .max(20, '考试次数不能超过 20 次');

/** What each kind of section carries besides its title (all optional here; the server checks per kind). */
const sectionFields = {
  title: sectionTitle,
  requiresPrevious: bool('需先完成上一节').default(false),
  /** video / datum: a file uploaded with the upload calls (or the file upload). */
  fileId: idOf('文件').nullish(),
  /** live: start (ms) and planned minutes. */
  liveStartAt: liveStart.nullish(),
  liveMinutes: liveMinutes.nullish(),
  /** exam: the paper, and the exam's settings. */
  paperId: idOf('试卷').nullish(),
  examMinutes: examMinutes.nullish(),
  attemptsAllowed: attempts.nullish(),
  passScore: z
    .number({ error: '及格分必须是数字' })
    .min(0, '及格分不能为负')
    .max(10_000, '及格分过大')
    .nullish(),
};

export const sectionAddBody = z.object({
  chapterId: idOf('章节'),
  kind: z.enum(SECTION_KINDS, { error: '小节类型只能是视频、文档、直播或考试' }),
  ...sectionFields,
});
export const sectionModifyBody = z.object({ sectionId: idOf('小节'), ...sectionFields });

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const sectionView = z.object({
  id: z.number(),
  chapterId: z.number(),
  title: z.string(),
  kind: z.enum(SECTION_KINDS),
  sort: z.number(),
  requiresPrevious: z.boolean(),
  fileId: z.number().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  fileMime: z.string().nullable(),
  durationSeconds: z.number(),
  posterUrl: z.string().nullable(),
  examId: z.number().nullable(),
  examName: z.string().nullable(),
  paperId: z.number().nullable(),
  paperName: z.string().nullable(),
  examMinutes: z.number().nullable(),
  attemptsAllowed: z.number().nullable(),
  passScore: z.number().nullable(),
  liveStartAt: z.number().nullable(),
  liveMinutes: z.number().nullable(),
  liveStatus: z.enum(LIVE_STATUSES).nullable(),
  /** Learners with progress in this section (the UI asks before deleting it). */
  learnerCount: z.number(),
});
export type SectionView = z.infer<typeof sectionView>;

export const chapterView = z.object({
  id: z.number(),
  title: z.string(),
  sort: z.number(),
  sections: z.array(sectionView),
});
export type ChapterView = z.infer<typeof chapterView>;

export const outlineView = z.object({
  courseId: z.number(),
  chapters: z.array(chapterView),
  sectionCount: z.number(),
  /** Seconds of video in the course. */
  videoSeconds: z.number(),
});
export type OutlineView = z.infer<typeof outlineView>;

export const courseExamRow = z.object({
  sectionId: z.number(),
  sectionTitle: z.string(),
  chapterTitle: z.string(),
  examId: z.number(),
  examName: z.string(),
  paperName: z.string().nullable(),
  /** 0 unpublished, 1 published. */
  status: z.number(),
  durationMinutes: z.number(),
  attemptsAllowed: z.number(),
  passScore: z.number(),
  candidateCount: z.number(),
});
export type CourseExamRow = z.infer<typeof courseExamRow>;

export const uploadState = z.object({
  uploadId: z.string(),
  name: z.string(),
  size: z.number(),
  chunkSize: z.number(),
  /** Bytes received so far: the offset of the next chunk. */
  received: z.number(),
  /** Set once the last chunk was stored. */
  file: z
    .object({
      fileId: z.number(),
      name: z.string(),
      size: z.number(),
      mime: z.string(),
      durationSeconds: z.number(),
      posterUrl: z.string().nullable(),
    })
    .nullable(),
});
export type UploadState = z.infer<typeof uploadState>;
export type UploadedFile = NonNullable<UploadState['file']>;

export const uploadStartBody = z.object({
  name: z.string({ error: '请提供文件名' }).min(1, '请提供文件名').max(1000, '文件名过长'),
  size: z
    .number({ error: '文件大小必须是字节数' })
    .int('文件大小必须是整数字节')
    .min(0, '文件大小不能为负')
    .max(Number.MAX_SAFE_INTEGER, '文件过大'),
  mime: z.string().max(100, '文件类型过长').optional(),
  purpose: z.enum(UPLOAD_PURPOSES, { error: '上传用途只能是视频、文档或图片' }),
});

const uploadIdParams = z.object({
  uploadId: z.uuid({ error: '上传编号不正确' }),
});

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const write = { menu: COURSE_MENU } as const;

export const courseContentContracts = {
  outline: endpoint({
    method: 'GET',
    path: `${C}/chapter/list`,
    tag,
    summary: '课程大纲：章节及其小节（文件名、时长、直播时间、考试名称、学习人数）',
    access: { menu: COURSE_READ_MENUS },
    query: z.object({ courseId: idOf('课程') }),
    response: envelopeOf(outlineView),
  }),
  chapterAdd: endpoint({
    method: 'POST',
    path: `${C}/chapter/add`,
    tag,
    summary: '新增章节（排在最后）',
    access: write,
    body: z.object({ courseId: idOf('课程'), title: chapterTitle }),
    response: envelopeOf(chapterView),
  }),
  chapterModify: endpoint({
    method: 'POST',
    path: `${C}/chapter/modify`,
    tag,
    summary: '修改章节名称',
    access: write,
    body: z.object({ chapterId: idOf('章节'), title: chapterTitle }),
    response: okReply,
  }),
  chapterDelete: endpoint({
    method: 'POST',
    path: `${C}/chapter/delete`,
    tag,
    summary: '删除章节及其小节（学员在这些小节的进度一并删除）',
    access: write,
    body: z.object({ chapterId: idOf('章节') }),
    response: okReply,
  }),
  chapterSort: endpoint({
    method: 'POST',
    path: `${C}/chapter/sort`,
    tag,
    summary: '章节排序（课程的全部章节，按新顺序）',
    access: write,
    body: z.object({
      courseId: idOf('课程'),
      chapterIds: idList('章节', '请提供章节顺序', CHAPTERS_MAX),
    }),
    response: okReply,
  }),
  sectionAdd: endpoint({
    method: 'POST',
    path: `${C}/section/add`,
    tag,
    summary: '新增小节（视频、文档：fileId；直播：开始时间、时长；考试：试卷与考试设置），排在章节最后',
    access: write,
    body: sectionAddBody,
    response: envelopeOf(sectionView),
  }),
  sectionModify: endpoint({
    method: 'POST',
    path: `${C}/section/modify`,
    tag,
    summary: '修改小节（类型不变）',
    access: write,
    body: sectionModifyBody,
    response: envelopeOf(sectionView),
  }),
  sectionDelete: endpoint({
    method: 'POST',
    path: `${C}/section/delete`,
    tag,
    summary: '删除小节（学员在该小节的进度一并删除）',
    access: write,
    body: z.object({ sectionId: idOf('小节') }),
    response: okReply,
  }),
  sectionSort: endpoint({
    method: 'POST',
    path: `${C}/section/sort`,
    tag,
    summary: '小节排序：每个章节的小节按新顺序（可跨章节移动），一次提交整门课程',
    access: write,
    body: z.object({
      courseId: idOf('课程'),
      chapters: z
        .array(
          z.object({
            chapterId: idOf('章节'),
            sectionIds: z.array(idOf('小节'), { error: '小节必须是列表' }).max(SECTIONS_MAX, '小节过多'),
          }),
          { error: '请提供章节与小节顺序' },
        )
        .min(1, '请提供章节与小节顺序')
        .max(CHAPTERS_MAX, '章节过多'),
    }),
    response: okReply,
  }),
  examList: endpoint({
    method: 'GET',
    path: `${C}/course/exam/list`,
    tag,
    summary: '课程的考试（默认第 1 页，每页 5 条）',
    access: { menu: COURSE_READ_MENUS },
    query: z.preprocess(
      (value) =>
        value && typeof value === 'object' && !('size' in value) && !('pageSize' in value)
          ? { ...value, size: COURSE_EXAM_PAGE_SIZE }
          : value,
      pagedQuery({ courseId: idOf('课程') }),
    ),
    response: pageOf(courseExamRow),
  }),
  uploadStart: endpoint({
    method: 'POST',
    path: `${C}/upload/start`,
    tag,
    summary: `开始分片上传（视频、文档、图片；每片 ${UPLOAD_CHUNK_BYTES / 1024 / 1024}MB）`,
    access: write,
    body: uploadStartBody,
    response: envelopeOf(uploadState),
  }),
  uploadChunk: endpoint({
    method: 'PUT',
    path: `${C}/upload/:uploadId`,
    tag,
    summary:
      '上传一片（请求体为原始字节，Content-Type: application/octet-stream；offset 必须等于已接收字节数，否则返回当前进度以便续传）',
    access: write,
    params: uploadIdParams,
    query: z.object({
      offset: z.coerce
        .number<number | string>({ error: '偏移量必须是字节数' })
        .int('偏移量必须是整数')
        .min(0, '偏移量不能为负'),
    }),
    response: envelopeOf(uploadState),
  }),
  uploadStatus: endpoint({
    method: 'GET',
    path: `${C}/upload/:uploadId`,
    tag,
    summary: '上传进度（页面刷新或网络中断后续传）',
    access: write,
    params: uploadIdParams,
    response: envelopeOf(uploadState),
  }),
  uploadCancel: endpoint({
    method: 'DELETE',
    path: `${C}/upload/:uploadId`,
    tag,
    summary: '取消上传（删除已接收的部分）',
    access: write,
    params: uploadIdParams,
    response: okReply,
  }),
};
