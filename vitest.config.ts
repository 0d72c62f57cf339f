import { defineConfig } from 'vitest/config';

const postgres = process.env.DATABASE_URL;

/** Server test files that replace a module with `vi.mock`: they need modules of their own. */
const mocking = ['src/features/imports/imports.limit.test.ts'];

/**
 * The API tests on one database. Files share their worker's modules (the app and its
 * dependencies load once per worker, not once per file) and each builds its own app on its own
 * database; the few that mock a module run isolated.
 */
function serverProjects(name: string, database: 'pglite' | 'postgres') {
  const test = {
    root: 'apps/server',
    environment: 'node' as const,
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a lab, a broker or another process does reaches the test in its own time; on a busy
    // machine that is more than the default second.
    expect: { poll: { timeout: 10_000 } },
  };
  return [
    { test: { ...test, name, include: ['src/**/*.test.ts'], exclude: mocking, isolate: false } },
    { test: { ...test, name: `${name}-isolated`, include: mocking } },
  ];
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'rich-text',
          root: 'packages/rich-text',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'deploy',
          root: 'deploy',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/blob-text.ts'],
          // Files share their worker's modules (antd loads once per worker, not once per file);
          // each test renders into its own DOM and query client.
          isolate: false,
        },
      },
      {
        test: {
          name: 'labs',
          root: 'packages/labs',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      ...serverProjects('server', 'pglite'),
      ...(postgres ? serverProjects('server-postgres', 'postgres') : []),
    ],
  },
});
