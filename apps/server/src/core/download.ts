import type { FastifyReply } from 'fastify';

/** A generated file on its way to the browser. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** `attachment` Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** yyyyMMdd in China time, for file names. */
export function dateStamp(date = new Date()): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 10).replace(/-/g, '');
}

/** Sends a generated file as a download with a UTF-8 file name. */
export function sendDownload(reply: FastifyReply, file: DownloadFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'no-store')
    .send(file.data);
}
