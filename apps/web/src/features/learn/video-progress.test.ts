import { describe, expect, it } from 'vitest';
import { formatClock, formatMinutes, VideoProgressTracker } from './video-progress';

describe('VideoProgressTracker', () => {
  it('reports continuous segments from the resume point', () => {
    const tracker = new VideoProgressTracker(30, 30, false);
    expect(tracker.play(30)).toEqual({ fromSeconds: 30, positionSeconds: 30 });
    tracker.advance(35);
    tracker.advance(40);
    expect(tracker.flush()).toEqual({ fromSeconds: 30, positionSeconds: 40 });
    tracker.advance(50);
    expect(tracker.flush()).toEqual({ fromSeconds: 40, positionSeconds: 50 });
    expect(tracker.frontier).toBe(50);
  });

  it('closes the segment at a seek and starts a new one where the player lands', () => {
    const tracker = new VideoProgressTracker(0, 0, false);
    tracker.play(0);
    tracker.advance(12);
    const { allowed, refused, report } = tracker.seek(80);
    expect(report).toEqual({ fromSeconds: 0, positionSeconds: 12 });
    expect([allowed, refused]).toEqual([80, false]);
    tracker.advance(90);
    expect(tracker.flush()).toEqual({ fromSeconds: 80, positionSeconds: 90 });
    // Watching past a gap does not move the no-skip frontier.
    expect(tracker.frontier).toBe(12);
  });

  it('with no-skip keeps seeks within the frontier and lets the learner go back', () => {
    const tracker = new VideoProgressTracker(0, 20, true);
    tracker.play(0);
    tracker.advance(25);
    expect(tracker.frontier).toBe(25);
    const ahead = tracker.seek(60);
    expect(ahead).toMatchObject({ allowed: 25, refused: true });
    expect(tracker.seek(5)).toMatchObject({ allowed: 5, refused: false });
    expect(tracker.seek(26)).toMatchObject({ allowed: 26, refused: false });
  });

  it("follows the server: its frontier, and a refused jump's position", () => {
    const tracker = new VideoProgressTracker(0, 0, true);
    expect(tracker.accept({ frontier: 40, positionSeconds: 40, rejectedJump: false })).toBeNull();
    expect(tracker.frontier).toBe(40);
    expect(tracker.accept({ frontier: 30, positionSeconds: 30, rejectedJump: true })).toBe(30);
    expect(tracker.frontier).toBe(30);
    expect(tracker.currentPosition).toBe(30);
  });
});

describe('formatting', () => {
  it('shows clocks and study time', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatMinutes(45)).toBe('45 分钟');
    expect(formatMinutes(90)).toBe('1 小时 30 分钟');
    expect(formatMinutes(120)).toBe('2 小时');
    expect(formatMinutes(0)).toBe('—');
  });
});
