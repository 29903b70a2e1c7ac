// The processes of the reliability suite: the server bundled as production runs it (build.mjs), started
// as separate Node processes, killed with SIGKILL; and a Judge0-compatible judge that records every run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** Polls `condition` every `everyMs` until it holds; throws `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Throws a plain message when nothing answers on the Redis URL's host and port. */
export function expectReachable(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) }, () => {
      socket.end();
      resolve();
    });
    socket.setTimeout(2000, () => socket.destroy(new Error('timeout')));
    socket.on('error', (error) => reject(new Error(`Redis does not answer at ${url}: ${error.message}`)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Bundles the server as `npm start` does (apps/server/build.mjs) into a directory of its own. */
export async function buildServer(): Promise<{ main: string; remove(): void }> {
  const dir = path.join(SERVER_DIR, `dist-reliability-${process.pid}`);
  const main = path.join(dir, 'main.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], {
      cwd: SERVER_DIR,
      env: { ...process.env, OUTFILE: main },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server build failed (${code})`))));
  });
  return { main, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** One server process; `kill9()` ends it as a crash would, `start()` brings it back on the same port. */
export class Instance {
  private child: ChildProcess | undefined;
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-reliability-'));
  readonly address: string;

  constructor(
    readonly name: string,
    private readonly main: string,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.address = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const log = fs.openSync(path.join(this.dataDir, 'server.log'), 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', this.main], {
      cwd: path.resolve(SERVER_DIR, '../..'),
      env: {
        PATH: process.env.PATH ?? '',
        ...this.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    await waitFor(
      `${this.name} to answer HTTP`,
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${this.name} exited (${child.exitCode}):\n${this.log()}`);
        try {
          const res = await fetch(`${this.address}/exam/api/v1/open/exam?examId=1`);
          await res.arrayBuffer();
          return true;
        } catch {
          return false;
        }
      },
      30_000,
      100,
    );
  }

  /** SIGKILL: no shutdown hook runs, requests in flight are cut, queue jobs it held stay active. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }

  log(): string {
    try {
      return fs.readFileSync(path.join(this.dataDir, 'server.log'), 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  remove(): void {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A run the fake judge received: which instance asked, the program, its input. */
export interface JudgeRun {
  instance: string;
  code: string;
  stdin: string;
  /** Set when the answer was written back (the asking instance may be dead by then). */
  answered: boolean;
}

/**
 * A Judge0-compatible service (the server's JUDGE=judge0) that "runs" the two-number sum every program
 * here is: it answers `a + b` for stdin `a b` after `delayMs`. Each instance gets its own base URL
 * (`/<instance>/`), so every run is known by the instance that asked for it.
 */
export class FakeJudge0 {
  readonly runs: JudgeRun[] = [];
  private server: http.Server | undefined;
  port = 0;

  constructor(private readonly delayMs: number) {}

  urlFor(instance: string): string {
    return `http://127.0.0.1:${this.port}/${instance}/`;
  }

  inFlight(instance: string): JudgeRun[] {
    return this.runs.filter((run) => run.instance === instance && !run.answered);
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      source_code?: string;
      stdin?: string;
    };
    const unb64 = (s?: string) => Buffer.from(s ?? '', 'base64').toString('utf8');
    const run: JudgeRun = {
      instance: (req.url ?? '').split('/')[1] ?? '',
      code: unb64(body.source_code),
      stdin: unb64(body.stdin),
      answered: false,
    };
    this.runs.push(run);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const [a, b] = run.stdin.trim().split(/\s+/).map(Number);
    const stdout = Buffer.from(`${(a ?? 0) + (b ?? 0)}\n`).toString('base64');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ status: { id: 3, description: 'Accepted' }, stdout, time: '0.01', memory: 1024 }),
    );
    run.answered = true;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
