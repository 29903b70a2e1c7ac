import crypto from 'node:crypto';

/**
 * The external report link (/report?token=…) for a hiring manager outside the system: the application
 * id and an expiry, signed with HMAC-SHA256 under a key derived from the server secret. Nothing is
 * stored; the link opens that one application's report until it expires.
 */

const keys: Buffer[] = [];

export function useReportSigningSecret(serverSecret: string): void {
  const key = crypto.createHmac('sha256', serverSecret).update('kaopei:recruit-report:v1').digest();
  if (!keys.some((k) => k.equals(key))) keys.push(key);
}

const signature = (key: Buffer, applicationId: number, expires: number) =>
  crypto.createHmac('sha256', key).update(`${applicationId}\n${expires}`).digest('base64url');

export function signReport(applicationId: number, expiresAt: number): string {
  const key = keys.at(-1);
  if (!key) throw new Error('report signing is not configured');
  const expires = Math.floor(expiresAt / 1000);
  return `${applicationId}.${expires}.${signature(key, applicationId, expires)}`;
}

/** The application a token names, while it is valid; null for a forged, altered or expired one. */
export function verifyReport(
  token: string,
  now = Date.now(),
): { applicationId: number; expiresAt: number } | null {
  const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const applicationId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now) return null;
  const given = Buffer.from(match[3] ?? '');
  for (const key of keys) {
    const expected = Buffer.from(signature(key, applicationId, expires));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given))
      return { applicationId, expiresAt: expires * 1000 };
  }
  return null;
}
