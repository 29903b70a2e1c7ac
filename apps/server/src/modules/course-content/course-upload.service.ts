import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import {
  UPLOAD_CHUNK_BYTES,
  UPLOAD_RULES,
  fileExtension,
  uploadProblem,
  type UploadPurpose,
} from '@kaopei/shared';
import type { UploadState } from '@kaopei/shared/contracts/course-content';
import type { Deps } from '../../core/deps';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { posterFrame, probeVideo } from '../../core/media';
import { cleanFileName, fileUrl, storeLocalFile } from '../file/file.service';
import {
  advanceUpload,
  deleteUpload,
  deleteUploads,
  findMediaFacts,
  findOrgFile,
  findUpload,
  finishUpload,
  insertMediaFacts,
  insertUpload,
  listStaleUploads,
  type UploadRecord,
} from './course-content.repo';

/**
 * Resumable chunked uploads (upload_sessions): start → chunks appended in order at `received` → on the
 * last one the staged file is checked (extension by uploadProblem, bytes by their magic signature),
 * handed to the storage adapter, and for a video probed with ffmpeg (duration, a poster frame stored as a
 * public image). Staging files live in DATA_DIR/uploads under the session's uuid: the name a person gave
 * never reaches the filesystem.
 */

type UploadDeps = Pick<Deps, 'db' | 'storage' | 'config'>;

/** Sessions untouched this long are removed with their staged bytes. */
export const STALE_UPLOAD_MS = 24 * 3600 * 1000;

const stagingDir = (deps: UploadDeps) => path.join(deps.config.dataDir, 'uploads');
const stagingPath = (deps: UploadDeps, uploadId: string) => path.join(stagingDir(deps), `${uploadId}.part`);

