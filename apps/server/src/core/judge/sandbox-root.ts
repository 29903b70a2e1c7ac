import fs from 'node:fs';
import path from 'node:path';

/**
 * The minimal root a judged program sees: only the host paths its language runtime needs, each
 * bind-mounted read-only at the same place into an empty tmpfs, with the symbolic links on the way
 * recreated as links. No /etc/passwd, /home, /root, /work or project files, no other tools.
 */

/** One line of the root's manifest, read by the sandbox script. */
export type RootEntry =
  { kind: 'dir' | 'file'; path: string } | { kind: 'link'; path: string; target: string };

/** What every program needs: the shell that starts it, the dynamic loader and the shared libraries. */
const COMMON_PATHS = [
  '/usr/bin/sh',
  '/bin',
  '/lib',
  '/lib64',
  '/usr/lib64',
  '/usr/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/etc/ld.so.cache',
];

/** The C toolchain (gcc or g++ drivers add themselves): assembler, linker, headers, crt files. */
export const C_TOOLCHAIN = [
  '/usr/bin/as',
  '/usr/bin/ld',
  '/usr/bin/ld.bfd',
  '/usr/lib/gcc',
  '/usr/libexec/gcc',
  '/usr/include',
];

/** Plain text tools a shell answer may reasonably pipe through. */
export const SHELL_TOOLS = [
  'awk',
  'bc',
  'cat',
  'cut',
  'echo',
  'expr',
  'grep',
  'head',
  'printf',
  'rev',
  'sed',
  'seq',
  'sort',
  'tail',
  'tr',
  'uniq',
  'wc',
].map((tool) => `/usr/bin/${tool}`);

/** Python's standard library directory for the interpreter /usr/bin/python3 resolves to. */
export function pythonPaths(): string[] {
  try {
    const real = path.basename(fs.realpathSync('/usr/bin/python3'));
    return ['/usr/bin/python3', `/usr/lib/${real}`];
  } catch {
    return ['/usr/bin/python3'];
  }
}

/** The JDK behind /usr/bin/java (its home holds links into /etc/java-N-openjdk, which it needs too). */
export function javaPaths(): string[] {
  const paths = ['/usr/bin/java', '/usr/bin/javac'];
  try {
    paths.push(path.dirname(path.dirname(fs.realpathSync('/usr/bin/java'))));
    for (const name of fs.readdirSync('/etc'))
      if (/^java-\d+-openjdk$/.test(name)) paths.push(`/etc/${name}`);
  } catch {
    /* not installed: the language is reported unavailable */
  }
  return paths;
}

function lstat(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The entries that make `wanted` reachable in the new root, at the same paths: links along the way
 * (in the parent directories and the path itself) are recreated, and what they lead to is mounted.
 */
function addPath(wanted: string, entries: Map<string, RootEntry>, depth = 0): void {
  if (depth > 20 || wanted === '/' || entries.has(wanted)) return;
  const parent = path.dirname(wanted);
  let realParent: string;
  try {
    realParent = fs.realpathSync(parent);
  } catch {
    return;
  }
  if (realParent !== parent) {
    addPath(parent, entries, depth + 1);
    addPath(path.join(realParent, path.basename(wanted)), entries, depth + 1);
    return;
  }
  const stat = lstat(wanted);
  if (!stat) return;
  if (stat.isSymbolicLink()) {
    const target = fs.readlinkSync(wanted);
    entries.set(wanted, { kind: 'link', path: wanted, target });
    // A link to a directory (/bin -> usr/bin) brings only the link: what is inside is listed itself.
    const resolved = path.resolve(parent, target);
    if (!lstat(resolved)?.isDirectory()) addPath(resolved, entries, depth + 1);
  } else if (stat.isDirectory() || stat.isFile()) {
    entries.set(wanted, { kind: stat.isDirectory() ? 'dir' : 'file', path: wanted });
  }
}

/**
 * The manifest for a language: parents before children, and nothing inside a directory that is
 * mounted whole (it is there already).
 */
export function rootManifest(paths: readonly string[]): RootEntry[] {
  const entries = new Map<string, RootEntry>();
  for (const wanted of [...COMMON_PATHS, ...paths]) addPath(wanted, entries);
  const sorted = [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const mountedDirs: string[] = [];
  return sorted.filter((entry) => {
    if (mountedDirs.some((dir) => entry.path.startsWith(`${dir}/`))) return false;
    if (entry.kind === 'dir') mountedDirs.push(entry.path);
    return true;
  });
}

/** The directories (relative to the new root) the entries are mounted at or created in. */
export function manifestDirs(entries: readonly RootEntry[]): string {
  const dirs = new Set<string>();
  for (const entry of entries) dirs.add(entry.kind === 'dir' ? entry.path : path.dirname(entry.path));
  dirs.delete('/');
  return [...dirs]
    .map((dir) => dir.slice(1))
    .sort()
    .join('\n')
    .concat('\n');
}

/** The manifest as the sandbox script reads it: `D path`, `F path` or `L path target` per line. */
export function manifestText(entries: readonly RootEntry[]): string {
  return entries
    .map((entry) =>
      entry.kind === 'link'
        ? `L ${entry.path} ${entry.target}`
        : `${entry.kind === 'dir' ? 'D' : 'F'} ${entry.path}`,
    )
    .join('\n')
    .concat('\n');
}
