import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeUnavailableError } from './judge';
import { Judge0Judge, JUDGE0_LANGUAGE_IDS } from './judge0-judge';

/**
 * A small peer speaking Judge0's submission protocol (Judge0 itself cannot be installed here). It
 * "runs" a program by its source: programs containing SUM print the sum of the numbers on stdin.
 */
interface Seen {
  token: string | undefined;
  body: Record<string, unknown>;
  url: string;
}
const seen: Seen[] = [];
const pending = new Map<string, object>();
let counter = 0;

function execute(source: string, stdin: string, languageId: number): object {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  if (source.includes('SYNTAX'))
    return { status: { id: 6 }, compile_output: b64('main.c:1: error: expected ;') };
  if (source.includes('LOOP')) return { status: { id: 5 }, time: '1.01', stdout: null };
  if (source.includes('CRASH')) return { status: { id: 11 }, stderr: b64('boom'), time: '0.01', memory: 900 };
  if (source.includes('HOG')) return { status: { id: 9 }, time: '0.2', memory: 64 * 1024 };
  if (source.includes('BROKEN')) return { status: { id: 13, description: 'Internal Error' } };
  const sum = stdin
    .split(/\s+/)
    .filter(Boolean)
    .reduce((a, b) => a + Number(b), 0);
  return {
    status: { id: 3 },
    stdout: b64(`${sum}\n`),
    stderr: null,
    time: '0.02',
    memory: 1000 + languageId,
  };
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const token = req.headers['x-auth-token'] as string | undefined;
    if (token !== 'secret') {
      res.writeHead(401).end('{"error":"Authentication failed"}');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'POST' && url.pathname === '/judge0/submissions') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ token, body, url: req.url ?? '' });
      const decode = (v: unknown) => Buffer.from(String(v ?? ''), 'base64').toString('utf8');
      const result = execute(decode(body.source_code), decode(body.stdin), Number(body.language_id));
      counter += 1;
      // Every other submission is answered before it finished, so the client must poll.
      if (counter % 2 === 0) {
        const id = `tok-${counter}`;
        pending.set(id, result);
        res.end(JSON.stringify({ token: id }));
      } else res.end(JSON.stringify({ token: `tok-${counter}`, ...result }));
      return;
    }
    const match = /^\/judge0\/submissions\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && match?.[1] && pending.has(match[1])) {
      res.end(JSON.stringify({ token: match[1], ...pending.get(match[1]) }));
      return;
    }
    res.writeHead(404).end('{}');
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/judge0`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const cases = [
  { input: '1 2\n', output: '3' },
  { input: '4 5\n', output: '10' },
];
const request = (code: string) => ({
  language: 'python' as const,
  code,
  cases,
  timeLimitMs: 1000,
  memoryLimitMb: 32,
});

describe('Judge0Judge', () => {
  it('submits base64 with the language id, token and limits, polls, and compares output itself', async () => {
    const judge = new Judge0Judge(baseUrl, 'secret', 10);
    const result = await judge.run(request('# SUM'));
    expect(result.cases.map((c) => c.verdict)).toEqual(['accepted', 'wrong_answer']);
    expect(result.verdict).toBe('wrong_answer');
    expect(result.cases[0]).toMatchObject({ stdout: '3\n', timeMs: 20, expected: '3' });
    const last = seen.at(-1);
    expect(last?.url).toContain('base64_encoded=true');
    expect(last?.body).toMatchObject({
      language_id: JUDGE0_LANGUAGE_IDS.python,
      cpu_time_limit: 1,
      memory_limit: 32 * 1024,
      stdin: Buffer.from('4 5\n').toString('base64'),
    });
  });

  it('maps compile errors, time limits, runtime errors and memory', async () => {
    const judge = new Judge0Judge(baseUrl, 'secret', 10);
    const compile = await judge.run(request('SYNTAX'));
    expect(compile.verdict).toBe('compile_error');
    expect(compile.compileOutput).toContain('expected ;');
    expect((await judge.run(request('LOOP'))).verdict).toBe('time_limit');
    const crash = await judge.run(request('CRASH'));
    expect(crash.verdict).toBe('runtime_error');
    expect(crash.cases[0]?.stderr).toBe('boom');
    expect((await judge.run(request('HOG'))).verdict).toBe('memory_limit');
  });

  it('reports an unusable service as unavailable (bad token, internal error, nobody listening)', async () => {
    await expect(new Judge0Judge(baseUrl, 'wrong').run(request('# SUM'))).rejects.toBeInstanceOf(
      JudgeUnavailableError,
    );
    await expect(new Judge0Judge(baseUrl, 'secret').run(request('BROKEN'))).rejects.toThrow(
      '判题服务内部错误',
    );
    await expect(new Judge0Judge('http://127.0.0.1:9/', 'secret').run(request('# SUM'))).rejects.toThrow(
      '无法连接判题服务',
    );
  });
});