/** The types each extension's bytes may really be (file-type's mime). */
const MAGIC: Record<string, readonly string[]> = {
  '.mp4': ['video/mp4', 'video/x-m4v', 'video/quicktime'],
  '.m4v': ['video/mp4', 'video/x-m4v', 'video/quicktime'],
  '.mov': ['video/quicktime', 'video/mp4', 'video/x-m4v'],
  '.webm': ['video/webm', 'video/x-matroska'],
  '.pdf': ['application/pdf'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.doc': ['application/x-cfb'],
  '.xls': ['application/x-cfb'],
  '.ppt': ['application/x-cfb'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip'],
  '.zip': ['application/zip'],
};

/** Mime to store a file under when its bytes name none (plain text) or name a container (Office). */
const STORED_MIME: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

function stateOf(row: UploadRecord, file: UploadState['file'] = null): UploadState {
  return {
    uploadId: row.id,
    name: row.name,
    size: Number(row.size),
    chunkSize: UPLOAD_CHUNK_BYTES,
    received: Number(row.received),
    file,
  };
}

let lastSweep = 0;

/** Removes sessions (and staged bytes) untouched for a day; at most every ten minutes per process. */
export async function sweepStaleUploads(deps: UploadDeps, now = Date.now()): Promise<number> {
  if (now - lastSweep < 10 * 60 * 1000) return 0;
  lastSweep = now;
  const stale = await listStaleUploads(deps.db, new Date(now - STALE_UPLOAD_MS));
  await Promise.all(stale.map((s) => fs.promises.rm(stagingPath(deps, s.id), { force: true })));
  await deleteUploads(
    deps.db,
    stale.map((s) => s.id),
  );
  return stale.length;
}

/** Forces the next sweep to run (tests). */
export function resetUploadSweep(): void {
  lastSweep = 0;
}

export async function startUpload(
  deps: UploadDeps,
  ctx: RequestContext,
  input: { name: string; size: number; mime?: string; purpose: UploadPurpose },
): Promise<UploadState> {
  const name = cleanFileName(input.name, '');
  if (!name) throw badRequest('文件名不正确', 'name');
  const problem = uploadProblem(input.purpose, name, input.size);
  if (problem) throw badRequest(problem, 'name');
  await sweepStaleUploads(deps).catch(() => 0);
  const id = crypto.randomUUID();
  await fs.promises.mkdir(stagingDir(deps), { recursive: true });
  await fs.promises.writeFile(stagingPath(deps, id), Buffer.alloc(0), { flag: 'wx' });
  const mime = (input.mime ?? 'application/octet-stream').slice(0, 100);
  await insertUpload(deps.db, ctx, { id, name, mime, purpose: input.purpose, size: input.size });
  return stateOf((await requireUpload(deps, ctx, id)).row);
}

async function requireUpload(deps: UploadDeps, ctx: RequestContext, uploadId: string) {
  const row = await findUpload(deps.db, ctx, uploadId);
  // Another person's upload (even in the organisation) is not found: sessions are personal.
  if (!row || row.userId !== ctx.userId) throw notFound('上传记录不存在或已过期，请重新上传');
  return { row };
}

/** The upload's state; a finished one carries its file (duration, poster). */
export async function uploadStatus(deps: UploadDeps, ctx: RequestContext, uploadId: string) {
  const { row } = await requireUpload(deps, ctx, uploadId);
  return stateOf(row, row.fileId ? await uploadedFile(deps, ctx, row.fileId) : null);
}

async function uploadedFile(deps: UploadDeps, ctx: RequestContext, fileId: number) {
  const file = await findOrgFile(deps.db, ctx, fileId);
  if (!file) return null;
  const facts = await findMediaFacts(deps.db, ctx, fileId);
  const poster = facts?.posterFileId ? await findOrgFile(deps.db, ctx, facts.posterFileId) : undefined;
  return {
    fileId: file.id,
    name: file.name,
    size: Number(file.size),
    mime: file.mime,
    durationSeconds: facts?.durationSeconds ?? 0,
    posterUrl: poster ? fileUrl(poster.key) : null,
  };
}

export async function cancelUpload(deps: UploadDeps, ctx: RequestContext, uploadId: string): Promise<void> {
  await requireUpload(deps, ctx, uploadId);
  await fs.promises.rm(stagingPath(deps, uploadId), { force: true });
  await deleteUpload(deps.db, ctx, uploadId);
}

/** Writes the body stream at `offset` of the staging file, refusing more than `max` bytes. */
async function writeChunk(file: string, offset: number, body: Readable, max: number): Promise<number> {
  const handle = await fs.promises.open(file, 'r+');
  let written = 0;
  try {
    for await (const piece of body) {
      const chunk = piece as Buffer;
      if (written + chunk.length > max) {
        body.destroy();
        throw badRequest(`每片不能超过 ${max} 字节，且不能超出文件大小`);
      }
      await handle.write(chunk, 0, chunk.length, offset + written);
      written += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return written;
}

/**
 * Appends one chunk at `offset`, which must be the bytes received so far (else 409 naming where to go on
 * from, and nothing is written). The last chunk finishes the upload.
 */
export async function receiveChunk(
  deps: UploadDeps,
  ctx: RequestContext,
  uploadId: string,
  offset: number,
  body: Readable | undefined,
): Promise<UploadState> {
  const { row } = await requireUpload(deps, ctx, uploadId);
  const size = Number(row.size);
  const received = Number(row.received);
  if (row.fileId) return stateOf(row, await uploadedFile(deps, ctx, row.fileId));
  if (offset !== received) {
    body?.resume();
    throw conflict(`分片位置不对：已接收 ${received} 字节，请从该位置继续上传`, 'offset');
  }
  if (!body) throw badRequest('请求体为空：请以 application/octet-stream 发送分片字节');
  const max = Math.min(UPLOAD_CHUNK_BYTES, size - received);
  const file = stagingPath(deps, uploadId);
  const written = await writeChunk(file, offset, body, max).catch(async (error: unknown) => {
    // A refused or broken chunk leaves the file as it was before it (the next write overwrites it).
    await fs.promises.truncate(file, received).catch(() => undefined);
    throw error;
  });
  if (written === 0) throw badRequest('分片是空的');
  if (!(await advanceUpload(deps.db, uploadId, received, received + written)))
    throw conflict('该分片已由另一个请求上传，请查询进度后继续', 'offset');
  const next = { ...row, received: received + written };
  if (next.received < size) return stateOf(next);
  return stateOf(next, await finish(deps, ctx, next));
}

/** Checks the staged bytes, stores them, probes a video; the session then points at the file. */
async function finish(deps: UploadDeps, ctx: RequestContext, row: UploadRecord) {
  const file = stagingPath(deps, row.id);
  const purpose = row.purpose as UploadPurpose;
  try {
    const ext = fileExtension(row.name);
    const mime = await checkedType(file, purpose, ext);
    const stored = await storeLocalFile(deps, ctx, {
      localPath: file,
      name: row.name,
      mime,
      ext: ext.slice(1),
    });
    let durationSeconds = 0;
    let posterUrl: string | null = null;
    if (purpose === 'video') {
      const info = await probeVideo(file);
      let posterFileId: number | null = null;
      if (info) {
        durationSeconds = info.durationSeconds;
        const jpg = `${file}.jpg`;
        if (await posterFrame(file, jpg, info.durationSeconds)) {
          const poster = await storeLocalFile(deps, ctx, {
            localPath: jpg,
            name: `${row.name}.jpg`,
            mime: 'image/jpeg',
            ext: 'jpg',
            isPublic: true,
          });
          posterFileId = poster.id;
          posterUrl = poster.url;
          await fs.promises.rm(jpg, { force: true });
        }
        await insertMediaFacts(deps.db, ctx, {
          fileId: stored.id,
          durationSeconds,
          posterFileId,
          width: info.width,
          height: info.height,
        });
      }
    }
    await finishUpload(deps.db, row.id, stored.id);
    return { fileId: stored.id, name: stored.name, size: stored.size, mime, durationSeconds, posterUrl };
  } catch (error) {
    await deleteUpload(deps.db, ctx, row.id);
    throw error;
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** The stored mime of a staged file whose bytes are what its extension says, else a 400. */
async function checkedType(file: string, purpose: UploadPurpose, ext: string): Promise<string> {
  const rule = UPLOAD_RULES[purpose];
  const refused = () =>
    badRequest(
      `文件内容与扩展名 ${ext || '（无）'} 不符，不是有效的${rule.label}文件，请检查后重新上传`,
      'name',
    );
  const sniffed = await fileTypeFromFile(file);
  if (ext === '.txt') {
    if (sniffed || !(await isUtf8TextFile(file))) throw refused();
    return STORED_MIME['.txt']!;
  }
  const allowed = MAGIC[ext];
  if (!sniffed || !allowed?.includes(sniffed.mime)) throw refused();
  return STORED_MIME[ext] ?? sniffed.mime;
}

async function isUtf8TextFile(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    try {
      // A multi-byte character cut at the end of the sample is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, bytesRead - 4)));
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}
