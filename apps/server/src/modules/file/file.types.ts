import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload may be, judged from its bytes (never from the name or the client's Content-Type), and
 * how a stored file is served. Only images, video, audio and PDF are shown inline; SVG never (it runs
 * script), nor HTML or anything else a browser would execute.
 */

export type UploadPurpose = 'publicImage' | 'attachment';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const ATTACHMENT_TYPES = new Set([
  ...IMAGE_TYPES,
  'image/bmp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/mp4',
  'application/pdf',
  'application/zip',
  'application/x-rar-compressed',
  'application/x-7z-compressed',
  'application/x-cfb', // .doc, .xls, .ppt
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** Text of any kind (HTML, SVG and scripts included) is kept, but only ever as plain text to download. */
const PLAIN_TEXT = { mime: 'text/plain; charset=utf-8', ext: 'txt' };

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The real type of uploaded bytes if `purpose` allows it: public images are PNG, JPEG, GIF or WebP;
 * attachments are the allow-listed types above, or UTF-8 text stored as plain text.
 */
export async function allowedUploadType(
  data: Buffer,
  purpose: UploadPurpose,
): Promise<{ mime: string; ext: string } | undefined> {
  const sniffed = await fileTypeFromBuffer(data);
  if (purpose === 'publicImage') return sniffed && IMAGE_TYPES.has(sniffed.mime) ? sniffed : undefined;
  if (sniffed && ATTACHMENT_TYPES.has(sniffed.mime)) return sniffed;
  if ((!sniffed || sniffed.mime === 'application/xml') && isUtf8Text(data)) return PLAIN_TEXT;
  return undefined;
}

const INLINE = (mime: string) =>
  IMAGE_TYPES.has(mime) ||
  mime === 'image/bmp' ||
  mime === 'application/pdf' ||
  /^(video|audio)\/[\w.+-]+$/.test(mime);

/**
 * How a stored file goes out: images, video, audio and PDF inline with their type; plain text and the
 * other allow-listed types as an attachment; anything else (files stored before sniffing with a client's
 * text/html, image/svg+xml …) as an attachment of application/octet-stream.
 */
export function servedAs(mime: string): { type: string; disposition: 'inline' | 'attachment' } {
  if (INLINE(mime)) return { type: mime, disposition: 'inline' };
  if (ATTACHMENT_TYPES.has(mime) || mime === PLAIN_TEXT.mime)
    return { type: mime, disposition: 'attachment' };
  return { type: 'application/octet-stream', disposition: 'attachment' };
}
