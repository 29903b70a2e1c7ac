import { defineConfig } from 'vitest/config';
// 30 s like the other suites: `npm test` runs the browser lane beside this one, and a test that imports
// every contract module (field-labels.test.ts) has taken over 5 s on a loaded machine.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
