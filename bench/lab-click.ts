/**
 * Click to a usable lab in Chromium, as a student feels it, on the built app (embedded defaults,
 * demo data): from the click on Start until the terminal answers a typed command, and until the
 * notebook's file list shows (from the confirmation of its resource form). Pages are checked at
 * every frame the browser paints. Each lab is stopped before the next run. The first run of each
 * is the student's first start, which takes a lab the demo keeps prepared (warm pools); the others
 * restart the student's own lab.
 * Usage: npm run build && npm run bench:lab-click   (RUNS, default 20; TRACE=1 prints each
 * notebook run's responses with their times)
 */
import os from 'node:os';
import { chromium, expect, type Page, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { DEMO_PASSWORD, labFrameAt, shownIn, skipAnnouncement } from '../e2e/support';
import { startBuiltApp } from './built-app';
import { summary as stats } from './stats';

const runs = Number(process.env.RUNS ?? 20);
const port = Number(process.env.PORT ?? 8391);

const summary = (label: string, ms: number[]) => stats(label, ms, 36, 0);

async function openExperiment(page: Page, envName: string) {
  await page.goto('/sch_edu/environment/index');
  await page
    .locator('.env-card', { hasText: envName })
    .getByRole('button', { name: '进入实验' })
    .click();
  await page.waitForURL(/\/environment\/experiment\?id=\d+/);
  await expect(page.getByRole('button', { name: '启动' })).toBeEnabled();
}

async function stopLab(page: Page) {
  await page.getByRole('button', { name: '停止' }).click();
  await expect(page.locator('iframe')).toHaveCount(0, { timeout: 30_000 });
}

async function terminalRun(page: Page, n: number): Promise<number> {
  await openExperiment(page, 'Linux 终端实验');
  const start = page.getByRole('button', { name: '启动' });
  await start.hover();
  const t0 = performance.now();
  const loaded = labFrameAt(page, /^\/$/);
  await start.click();
  const frame = await loaded;
  await shownIn(frame, '.xterm-rows', 'lab:~$');
  await frame.focus('.xterm-helper-textarea');
  await page.keyboard.type(`echo run$((${n}+1000))`);
  await page.keyboard.press('Enter');
  await shownIn(frame, '.xterm-rows', `run${n + 1000}`);
  const ms = performance.now() - t0;
  await stopLab(page);
  return ms;
}

async function notebookRun(page: Page): Promise<number> {
  await openExperiment(page, 'Python 数据分析 (Jupyter)');
  await page.getByRole('button', { name: '启动' }).click();
  const confirm = page
    .getByRole('dialog', { name: 'Jupyter 资源申请' })
    .getByRole('button', { name: '确定' });
  // The resource form is the student's own step: the time runs from its confirmation, once the
  // dialog has opened (hovering waits for the button to stop moving) as the student sees it.
  await confirm.hover();
  const t0 = performance.now();
  const trace: string[] = [];
  const onResponse = (res: Response) =>
    trace.push(
      `${(performance.now() - t0).toFixed(0).padStart(5)} ms ${res.status()} ${res.url()}`,
    );
  if (process.env.TRACE) page.on('response', onResponse);
  const loaded = labFrameAt(page, /^\/tree/);
  await confirm.click();
  await shownIn(await loaded, '#notebook_list', 'hello.ipynb');
  const ms = performance.now() - t0;
  if (process.env.TRACE) {
    page.off('response', onResponse);
    console.log(`${trace.join('\n')}\n${ms.toFixed(0).padStart(5)} ms file list shown\n`);
  }
  await stopLab(page);
  return ms;
}

const app = await startBuiltApp(port);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ baseURL: app.base, locale: 'zh-CN' });
  await skipAnnouncement(page, page.request);
  await page.goto('/login');
  await page.getByLabel('用户名').fill('student01');
  await page.getByLabel('密码').fill(process.env.SEED_PASSWORD ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/sch_[^/]+\//);

  const terminal: number[] = [];
  for (let i = 0; i < runs; i++) terminal.push(await terminalRun(page, i));
  const notebook: number[] = [];
  for (let i = 0; i < runs; i++) notebook.push(await notebookRun(page));

  console.log(`lab click to usable in Chromium, ${new Date().toISOString()}`);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`);
  // The first start of each lab takes one of the demo's prepared labs (warm pools).
  console.log(`terminal, first start (a prepared lab): ${terminal[0]!.toFixed(0)} ms`);
  console.log(`notebook, first start (a prepared lab): ${notebook[0]!.toFixed(0)} ms`);
  console.log(summary('terminal: Start → command answered', terminal.slice(1)));
  console.log(summary('notebook: Start → file list shown', notebook.slice(1)));
} finally {
  await browser.close();
  await app.stop();
}
