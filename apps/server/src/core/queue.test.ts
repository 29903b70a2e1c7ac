import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type TestApp } from '../../test/harness';
import { Queue, queueConnection, type QueueSettings } from './queue';

/** Queues of their own (a schema each on a shared PostgreSQL) on the test app's real database. */
describe('job queue', () => {
  let t: TestApp;
  const opened: Queue[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const queue of opened) await queue.stop();
    await t.close();
  });

  function queueOf(settings: Partial<QueueSettings> = {}): Queue {
    const { database, config } = t.app.deps;
    const queue = new Queue(
      queueConnection(database),
      { schema: config.queueSchema, work: false, pollSeconds: 0.5, ...settings },
      t.app.log,
    );
    opened.push(queue);
    return queue;
  }

  it('runs a job; retries a failing one up to its limit, then leaves it failed', async () => {
    const queue = queueOf();
    const seen: string[] = [];
    const tries: number[] = [];
    const name = unique('ok');
    const failing = unique('bad');
    queue.define<{ word: string }>(name, async ({ word }) => {
      seen.push(word);
    });
    queue.define(
      failing,
      async (_data, job) => {
        tries.push(job.retryCount);
        throw new Error('broken');
      },
      { retries: 2 },
    );
    await queue.start();
    await queue.send(name, { word: 'hello' });
    const failed = await queue.send(failing, {});
    await queue.drain();
    expect(seen).toEqual(['hello']);
    expect(tries).toEqual([0, 1, 2]);
    expect(await queue.stateOf(failing, failed ?? '')).toBe('failed');
  });

  it('hands a job that failed for good to its dead-letter queue', async () => {
    const queue = queueOf();
    const name = unique('doomed');
    const dead = unique('dead');
    const buried: unknown[] = [];
    queue.define(dead, async (data) => {
      buried.push(data);
    });
    queue.define(
      name,
      async () => {
        throw new Error('broken');
      },
      { retries: 1, deadLetter: dead },
    );
    await queue.start();
    await queue.send(name, { row: 7 });
    await queue.drain();
    expect(buried).toEqual([{ row: 7 }]);
  });

  it('does not run one job twice when two instances work the queue at once', async () => {
    const name = unique('once');
    const runs = new Map<number, number>();
    const instances = [queueOf(), queueOf()];
    for (const queue of instances)
      queue.define<{ n: number }>(name, async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
    for (const queue of instances) await queue.start();
    for (let n = 0; n < 30; n += 1) await instances[0]?.send(name, { n });
    await Promise.all(instances.map((queue) => queue.drain()));
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('runs a periodic job again after its interval, on one worker', async () => {
    const name = unique('tick');
    let ticks = 0;
    const queue = queueOf({ work: true });
    queue.every(name, 1, async () => {
      ticks += 1;
    });
    await queue.start();
    const deadline = Date.now() + 15_000;
    while (ticks < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ticks).toBeGreaterThanOrEqual(2);
    // While one run waits, another send is refused: one chain, however many instances start it.
    const sent = [
      await queue.send(name, {}, { afterSeconds: 60 }),
      await queue.send(name, {}, { afterSeconds: 60 }),
    ];
    expect(sent.filter((id) => id !== null).length).toBeLessThanOrEqual(1);
  });
});
