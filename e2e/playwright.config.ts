import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;

/**
 * Specs that only read what the demo seeds and change nothing others see: they run first, two at
 * a time. The rest change shared state (the announcement, balances, labs, passwords, tasks) and
 * run after them, one at a time.
 */
const readOnly =
  /\/(accessibility|budgets|demo-content|guard|language|layout|session|shell|sign-in|site)\.spec\.ts$/;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'pages', testMatch: readOnly, fullyParallel: true },
    { name: 'flows', testIgnore: readOnly, dependencies: ['pages'], workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'npx tsx start-server.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
