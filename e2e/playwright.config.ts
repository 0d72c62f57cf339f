import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;

/**
 * Specs that only read what the demo seeds and change nothing others see: they run first, two at
 * a time. The rest change shared state and run after them in two lines side by side, one spec at
 * a time in each, so that no two specs running together touch the same thing:
 * - student01's labs and the terminal lab's settings;
 * - schools, accounts, the portal, trials, and teacher01's courses (and any new spec until it is
 *   placed);
 * and last, one at a time, what every other spec depends on: the demo school's balance and prices
 * (which one spec takes to zero), teacher01's password (whose change ends teacher01's sessions)
 * and the system announcement (which every page shows).
 */
const readOnly =
  /\/(accessibility|budgets|demo-content|guard|language|layout|session|shell|sign-in|site)\.spec\.ts$/;
const studentLabs = /\/(environment|labs|teaching)\.spec\.ts$/;
const sharedByAll = /\/(billing|password|announcement)\.spec\.ts$/;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'pages', testMatch: readOnly, fullyParallel: true },
    { name: 'lab-flows', testMatch: studentLabs, dependencies: ['pages'], workers: 1 },
    {
      name: 'school-flows',
      testIgnore: [readOnly, studentLabs, sharedByAll],
      dependencies: ['pages'],
      workers: 1,
    },
    {
      name: 'shared-flows',
      testMatch: sharedByAll,
      dependencies: ['lab-flows', 'school-flows'],
      workers: 1,
    },
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
    // Recording a trace of every test slows every test; ask for one with `--trace on`.
    trace: 'off',
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
