import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { connectionLabel, inviteUrl, recordingMime, timeRange } from './interview-rules';

describe('interview rules', () => {
  it('names every connection state in words', () => {
    expect(connectionLabel('connected')).toBe('已连接');
    expect(connectionLabel('failed')).toBe('连接失败');
  });
  it('builds the invitation link from the origin', () => {
    expect(inviteUrl('https://kp.example/', '/interview?token=a.b')).toBe(
      'https://kp.example/interview?token=a.b',
    );
  });
  it('prefers VP9 WebM, then VP8, then plain WebM, else none', () => {
    expect(recordingMime(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(recordingMime((t) => t === 'video/webm')).toBe('video/webm');
    expect(recordingMime(() => false)).toBe('');
  });
});

describe('timeRange', () => {
  it('writes the end as a time on the same day, and with its date past midnight', () => {
    const at = (text: string) => dayjs(text).valueOf();
    expect(timeRange(at('2026-11-29T14:00'), at('2026-11-29T15:00'))).toBe('2026-11-29 14:00–15:00');
    expect(timeRange(at('2026-11-29T23:30'), at('2026-11-30T00:30'))).toBe(
      '2026-11-29 23:30–2026-11-30 00:30',
    );
  });
});
