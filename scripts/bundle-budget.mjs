// The JavaScript budget of the pages people open first (issue 14 point 8): reads the built web app's
// manifest (apps/web/dist/.vite/manifest.json) and sums the brotli size of the JS a page needs — the entry
// and its static imports, the route's lazy chunk and its static imports — against a limit per page.
// Usage: node scripts/bundle-budget.mjs [--dist apps/web/dist] [--limit login=250] [--limit attempt=350]
// Exits 1 when a page is over its budget or cannot be found in the manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Budgets in kB (1,000 bytes) of brotli-compressed JavaScript, as issue 14 asks: the sign-in page 250 kB,
 * the candidate's exam page 350 kB (figures and what keeps /login light: docs/decisions.md).
 */
export const PAGES = [
  { id: 'login', label: '/login (sign-in)', chunk: 'src/features/auth/pages/login-page.tsx', limitKb: 250 },
  {
    id: 'attempt',
    label: '/m/attempts/:id (candidate exam)',
    chunk: 'src/features/candidate/pages/attempt-page.tsx',
    limitKb: 350,
  },
];

/** The manifest keys a page loads: the HTML entry, the route's chunk, and their static import closure. */
export function pageChunks(manifest, chunkKey) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  if (!manifest[chunkKey]) throw new Error(`${chunkKey} is not in the manifest`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  visit(chunkKey);
  return [...seen];
}

/** Brotli size of a built file: its precompressed .br when the build wrote one, else compressed here. */
function brotliSize(distDir, file) {
  const full = path.join(distDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } };
  return zlib.brotliCompressSync(fs.readFileSync(full), options).length;
}

/** Raw and brotli bytes of the JS files of one page. */
export function measurePage(distDir, manifest, chunkKey) {
  const files = pageChunks(manifest, chunkKey)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
  let raw = 0;
  let brotli = 0;
  for (const file of files) {
    raw += fs.statSync(path.join(distDir, file)).size;
    brotli += brotliSize(distDir, file);
  }
  return { files: files.length, raw, brotli };
}

function parseArgs(argv) {
  const options = { dist: path.join(root, 'apps/web/dist'), limits: {} };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') options.dist = path.resolve(argv[++i]);
    else if (argv[i] === '--limit') {
      const [id, kb] = argv[++i].split('=');
      options.limits[id] = Number(kb);
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  return options;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const manifestFile = path.join(options.dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`bundle budget: ${manifestFile} is missing (build the web app with build.manifest)`);
    return 1;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  let over = 0;
  for (const page of PAGES) {
    const limitKb = options.limits[page.id] ?? page.limitKb;
    try {
      const { files, raw, brotli } = measurePage(options.dist, manifest, page.chunk);
      const ok = brotli <= limitKb * 1000;
      if (!ok) over += 1;
      console.log(
        `${ok ? 'ok  ' : 'OVER'} ${page.label}: ${files} JS files, ${(raw / 1000).toFixed(1)} kB raw, ` +
          `${(brotli / 1000).toFixed(1)} kB brotli (budget ${limitKb} kB)`,
      );
    } catch (error) {
      over += 1;
      console.log(`FAIL ${page.label}: ${error.message}`);
    }
  }
  return over > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main());
}
