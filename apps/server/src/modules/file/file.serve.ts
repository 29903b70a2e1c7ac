import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../core/storage';
import { notFound } from '../../core/http';
import { servedAs } from './file.types';

/** A single byte range of a file of `size` bytes (inclusive ends), as asked by a Range header. */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads `Range: bytes=…` for a file of `size` bytes: `a-b`, `a-` and the suffix `-n`. Several ranges or a
 * malformed header are answered with the whole file (RFC 9110 lets a server ignore Range); a range that
 * starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}

/**
 * Streams a stored file (never buffered whole) with range support: 200 with Accept-Ranges, 206 with
 * Content-Range for one range, 416 for a range past the end, 304 for a matching If-None-Match. ETag and
 * Last-Modified come from the storage (keys are immutable: a key's bytes never change).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: { key: string; name: string; mime: string },
  cacheControl: string,
): Promise<FastifyReply> {
  const stat = await storage.stat(file.key);
  if (!stat) throw notFound('文件不存在');
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const { type, disposition } = servedAs(file.mime);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', new Date(stat.mtimeMs).toUTCString())
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // If-Range with another validator: the file changed, send it whole.
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, stat.size);
  if (range.kind === 'unsatisfiable')
    return reply.code(416).header('Content-Range', `bytes */${stat.size}`).type(type).send();
  if (request.method === 'HEAD') {
    return reply.type(type).header('Content-Length', stat.size).send();
  }
  if (range.kind === 'part') {
    const stream = await storage.readStream(file.key, range);
    return reply
      .code(206)
      .type(type)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(stream);
  }
  if (stat.size === 0) return reply.type(type).header('Content-Length', 0).send(Buffer.alloc(0));
  const stream = await storage.readStream(file.key);
  return reply.type(type).header('Content-Length', stat.size).send(stream);
}
