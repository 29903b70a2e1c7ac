import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../core/deps';
import { forbidden, notFound } from '../../core/http';
import { hasFfmpeg, posterFrame, probeVideo } from '../../core/media';
import { storeLocalFile } from '../file/file.service';
import { HLS_FILE_PATTERN, STREAM_KEY_PATTERN, verifyHlsToken } from './live.rules';
import { setRecording } from './live.repo';
import { sectionById, sectionByKey, setStatus, type LiveSection } from './live.service';

/**
 * The media side of live classes: nginx-rtmp's callbacks (publish → live, publish done → ended, record
 * done → the recording converted to MP4 and attached to the section), and HLS served to the room.
 *
 * nginx-rtmp (scripts/live-server.mjs) writes HLS into <live dir>/hls/<stream key>/ (hls_nested: fragments
 * are named 0.ts, 1.ts … so the playlist never shows the key) and records every push into
 * <live dir>/rec/<stream key>-<unix time>.flv. Neither directory is served by nginx: the app serves the
 * HLS of a live section under a signed path (live.rules.ts hlsToken).
 */

export const hlsDir = (deps: Deps) => path.join(deps.config.live.dir, 'hls');
export const recordingDir = (deps: Deps) => path.join(deps.config.live.dir, 'rec');

// ---------------------------------------------------------------------------------------------------------
// Callbacks
// ---------------------------------------------------------------------------------------------------------

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** nginx-rtmp runs beside the app: a callback from anywhere else is refused, whatever it carries. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.has(address);
}

async function keySection(deps: Deps, key: string): Promise<LiveSection | undefined> {
  if (!STREAM_KEY_PATTERN.test(key)) return undefined;
  return sectionByKey(deps.db, key);
}

/** on_publish: a known key of a course that is not closed starts the class; anything else is refused. */
export async function onPublish(deps: Deps, key: string): Promise<void> {
  const section = await keySection(deps, key);
  if (!section || section.courseStatus === 'closed') throw forbidden('推流码无效');
  await setStatus(deps, section.id, 'live');
}

/** on_publish_done: the push ended, so did the class (a new push with the same key resumes it). */
export async function onPublishDone(deps: Deps, key: string): Promise<void> {
  const section = await keySection(deps, key);
  if (!section || section.status !== 'live') return;
  await setStatus(deps, section.id, 'ended');
}

// ---------------------------------------------------------------------------------------------------------
// Recordings
// ---------------------------------------------------------------------------------------------------------

/** Conversions run one at a time per instance (ffmpeg is heavy); tests wait for them with settled(). */
const chains = new WeakMap<Deps, Promise<unknown>>();

/** Resolves when every recording conversion queued so far on this app has finished. */
export function recordingsSettled(deps: Deps): Promise<unknown> {
  return chains.get(deps) ?? Promise.resolve();
}

/**
 * on_record_done: converts the section's recordings into one MP4 in the background (the callback answers
 * at once). `flvPath` must lie in the recording directory; every part recorded with the key (a teacher
 * who reconnected pushed several) is joined in time order.
 */
export function onRecordDone(deps: Deps, key: string, flvPath: string | undefined, log: Logger): void {
  const dir = path.resolve(recordingDir(deps));
  if (flvPath !== undefined && !path.resolve(flvPath).startsWith(dir + path.sep))
    throw forbidden('录制文件不在录制目录中');
  const previous = chains.get(deps) ?? Promise.resolve();
  const next = previous
    .then(() => attachRecording(deps, key, log))
    .catch((error: unknown) => log.error({ err: error }, 'live recording conversion failed'));
  chains.set(deps, next);
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

function run(cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    // A long class re-encoded can take a while; a stuck ffmpeg is stopped after three hours.
    execFile(cmd, args, { timeout: 3 * 3600_000, maxBuffer: 4 * 1024 * 1024 }, (error) => resolve(!error));
  });
}

const FFMPEG = () => process.env.FFMPEG_PATH || 'ffmpeg';

/** The FLV parts recorded with `key`, oldest first (record_unique names them <key>-<unix time>.flv). */
export async function recordedParts(deps: Deps, key: string): Promise<string[]> {
  const dir = recordingDir(deps);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(`${key}-`) && name.endsWith('.flv'))
    .sort((a, b) => Number(a.slice(key.length + 1, -4)) - Number(b.slice(key.length + 1, -4)))
    .map((name) => path.join(dir, name));
}

