import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:8080'])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The first antd render in a file is slow on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
