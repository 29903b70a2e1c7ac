import { Redis } from 'ioredis';

export type RealtimeHandler = (message: Record<string, unknown>) => void;

/**
 * Publish/subscribe across instances for live exam monitoring (design.md §1): in-process by default;
 * Redis pub/sub when REDIS_URL is set so that an event published on one instance reaches the
 * Server-Sent-Events clients of every instance. Channels: `exam:<examId>`, `attempt:<attemptId>`, and
 * `sessions:revoked` (sign-outs, modules/auth/session-revocation.ts).
 * Delivery is best effort (a subscriber that is not connected misses the message); clients reload state
 * over HTTP when they reconnect.
 */
export interface Realtime {
  publish(channel: string, message: object): Promise<void>;
  /** Calls `handler` for every message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: RealtimeHandler): () => void;
  /** Resolves when every subscription made so far receives messages (Redis subscribes asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Handlers by channel, shared by both implementations. */
class Registry {
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: RealtimeHandler): boolean {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: RealtimeHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set || !set.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  deliver(channel: string, message: Record<string, unknown>): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch {
        // One broken subscriber must not stop the others.
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

export class MemoryRealtime implements Realtime {
  private readonly registry = new Registry();

  async publish(channel: string, message: object): Promise<void> {
    // Copied like a trip through Redis would, so subscribers never share the publisher's object.
    const copy = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
    this.registry.deliver(channel, copy);
  }

  subscribe(channel: string, handler: RealtimeHandler): () => void {
    this.registry.add(channel, handler);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.registry.remove(channel, handler);
    };
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.registry.clear();
  }
}

/** One publishing and one subscribed connection per instance; channels are subscribed while in use. */
export class RedisRealtime implements Realtime {
  private readonly registry = new Registry();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private pending = new Set<Promise<unknown>>();

  constructor(
    redisUrl: string,
    private readonly prefix = 'kaopei:rt:',
  ) {
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (fullChannel: string, payload: string) => {
      if (!fullChannel.startsWith(this.prefix)) return;
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        return;
      }
      this.registry.deliver(fullChannel.slice(this.prefix.length), message);
    });
    // ioredis reconnects by itself and re-subscribes; errors are logged by the callers' requests.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
  }

  async publish(channel: string, message: object): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
  }

  private track(promise: Promise<unknown>): void {
    const settled = promise.catch(() => undefined);
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  /**
   * Resolves once the subscribed connection is ready. A SUBSCRIBE queued while ioredis is still
   * connecting was seen to be lost (the channel had one subscriber of two on a fast start), so channels
   * are subscribed only on a ready connection.
   */
  private connected(): Promise<unknown> {
    if (this.subscriber.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.subscriber.once('ready', resolve));
  }

  subscribe(channel: string, handler: RealtimeHandler): () => void {
    if (this.registry.add(channel, handler))
      this.track(this.connected().then(() => this.subscriber.subscribe(this.prefix + channel)));
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      if (this.registry.remove(channel, handler))
        this.track(this.subscriber.unsubscribe(this.prefix + channel));
    };
  }

  async ready(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    this.registry.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
