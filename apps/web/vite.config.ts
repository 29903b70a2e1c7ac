import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The dev server proxies every API prefix to the Fastify server on :8080.
const apiPrefixes = [
  '/auth',
  '/user',
  '/v1',
  '/paper',
  '/question',
  '/course',
  '/knowledge',
  '/exam',
  '/api',
];

/**
 * Built text files above 1 KB get a brotli (max quality) and a gzip copy beside them, which the server sends
 * to clients that accept them (@fastify/static preCompressed). index.html is left out: the server fills it
 * in at start and compresses that page itself.
 */
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|wasm|txt|map|xml|ico)$/,
  exclude: [/(^|\/)index\.html$/, /(^|\/)\.vite\//],
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), precompress],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:8080'])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs sums the JS each budgeted page loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads statically in two chunks instead of the ~40 small shared ones automatic
          // splitting made of it: fewer requests, better compression (issue 14 point 8). The libraries
          // apart from our code, so a release that changes only our code leaves their chunk cached.
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Node loads antd's CommonJS build (lib/) for `antd`; AppFeedback's deep import of antd's App context
    // must be that same module, or App.useApp() would read another context (the app build uses es/ for both).
    alias: { 'antd/es/app/context': 'antd/lib/app/context' },
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The first antd render in a file is slow on a busy 2-core machine.
    testTimeout: 30_000,
    // React's scheduler may run work queued by a file's last update after that file's jsdom is gone (on a busy
    // machine even after the setup's drain): it fails with "window is not defined" inside react-dom's
    // scheduler, after every test of the file has passed. Only that error, from there, is ignored.
    onUnhandledError: (error) => !isReactRenderAfterTeardown(error),
  },
});

function isReactRenderAfterTeardown(error: { message?: string; stack?: string }): boolean {
  const stack = error.stack ?? '';
  return (
    error.message === 'window is not defined' &&
    stack.includes('react-dom') &&
    stack.includes('performWorkUntilDeadline')
  );
}