/**
 * Joins the key's FLV parts into an MP4 (streams copied, moov atom first for progressive playback;
 * re-encoded to H.264/AAC only when copying fails), stores it through the storage adapter, probes its
 * length, makes a poster frame, and sets them on the live section: the section then plays its recording
 * like a video section. Returns the new file id, or null when there is nothing to convert or no ffmpeg.
 */
export async function attachRecording(deps: Deps, key: string, log: Logger): Promise<number | null> {
  const section = await keySection(deps, key);
  if (!section) return null;
  const parts = (await recordedParts(deps, key)).filter((part) => fs.statSync(part).size > 0);
  if (parts.length === 0) return null;
  if (!(await hasFfmpeg())) {
    log.warn({ sectionId: section.id }, 'live recording kept as FLV: ffmpeg is not installed');
    return null;
  }
  const work = await fs.promises.mkdtemp(path.join(deps.config.live.dir, 'convert-'));
  try {
    const list = path.join(work, 'parts.txt');
    await fs.promises.writeFile(list, parts.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n'));
    const out = path.join(work, 'recording.mp4');
    const input = ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list];
    const copied = await run(FFMPEG(), [...input, '-c', 'copy', '-movflags', '+faststart', out]);
    const converted =
      copied ||
      (await run(FFMPEG(), [
        ...input,
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-movflags', '+faststart', out],
      ]));
    const info = converted ? await probeVideo(out) : null;
    if (!info) {
      log.error({ sectionId: section.id }, 'live recording could not be converted to MP4');
      return null;
    }
    const ctx = { organizationId: section.organizationId, userId: section.createdBy };
    const stored = await storeLocalFile(deps, ctx, {
      localPath: out,
      name: `${section.title}（回放）.mp4`,
      mime: 'video/mp4',
      ext: 'mp4',
    });
    const poster = path.join(work, 'poster.jpg');
    const posterFile = (await posterFrame(out, poster, info.durationSeconds))
      ? await storeLocalFile(deps, ctx, {
          localPath: poster,
          name: `${section.title}.jpg`,
          mime: 'image/jpeg',
          ext: 'jpg',
          isPublic: true,
        })
      : null;
    await setRecording(deps.db, section.id, {
      fileId: stored.id,
      durationSeconds: info.durationSeconds,
      posterFileId: posterFile?.id ?? null,
    });
    log.info({ sectionId: section.id, parts: parts.length }, 'live recording attached');
    return stored.id;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// HLS
// ---------------------------------------------------------------------------------------------------------

/** Section lookups of the HLS path, a few seconds old at most (every viewer fetches every 2 s). */
const hlsSections = new LRUCache<string, { key: string | null; live: boolean }>({ max: 5000, ttl: 3000 });

/**
 * Serves one file of a live section's HLS stream to a holder of a valid signed path. Only while the
 * section is live; the key never leaves the server (the directory is found from the section).
 */
export async function serveHls(deps: Deps, token: string, file: string, reply: FastifyReply) {
  const sectionId = verifyHlsToken(deps.config.jwtSecret, token);
  if (sectionId === null || !HLS_FILE_PATTERN.test(file)) throw notFound('直播未开始或已结束');
  const cacheKey = `${deps.config.live.dir}:${sectionId}`;
  let state = hlsSections.get(cacheKey);
  if (!state) {
    const section = await sectionById(deps.db, sectionId);
    state = { key: section?.streamKey ?? null, live: section?.status === 'live' };
    hlsSections.set(cacheKey, state);
  }
  if (!state.live || !state.key || !STREAM_KEY_PATTERN.test(state.key)) throw notFound('直播未开始或已结束');
  const data = await fs.promises.readFile(path.join(hlsDir(deps), state.key, file)).catch(() => null);
  if (!data) throw notFound('直播画面尚未就绪');
  const playlist = file.endsWith('.m3u8');
  return reply
    .type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
    .header('Cache-Control', playlist ? 'no-cache' : 'private, max-age=60')
    .send(data);
}
