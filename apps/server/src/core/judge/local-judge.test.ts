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

/** Bytes of every regular file under a directory (what a run leaves on the host disk). */
function treeBytes(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0; /* a run's directory removed while listing */
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
    } catch {
      /* removed meanwhile */
    }
  }
  return total;
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

  it('accepts a sum answer in every installed language, inside its minimal root', async () => {
    const answers: Record<CodeLanguage, string> = {
      javascript:
        "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);",
      python: 'a, b = map(int, input().split())\nprint(a + b)',
      c: '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}',
      cpp: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<std::endl;}',
      java: [
        'import java.util.Scanner;',
        'public class Main { public static void main(String[] args) {',
        '  Scanner in = new Scanner(System.in);',
        '  System.out.println(in.nextLong() + in.nextLong());',
        '} }',
      ].join('\n'),
      bash: 'read a b\necho $((a + b)) | cat | sort | head -n 1',
    };
    for (const language of judge.languages()) {
      const result = await run(language, answers[language], SUM_CASES, 3000, 128);
      const detail = result.compileOutput ?? result.cases[0]?.stderr;
      expect(result.verdict, `${language}: ${detail}`).toBe('accepted');
    }
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

  describe('a minimal root and a capped work directory (issue 13)', () => {
    const SERVER_SECRET = 'kaopei-server-secret-7f3a';
    beforeAll(() => {
      process.env.KAOPEI_TEST_SERVER_SECRET = SERVER_SECRET;
    });
    afterAll(() => {
      delete process.env.KAOPEI_TEST_SERVER_SECRET;
    });

    it('sees nothing of the host: no /etc/passwd, no /work, no project files, no server environment', async () => {
      const code = [
        'import os',
        'def show(label, read):',
        '    try:',
        '        print(label, read())',
        '    except OSError as error:',
        '        print(label, "error", type(error).__name__)',
        'show("passwd", lambda: open("/etc/passwd").read())',
        'show("root", lambda: sorted(os.listdir("/")))',
        'show("home", lambda: os.listdir("/home"))',
        'show("projects", lambda: os.listdir("/work"))',
        'show("usr", lambda: sorted(os.listdir("/usr")))',
        'show("usrbin", lambda: (len(os.listdir("/usr/bin")), "python3" in os.listdir("/usr/bin")))',
        'print("env", dict(os.environ))',
        'print("done")',
      ].join('\n');
      const result = await run('python', code, [{ input: '', output: 'x' }]);
      const stdout = result.cases[0]?.stdout ?? '';
      expect(stdout).toContain('done');
      expect(stdout).not.toMatch(/root:x:/);
      expect(stdout).not.toContain('work');
      expect(stdout).not.toContain(SERVER_SECRET);
      expect(stdout).toMatch(/^passwd error FileNotFoundError$/m);
      expect(stdout).toMatch(/^home error FileNotFoundError$/m);
      // Only what Python needs: its own binary and the shell that starts it, not the host's /usr/bin.
      const [, count, hasPython] = /^usrbin \((\d+), (\w+)\)$/m.exec(stdout) ?? [];
      expect(hasPython).toBe('True');
      expect(Number(count)).toBeLessThanOrEqual(5);
      const env = /^env (.*)$/m.exec(stdout)?.[1] ?? '';
      expect(env).not.toContain('KAOPEI');
      expect(env).not.toContain('DATABASE_URL');
      expect(env).toContain("'HOME': '/tmp'");
    });

    it('fails a program that writes 200 MB in its work directory with output_limit, off the host disk', async () => {
      let largestBytes = 0;
      const watch = setInterval(() => {
        largestBytes = Math.max(largestBytes, treeBytes(workRoot));
      }, 25);
      const code = [
        'chunk = b"x" * (10 * 1024 * 1024)',
        'for i in range(20):',
        '    with open(f"part{i}.bin", "wb") as f:',
        '        f.write(chunk)',
        'print("wrote 200 MB")',
      ].join('\n');
      try {
        const result = await run('python', code, [{ input: '', output: 'wrote 200 MB' }], 5000, 512);
        expect(result.verdict).toBe('output_limit');
        expect(result.cases[0]?.stdout).toBe('');
        expect(result.cases[0]?.stderr).toContain('工作目录已满');
      } finally {
        clearInterval(watch);
      }
      expect(largestBytes).toBeLessThan(1024 * 1024);
      await healthy();
    });

    it('takes the work directory size from its setting', async () => {
      const small = new LocalJudge(workRoot, 8);
      const code =
        'for i in range(2):\n    open(f"part{i}.bin", "wb").write(b"x" * (5 * 1024 * 1024))\nprint("ok")';
      const cases = [{ input: '', output: 'ok' }];
      const request = { language: 'python' as const, code, cases, timeLimitMs: 5000, memoryLimitMb: 256 };
      const result = await small.run(request);
      expect(result.verdict).toBe('output_limit');
      expect(result.cases[0]?.stderr).toContain('上限 8 MB');
      // The same program fits the default 64 MB.
      expect((await judge.run(request)).verdict).toBe('accepted');
    });

    it('keeps a compiled program between compiling and running, and each case starts from a clean directory', async () => {
      if (!judge.languages().includes('c')) return;
      const code = [
        '#include <stdio.h>',
        'int main(void) {',
        '  FILE *seen = fopen("seen.txt", "r");',
        '  if (seen) { puts("dirty"); return 0; }',
        '  fclose(fopen("seen.txt", "w"));',
        '  puts("clean");',
        '  return 0;',
        '}',
      ].join('\n');
      const result = await run('c', code, [
        { input: '', output: 'clean' },
        { input: '', output: 'clean' },
      ]);
      expect(result.cases.map((c) => c.verdict)).toEqual(['accepted', 'accepted']);
    });
  });

  it('removes its temporary directories', () => {
    expect(fs.readdirSync(workRoot)).toEqual([]);
  });
});
