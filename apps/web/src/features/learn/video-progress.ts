import { PROGRESS_SLACK_SECONDS } from '@kaopei/shared';

/**
 * What the player reports to the server (issue 17): continuous segments of playback. The server
 * (creditVideoProgress) is the judge of what counts; this only describes honestly what played, keeps
 * the resume position, and — with no-skip — keeps the seek bar from passing the watched frontier.
 */

export interface SegmentReport {
  fromSeconds: number;
  positionSeconds: number;
}

export class VideoProgressTracker {
  /** Where the current continuous segment began. */
  private segmentStart: number;
  /** The last position seen while playing (the end of the current segment). */
  private position: number;
  /** How far the learner may seek with no-skip: the server's frontier, extended by what plays on from it. */
  private frontierSeconds: number;

  constructor(
    startSeconds: number,
    frontier: number,
    readonly noSkip: boolean,
  ) {
    this.segmentStart = startSeconds;
    this.position = startSeconds;
    this.frontierSeconds = frontier;
  }

  get frontier(): number {
    return this.frontierSeconds;
  }

  get currentPosition(): number {
    return this.position;
  }

  /** Playback (re)starts at `at`: a report of an empty segment starts the server's clock. */
  play(at: number): SegmentReport {
    this.segmentStart = at;
    this.position = at;
    return { fromSeconds: at, positionSeconds: at };
  }

  /** The player's time moved on while playing. */
  advance(to: number): void {
    if (to < this.position) return;
    // Watching on from within the frontier extends it (as the server's contiguous-from-start rule does).
    if (this.segmentStart <= this.frontierSeconds + PROGRESS_SLACK_SECONDS && to > this.frontierSeconds) {
      this.frontierSeconds = to;
    }
    this.position = to;
  }

  /** The segment played since the last report; the next one continues from here. */
  flush(): SegmentReport {
    const report = { fromSeconds: this.segmentStart, positionSeconds: this.position };
    this.segmentStart = this.position;
    return report;
  }

  /**
   * The learner seeks to `target`: where the player may go (the frontier with no-skip). The segment
   * before the seek is returned for reporting; a new one starts at the allowed position.
   */
  seek(target: number): { allowed: number; refused: boolean; report: SegmentReport } {
    const report = this.flush();
    const refused = this.noSkip && target > this.frontierSeconds + 1;
    const allowed = refused ? this.frontierSeconds : target;
    this.segmentStart = allowed;
    this.position = allowed;
    return { allowed, refused, report };
  }

  /** The server's answer: its frontier is authoritative; a refused jump puts the player back. */
  accept(result: { frontier: number; positionSeconds: number; rejectedJump: boolean }): number | null {
    if (!result.rejectedJump) {
      this.frontierSeconds = Math.max(this.frontierSeconds, result.frontier);
      return null;
    }
    this.frontierSeconds = result.frontier;
    this.segmentStart = result.positionSeconds;
    this.position = result.positionSeconds;
    return result.positionSeconds;
  }
}

/** 1:05, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** 学时: '45 分钟', '1 小时 30 分钟'. */
export function formatMinutes(minutes: number): string {
  if (minutes <= 0) return '—';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} 分钟`;
  return m === 0 ? `${h} 小时` : `${h} 小时 ${m} 分钟`;
}
