import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/**
 * Which room may import which (docs/architecture.md): a web feature imports lib, components, app,
 * stores, @kaopei/shared and another feature's api.ts only; lib and components import nothing of
 * features; packages/shared imports nothing of the apps. One block per feature folder and per file
 * depth inside it (a relative specifier cannot say where it lands without the importer's depth), built
 * from the features folder so a new feature is covered without editing this file.
 */
const WEB_FEATURES = 'apps/web/src/features';
const MAX_FEATURE_DEPTH = 6;

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * For a file `depth` folders below features/<feature>/: `depth + 1` times `../` reaches features/; what
 * follows must be the feature itself or another feature's `api`. Also catches a detour through
 * `features/` from higher up.
 */
function featureBoundary(feature, depth) {
  const own = escapeRegex(feature);
  return [
    {
      regex: `^(\\.\\./){${depth + 1}}(?!${own}(/|$))[^./][^/]*(/(?!api$).*)?$`,
      message: `A feature imports another feature's api.ts only; move what ${feature} shares to components/ or lib/.`,
    },
    {
      regex: `(^|/)features/(?!${own}/)[^/]+(/(?!api$).*)?$`,
      message: `A feature imports another feature's api.ts only; move what ${feature} shares to components/ or lib/.`,
    },
  ];
}

const featureBoundaries = fs
  .readdirSync(new URL(`./${WEB_FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
      files: [`${WEB_FEATURES}/${entry.name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: featureBoundary(entry.name, depth) }] },
    })),
  );

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      'reports/**',
      '.stryker-tmp*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'lib/ and components/ import nothing of features/: call the contract through lib/api.',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries live in <feature>.repo.ts (which scope them by organisation); nothing else in a module
    // builds SQL (tests check stored rows directly).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repo.ts', '**/*.test.ts', '**/*test-support*.ts', '**/*.fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/schema(/|$)|^drizzle-orm(/|$)',
              message: 'Only <feature>.repo.ts files query the database: move the query into the repo.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server rooms (docs/architecture.md): a module never imports another module's routes (house-wide
    // helpers live in core/). The typescript-eslint twin of the rule, so the block above still applies.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[a-z-]+/[a-z-]+\\.routes$|(^|/)modules/[a-z-]+/[a-z-]+\\.routes$',
              message:
                "A module imports another module's service functions, never its routes: move a shared helper to core/.",
            },
          ],
        },
      ],
    },
  },
  {
    // core/ is below the modules; only the composition root (core/deps.ts, like app.ts and db/seed.ts)
    // wires modules in.
    files: ['apps/server/src/core/**/*.ts'],
    ignores: ['apps/server/src/core/deps.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message:
                'core/ imports nothing of modules/: pass what it needs in, or move the piece to core/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/|^@kaopei/(server|web)(/|$)',
              message: 'packages/shared imports nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function fits on a screen or two (the guide; issue 12 split every one above this). Tests'
    // describe blocks and seed data are tables, not logic.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 130, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
