import type { CodeLanguage } from '@kaopei/shared';
import { C_TOOLCHAIN, SHELL_TOOLS, javaPaths, pythonPaths } from './sandbox-root';

export interface LanguageSpec {
  file: string;
  /** Host paths that must exist (under /usr, so that they exist in the sandbox too). */
  needs: string[];
  /** Host paths the runtime needs, mounted read-only into its otherwise empty root. */
  root: () => string[];
  compile?: string[];
  run: (memoryLimitMb: number) => string[];
  /** Extra memory the runtime itself needs beyond the question's limit (MB). */
  overheadMb: number;
  memoryError?: RegExp;
}

export const LANGUAGES: Record<CodeLanguage, LanguageSpec> = {
  javascript: {
    file: 'main.js',
    needs: ['/usr/bin/node'],
    root: () => ['/usr/bin/node'],
    run: (mb) => ['/usr/bin/node', `--max-old-space-size=${mb}`, 'main.js'],
    overheadMb: 64,
    memoryError: /heap out of memory|Reached heap limit/,
  },
  python: {
    file: 'main.py',
    needs: ['/usr/bin/python3'],
    root: pythonPaths,
    run: () => ['/usr/bin/python3', '-B', 'main.py'],
    overheadMb: 16,
    memoryError: /MemoryError/,
  },
  c: {
    file: 'main.c',
    needs: ['/usr/bin/gcc'],
    root: () => ['/usr/bin/gcc', ...C_TOOLCHAIN],
    compile: ['/usr/bin/gcc', '-O2', '-std=gnu11', '-o', 'main', 'main.c', '-lm'],
    run: () => ['./main'],
    overheadMb: 0,
  },
  cpp: {
    file: 'main.cpp',
    needs: ['/usr/bin/g++'],
    root: () => ['/usr/bin/g++', ...C_TOOLCHAIN],
    compile: ['/usr/bin/g++', '-O2', '-std=gnu++17', '-o', 'main', 'main.cpp'],
    run: () => ['./main'],
    overheadMb: 0,
  },
  java: {
    file: 'Main.java',
    needs: ['/usr/bin/javac', '/usr/bin/java'],
    root: javaPaths,
    compile: ['/usr/bin/javac', '-J-Xmx384m', '-encoding', 'UTF-8', 'Main.java'],
    run: (mb) => [
      '/usr/bin/java',
      `-Xmx${mb}m`,
      '-Xss64m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-XX:-UsePerfData',
      '-cp',
      '.',
      'Main',
    ],
    overheadMb: 160,
    memoryError: /OutOfMemoryError/,
  },
  bash: {
    file: 'main.sh',
    needs: ['/usr/bin/bash'],
    root: () => ['/usr/bin/bash', ...SHELL_TOOLS],
    run: () => ['/usr/bin/bash', 'main.sh'],
    overheadMb: 8,
  },
};

export const COMPILE_LIMITS = { timeLimitMs: 15_000, memoryLimitMb: 768 };
