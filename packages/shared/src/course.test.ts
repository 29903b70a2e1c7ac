import { describe, expect, it } from 'vitest';
import {
  averageRating,
  courseProgressPercent,
  creditVideoProgress,
  fileExtension,
  liveAttended,
  mergeRange,
  unlockedSections,
  uploadProblem,
  videoCompleted,
  watchedFrontier,
  watchedSeconds,
  type VideoProgressState,
} from './course';

const T0 = 1_700_000_000_000;
const fresh: VideoProgressState = { positionSeconds: 0, ranges: [], lastReportAt: null };
const opts = (now: number, noSkip = false) => ({ durationSeconds: 100, now, noSkip });

describe('creditVideoProgress', () => {
  it('credits nothing on the first report: it only starts the clock', () => {
    const r = creditVideoProgress(fresh, { fromSeconds: 0, positionSeconds: 10 }, opts(T0));
    expect(r.credited).toBe(0);
    expect(r.state.lastReportAt).toBe(T0);
    expect(r.state.positionSeconds).toBe(10);
  });

  it('credits the segment played when the clock allows it', () => {
    const prev = { positionSeconds: 0, ranges: [], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 0, positionSeconds: 10 }, opts(T0 + 10_000));
    expect(r.credited).toBe(10);
    expect(r.state.ranges).toEqual([[0, 10]]);
  });

  it('cuts a forged long segment to what the wall clock allows (2× rate plus 3 s slack)', () => {
    const prev = { positionSeconds: 0, ranges: [], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 0, positionSeconds: 100 }, opts(T0 + 10_000));
    expect(r.credited).toBe(23);
    expect(videoCompleted(watchedSeconds(r.state.ranges), 100, 90)).toBe(false);
  });

  it('a jump to the end moves the resume position but credits nothing (no-skip off)', () => {
    const prev = { positionSeconds: 10, ranges: [[0, 10]] as [number, number][], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 99, positionSeconds: 100 }, opts(T0 + 1_000));
    expect(r.state.positionSeconds).toBe(100);
    expect(r.credited).toBe(1);
    expect(r.rejectedJump).toBe(false);
  });

  it('with no-skip refuses a segment past the frontier and sends the player back to it', () => {
    const prev = { positionSeconds: 10, ranges: [[0, 10]] as [number, number][], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 60, positionSeconds: 70 }, opts(T0 + 10_000, true));
    expect(r.rejectedJump).toBe(true);
    expect(r.credited).toBe(0);
    expect(r.state.positionSeconds).toBe(10);
    expect(r.state.ranges).toEqual([[0, 10]]);
  });

  it('with no-skip accepts watching on from the frontier', () => {
    const prev = { positionSeconds: 10, ranges: [[0, 10]] as [number, number][], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 10, positionSeconds: 20 }, opts(T0 + 10_000, true));
    expect(r.rejectedJump).toBe(false);
    expect(r.state.ranges).toEqual([[0, 20]]);
  });

  it('watching the same part twice counts once', () => {
    const prev = { positionSeconds: 10, ranges: [[0, 10]] as [number, number][], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: 0, positionSeconds: 10 }, opts(T0 + 10_000));
    expect(r.credited).toBe(0);
    expect(watchedSeconds(r.state.ranges)).toBe(10);
  });

  it('clamps positions to the duration and ignores garbage', () => {
    const prev = { positionSeconds: 0, ranges: [], lastReportAt: T0 };
    const r = creditVideoProgress(prev, { fromSeconds: Number.NaN, positionSeconds: 1e9 }, opts(T0 + 1_000));
    expect(r.state.positionSeconds).toBe(100);
    expect(r.credited).toBe(5);
  });
});

describe('ranges', () => {
  it('merges touching and overlapping ranges and keeps them sorted', () => {
    expect(
      mergeRange(
        [
          [0, 10],
          [20, 30],
        ],
        10,
        20,
      ),
    ).toEqual([[0, 30]]);
    expect(mergeRange([[20, 30]], 0, 5)).toEqual([
      [0, 5],
      [20, 30],
    ]);
    expect(mergeRange([[0, 5]], 40, 50)).toEqual([
      [0, 5],
      [40, 50],
    ]);
    expect(mergeRange([[0, 5]], 7, 7)).toEqual([[0, 5]]);
  });

  it('the frontier is the end of the gap-free run from the start', () => {
    expect(
      watchedFrontier([
        [0, 30],
        [40, 50],
      ]),
    ).toBe(30);
    expect(watchedFrontier([[10, 30]])).toBe(0);
    expect(watchedFrontier([])).toBe(0);
  });
});

describe('completion and progress', () => {
  it('a video completes exactly at the completion share', () => {
    expect(videoCompleted(90, 100, 90)).toBe(true);
    expect(videoCompleted(89, 100, 90)).toBe(false);
    expect(videoCompleted(10, 0, 90)).toBe(false);
  });

  it('course progress rounds down and reaches 100 only when all are done', () => {
    expect(courseProgressPercent(2, 3)).toBe(66);
    expect(courseProgressPercent(3, 3)).toBe(100);
    expect(courseProgressPercent(0, 0)).toBe(0);
  });

  it('a section requiring the previous one opens when that one is completed', () => {
    const sections = [
      { id: 1, requiresPrevious: false },
      { id: 2, requiresPrevious: true },
      { id: 3, requiresPrevious: false },
    ];
    expect([...unlockedSections(sections, new Set())]).toEqual([1, 3]);
    expect([...unlockedSections(sections, new Set([1]))]).toEqual([1, 2, 3]);
  });

  it('a live class completes its section at half its planned minutes attended', () => {
    expect(liveAttended(1800, 60)).toBe(true);
    expect(liveAttended(1799, 60)).toBe(false);
    expect(liveAttended(9999, null)).toBe(false);
  });

  it('average rating has one decimal', () => {
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBeNull();
  });
});

describe('uploads', () => {
  it('reads the extension of the last path part only', () => {
    expect(fileExtension('../../etc/passwd')).toBe('');
    expect(fileExtension('a.b/c.MP4')).toBe('.mp4');
    expect(fileExtension('.bashrc')).toBe('');
  });

  it('refuses wrong types, empty and too large files with a message naming the kind', () => {
    expect(uploadProblem('video', 'lesson.mp4', 1000)).toBeNull();
    expect(uploadProblem('video', 'lesson.exe', 1000)).toMatch(/^视频文件格式不支持/);
    expect(uploadProblem('datum', 'a.pdf', 0)).toBe('文档文件是空的');
    expect(uploadProblem('image', 'a.png', 11 * 1024 * 1024)).toBe('图片文件不能超过 10 MB');
  });
});
