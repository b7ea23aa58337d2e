import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

// One list of the server's lazily loaded packages, shared with apps/server/src/start-up.test.ts.
const lazyPackages = JSON.parse(
  readFileSync(new URL('./apps/server/src/platform/lazy/lazy-packages.json', import.meta.url), 'utf8'),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: 'error',
      curly: 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only'][object.name=/^(it|test|describe)$/]",
          message: 'No committed .only',
        },
      ],
    },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Decisions 0072 and 0078: the packages of platform/lazy/lazy-packages.json cost 30–370 ms of the
    // server's start, and most starts never use them (the PostgreSQL driver on PGlite, PGlite on
    // PostgreSQL). The server imports them when first used, through apps/server/src/platform/lazy/;
    // type imports stay static. Tests and test helpers may import them directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/platform/lazy/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: lazyPackages.packages.flatMap((name) => [name, `${name}/*`]),
              allowTypeImports: true,
              message: 'Heavy at start-up: use its loader in platform/lazy/ (decisions 0072, 0078, 0080).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
