import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRealtime, RedisRealtime, type Realtime } from './realtime';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: Realtime[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((realtime) => realtime.close()));
});

/** Resolves with the next `count` messages a handler receives (or rejects after a while). */
function collect(realtime: Realtime, channel: string, count: number) {
  const received: Record<string, unknown>[] = [];
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<Record<string, unknown>[]>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} messages`)), 3000);
    unsubscribe = realtime.subscribe(channel, (message) => {
      received.push(message);
      if (received.length === count) {
        clearTimeout(timer);
        resolve(received);
      }
    });
  });
  return {
    done,
    received,
    unsubscribe: () => {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

const prefix = () => `kaopei:test:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`;

const adapters: [string, () => Realtime[]][] = [
  ['memory', () => [new MemoryRealtime()]],
  // Two instances with their own connections, as two servers would have.
  [
    'redis',
    () => {
      const p = prefix();
      return [new RedisRealtime(REDIS_URL, p), new RedisRealtime(REDIS_URL, p)];
    },
  ],
];

describe.each(adapters)('%s realtime', (_name, make) => {
  it('delivers to every subscriber of a channel only, in order, until unsubscribed', async () => {
    const instances = make();
    open.push(...instances);
    const a = instances[0] as Realtime;
    const b = instances[instances.length - 1] as Realtime;
    const first = collect(a, 'exam:1', 2);
    const second = collect(b, 'exam:1', 2);
    const otherChannel = collect(b, 'exam:2', 1);
    await Promise.all([a.ready(), b.ready()]);
    await a.publish('exam:1', { n: 1, nested: { ok: true } });
    await a.publish('exam:1', { n: 2 });
    expect(await first.done).toEqual([{ n: 1, nested: { ok: true } }, { n: 2 }]);
    expect(await second.done).toEqual([{ n: 1, nested: { ok: true } }, { n: 2 }]);
    expect(otherChannel.received).toEqual([]);

    first.unsubscribe();
    second.unsubscribe();
    const later = collect(b, 'exam:1', 1);
    await b.ready();
    await a.publish('exam:1', { n: 3 });
    expect(await later.done).toEqual([{ n: 3 }]);
    expect(first.received).toHaveLength(2);
    expect(second.received).toHaveLength(2);
    later.unsubscribe();
    otherChannel.unsubscribe();
  });

  it('keeps delivering when one handler throws', async () => {
    const instances = make();
    open.push(...instances);
    const a = instances[0] as Realtime;
    const stop = a.subscribe('attempt:9', () => {
      throw new Error('broken subscriber');
    });
    const good = collect(a, 'attempt:9', 1);
    await a.ready();
    await a.publish('attempt:9', { event: 'warning' });
    expect(await good.done).toEqual([{ event: 'warning' }]);
    stop();
    good.unsubscribe();
  });
});

it('keeps Redis channels of different prefixes apart', async () => {
  const a = new RedisRealtime(REDIS_URL, prefix());
  const b = new RedisRealtime(REDIS_URL, prefix());
  open.push(a, b);
  const heard = collect(b, 'exam:1', 1);
  const own = collect(a, 'exam:1', 1);
  await Promise.all([a.ready(), b.ready()]);
  await a.publish('exam:1', { from: 'a' });
  expect(await own.done).toEqual([{ from: 'a' }]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard.received).toEqual([]);
  heard.unsubscribe();
  own.unsubscribe();
});
