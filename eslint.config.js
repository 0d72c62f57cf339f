import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Route declarations the first load must not carry (decision 0018). */
const firstLoadApis = [
  'announcementsApi',
  'authApi',
  'footerApi',
  'menusApi',
  'schoolsApi',
  'siteConfigApi',
  'usersApi',
  'whitelistApi',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules that catch real bugs (the recommended type-checked set without the
    // no-unsafe-* family, which only tracks `any`, and require-await, which async Fastify hooks
    // and antd validators break on purpose).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/restrict-template-expressions': 'error',
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/unbound-method': 'error',
    },
  },
  {
    // Test code stringifies whatever a stubbed fetch or socket received, and hands mocked
    // methods to expect().
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/src/test/**',
      'apps/web/src/**/testing.tsx',
      'apps/web/src/**/testUtils.tsx',
    ],
    rules: {
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@platform/server',
            '@platform/server/*',
            'drizzle-orm',
            'pg',
            '@electric-sql/*',
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@platform/*', 'react', 'fastify', 'drizzle-orm'] },
      ],
    },
  },
  {
    // The first load (/login and the shell) calls these features' routes: the web takes their
    // declarations as types only and calls them through `routeRefs` (decision 0018), so that no
    // schema reaches the first load.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@platform/contract',
              importNames: firstLoadApis,
              allowTypeImports: true,
              message: 'Call these routes through routeRefs and <feature>Paths (decision 0018).',
            },
          ],
        },
      ],
    },
  },
  {
    // The students' course hall is kept small too: its routes go through routeRefs.
    files: ['apps/web/src/features/courses/study/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/features/courses/study/testing.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@platform/contract',
              importNames: [...firstLoadApis, 'coursesApi'],
              allowTypeImports: true,
              message: 'Call these routes through routeRefs and <feature>Paths (decision 0018).',
            },
          ],
        },
      ],
    },
  },
  {
    // The students' task pages and the header's notices are kept small as well: teaching's and
    // notices' routes go through routeRefs.
    files: [
      'apps/web/src/features/teaching/study/**/*.{ts,tsx}',
      'apps/web/src/features/notices/**/*.{ts,tsx}',
    ],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/features/teaching/study/testing.ts',
      'apps/web/src/features/notices/testing.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@platform/contract',
              importNames: [...firstLoadApis, 'coursesApi', 'teachingApi', 'noticesApi'],
              allowTypeImports: true,
              message: 'Call these routes through routeRefs and <feature>Paths (decision 0018).',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature offers others explicit functions; its repo stays its own (the rule
    // 'feature-repos' of .dependency-cruiser.mjs keeps other features from importing it).
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/features/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportNamedDeclaration[exportKind='value'][source.value=/[.]repo$/]",
          message: 'Offer other features a function of your own, not your repo’s.',
        },
        {
          selector: 'ExportAllDeclaration[source.value=/[.]repo$/]',
          message: 'Offer other features a function of your own, not your repo’s.',
        },
      ],
    },
  },
);
