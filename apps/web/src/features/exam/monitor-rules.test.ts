import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseUpdate, retryDelay, type MonitorRow } from './monitor-api';
import {
  changesState,
  eventLabel,
  eventText,
  leaveCount,
  leaveLevel,
  mergeUpdate,
  offsetFromRow,
  progressPercent,
  remainingOf,
  submitReasonLabel,
  throttle,
} from './monitor-rules';

function row(overrides: Partial<MonitorRow> = {}): MonitorRow {
  return {
    userId: 1,
    name: '张三',
    account: 'zhangsan',
    departmentName: '研发组',
    attemptId: null,
    state: 'not_started',
    online: false,
    lastSeenAt: null,
    answered: 0,
    total: 6,
    startedAt: null,
    deadlineAt: null,
    remainingSeconds: null,
    tabSwitches: 0,
    fullscreenExits: 0,
    warnings: 0,
    snapshots: 0,
    submitReason: null,
    ...overrides,
  };
}

describe('mergeUpdate', () => {
  it('merges the changed fields into the row of the attempt and leaves the others alone', () => {
    const rows = [row({ userId: 1, attemptId: 10, state: 'in_progress' }), row({ userId: 2, attemptId: 11 })];
    const {
      rows: next,
      known,
      fresh,
    } = mergeUpdate(rows, {
      attemptId: 10,
      userId: 1,
      answered: 1,
      online: true,
    });
    expect(known).toBe(true);
    expect(fresh).toBe(false);
    expect(next[0]).toMatchObject({
      attemptId: 10,
      answered: 1,
      online: true,
      state: 'in_progress',
      total: 6,
    });
    expect(next[1]).toBe(rows[1]);
    expect(rows[0]?.answered).toBe(0);
  });

  it('gives a candidate who just started their attempt', () => {
    const rows = [row({ userId: 7, attemptId: null })];
    const {
      rows: next,
      known,
      fresh,
    } = mergeUpdate(rows, {
      attemptId: 99,
      userId: 7,
      state: 'in_progress',
      deadlineAt: 5000,
    });
    expect(known).toBe(true);
    expect(fresh).toBe(true);
    expect(next[0]).toMatchObject({ attemptId: 99, state: 'in_progress', deadlineAt: 5000 });
  });

  it('ignores fields sent as undefined', () => {
    const rows = [row({ attemptId: 3, warnings: 2 })];
    const { rows: next } = mergeUpdate(rows, { attemptId: 3, userId: 1, warnings: undefined });
    expect(next[0]?.warnings).toBe(2);
  });

  it('says when no row of the page is concerned', () => {
    const rows = [row({ userId: 1, attemptId: 10 })];
    const result = mergeUpdate(rows, { attemptId: 50, userId: 5, answered: 3 });
    expect(result.known).toBe(false);
    expect(result.rows).toEqual(rows);
  });
});

describe('changesState', () => {
  it('is true only when the update carries a different state', () => {
    const current = row({ state: 'in_progress' });
    expect(changesState(current, { attemptId: 1, userId: 1, state: 'submitted' })).toBe(true);
    expect(changesState(current, { attemptId: 1, userId: 1, state: 'in_progress' })).toBe(false);
    expect(changesState(current, { attemptId: 1, userId: 1, answered: 2 })).toBe(false);
    expect(changesState(undefined, { attemptId: 1, userId: 1, state: 'graded' })).toBe(true);
  });
});

