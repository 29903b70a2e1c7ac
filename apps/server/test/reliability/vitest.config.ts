import { defineConfig } from 'vitest/config';

// The reliability suite (issue 13): real server processes on PostgreSQL; scripts/test.mjs runs it in its
// PostgreSQL phase (`npx vitest run --root apps/server/test/reliability`).
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
