// One lint setup for every workspace: type-aware rules catch floating promises and misused async.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webBoundaries from './scripts/eslint-web-boundaries.js';
import serverModuleBoundaries from './scripts/eslint-server-module-boundaries.js';

/** Business time comes from the request's clock (decision 0020). */
const businessTime = {
  selector: "NewExpression[callee.name='Date'][arguments.length=0]",
  message: 'Read business time from the request context (ctx.now) or the app clock, not new Date().',
};

export default tseslint.config(
  {
    ignores: [
      'scripts/**',
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'reports/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '!./**'],
              message: 'Features never import each other; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // web boundaries (decision 0026): features never import each other or app/; shared code
  // (components/, lib/, pwa/, offline-db/, workers/) never imports features or app/; every API
  // request goes through lib/http.ts (the prefix worker sends its own: it has no session).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: webBoundaries },
    rules: {
      'web/import-boundaries': ['error', { root: 'apps/web/src' }],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'EventSource'].map((name) => ({
          name,
          message:
            'Send API requests with apiRequest (lib/http.ts): one place for the token, the 401 procedure and the toasts.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/lib/http.ts', 'apps/web/src/workers/prefix-worker.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Tests read JSON bodies as `any` on purpose: the assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // server module boundaries: outside a module, only its index.ts (decision 0027). Tests (here
  // and in apps/server/test) are exempt: they test a module's parts directly.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'hasp-server': serverModuleBoundaries },
    rules: { 'hasp-server/module-boundaries': 'error' },
  },
  // business time: the request's clock (decision 0020), so tests can move it. Timers and
  // protocol clocks (SAML, the job scheduler) say why where they read the machine's time.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', businessTime] },
  },
  // one write path (decision 0123): a module opens no transaction of its own. A change is a
  // command; a read in one snapshot, a refusal's record and the server's bookkeeping go through the
  // platform's helpers. Jobs keep theirs. (The rule repeats businessTime: a later block's
  // no-restricted-syntax replaces an earlier one's for the same files.)
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.job.ts', '**/*jobs.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        businessTime,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Write through a command (defineCommand/sendCommand); read in one snapshot with readInSnapshot; see decision 0123.',
        },
      ],
    },
  },
);
