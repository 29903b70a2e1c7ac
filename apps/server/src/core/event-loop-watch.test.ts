import { describe, expect, it } from 'vitest';
import { watchEventLoop, windowFigures, type EventLoopWindow } from './event-loop-watch';

describe('event-loop watch', () => {
  it('reports a second in which the loop was blocked, and stays quiet when it was not', async () => {
    const stalls: EventLoopWindow[] = [];
    const stop = watchEventLoop(250, (window) => stalls.push(window));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(stalls).toEqual([]);
      const blockedUntil = Date.now() + 400;
      while (Date.now() < blockedUntil) {
        // the event loop is held up, as by a long synchronous task
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(stalls.length).toBeGreaterThanOrEqual(1);
      expect(stalls[0]?.eventLoopMaxMs).toBeGreaterThanOrEqual(350);
    } finally {
      stop();
    }
  });

  it('reads the histogram in nanoseconds and sums the GC pauses of the window', () => {
    const histogram = { max: 412_600_000, percentile: (p: number) => (p === 99 ? 98_400_000 : 0) };
    expect(windowFigures(histogram, [12.4, 80.6, 3])).toEqual({
      eventLoopMaxMs: 413,
      eventLoopP99Ms: 98,
      gcMs: 96,
      gcMaxMs: 81,
    });
    expect(windowFigures(histogram, []).gcMaxMs).toBe(0);
  });
});
