// A 200 MB video served with HTTP range requests to 50 concurrent viewers, each reading ranges through
// the file as a player does (a signed media URL, 2 MB ranges from a random start). Reports throughput and
// the server's RSS before, at its peak and after (target: the peak less than 100 MB above the start).
// The server runs in this process: the viewers stream and drop bytes, so the RSS is the server's.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { files, organizations } from '../apps/server/src/db/schema';
import { signedFileUrl } from '../apps/server/src/modules/file/file.service';

const MB = 1024 * 1024;

export async function videoServe() {
  const sizeMb = Number(process.env.BENCH_VIDEO_MB ?? 200);
  const viewers = Number(process.env.BENCH_VIEWERS ?? 50);
  const perViewerMb = Number(process.env.BENCH_VIEWER_MB ?? 40);
  const rangeBytes = 2 * MB;
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'kaopei-bench-video-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp(config, { serveWeb: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { db, storage } = app.deps;
    // A 200 MB file written in 8 MB pieces (never whole in memory).
    const local = path.join(dataDir, 'video.mp4');
    const piece = Buffer.alloc(8 * MB, 7);
    const out = fs.openSync(local, 'w');
    for (let written = 0; written < sizeMb * MB; written += piece.length)
      fs.writeSync(out, piece, 0, Math.min(piece.length, sizeMb * MB - written));
    fs.closeSync(out);
    const [org] = await db
      .insert(organizations)
      .values({ name: `bench-${Date.now()}`, kind: 'enterprise' })
      .returning();
    const key = `${org!.id}/bench-video.mp4`;
    await storage.putFile(key, local);
    fs.rmSync(local);
    await db
      .insert(files)
      .values({ organizationId: org!.id, key, name: 'bench.mp4', mime: 'video/mp4', size: sizeMb * MB });
    const url = address + signedFileUrl({ key }, 3600);

    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    let bytes = 0;
    let errors = 0;
    let requests = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: viewers }, async () => {
        let offset = Math.floor(Math.random() * (sizeMb - perViewerMb)) * MB;
        for (let read = 0; read < perViewerMb * MB; read += rangeBytes) {
          const end = Math.min(offset + rangeBytes, sizeMb * MB) - 1;
          const res = await fetch(url, { headers: { range: `bytes=${offset}-${end}` } });
          requests += 1;
          if (res.status !== 206) errors += 1;
          // Read and drop, as a player's buffer would consume it.
          const reader = res.body!.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
            bytes += chunk.value.length;
          offset = end + 1 >= sizeMb * MB ? 0 : end + 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    global.gc?.();
    await new Promise((r) => setTimeout(r, 1000));
    const after = process.memoryUsage().rss;
    const mb = (n: number) => +(n / MB).toFixed(1);
    return {
      fileMb: sizeMb,
      viewers,
      requests,
      errors,
      servedMb: mb(bytes),
      seconds: +seconds.toFixed(2),
      throughputMbPerSecond: +(bytes / MB / seconds).toFixed(1),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssAfterMb: mb(after),
      rssRiseMb: mb(peak - before),
      targetMet: peak - before < 100 * MB && errors === 0,
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
