import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window. In-process by default; Redis when REDIS_URL is set so that
 * several instances share one count (design.md §1).
 */
export interface RateLimiter {
  /** Adds one event and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Seconds until the key's window ends (0 when none). */
  ttl(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const entry = this.live(key);
    if (entry) {
      entry.count += 1;
      return entry.count;
    }
    if (this.entries.size > 100_000) this.sweep();
    this.entries.set(key, { count: 1, expiresAt: Date.now() + windowSeconds * 1000 });
    return 1;
  }

  async count(key: string): Promise<number> {
    return this.live(key)?.count ?? 0;
  }

  async ttl(key: string): Promise<number> {
    const entry = this.live(key);
    return entry ? Math.ceil((entry.expiresAt - Date.now()) / 1000) : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'kaopei:rl:',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
    const count = result?.[0]?.[1];
    return typeof count === 'number' ? count : Number(count ?? 0);
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async ttl(key: string): Promise<number> {
    return Math.max(0, await this.redis.ttl(this.prefix + key));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
