import { execFile } from 'node:child_process';
import fs from 'node:fs';

/**
 * Video facts read with ffmpeg (Debian package `ffmpeg`: ffprobe and ffmpeg on PATH). Without it, uploads
 * still work: the duration is 0 (the video's completion then waits for the player to report it) and no
 * poster is made. The programs can be pointed elsewhere with FFMPEG_PATH / FFPROBE_PATH.
 */

const FFPROBE = () => process.env.FFPROBE_PATH || 'ffprobe';
const FFMPEG = () => process.env.FFMPEG_PATH || 'ffmpeg';
/** A probe or a poster frame that takes longer than this is given up (a broken or hostile file). */
const TIMEOUT_MS = 20_000;

export interface VideoInfo {
  durationSeconds: number;
  width: number;
  height: number;
}

function run(cmd: string, args: string[]): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout) =>
      resolve({ ok: !error, stdout: String(stdout) }),
    );
  });
}

let available: Promise<boolean> | undefined;

/** Whether ffmpeg and ffprobe can be run (asked once per process). */
export function hasFfmpeg(): Promise<boolean> {
  available ??= Promise.all([run(FFPROBE(), ['-version']), run(FFMPEG(), ['-version'])]).then(
    ([probe, mpeg]) => probe.ok && mpeg.ok,
  );
  return available;
}

/** Duration (whole seconds, rounded) and size of a local video file; null without ffmpeg or when it is no video. */
export async function probeVideo(localPath: string): Promise<VideoInfo | null> {
  if (!(await hasFfmpeg())) return null;
  const { ok, stdout } = await run(FFPROBE(), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,duration:format=duration',
    '-of',
    'json',
    localPath,
  ]);
  if (!ok) return null;
  try {
    const parsed = JSON.parse(stdout) as {
      streams?: { width?: number; height?: number; duration?: string }[];
      format?: { duration?: string };
    };
    const stream = parsed.streams?.[0];
    if (!stream?.width || !stream.height) return null;
    const duration = Number(parsed.format?.duration ?? stream.duration ?? 0);
    return {
      durationSeconds: Number.isFinite(duration) ? Math.max(0, Math.round(duration)) : 0,
      width: stream.width,
      height: stream.height,
    };
  } catch {
    return null;
  }
}

/**
 * Writes a JPEG poster frame of a local video to `outPath` (a frame at 10 % of the video, at most 5 s in,
 * scaled to at most 640 px wide). False without ffmpeg or when no frame could be read.
 */
export async function posterFrame(localPath: string, outPath: string, durationSeconds = 0): Promise<boolean> {
  if (!(await hasFfmpeg())) return false;
  const at = Math.min(5, Math.max(0, durationSeconds * 0.1));
  const { ok } = await run(FFMPEG(), [
    '-v',
    'error',
    '-y',
    '-ss',
    at.toFixed(2),
    '-i',
    localPath,
    '-frames:v',
    '1',
    '-vf',
    "scale='min(640,iw)':-2",
    '-q:v',
    '4',
    '-f',
    'image2',
    outPath,
  ]);
  if (!ok) return false;
  try {
    return (await fs.promises.stat(outPath)).size > 0;
  } catch {
    return false;
  }
}
