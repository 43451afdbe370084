import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './tools/eslint/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  // Type-aware rules: an unawaited promise (no-floating-promises) or an `any` leaking from outside is a bug here.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Config files and stand-alone scripts that belong to no tsconfig project.
          allowDefaultProject: ['*.js', 'apps/server/*.ts', 'apps/server/scripts/*.mjs', 'apps/web/public/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'check-file': checkFile, local },
    rules: {
      'local/feature-boundaries': 'error',
      // Fastify handlers and test doubles are async by contract even when they await nothing; the promise
      // rules (no-floating-promises, no-misused-promises) are what catch real mistakes.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // File and folder names are kebab-case (EXAMPLES.md habit 3).
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Tests read JSON answers (typed any) on purpose, and plain JavaScript has no types to check against:
    // the unsafe-any rules would only add casts there. Promises and everything else stay checked.
    files: ['**/*.test.{ts,tsx}', '**/*.{js,mjs}', 'apps/server/src/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Transactions go through inTransaction (apps/server/src/db/transaction.ts), which runs one again after a
    // deadlock or a lost connection.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/transaction.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Open transactions with inTransaction (db/transaction.ts): it retries deadlocks and lost connections.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
