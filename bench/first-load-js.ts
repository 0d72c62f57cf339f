/**
 * First-load JavaScript of a page, as transferred: starts the built platform on a fresh data
 * directory, opens the page in Chromium with an empty cache, and adds up the bytes every script
 * the page loaded before it was idle took over the wire (body as encoded, and headers). With a demo account, it signs in first and opens the page of the account's school
 * in a new context that keeps only the session.
 * Usage: npm run build && npx tsx bench/first-load-js.ts [path] [account]
 *   npm run bench:login-js          /login, signed out (budget 150 KB)
 *   npm run bench:course-hall-js    the course hall as student01 (budget 300 KB)
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { firstLoadScripts } from '../e2e/firstLoad';
import { startBuiltApp } from './built-app';

const pagePath = process.argv[2] ?? '/login';
const account = process.argv[3];
const budgetKb = Number(process.env.BUDGET_KB ?? 150);
const app = await startBuiltApp(8191);

try {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const base = app.base;
  let target = `${base}${pagePath}`;
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  if (account) {
    const signIn = await browser.newContext({ locale: 'zh-CN' });
    const login = await signIn.newPage();
    await login.goto(`${base}/login`);
    await login.getByLabel('用户名').fill(account);
    await login.getByLabel('密码').fill(process.env.SEED_PASSWORD ?? 'Demo_123456');
    await login.getByRole('button', { name: '登录' }).click();
    await login.waitForURL(/\/sch_[^/]+\//);
    const school = new URL(login.url()).pathname.split('/')[1];
    target = `${base}/${school}${pagePath}`;
    storageState = await signIn.storageState();
    await signIn.close();
  }
  const context = await browser.newContext({ locale: 'zh-CN', storageState });
  const page = await context.newPage();
  const scripts = await firstLoadScripts(page, target);
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
  console.log('opened', page.url());
  await browser.close();
  const total = scripts.reduce((s, x) => s + x.wire, 0);
  for (const s of scripts.sort((a, b) => b.wire - a.wire)) {
    console.log(
      `${(s.wire / 1024).toFixed(1).padStart(8)} KB over the wire (${s.encoding.padEnd(4)}) ${(s.raw / 1024).toFixed(1).padStart(8)} KB raw  ${s.url}`,
    );
  }
  const kb = total / 1024;
  console.log(
    `\nFirst-load JavaScript of ${pagePath}${account ? ` as ${account}` : ''}: ${kb.toFixed(1)} KB transferred in ${scripts.length} files, ${(scripts.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1)} KB uncompressed (budget ${budgetKb} KB)`,
  );
  process.exitCode = kb <= budgetKb ? 0 : 1;
} finally {
  await app.stop();
}
