// Route-aware preloading of the web app's code (issue 15: the candidate's phone). Without it, a first
// visit downloads the entry, runs it, and only then asks for the page's own chunks, a few dozen small
// files fetched in waves of six over HTTP/1.1, each wave paying the network's round trip. The index page
// of the pages below names those chunks (`modulepreload`), so they download beside the entry; the exam's
// intro page also prefetches the answering page's chunks, which the candidate opens next.
import fs from 'node:fs';
import path from 'node:path';

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type Manifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
>;

export interface PreloadedPage {
  /** The page's address, as the web router has it. */
  path: RegExp;
  /** The source module of the route's lazy page, as the manifest names it. */
  chunk: string;
  /** The page people open next from this one: its chunks are prefetched at low priority. */
  next?: string;
}

const CANDIDATE_PAGES = 'src/features/candidate/pages';

/** Loaded by the app shell on every page, right after the entry. */
const EVERY_PAGE = 'src/app/feedback-host.tsx';

/** The pages people open first on a slow link: sign-in, and the candidate's exam on the phone. */
export const PRELOADED_PAGES: readonly PreloadedPage[] = [
  { path: /^\/login\/?$/, chunk: 'src/features/auth/pages/login-page.tsx' },
  { path: /^\/m(\/exams)?\/?$/, chunk: `${CANDIDATE_PAGES}/my-exams-page.tsx` },
  {
    path: /^\/m\/exams\/[^/]+\/?$/,
    chunk: `${CANDIDATE_PAGES}/exam-intro-page.tsx`,
    next: `${CANDIDATE_PAGES}/attempt-page.tsx`,
  },
  { path: /^\/m\/attempts\/[^/]+\/?$/, chunk: `${CANDIDATE_PAGES}/attempt-page.tsx` },
];

export function readManifest(distDir: string): Manifest | undefined {
  const file = path.join(distDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** The manifest keys `keys` load: themselves and their static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The built files `keys` need beyond those already loaded (`loaded`: manifest keys). */
function filesOf(manifest: Manifest, keys: string[], loaded: Set<string>): { js: string[]; css: string[] } {
  const needed = [...closure(manifest, keys)].filter((key) => !loaded.has(key));
  return {
    js: needed.map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js')),
    css: needed.flatMap((key) => manifest[key]?.css ?? []),
  };
}

/**
 * The `<link>` tags the index page of `page` (or of every other page, without one) adds to its head:
 * modulepreload for the page's chunks and those every page loads, preload for their styles, prefetch for
 * the next page's. Keys missing from the manifest are skipped, so a renamed page only loses its preload.
 */
export function preloadTags(manifest: Manifest, page?: PreloadedPage): string {
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = closure(manifest, entry);
  const now = filesOf(manifest, [EVERY_PAGE, ...(page ? [page.chunk] : [])], loaded);
  const later = page?.next
    ? filesOf(manifest, [page.next], new Set([...loaded, ...closure(manifest, [EVERY_PAGE, page.chunk])]))
    : { js: [], css: [] };
  return [
    ...now.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...now.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...[...later.js, ...later.css].map((file) => `<link rel="prefetch" crossorigin href="/${file}">`),
  ].join('');
}
