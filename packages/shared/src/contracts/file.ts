/** Uploads and background jobs (Excel imports): house-wide pieces every feature uses. */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf } from './common';

const tag = '文件';

export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** `mode=all` imports nothing when any row is wrong; `mode=valid` imports the right rows only. */
export const importModeQuery = z.object({
  mode: z
    .enum(IMPORT_MODES, { error: '导入方式只能是 all（全部正确才导入）或 valid（只导入正确行）' })
    .default('all'),
});

export const importRowError = z.object({
  /** Excel row number. */
  row: z.number(),
  /** Column name as in the template (姓名, 账号 …). */
  field: z.string(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** What an import job leaves as its result. */
export const importResult = z.object({
  mode: z.enum(IMPORT_MODES),
  /** Data rows in the file. */
  total: z.number(),
  imported: z.number(),
  /** Rows with at least one error. */
  failedRows: z.number(),
  errors: z.array(importRowError),
  /** More errors exist than are listed. */
  errorsTruncated: z.boolean(),
});
export type ImportResult = z.infer<typeof importResult>;

/** The reply of an upload that starts an import job. */
export const importStarted = envelopeOf(z.object({ jobId: z.number(), total: z.number() }));

export const jobView = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number(),
  processed: z.number(),
  percent: z.number(),
  result: importResult.nullable(),
  error: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export const fileContracts = {
  upload: endpoint({
    method: 'POST',
    path: '/user/api/v1/files/upload',
    tag,
    summary: '上传文件（multipart，字段 file；public=1 表示头像、Logo 等公开图片）',
    query: z.object({ public: z.enum(['0', '1'], { error: '公开标记只能是 0 或 1' }).default('0') }),
    response: envelopeOf(z.object({ id: z.number(), name: z.string(), size: z.number(), url: z.string() })),
  }),
  /** A stored file by its unguessable key; private files need a token of the owning organisation. */
  serve: endpoint({
    method: 'GET',
    path: '/api/files/*',
    tag,
    summary: '读取已上传的文件（公开文件无需登录）',
    access: 'public',
    response: 'file',
  }),
  job: endpoint({
    method: 'GET',
    path: '/user/api/v1/jobs/:id',
    tag: '任务',
    summary: '后台任务进度',
    params: z.object({ id: idOf('任务') }),
    response: envelopeOf(jobView),
  }),
};
