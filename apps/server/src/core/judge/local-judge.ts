import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outputMatches, overallVerdict, type CodeLanguage, type JudgeVerdict } from '@kaopei/shared';
import {
  JudgeUnavailableError,
  truncateText,
  type Judge,
  type JudgeCaseResult,
  type JudgeRequest,
  type JudgeResult,
} from './judge';
import { COMPILE_LIMITS, LANGUAGES } from './languages';
import { manifestDirs, manifestText, rootManifest } from './sandbox-root';
import { BOX_FULL_FILE, MAX_FILES, sandboxScript } from './sandbox-script';

/** The unprivileged uid/gid every judged program runs as (nobody). */
const SANDBOX_UID = 65534;
/** stdout beyond this kills the program (output_limit). */
export const STDOUT_LIMIT_BYTES = 64 * 1024;
const STDERR_KEEP_BYTES = 8 * 1024;
/** Largest file a program may write in its directory. */
const FILE_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;
/** Size of the work directory (a tmpfs, counted in the run's memory too) unless configured. */
export const DEFAULT_WORK_DIR_MB = 64;
/** Processes and threads per run (fork bombs stop here). */
const PIDS_LIMIT = 64;
const CGROUP_ROOT = '/sys/fs/cgroup';
const CGROUP_NAME = 'kaopei-judge';
/** Setting up the sandbox on a very busy machine may take this long before the judge gives up (retried). */
const SETUP_TIMEOUT_MS = 30_000;

const SANDBOX_SCRIPT = sandboxScript({
  uid: SANDBOX_UID,
  fileSizeBytes: FILE_SIZE_LIMIT_BYTES,
  nproc: PIDS_LIMIT * 4,
});

interface ProcessOutcome {
  /** The program's exit code, or 128+signal; null when the run was killed from outside. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** CPU time (user + system) of the program and the processes it waited for; wall time when unknown. */
  timeMs: number;
  timedOut: boolean;
  outputExceeded: boolean;
  oomKilled: boolean;
  /** The work directory ran out of space or files. */
  workDirFull: boolean;
}

let runCounter = 0;

/** Which sandbox features this machine lacks (empty when LocalJudge can run). */
export function missingSandboxFeatures(): string[] {
  const missing: string[] = [];
  if (process.platform !== 'linux') return ['Linux'];
  if (process.getuid?.() !== 0) missing.push('root 权限（创建命名空间与 cgroup）');
  for (const tool of [
    '/usr/bin/unshare',
    '/usr/bin/prlimit',
    '/usr/sbin/chroot',
    '/usr/bin/sh',
    '/usr/bin/mount',
    '/usr/bin/xargs',
    '/usr/bin/cp',
    '/usr/bin/stat',
  ])
    if (!fs.existsSync(tool)) missing.push(tool);
  for (const controller of ['memory', 'pids'])
    if (!fs.existsSync(path.join(CGROUP_ROOT, controller, 'cgroup.procs')))
      missing.push(`cgroup v1 ${controller} 控制器（${CGROUP_ROOT}/${controller}）`);
  return missing;
}

/**
 * Judges on this machine. Every compile and every test case is a separate process tree in its own
 * namespaces and throw-away directory, as nobody, with CPU, wall-clock, memory (cgroup), process
 * (cgroup), file-size and output limits and no network. Refuses to run when any of that is missing.
 */
export class LocalJudge implements Judge {
  readonly name = 'local';
  private checked: string[] | undefined;

  private readonly manifests = new Map<CodeLanguage, { list: string; dirs: string }>();

  /**
   * @param workRoot where each run's files live on the host (source, compiled program, bookkeeping)
   * @param workDirMb size of the program's work directory, a tmpfs of its own per compile and per case
   */
  constructor(
    private readonly workRoot = os.tmpdir(),
    private readonly workDirMb = DEFAULT_WORK_DIR_MB,
  ) {}

  /** Languages whose tools are installed. */
  languages(): CodeLanguage[] {
    return (Object.keys(LANGUAGES) as CodeLanguage[]).filter((language) =>
      LANGUAGES[language].needs.every((tool) => fs.existsSync(tool)),
    );
  }

  private ensureSandbox() {
    this.checked ??= missingSandboxFeatures();
    if (this.checked.length > 0)
      throw new JudgeUnavailableError(`本机判题沙箱不可用，缺少：${this.checked.join('、')}`);
  }

  /** The minimal root's manifest for a language, computed once. */
  private manifest(language: CodeLanguage): { list: string; dirs: string } {
    let manifest = this.manifests.get(language);
    if (manifest === undefined) {
      const entries = rootManifest(LANGUAGES[language].root());
      manifest = { list: manifestText(entries), dirs: manifestDirs(entries) };
      this.manifests.set(language, manifest);
    }
    return manifest;
  }

