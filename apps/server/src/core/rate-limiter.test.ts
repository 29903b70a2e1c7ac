import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IpAllowList,
  ipIsLimited,
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateLimiter,
} from './rate-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const hasRedis = await redisAvailable();
const redis = hasRedis ? new Redis(REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());

function contract(name: string, make: () => RateLimiter) {
  describe(name, () => {
    const key = `test:${name}:${Date.now()}:${Math.random()}`;
    it('counts hits in a window, reports the time left and resets', async () => {
      const limiter = make();
      expect(await limiter.count(key)).toBe(0);
      expect(await limiter.hit(key, 60)).toBe(1);
      expect(await limiter.hit(key, 60)).toBe(2);
      expect(await limiter.count(key)).toBe(2);
      const ttl = await limiter.ttl(key);
      expect(ttl).toBeGreaterThan(50);
      expect(ttl).toBeLessThanOrEqual(60);
      await limiter.reset(key);
      expect(await limiter.count(key)).toBe(0);
    });

    it('forgets hits once the window has passed', async () => {
      const limiter = make();
      const short = `${key}:short`;
      await limiter.hit(short, 1);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await limiter.count(short)).toBe(0);
    });
  });
}

contract('memory', () => new MemoryRateLimiter());
// Redis is what several instances share; CI machines run it on 127.0.0.1:6379.
describe.skipIf(!hasRedis)('redis', () => {
  contract('redis', () => new RedisRateLimiter(redis as Redis, 'kaopei-test:rl:'));
  it('shares counts between two instances', async () => {
    const key = `shared:${Date.now()}`;
    const a = new RedisRateLimiter(redis as Redis, 'kaopei-test:rl:');
    const other = new Redis(REDIS_URL);
    try {
      const b = new RedisRateLimiter(other, 'kaopei-test:rl:');
      await a.hit(key, 60);
      expect(await b.hit(key, 60)).toBe(2);
    } finally {
      other.disconnect();
    }
  });
});

describe('IP allow-list', () => {
  it('matches addresses and CIDR ranges, IPv4-mapped IPv6 included', () => {
    const list = new IpAllowList(['10.9.0.0/16', '192.0.2.7', '2001:db8::/32']);
    expect(list.has('10.9.200.1')).toBe(true);
    expect(list.has('::ffff:10.9.0.1')).toBe(true);
    expect(list.has('192.0.2.7')).toBe(true);
    expect(list.has('2001:db8::1')).toBe(true);
    expect(list.has('10.10.0.1')).toBe(false);
    expect(list.has('192.0.2.8')).toBe(false);
    expect(list.has('2001:db9::1')).toBe(false);
    expect(list.has('not an ip')).toBe(false);
    expect(new IpAllowList([]).has('10.9.0.1')).toBe(false);
  });

  it('limits every address when nothing is allow-listed', () => {
    expect(ipIsLimited([], '127.0.0.1')).toBe(true);
    const allowed = ['127.0.0.0/8'];
    expect(ipIsLimited(allowed, '127.0.0.1')).toBe(false);
    expect(ipIsLimited(allowed, '128.0.0.1')).toBe(true);
  });
});
