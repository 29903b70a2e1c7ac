import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLanguage } from '@kaopei/shared';
import { LocalJudge, missingSandboxFeatures } from './local-judge';

const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-judge-test-'));
const judge = new LocalJudge(workRoot);
afterAll(() => fs.rmSync(workRoot, { recursive: true, force: true }));
const SUM_CASES = [
  { input: '1 2\n', output: '3\n' },
  { input: '20 22\n', output: '42' },
];

function run(
  language: CodeLanguage,
  code: string,
  cases = SUM_CASES,
  timeLimitMs = 1000,
  memoryLimitMb = 64,
) {
  return judge.run({ language, code, cases, timeLimitMs, memoryLimitMb });
}

/** The test process itself is still fine: it can spawn, allocate and answer. */
async function healthy() {
  const result = await run('python', 'a, b = map(int, input().split())\nprint(a + b)', SUM_CASES.slice(0, 1));
  expect(result.verdict).toBe('accepted');
}

describe('LocalJudge sandbox', () => {
  it('has every sandbox feature on this machine (namespaces, cgroups, root)', () => {
    expect(missingSandboxFeatures()).toEqual([]);
    expect(judge.languages()).toEqual(expect.arrayContaining(['javascript', 'python']));
  });

  it('accepts correct JavaScript and Python, with per-case times', async () => {
    const js = await run(
      'javascript',
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);",
    );
    expect(js.verdict).toBe('accepted');
    expect(js.cases.map((c) => c.verdict)).toEqual(['accepted', 'accepted']);
    expect(js.cases[1]?.stdout).toBe('42\n');
    expect(js.cases[0]?.timeMs).toBeGreaterThan(0);
    const py = await run('python', 'a, b = map(int, input().split())\nprint(a + b, "  ")\nprint()');
    expect(py.verdict).toBe('accepted');
  });

  it('gives wrong_answer for JavaScript and Python that print the wrong thing', async () => {
    const js = await run('javascript', 'console.log(3)');
    expect(js.cases.map((c) => c.verdict)).toEqual(['accepted', 'wrong_answer']);
    expect(js.verdict).toBe('wrong_answer');
    expect(js.cases[1]?.expected).toBe('42');
    const py = await run('python', 'print(input())');
    expect(py.verdict).toBe('wrong_answer');
  });

  it('gives compile_error for C that does not compile, with the compiler message', async () => {
    if (!judge.languages().includes('c')) return;
    const result = await run('c', 'int main(void) { return undefined_name; }');
    expect(result.verdict).toBe('compile_error');
    expect(result.compileOutput).toContain('undefined_name');
    expect(result.cases.every((c) => c.verdict === 'compile_error')).toBe(true);
    const good = await run(
      'c',
      '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}',
    );
    expect(good.verdict).toBe('accepted');
  });

  it('stops an infinite loop with time_limit', async () => {
    const result = await run('javascript', 'for (;;) {}', SUM_CASES.slice(0, 1));
    expect(result.verdict).toBe('time_limit');
    await healthy();
  });

  it('contains a fork bomb and leaves no process behind', async () => {
    const before = fs.readdirSync('/sys/fs/cgroup/pids').length;
    const result = await run('python', 'import os\nwhile True:\n    os.fork()', SUM_CASES.slice(0, 1));
    // Whichever limit it meets first (processes, memory or time), it ends with a verdict.
    expect(['runtime_error', 'time_limit', 'memory_limit']).toContain(result.verdict);
    // The run's cgroup is gone, so none of its processes survived.
    expect(fs.readdirSync('/sys/fs/cgroup/pids').length).toBe(before);
    expect(
      fs.readdirSync('/sys/fs/cgroup/pids/kaopei-judge').filter((n) => n.startsWith(`${process.pid}-`)),
    ).toEqual([]);
    await healthy();
  });

  it('kills a program printing without end with output_limit', async () => {
    const result = await run('python', 'while True:\n    print("y" * 1000)', SUM_CASES.slice(0, 1));
    expect(result.verdict).toBe('output_limit');
    expect(Buffer.byteLength(result.cases[0]?.stdout ?? '')).toBeLessThan(5000);
    await healthy();
  });

  it('stops a memory hog with memory_limit (Python and JavaScript)', async () => {
    const py = await run('python', 'x = bytearray(512 * 1024 * 1024)\nprint(len(x))', SUM_CASES.slice(0, 1));
    expect(py.verdict).toBe('memory_limit');
    const js = await run(
      'javascript',
      'const keep = []; for (;;) keep.push(new Array(1e6).fill(1));',
      SUM_CASES.slice(0, 1),
      3000,
    );
    expect(js.verdict).toBe('memory_limit');
    await healthy();
  });

  describe('files and network outside the run', () => {
    const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-secret-'));
    const secretFile = path.join(secretDir, 'secret.txt');
    let server: net.Server;
    let port = 0;
    let connections = 0;

    beforeAll(async () => {
      fs.writeFileSync(secretFile, 'TOP-SECRET-42', { mode: 0o644 });
      fs.chmodSync(secretDir, 0o755);
      server = net.createServer((socket) => {
        connections += 1;
        socket.end('hello');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      fs.rmSync(secretDir, { recursive: true, force: true });
      await new Promise((resolve) => server.close(resolve));
    });

    it('cannot read files outside its directory (world-readable or not)', async () => {
      for (const file of [secretFile, '/etc/shadow', path.resolve('package.json')]) {
        const result = await run('python', `print(open(${JSON.stringify(file)}).read())`, [
          { input: '', output: 'x' },
        ]);
        expect(result.verdict).toBe('runtime_error');
        expect(result.cases[0]?.stdout).toBe('');
        expect(result.cases[0]?.stderr).not.toContain('TOP-SECRET');
        expect(result.cases[0]?.stderr).toMatch(/FileNotFoundError|PermissionError/);
      }
    });

    it('has no network: a local port is unreachable and is never contacted', async () => {
      const code = [
        'const net = require("net");',
        `const socket = net.connect(${port}, "127.0.0.1", () => { console.log("connected"); process.exit(0); });`,
        'socket.on("error", (e) => { console.error(e.code); process.exit(3); });',
      ].join('\n');
      const result = await run('javascript', code, [{ input: '', output: 'connected' }]);
      expect(result.verdict).toBe('runtime_error');
      expect(result.cases[0]?.stdout).toBe('');
      const py = await run(
        'python',
        'import socket\nsocket.create_connection(("127.0.0.1", 6379), timeout=2)\nprint("x")',
        [{ input: '', output: 'x' }],
      );
      expect(py.verdict).toBe('runtime_error');
      expect(connections).toBe(0);
    });
  });

  it('removes its temporary directories', () => {
    expect(fs.readdirSync(workRoot)).toEqual([]);
  });
});
