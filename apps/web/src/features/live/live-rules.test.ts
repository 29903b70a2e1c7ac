import { describe, expect, it } from 'vitest';
import { mergeMessages } from './live-rules';
import { parseRoomEvent } from './api';

const m = (id: number, content = `m${id}`) => ({ id, userId: 1, realName: '张三', content, createdAt: id });

describe('live chat', () => {
  it('merges pages, stream and sends in id order, each message once', () => {
    expect(mergeMessages([m(2), m(3)], [m(3), m(1), m(5)]).map((x) => x.id)).toEqual([1, 2, 3, 5]);
    expect(mergeMessages([], [])).toEqual([]);
  });

  it('reads stream events and drops malformed ones', () => {
    expect(parseRoomEvent('message', JSON.stringify(m(7)))).toEqual({ kind: 'message', message: m(7) });
    expect(parseRoomEvent('status', '{"sectionId":1,"status":"ended"}')).toEqual({
      kind: 'status',
      status: 'ended',
    });
    expect(parseRoomEvent('status', '{"status":"paused"}')).toBeNull();
    expect(parseRoomEvent('message', 'not json')).toBeNull();
    expect(parseRoomEvent('other', '{}')).toBeNull();
  });
});
