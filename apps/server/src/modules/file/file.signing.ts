import crypto from 'node:crypto';

/**
 * Signed media URLs. A <video> element or pdf.js cannot send the Authorization header, so a private file
 * a learner may see (a course video, a document) is handed out as `/api/files/<key>?expires=<unix s>&sig=…`:
 * an HMAC-SHA256 over the key and the expiry with a key derived from the server secret (JWT_SECRET or the
 * generated one, shared by every instance). The signature is bound to that one key, so the URL opens that
 * file only, until it expires; nothing else about the organisation's files can be read from it.
 */

/** Signing keys of this process: the newest signs, any verifies (test processes build several apps). */
const keys: Buffer[] = [];

/** Derives the URL-signing key from the server secret (called once when the file routes are registered). */
export function useFileSigningSecret(serverSecret: string): void {
  const key = crypto.createHmac('sha256', serverSecret).update('kaopei:file-url:v1').digest();
  if (!keys.some((k) => k.equals(key))) keys.push(key);
}

function signature(key: Buffer, fileKey: string, expires: number): string {
  return crypto.createHmac('sha256', key).update(`${fileKey}\n${expires}`).digest('base64url');
}

/** Default lifetime of a signed media URL: long enough to watch a long lecture without a new URL. */
export const SIGNED_URL_TTL_SECONDS = 4 * 3600;

/**
 * A URL that serves the stored file `file.key` without a token for `ttlSeconds`. The expiry is rounded up
 * to the minute so that repeated calls give the same URL (the browser's cache keeps working).
 */
export function signedFileUrl(
  file: { key: string },
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
  now = Date.now(),
): string {
  const signer = keys.at(-1);
  if (!signer) throw new Error('file URL signing is not configured (useFileSigningSecret)');
  const expires = Math.ceil((now / 1000 + ttlSeconds) / 60) * 60;
  return `/api/files/${file.key}?expires=${expires}&sig=${signature(signer, file.key, expires)}`;
}

/** Whether `expires`/`sig` from a URL are a valid, unexpired signature of `fileKey`. */
export function verifySignedFile(
  fileKey: string,
  expires: unknown,
  sig: unknown,
  now = Date.now(),
): { ok: true; expires: number } | { ok: false } {
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires))
    return { ok: false };
  const at = Number(expires);
  if (at * 1000 <= now) return { ok: false };
  const given = Buffer.from(sig);
  for (const key of keys) {
    const expected = Buffer.from(signature(key, fileKey, at));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given))
      return { ok: true, expires: at };
  }
  return { ok: false };
}
