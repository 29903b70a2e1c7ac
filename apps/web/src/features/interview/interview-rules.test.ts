import { describe, expect, it } from 'vitest';
import { connectionLabel, inviteUrl, recordingMime } from './interview-rules';

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
