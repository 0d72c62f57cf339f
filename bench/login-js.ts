/**
 * First-load JavaScript of a page, gzip: starts the built platform on a fresh data directory,
 * opens the page in Chromium, and gzips every script the page loaded before it was idle.
 * Usage: npm run build && npm run bench:login-js [-- /login]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const pagePath = process.argv[2] ?? '/login';
const budgetKb = Number(process.env.BUDGET_KB ?? 150);
const port = 8191;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

try {
  await waitUp();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body)
      scripts.push({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body).length,
      });
  });
  await page.goto(`http://localhost:${port}${pagePath}`, { waitUntil: 'networkidle' });
  await browser.close();
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `${(s.gzip / 1024).toFixed(1).padStart(8)} KB gzip ${(s.raw / 1024).toFixed(1).padStart(8)} KB raw  ${s.url}`,
    );
  }
  const kb = total / 1024;
  console.log(
    `\nFirst-load JavaScript of ${pagePath}: ${kb.toFixed(1)} KB gzip in ${scripts.length} files (budget ${budgetKb} KB)`,
  );
  process.exitCode = kb <= budgetKb ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
