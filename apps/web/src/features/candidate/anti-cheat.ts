import type { AntiCheatEvent, AntiCheatEventKind, EventsResult } from './anti-cheat-api';

/** The server takes at most this many events per report. */
export const MAX_EVENTS_PER_REPORT = 50;
/** The page tells the server it is still there this often (the monitor shows who is online). */
export const HEARTBEAT_MS = 20_000;

/**
 * Whether the page should send its heartbeat now: not when it saved answers within the last HEARTBEAT_MS,
 * since a save marks the candidate seen on the server too (at most every few seconds). Thousands of
 * candidates saving every 10–30 s then send about half the heartbeats.
 */
export function heartbeatDue(now: number, lastSavedAt: number | null): boolean {
  return lastSavedAt === null || now - lastSavedAt >= HEARTBEAT_MS;
}

/** Kinds that count against the exam's leave limit. */
export const LEAVE_KINDS: readonly AntiCheatEventKind[] = ['tab_switch', 'fullscreen_exit'];

/**
 * Queues what the page sees and reports it one request at a time. A report that fails (offline) stays
 * queued and goes with the next one; heartbeats are never queued twice. The newest result is handed to
 * `onResult` with the kinds it covered.
 */
export class AntiCheatReporter {
  private queue: AntiCheatEvent[] = [];
  private inFlight: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly send: (events: AntiCheatEvent[]) => Promise<EventsResult>,
    private readonly onResult: (result: EventsResult, kinds: AntiCheatEventKind[]) => void,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  add(kind: AntiCheatEventKind, at: number = Date.now()): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (kind === 'heartbeat' && this.queue.some((event) => event.kind === 'heartbeat')) return this.flush();
    this.queue.push({ kind, at });
    // Offline for long: keep the leaves, drop the oldest of the rest.
    while (this.queue.length > 500) {
      const index = this.queue.findIndex((event) => !LEAVE_KINDS.includes(event.kind));
      this.queue.splice(index >= 0 ? index : 0, 1);
    }
    return this.flush();
  }

  /** Sends what is queued; resolves when the queue is empty or a send failed. */
  flush(): Promise<void> {
    this.inFlight ??= this.drain().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.slice(0, MAX_EVENTS_PER_REPORT);
      let result: EventsResult;
      try {
        result = await this.send(batch);
      } catch {
        return; // kept for the next report
      }
      this.queue.splice(0, batch.length);
      this.onResult(
        result,
        batch.map((event) => event.kind),
      );
      if (result.submitted) this.stop();
    }
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
  }
}

/** What the candidate is told after a leave was recorded. */
export function leaveNotice(result: Pick<EventsResult, 'leavesLeft'>): string {
  if (result.leavesLeft === null) return '离开考试页面已被记录，请专心作答。';
  if (result.leavesLeft === 0) return '还可切屏 0 次，再离开考试页面将自动交卷！';
  return `还可切屏 ${result.leavesLeft} 次，超过将自动交卷。`;
}
