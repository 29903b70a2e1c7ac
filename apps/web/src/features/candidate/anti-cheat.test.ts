import { describe, expect, it } from 'vitest';
import type { AntiCheatEvent, EventsResult } from './anti-cheat-api';
import { parseStreamMessage, streamRetryDelay } from './anti-cheat-api';
import {
  AntiCheatReporter,
  HEARTBEAT_MS,
  MAX_EVENTS_PER_REPORT,
  heartbeatDue,
  leaveNotice,
} from './anti-cheat';
import { acknowledgeWarning, readAcknowledged } from './use-exam-stream';

const result = (overrides: Partial<EventsResult> = {}): EventsResult => ({
  tabSwitches: 0,
  fullscreenExits: 0,
  leaveLimit: 0,
  leavesLeft: null,
  submitted: false,
  ...overrides,
});

/** A server stand-in that counts leaves like the real one and can be taken offline. */
function fakeServer(leaveLimit: number) {
  const calls: AntiCheatEvent[][] = [];
  let tabs = 0;
  let offline = false;
  return {
    calls,
    setOffline: (value: boolean) => {
      offline = value;
    },
    send: async (events: AntiCheatEvent[]): Promise<EventsResult> => {
      if (offline) throw new Error('offline');
      calls.push(events);
      tabs += events.filter((event) => event.kind === 'tab_switch').length;
      const leavesLeft = leaveLimit > 0 ? Math.max(0, leaveLimit - tabs) : null;
      return result({
        tabSwitches: tabs,
        leaveLimit,
        leavesLeft,
        submitted: leaveLimit > 0 && tabs > leaveLimit,
      });
    },
  };
}

describe('AntiCheatReporter', () => {
  it('reports each event and hands the result with the kinds it covered', async () => {
    const server = fakeServer(2);
    const seen: [EventsResult, string[]][] = [];
    const reporter = new AntiCheatReporter(server.send, (r, kinds) => seen.push([r, kinds]));
    await reporter.add('tab_switch', 1);
    await reporter.add('heartbeat', 2);
    expect(server.calls).toEqual([[{ kind: 'tab_switch', at: 1 }], [{ kind: 'heartbeat', at: 2 }]]);
    expect(seen.map(([r, kinds]) => [r.leavesLeft, kinds])).toEqual([
      [1, ['tab_switch']],
      [1, ['heartbeat']],
    ]);
  });

  it('keeps events while offline, sends them together later, and one heartbeat at most', async () => {
    const server = fakeServer(0);
    const reporter = new AntiCheatReporter(server.send, () => undefined);
    server.setOffline(true);
    await reporter.add('tab_switch', 1);
    await reporter.add('heartbeat', 2);
    await reporter.add('heartbeat', 3);
    await reporter.add('copy_blocked', 4);
    expect(reporter.pending).toBe(3);
    server.setOffline(false);
    await reporter.flush();
    expect(reporter.pending).toBe(0);
    expect(server.calls).toEqual([
      [
        { kind: 'tab_switch', at: 1 },
        { kind: 'heartbeat', at: 2 },
        { kind: 'copy_blocked', at: 4 },
      ],
    ]);
  });

  it('sends at most 50 events a report', async () => {
    const server = fakeServer(0);
    const reporter = new AntiCheatReporter(server.send, () => undefined);
    server.setOffline(true);
    for (let i = 0; i < 120; i += 1) await reporter.add('copy_blocked', i);
    server.setOffline(false);
    await reporter.flush();
    expect(server.calls.map((batch) => batch.length)).toEqual([
      MAX_EVENTS_PER_REPORT,
      MAX_EVENTS_PER_REPORT,
      20,
    ]);
  });

  it('stops reporting once the server has submitted the attempt', async () => {
    const server = fakeServer(1);
    const submitted: boolean[] = [];
    const reporter = new AntiCheatReporter(server.send, (r) => submitted.push(r.submitted));
    await reporter.add('tab_switch');
    await reporter.add('tab_switch');
    await reporter.add('tab_switch');
    expect(submitted).toEqual([false, true]);
    expect(server.calls).toHaveLength(2);
  });
});

describe('notices and stream messages', () => {
  it('tells the candidate how many leaves remain', () => {
    expect(leaveNotice({ leavesLeft: 2 })).toBe('还可切屏 2 次，超过将自动交卷。');
    expect(leaveNotice({ leavesLeft: 0 })).toBe('还可切屏 0 次，再离开考试页面将自动交卷！');
    expect(leaveNotice({ leavesLeft: null })).toBe('离开考试页面已被记录，请专心作答。');
  });

  it('parses the known stream events and ignores anything else', () => {
    expect(parseStreamMessage({ event: 'warning', data: '{"id":3,"message":"请坐好","at":5}' })).toEqual({
      event: 'warning',
      data: { id: 3, message: '请坐好', at: 5 },
    });
    expect(parseStreamMessage({ event: 'extended', data: '{"deadlineAt":100}' })).toEqual({
      event: 'extended',
      data: { deadlineAt: 100 },
    });
    expect(parseStreamMessage({ event: 'submitted', data: '{"reason":"forced"}' })).toEqual({
      event: 'submitted',
      data: { reason: 'forced' },
    });
    expect(parseStreamMessage({ event: 'warning', data: '{"id":"x"}' })).toBeNull();
    expect(parseStreamMessage({ event: 'update', data: '{}' })).toBeNull();
    expect(parseStreamMessage({ event: 'warning', data: 'not json' })).toBeNull();
  });

  it('waits longer after each stream failure, up to 30 s', () => {
    expect([1, 2, 3, 5, 9].map(streamRetryDelay)).toEqual([2000, 4000, 8000, 30_000, 30_000]);
  });

  it('remembers the newest acknowledged warning per attempt', () => {
    expect(readAcknowledged(41)).toBe(0);
    acknowledgeWarning(41, 7);
    acknowledgeWarning(41, 5);
    expect(readAcknowledged(41)).toBe(7);
    expect(readAcknowledged(42)).toBe(0);
  });
});

describe('heartbeatDue', () => {
  it('skips the heartbeat when answers were saved within the last interval', () => {
    expect(heartbeatDue(100_000, null)).toBe(true);
    expect(heartbeatDue(100_000, 100_000 - HEARTBEAT_MS + 1)).toBe(false);
    expect(heartbeatDue(100_000, 99_000)).toBe(false);
    expect(heartbeatDue(100_000, 100_000 - HEARTBEAT_MS)).toBe(true);
  });
});
