import net from 'node:net';
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

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how dual-stack sockets report it) as plain IPv4. */
function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Parses one allow-list entry, an address or a CIDR range; undefined when it is neither. */
export function parseIpRange(
  entry: string,
): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) return undefined;
  return { address, prefix, type: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * Addresses that per-IP limits never apply to (RATE_LIMIT_ALLOW_IPS: an exam hall or an office behind one
 * NAT); per-account limits still do.
 */
export class IpAllowList {
  private readonly list = new net.BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const range = parseIpRange(entry);
      if (!range) throw new Error(`not an IP address or CIDR range: ${entry}`);
      this.list.addSubnet(range.address, range.prefix, range.type);
    }
    this.empty = entries.length === 0;
  }

  has(ip: string): boolean {
    if (this.empty) return false;
    const plain = plainIp(ip);
    const version = net.isIP(plain);
    return version !== 0 && this.list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  }
}

const allowLists = new WeakMap<readonly string[], IpAllowList>();

/** Whether per-IP limits apply to `ip` under the configured allow-list (built once per list). */
export function ipIsLimited(allowed: readonly string[], ip: string): boolean {
  let list = allowLists.get(allowed);
  if (!list) {
    list = new IpAllowList(allowed);
    allowLists.set(allowed, list);
  }
  return !list.has(ip);
}