  async run(request: JudgeRequest): Promise<JudgeResult> {
    this.ensureSandbox();
    const spec = LANGUAGES[request.language];
    if (!spec.needs.every((tool) => fs.existsSync(tool)))
      throw new JudgeUnavailableError(`本机未安装 ${request.language} 的运行环境`);
    const base = fs.mkdtempSync(path.join(this.workRoot, 'kaopei-judge-'));
    try {
      // Only root reads these; the program gets a copy in a work directory of its own.
      const manifest = this.manifest(request.language);
      fs.writeFileSync(path.join(base, 'root.list'), manifest.list);
      fs.writeFileSync(path.join(base, 'root.dirs'), manifest.dirs);
      const box = path.join(base, 'box');
      fs.mkdirSync(box, { mode: 0o700 });
      fs.writeFileSync(path.join(box, spec.file), request.code, { mode: 0o644 });
      const compileError = spec.compile ? await this.compile(base, spec.compile, request) : undefined;
      if (compileError) return compileError;
      const cases: JudgeCaseResult[] = [];
      for (const testCase of request.cases) {
        const outcome = await this.execute(base, spec.run(request.memoryLimitMb), testCase.input, {
          timeLimitMs: request.timeLimitMs,
          memoryLimitMb: request.memoryLimitMb + spec.overheadMb,
          pids: PIDS_LIMIT,
        });
        const stderr = outcome.workDirFull ? `${this.fullMessage()}\n${outcome.stderr}` : outcome.stderr;
        cases.push({
          verdict: caseVerdict(outcome, testCase.output, request.timeLimitMs, spec.memoryError),
          timeMs: outcome.timeMs,
          stdout: truncateText(outcome.stdout),
          stderr: truncateText(stderr),
          expected: testCase.output,
        });
      }
      return { verdict: overallVerdict(cases), cases };
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  }

  private fullMessage() {
    return `工作目录已满（上限 ${this.workDirMb} MB、${MAX_FILES} 个文件）`;
  }

  /** Compiles in the sandbox, keeping its output for the runs; the compile_error result when it fails. */
  private async compile(
    base: string,
    command: string[],
    request: JudgeRequest,
  ): Promise<JudgeResult | undefined> {
    const limits = { ...COMPILE_LIMITS, pids: PIDS_LIMIT * 2 };
    const compiled = await this.execute(base, command, '', limits, true);
    if (compiled.exitCode === 0) return undefined;
    const message = compiled.timedOut
      ? '编译超时'
      : compiled.oomKilled
        ? '编译内存超限'
        : compiled.workDirFull
          ? this.fullMessage()
          : compiled.stderr || compiled.stdout;
    return {
      verdict: 'compile_error',
      compileOutput: truncateText(message),
      cases: request.cases.map((c) => ({
        verdict: 'compile_error' as const,
        timeMs: 0,
        stdout: '',
        stderr: '',
        expected: c.output,
      })),
    };
  }

  /** One process tree in the sandbox; resolves once every process of it is gone. */
  private async execute(
    base: string,
    command: string[],
    input: string,
    limits: { timeLimitMs: number; memoryLimitMb: number; pids: number },
    keepWorkDir = false,
  ): Promise<ProcessOutcome> {
    for (const file of ['started', 'exit', 'times', BOX_FULL_FILE])
      fs.rmSync(path.join(base, file), { force: true });
    const name = `${process.pid}-${++runCounter}`;
    const memoryGroup = path.join(CGROUP_ROOT, 'memory', CGROUP_NAME, name);
    const pidsGroup = path.join(CGROUP_ROOT, 'pids', CGROUP_NAME, name);
    fs.mkdirSync(memoryGroup, { recursive: true });
    fs.mkdirSync(pidsGroup, { recursive: true });
    try {
      const bytes = String(limits.memoryLimitMb * 1024 * 1024);
      fs.writeFileSync(path.join(memoryGroup, 'memory.limit_in_bytes'), bytes);
      try {
        // No swapping past the limit, where the kernel accounts swap.
        fs.writeFileSync(path.join(memoryGroup, 'memory.memsw.limit_in_bytes'), bytes);
      } catch {
        /* swap accounting off: memory.limit_in_bytes alone applies */
      }
      fs.writeFileSync(path.join(pidsGroup, 'pids.max'), String(limits.pids));
      const cpuSeconds = Math.ceil(limits.timeLimitMs / 1000) + 1;
      const outcome = await spawnSandboxed(base, command, input, {
        memoryGroup,
        pidsGroup,
        cpuSeconds,
        workDirMb: this.workDirMb,
        keepWorkDir,
        // Counted from the moment the sandbox is ready; CPU time is what the limit is about.
        wallMs: limits.timeLimitMs * 2 + 1000,
      });
      outcome.oomKilled = oomKills(memoryGroup) > 0;
      return outcome;
    } finally {
      await removeGroup(memoryGroup);
      await removeGroup(pidsGroup);
    }
  }
}

function oomKills(group: string): number {
  try {
    const control = fs.readFileSync(path.join(group, 'memory.oom_control'), 'utf8');
    return Number(/oom_kill (\d+)/.exec(control)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Kills whatever is left in a cgroup, then removes it. */
async function removeGroup(group: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const pids = fs.readFileSync(path.join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
      for (const pid of pids) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      fs.rmdirSync(group);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function spawnSandboxed(
  base: string,
  command: string[],
  input: string,
  options: {
    memoryGroup: string;
    pidsGroup: string;
    cpuSeconds: number;
    workDirMb: number;
    keepWorkDir: boolean;
    wallMs: number;
  },
  setupMs = SETUP_TIMEOUT_MS,
): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    // Join the cgroups first, so that everything the run starts is counted and limited.
    const child = spawn(
      '/usr/bin/sh',
      [
        '-c',
        'echo $$ > "$1/cgroup.procs" && echo $$ > "$2/cgroup.procs" && shift 2 && exec "$@"',
        'sh',
        options.memoryGroup,
        options.pidsGroup,
        '/usr/bin/unshare',
        '--mount',
        '--net',
        '--pid',
        '--ipc',
        '--uts',
        '--fork',
        '--kill-child',
        '/usr/bin/sh',
        '-c',
        SANDBOX_SCRIPT,
        'sandbox',
        base,
        String(options.cpuSeconds),
        String(options.workDirMb),
        options.keepWorkDir ? '1' : '0',
        ...command,
      ],
      {
        cwd: '/',
        env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let timedOut = false;
    let outputExceeded = false;
    const kill = () => {
      try {
        child.kill('SIGKILL');
      } catch {
        /* gone */
      }
    };
    // The wall-clock limit starts when the sandbox is ready (a busy machine may be slow to set it up).
    const startedFile = path.join(base, 'started');
    let programTimer: NodeJS.Timeout | undefined;
    let setupTimedOut = false;
    const setupTimer = setTimeout(() => {
      setupTimedOut = true;
      kill();
    }, setupMs);
    const watch = setInterval(() => {
      if (!fs.existsSync(startedFile)) return;
      clearInterval(watch);
      clearTimeout(setupTimer);
      programTimer = setTimeout(() => {
        timedOut = true;
        kill();
      }, options.wallMs);
    }, 20);
    const clearTimers = () => {
      clearInterval(watch);
      clearTimeout(setupTimer);
      clearTimeout(programTimer);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > STDOUT_LIMIT_BYTES) {
        outputExceeded = true;
        kill();
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderrBytes < STDERR_KEEP_BYTES) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    // A program that exits without reading its input closes the pipe early: not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
    child.on('error', (error) => {
      clearTimers();
      reject(new JudgeUnavailableError(`无法启动判题沙箱：${error.message}`));
    });
    child.on('close', () => {
      clearTimers();
      const ended = Date.now();
      const errText = Buffer.concat(stderr).toString('utf8');
      if (!fs.existsSync(startedFile)) {
        if (setupTimedOut) {
          // Killed before the sandbox was even ready: the machine is overloaded.
          reject(new JudgeUnavailableError('判题沙箱启动超时'));
          return;
        }
        reject(new JudgeUnavailableError(`判题沙箱启动失败：${errText.trim().slice(0, 300)}`));
        return;
      }
      const startedNs = Number(fs.readFileSync(startedFile, 'utf8').trim());
      const programStart = Number.isFinite(startedNs) && startedNs > 0 ? startedNs / 1e6 : ended;
      const cpuMs = childCpuMs(path.join(base, 'times'));
      const exitFile = path.join(base, 'exit');
      // No exit file: the run was killed from outside (time or output limit).
      const exitCode = fs.existsSync(exitFile) ? Number(fs.readFileSync(exitFile, 'utf8').trim()) : null;
      resolve({
        exitCode,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: errText,
        timeMs: cpuMs ?? Math.max(0, Math.round(ended - programStart)),
        timedOut,
        outputExceeded,
        oomKilled: false,
        workDirFull: fs.existsSync(path.join(base, BOX_FULL_FILE)),
      });
    });
  });
}

/** The children's user + system time from the shell's `times` output (its second line). */
function childCpuMs(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  const line = fs.readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000,
  );
  if (parts.length !== 2) return null;
  return Math.round((parts[0] ?? 0) + (parts[1] ?? 0));
}

const SIGXCPU = 24;
const SIGXFSZ = 25;
const SIGKILL = 9;

function caseVerdict(
  outcome: ProcessOutcome,
  expected: string,
  timeLimitMs: number,
  memoryError: RegExp | undefined,
): JudgeVerdict {
  if (outcome.outputExceeded) return 'output_limit';
  // Wrote more than its work directory or one file may hold, and failed for it.
  if (outcome.exitCode !== 0 && (outcome.workDirFull || outcome.exitCode === 128 + SIGXFSZ))
    return 'output_limit';
  if (outcome.oomKilled || (outcome.exitCode !== 0 && memoryError?.test(outcome.stderr)))
    return 'memory_limit';
  if (outcome.timedOut || outcome.exitCode === 128 + SIGXCPU) return 'time_limit';
  if (outcome.exitCode === 128 + SIGKILL && outcome.timeMs >= timeLimitMs) return 'time_limit';
  if (outcome.exitCode !== 0) return 'runtime_error';
  if (outcome.timeMs > timeLimitMs) return 'time_limit';
  return outputMatches(outcome.stdout, expected) ? 'accepted' : 'wrong_answer';
}
