import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { PRELOADED_PAGES, preloadTags, readManifest } from './page-preload';

/** Path prefixes that belong to the API; everything else may be a page of the single-page app. */
export const API_PREFIXES = [
  '/auth/',
  '/user/',
  '/v1/',
  '/paper/',
  '/question/',
  '/course/',
  '/knowledge/',
  '/exam/',
  '/recruit/',
  '/api/',
];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function escapeForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export interface IndexPage {
  html: string;
  /** CSP hash of the inline config script. */
  scriptHash: string;
  /** The page compressed once at start (brotli at max quality, gzip at 9). */
  br: Buffer;
  gzip: Buffer;
}

/**
 * index.html with the edition's title, favicon and `window.__KAOPEI_CONFIG__` filled in at start, and
 * `head` (preload links) added to its head.
 */
export function renderIndex(
  template: string,
  config: { pageTitle: string; favicon: string },
  full: unknown,
  head = '',
): IndexPage {
  const script = `window.__KAOPEI_CONFIG__=${escapeForScript(JSON.stringify(full))};`;
  const scriptHash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
  let html = template.replace(
    /<title>[^<]*<\/title>/,
    `<title>${config.pageTitle.replace(/</g, '&lt;')}</title>`,
  );
  html = html.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${config.favicon}" />`);
  html = html.replace('</head>', `<script>${script}</script>${head}</head>`);
  const br = zlib.brotliCompressSync(html, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
  return { html, scriptHash, br, gzip: zlib.gzipSync(html, { level: 9 }) };
}

/** The first of br and gzip that an Accept-Encoding header accepts (q > 0; `*` counts for both). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/**
 * Pages other sites may show in an iframe (the talent portrait, reached only through a signed link; issue
 * 16). Every other page keeps helmet's `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`.
 */
export const FRAMEABLE_PAGES: ReadonlySet<string> = new Set(['/frame/portrayal']);

/** Lifts helmet's framing refusal for this reply (helmet wrote its headers on the raw response). */
function allowFraming(reply: FastifyReply): void {
  reply.raw.removeHeader('x-frame-options');
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const framed = /frame-ancestors [^;]*/.test(csp)
    ? csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *')
    : `${csp};frame-ancestors *`;
  reply.raw.setHeader('content-security-policy', framed);
}

/** The index page of every page, and variants that preload the code of the pages people open first. */
export interface IndexPages {
  base: IndexPage;
  preloading: { path: RegExp; page: IndexPage }[];
}

/** The index pages of a build: one per preloaded page (`PRELOADED_PAGES`) when the build has a manifest. */
export function renderIndexPages(
  distDir: string,
  config: { pageTitle: string; favicon: string },
  full: unknown,
): IndexPages {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  if (!manifest) return { base: renderIndex(template, config, full), preloading: [] };
  return {
    base: renderIndex(template, config, full, preloadTags(manifest)),
    preloading: PRELOADED_PAGES.map((page) => ({
      path: page.path,
      page: renderIndex(template, config, full, preloadTags(manifest, page)),
    })),
  };
}

/** A page of the single-page app: index.html, compressed when the client accepts it, never cached. */
export function sendIndexPage(request: FastifyRequest, reply: FastifyReply, pages: IndexPages) {
  const url = request.url.split('?')[0] ?? '';
  const page = pages.preloading.find((candidate) => candidate.path.test(url))?.page ?? pages.base;
  if (FRAMEABLE_PAGES.has(url)) allowFraming(reply);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (!encoding) return reply.send(page.html);
  return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}

/** Replies of this type are compressed; not event streams, and not octet-stream files. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|^application\/javascript/;

/**
 * API replies above 1 KB are compressed on the fly (brotli 4 / gzip 6: cheap on the CPU). Built files are
 * left to @fastify/static's precompressed copies, so every route outside the API prefixes opts out before
 * @fastify/compress sees it. Event streams hijack the reply and never pass through it; partial content
 * (206 / Content-Range) and types such as xlsx, zip, images and video are never compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}

/**
 * Serves the built web app: @fastify/static (wildcard off) registers one route per built file and sends
 * the build's .br / .gz copy beside it when the client accepts one (Vary: Accept-Encoding); hashed assets
 * are cached for a year, other files revalidated; every page, /index.html included, gets the index page
 * rendered at start (see the not-found handler in app.ts).
 */
export async function registerWeb(app: FastifyInstance, distDir: string, pages: IndexPages): Promise<void> {
  await app.register(async (scope) => {
    // Built files need no sign-in.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in place of their file, never on their own address.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  app.decorate('indexPage', pages.base);
}

export function findWebDist(configured?: string): string | undefined {
  const candidates = configured
    ? [configured]
    : [
        path.resolve('apps/web/dist'),
        path.resolve('../web/dist'),
        path.resolve(import.meta.dirname, '../../web/dist'),
        path.resolve(import.meta.dirname, '../../../web/dist'),
      ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}
