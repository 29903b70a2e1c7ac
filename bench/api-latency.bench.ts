// Latency of the calls every signed-in page makes (user detail, menu tree, unread flag), over real
// HTTP against the server on PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set.
import { signIn, startServer, summarize } from './support';

export async function apiLatency() {
  const server = await startServer(process.env.BENCH_DATABASE_URL);
  try {
    const token = await signIn(server, 'zhangsan');
    const calls: [string, string][] = [
      ['GET', '/user/api/v1/user/detail'],
      ['GET', '/user/api/v2/sys/permission/get/menu?endpoint=1'],
      ['POST', '/user/api/v1/notice/is/unread'],
    ];
    const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
    const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
    const results: Record<string, unknown> = {};
    for (const [method, url] of calls) {
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests) {
            next += 1;
            const t0 = performance.now();
            const res = await fetch(server.address + url, {
              method,
              headers: { authorization: `Bearer ${token}` },
            });
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status !== 200) errors += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const { p50ms, p95ms, p99ms } = summarize(latencies);
      results[`${method} ${url}`] = {
        requests,
        concurrency,
        errors,
        throughputPerSecond: Math.round(requests / seconds),
        p50ms,
        p95ms,
        p99ms,
      };
    }
    return { database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', results };
  } finally {
    await server.close();
  }
}
