import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';

/** What one window of the watch saw: the event loop's longest and 99th-percentile delay, and the GC pauses. */
export interface EventLoopWindow {
  eventLoopMaxMs: number;
  eventLoopP99Ms: number;
  gcMs: number;
  gcMaxMs: number;
}

/** The window's figures, from the delay histogram (nanoseconds) and the GC pauses (ms) it spanned. */
export function windowFigures(histogram: Pick<IntervalHistogram, 'max' | 'percentile'>, gcPauses: number[]) {
  return {
    eventLoopMaxMs: Math.round(histogram.max / 1e6),
    eventLoopP99Ms: Math.round(histogram.percentile(99) / 1e6),
    gcMs: Math.round(gcPauses.reduce((sum, ms) => sum + ms, 0)),
    gcMaxMs: Math.round(Math.max(0, ...gcPauses)),
  } satisfies EventLoopWindow;
}

/**
 * Watches the event loop once a second and reports (`onStall`) every second in which it was held up for
 * `thresholdMs` or longer: a request queued behind such a stall waits as long, whatever the database does.
 * The report says how much of it was garbage collection. Returns the function that stops the watch.
 */
export function watchEventLoop(thresholdMs: number, onStall: (window: EventLoopWindow) => void): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let gcPauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const window = windowFigures(histogram, gcPauses);
    histogram.reset();
    gcPauses = [];
    if (window.eventLoopMaxMs >= thresholdMs) onStall(window);
  }, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    gc.disconnect();
    histogram.disable();
  };
}
