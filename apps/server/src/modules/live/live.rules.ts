import crypto from 'node:crypto';
import { LIVE_HEARTBEAT_SECONDS } from '@kaopei/shared/contracts/live';

/**
 * Rules of live classes that only the server applies: attendance credit from heartbeats, the signed HLS
 * path, the nginx-rtmp callback secret and stream keys.
 */

/** Most seconds one heartbeat credits: the heartbeat interval plus a little slack for timers and network. */
export const ATTENDANCE_MAX_CREDIT = LIVE_HEARTBEAT_SECONDS + 5;
/** Silence longer than this means the learner left: the heartbeat after it only rejoins (credits nothing). */
export const ATTENDANCE_GAP_SECONDS = LIVE_HEARTBEAT_SECONDS * 2;

/**
 * Seconds of presence a heartbeat at `nowMs` credits after the previous one at `lastSeenMs`: the real time
 * elapsed, at most one interval (plus slack), nothing after a long silence. Heartbeats sent faster (a
 * forged client, two tabs) share the same wall clock, so presence never exceeds the time that passed.
 */
export function attendanceCredit(lastSeenMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - lastSeenMs) / 1000);
  if (!Number.isFinite(elapsed) || elapsed <= 0 || elapsed > ATTENDANCE_GAP_SECONDS) return 0;
  return Math.min(elapsed, ATTENDANCE_MAX_CREDIT);
}

/** A new random stream key (32 hex characters): the secret part of the push URL. */
export function newStreamKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Stream keys are hex; anything else nginx passes is refused before a query. */
export const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The secret nginx-rtmp's callback URLs carry (`?secret=`): LIVE_CALLBACK_SECRET, or derived from the JWT
 * secret. scripts/live-server.mjs derives it the same way, so neither side needs it configured.
 */
export function callbackSecret(config: { jwtSecret: string; live: { callbackSecret?: string } }): string {
  return (
    config.live.callbackSecret ??
    crypto.createHmac('sha256', config.jwtSecret).update('kaopei:live-callback:v1').digest('base64url')
  );
}

/** Compares secrets in constant time. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** How long a signed HLS path plays (the room hands out a new one on every load). */
export const HLS_TOKEN_TTL_SECONDS = 6 * 3600;

function hlsSignature(jwtSecret: string, sectionId: number, expires: number): string {
  const key = crypto.createHmac('sha256', jwtSecret).update('kaopei:live-hls:v1').digest();
  return crypto.createHmac('sha256', key).update(`${sectionId}.${expires}`).digest('base64url');
}

/**
 * The path segment that lets a player fetch one live class's playlist and fragments until it expires:
 * `<sectionId>.<expires>.<signature>`. A path segment (not a query) so the playlist's relative fragment
 * names resolve under it; Safari's native HLS, which cannot send headers, plays it too.
 */
export function hlsToken(jwtSecret: string, sectionId: number, nowMs = Date.now()): string {
  const expires = Math.ceil((nowMs / 1000 + HLS_TOKEN_TTL_SECONDS) / 60) * 60;
  return `${sectionId}.${expires}.${hlsSignature(jwtSecret, sectionId, expires)}`;
}

/** The section a valid, unexpired token names, or null. */
export function verifyHlsToken(jwtSecret: string, token: string, nowMs = Date.now()): number | null {
  const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  const sectionId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= nowMs) return null;
  return sameSecret(match[3], hlsSignature(jwtSecret, sectionId, expires)) ? sectionId : null;
}

/** The files of an HLS stream that may be served: the playlist and numbered fragments (hls_nested). */
export const HLS_FILE_PATTERN = /^(index\.m3u8|\d{1,10}\.ts)$/;
