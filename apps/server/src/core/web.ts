import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

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
}

/** index.html with the edition's title, favicon and `window.__KAOPEI_CONFIG__` filled in at start. */
export function renderIndex(
  template: string,
  config: { pageTitle: string; favicon: string },
  full: unknown,
): IndexPage {
  const script = `window.__KAOPEI_CONFIG__=${escapeForScript(JSON.stringify(full))};`;
  const scriptHash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
  let html = template.replace(
    /<title>[^<]*<\/title>/,
    `<title>${config.pageTitle.replace(/</g, '&lt;')}</title>`,
  );
  html = html.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${config.favicon}" />`);
  html = html.replace('</head>', `<script>${script}</script></head>`);
  return { html, scriptHash };
}

/** Serves the built web app: hashed assets cached for a year, every other page gets index.html. */
export async function registerWeb(app: FastifyInstance, distDir: string, page: IndexPage): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // Register every file outside assets/ (logos, favicons) plus the assets folder itself.
  app.get('/assets/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(path.join('assets', file));
  });
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel === 'index.html' || rel.startsWith('assets/')) continue;
    app.get('/' + rel, { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
      reply.sendFile(rel),
    );
  }
  app.decorate('indexPage', page);
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
