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

/**
 * Serves the built web app: @fastify/static (wildcard off) registers one route per built file; hashed
 * assets are cached for a year; every other page gets index.html (see the not-found handler in app.ts).
 */
export async function registerWeb(app: FastifyInstance, distDir: string, page: IndexPage): Promise<void> {
  await app.register(async (scope) => {
    // Built files need no sign-in.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  });
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
