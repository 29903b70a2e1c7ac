import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  countdownTone,
  dueWarning,
  formatCountdown,
  remainingMs,
  spokenRemaining,
} from './countdown';

describe('countdown from the server deadline', () => {
  it('corrects a wrong device clock with the offset measured at each response', () => {
    // The device clock is 90 s behind the server's.
    const offset = clockOffset(1_000_090_000, 1_000_000_000);
    expect(offset).toBe(90_000);
    const deadlineAt = 1_000_090_000 + 10 * 60_000;
    expect(remainingMs(deadlineAt, offset, 1_000_000_000)).toBe(10 * 60_000);
    // Two minutes later on the device: two minutes less, however many ticks the page ran.
    expect(remainingMs(deadlineAt, offset, 1_000_120_000)).toBe(8 * 60_000);
  });

  it('follows a moved deadline (extra time) and never goes below zero', () => {
    expect(remainingMs(5_000, 0, 4_000)).toBe(1_000);
    expect(remainingMs(65_000, 0, 4_000)).toBe(61_000);
    expect(remainingMs(5_000, 0, 9_000)).toBe(0);
  });

  it('formats mm:ss and h:mm:ss, rounding seconds up', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('colours the last five minutes and the last one', () => {
    expect(countdownTone(6 * 60_000)).toBe('normal');
    expect(countdownTone(5 * 60_000)).toBe('warning');
    expect(countdownTone(60_000)).toBe('danger');
  });
});

describe('dueWarning', () => {
  it('warns once at 5 minutes and once at 1 minute', () => {
    let shown: ReadonlySet<number> = new Set();
    const at = (ms: number) => {
      const due = dueWarning(ms, shown);
      shown = due.shown;
      return due.minutes;
    };
    expect(at(10 * 60_000)).toBeNull();
    expect(at(5 * 60_000)).toBe(5);
    expect(at(4 * 60_000)).toBeNull();
    expect(at(60_000)).toBe(1);
    expect(at(30_000)).toBeNull();
  });

  it('gives only the nearest warning when the page opens late, and none once time is up', () => {
    const late = dueWarning(30_000, new Set());
    expect(late.minutes).toBe(1);
    expect([...late.shown].sort()).toEqual([1, 5]);
    expect(dueWarning(0, new Set()).minutes).toBeNull();
  });
});

describe('spokenRemaining', () => {
  it('changes every 5 minutes, then every minute in the last 5, and says when time is up', () => {
    expect(spokenRemaining(30 * 60_000)).toBe('剩余时间不超过 30 分钟');
    expect(spokenRemaining(29 * 60_000 + 59_000)).toBe('剩余时间不超过 30 分钟');
    expect(spokenRemaining(25 * 60_000 + 1)).toBe('剩余时间不超过 30 分钟');
    expect(spokenRemaining(25 * 60_000)).toBe('剩余时间不超过 25 分钟');
    expect(spokenRemaining(5 * 60_000 + 1)).toBe('剩余时间不超过 10 分钟');
    expect(spokenRemaining(5 * 60_000)).toBe('剩余时间不超过 5 分钟');
    expect(spokenRemaining(4 * 60_000 + 30_000)).toBe('剩余时间不超过 5 分钟');
    expect(spokenRemaining(60_000)).toBe('剩余时间不超过 1 分钟');
    expect(spokenRemaining(1)).toBe('剩余时间不超过 1 分钟');
    expect(spokenRemaining(0)).toBe('考试时间已到');
  });

  it('stays the same through a minute of ticks (no announcement each second)', () => {
    const heard = new Set<string>();
    for (let ms = 12 * 60_000; ms > 11 * 60_000; ms -= 1000) heard.add(spokenRemaining(ms));
    expect(heard.size).toBe(1);
  });
});