describe('event labels', () => {
  it('names every kind of the contract in Chinese', () => {
    const kinds = [
      'tab_switch',
      'fullscreen_exit',
      'copy_blocked',
      'paste_blocked',
      'webcam_granted',
      'webcam_denied',
      'snapshot',
      'warning',
      'extend',
      'force_submit',
      'auto_submit',
      'start',
      'submit',
      'online',
      'offline',
    ];
    for (const kind of kinds) expect(eventLabel(kind)).toMatch(/^[\u4e00-\u9fa5]/);
    expect(eventLabel('tab_switch')).toBe('切换页面');
    expect(eventLabel('something_new')).toBe('其他事件（something_new）');
  });

  it('adds what the detail says', () => {
    expect(eventText({ kind: 'warning', detail: { message: '请勿切屏' } })).toBe('监考警告：请勿切屏');
    expect(eventText({ kind: 'extend', detail: { minutes: 10 } })).toBe('延长时间 10 分钟');
    expect(eventText({ kind: 'auto_submit', detail: { reason: 'cheating' } })).toBe(
      '系统自动交卷（切屏超限交卷）',
    );
    expect(eventText({ kind: 'warning', detail: null })).toBe('监考警告');
    expect(eventText({ kind: 'snapshot', detail: { key: 'a/b.jpg' } })).toBe('摄像头抓拍');
  });

  it('labels submit reasons', () => {
    expect(submitReasonLabel('forced')).toBe('强制交卷');
    expect(submitReasonLabel('timeout')).toBe('到时自动交卷');
    expect(submitReasonLabel(null)).toBe('-');
    expect(submitReasonLabel('other')).toBe('other');
  });
});

describe('leaves and progress', () => {
  it('adds tab switches and full-screen exits', () => {
    expect(leaveCount({ tabSwitches: 2, fullscreenExits: 1 })).toBe(3);
  });

  it('is high from 3 leaves, or from the exam limit when it is lower', () => {
    expect(leaveLevel(0)).toBe('none');
    expect(leaveLevel(2)).toBe('some');
    expect(leaveLevel(3)).toBe('high');
    expect(leaveLevel(2, 2)).toBe('high');
    expect(leaveLevel(1, 2)).toBe('some');
    expect(leaveLevel(4, 10)).toBe('high');
  });

  it('gives the percent answered', () => {
    expect(progressPercent({ answered: 1, total: 3 })).toBe(33);
    expect(progressPercent({ answered: 0, total: 0 })).toBe(0);
    expect(progressPercent({ answered: 5, total: 4 })).toBe(100);
  });
});

describe('remaining time', () => {
  it('estimates the server clock offset from a row', () => {
    // The server is 2 s ahead: at browser time 1000 it said 60 s were left of a deadline at 63 000.
    expect(offsetFromRow({ deadlineAt: 63_000, remainingSeconds: 60 }, 1000)).toBe(2000);
    expect(offsetFromRow({ deadlineAt: null, remainingSeconds: null }, 1000)).toBeNull();
    expect(offsetFromRow({ deadlineAt: 5000, remainingSeconds: 0 }, 1000)).toBeNull();
  });

  it('counts down from the deadline, only while answering', () => {
    const answering = { state: 'in_progress' as const, deadlineAt: 100_000 };
    expect(remainingOf(answering, 2000, 38_000)).toBe(60_000);
    expect(remainingOf(answering, 0, 200_000)).toBe(0);
    expect(remainingOf({ state: 'submitted', deadlineAt: 100_000 }, 0, 0)).toBeNull();
    expect(remainingOf({ state: 'in_progress', deadlineAt: null }, 0, 0)).toBeNull();
  });
});

describe('throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per wait, keeping the last call', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const throttled = throttle(run, 2000);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    throttled.call();
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('drops a pending call when cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const throttled = throttle(run, 1000);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('stream messages', () => {
  it('reads update events and skips anything else', () => {
    expect(parseUpdate({ event: 'update', data: '{"attemptId":3,"userId":4,"answered":2}' })).toEqual({
      attemptId: 3,
      userId: 4,
      answered: 2,
    });
    expect(parseUpdate({ event: 'message', data: '{"attemptId":3,"userId":4}' })).toBeNull();
    expect(parseUpdate({ event: 'update', data: 'not json' })).toBeNull();
    expect(parseUpdate({ event: 'update', data: '{"attemptId":"3","userId":4}' })).toBeNull();
    expect(parseUpdate({ event: 'update', data: '' })).toBeNull();
  });

  it('backs off reconnections up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });
});
