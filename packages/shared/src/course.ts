/**
 * Course rules shared by the server (which decides) and the web (which shows): what a learner's video
 * progress report is credited with, when a section counts as completed, which sections are unlocked.
 * Issue 17; docs/decisions.md "Courses".
 */

export const COURSE_KINDS = ['required', 'elective'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];
export const COURSE_KIND_LABELS: Record<CourseKind, string> = { required: '必修', elective: '选修' };

export const COURSE_STATUSES = ['draft', 'open', 'closed'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  draft: '未发布',
  open: '已开课',
  closed: '已关闭',
};

export const COURSE_ENROLMENTS = ['assigned', 'open'] as const;
export type CourseEnrolment = (typeof COURSE_ENROLMENTS)[number];
export const COURSE_ENROLMENT_LABELS: Record<CourseEnrolment, string> = {
  assigned: '指定学员',
  open: '全员可选',
};

export const SECTION_KINDS = ['video', 'datum', 'live', 'exam'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];
export const SECTION_KIND_LABELS: Record<SectionKind, string> = {
  video: '视频',
  datum: '文档',
  live: '直播',
  exam: '考试',
};

export const MEMBER_SOURCES = ['department', 'staff', 'tag', 'self'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export const LIVE_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = {
  scheduled: '未开始',
  live: '直播中',
  ended: '已结束',
};

/** Default share of a video to watch before its section is completed (percent). */
export const DEFAULT_COMPLETE_PERCENT = 90;
/** The player reports progress this often (seconds). */
export const PROGRESS_REPORT_SECONDS = 10;
/** Fastest playback rate credited (the player offers up to 2×). */
export const MAX_PLAYBACK_RATE = 2;
/** Seconds of slack per report for network and timer jitter. */
export const PROGRESS_SLACK_SECONDS = 3;

/** Upload limits per purpose (bytes) and the accepted file extensions. */
export const UPLOAD_RULES = {
  video: { maxBytes: 2 * 1024 * 1024 * 1024, extensions: ['.mp4', '.webm', '.m4v', '.mov'], label: '视频' },
  datum: {
    maxBytes: 200 * 1024 * 1024,
    extensions: [
      '.pdf',
      '.png',
      '.jpg',
      '.jpeg',
      '.gif',
      '.webp',
      '.doc',
      '.docx',
      '.xls',
      '.xlsx',
      '.ppt',
      '.pptx',
      '.txt',
      '.zip',
    ],
    label: '文档',
  },
  image: {
    maxBytes: 10 * 1024 * 1024,
    extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
    label: '图片',
  },
} as const;
export type UploadPurpose = keyof typeof UPLOAD_RULES;
/** Chunk size of a resumable upload (the last chunk may be shorter). */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/** Watched parts of a video as sorted, disjoint [start, end] second intervals. */
export type WatchedRanges = [number, number][];

/** What the server holds of a learner's progress in one video section. */
export interface VideoProgressState {
  positionSeconds: number;
  ranges: WatchedRanges;
  /** When the last report arrived (ms since epoch), or null before the first. */
  lastReportAt: number | null;
}

/**
 * One report from the player: it played continuously from `fromSeconds` to `positionSeconds` since the
 * last report (a seek starts a new segment, so `fromSeconds` is where playback resumed after it).
 */
export interface VideoProgressReport {
  fromSeconds: number;
  positionSeconds: number;
}

export interface VideoCreditOptions {
  durationSeconds: number;
  /** Server clock at the report (ms since epoch). */
  now: number;
  /** The course forbids seeking past the furthest point watched. */
  noSkip: boolean;
}

export interface VideoCreditResult {
  state: VideoProgressState;
  /** Seconds of video newly counted as watched by this report. */
  credited: number;
  /** With no-skip: the segment started past the watched frontier; the player is sent back to the frontier. */
  rejectedJump: boolean;
}

/** Adds [start, end] to sorted disjoint ranges, merging what touches. */
export function mergeRange(ranges: WatchedRanges, start: number, end: number): WatchedRanges {
  if (end <= start) return ranges;
  const out: WatchedRanges = [];
  let [s, e] = [start, end];
  let placed = false;
  for (const [a, b] of ranges) {
    if (b < s) out.push([a, b]);
    else if (a > e) {
      if (!placed) {
        out.push([s, e]);
        placed = true;
      }
      out.push([a, b]);
    } else {
      s = Math.min(s, a);
      e = Math.max(e, b);
    }
  }
  if (!placed) out.push([s, e]);
  return out;
}

/** Seconds covered by the ranges. */
export function watchedSeconds(ranges: WatchedRanges): number {
  return ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
}

/** The furthest point reached by watching from the start without a gap (what no-skip lets a learner seek to). */
export function watchedFrontier(ranges: WatchedRanges): number {
  const first = ranges[0];
  return first && first[0] <= PROGRESS_SLACK_SECONDS ? first[1] : 0;
}

/**
 * Credits a progress report without trusting the client's claim: the segment played is cut to the
 * wall-clock time since the previous report times the fastest playback rate (plus a little slack), and
 * the first report credits nothing (it only starts the clock). Watching the same part twice counts once,
 * so completion needs the given share of the video actually covered; a forged jump moves the resume
 * position but credits nothing. With no-skip, a segment starting past the watched frontier is refused and
 * the position reset to the frontier.
 */
export function creditVideoProgress(
  prev: VideoProgressState,
  report: VideoProgressReport,
  options: VideoCreditOptions,
): VideoCreditResult {
  const duration = Math.max(0, Math.floor(options.durationSeconds));
  const cap = duration > 0 ? duration : Number.MAX_SAFE_INTEGER;
  const clamp = (value: number) => Math.min(Math.max(0, Math.floor(Number.isFinite(value) ? value : 0)), cap);
  const from = clamp(report.fromSeconds);
  const position = clamp(report.positionSeconds);
  const frontier = watchedFrontier(prev.ranges);
  if (
    options.noSkip &&
    Math.max(from, position) > frontier + PROGRESS_SLACK_SECONDS + allowanceOf(prev, options.now)
  ) {
    return {
      state: { positionSeconds: frontier, ranges: prev.ranges, lastReportAt: options.now },
      credited: 0,
      rejectedJump: true,
    };
  }
  const end = Math.min(position, from + Math.floor(allowanceOf(prev, options.now)));
  const ranges = mergeRange(prev.ranges, from, end);
  return {
    state: { positionSeconds: position, ranges, lastReportAt: options.now },
    credited: watchedSeconds(ranges) - watchedSeconds(prev.ranges),
    rejectedJump: false,
  };
}

/** Seconds of video that can honestly have played since the previous report. */
function allowanceOf(prev: VideoProgressState, now: number): number {
  if (prev.lastReportAt === null) return 0;
  const elapsed = Math.max(0, (now - prev.lastReportAt) / 1000);
  return elapsed * MAX_PLAYBACK_RATE + PROGRESS_SLACK_SECONDS;
}

/** Whether a video section is completed: the watched share reaches the course's completion percent. */
export function videoCompleted(
  watchedSeconds: number,
  durationSeconds: number,
  completePercent: number,
): boolean {
  if (durationSeconds <= 0) return false;
  return watchedSeconds * 100 >= durationSeconds * completePercent;
}

/** Share of a live class's planned minutes a learner attends before its section counts as completed (percent). */
export const LIVE_ATTEND_PERCENT = 50;

/** Whether attending `seconds` of a live class planned for `liveMinutes` completes its section. */
export function liveAttended(seconds: number, liveMinutes: number | null): boolean {
  if (!liveMinutes || liveMinutes <= 0) return false;
  return seconds * 100 >= liveMinutes * 60 * LIVE_ATTEND_PERCENT;
}

/** A course's progress in percent (completed sections ÷ sections, rounded down; 100 only when all are done). */
export function courseProgressPercent(completedSections: number, totalSections: number): number {
  if (totalSections <= 0) return 0;
  return Math.floor((Math.min(completedSections, totalSections) * 100) / totalSections);
}

/**
 * Which sections (in course order) a learner may open: a section that requires the previous one is
 * locked until the section before it is completed.
 */
export function unlockedSections(
  sections: readonly { id: number; requiresPrevious: boolean }[],
  completed: ReadonlySet<number>,
): Set<number> {
  const open = new Set<number>();
  sections.forEach((section, index) => {
    const before = sections[index - 1];
    if (!section.requiresPrevious || !before || completed.has(before.id)) open.add(section.id);
  });
  return open;
}

/** Average rating with one decimal (§9), or null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** The extension of a file name, lower case with the dot ('' when none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** Why an upload is refused (a Chinese message naming the field), or null when it is accepted. */
export function uploadProblem(purpose: UploadPurpose, name: string, size: number): string | null {
  const rule = UPLOAD_RULES[purpose];
  const ext = fileExtension(name);
  if (!(rule.extensions as readonly string[]).includes(ext)) {
    return `${rule.label}文件格式不支持，请上传 ${rule.extensions.join('、')} 格式`;
  }
  if (size <= 0) return `${rule.label}文件是空的`;
  if (size > rule.maxBytes) return `${rule.label}文件不能超过 ${formatBytes(rule.maxBytes)}`;
  return null;
}

/** Bytes as people read them: 512 B, 1.5 MB, 2 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Math.round(value * 10) / 10} ${units[unit]}`;
}
