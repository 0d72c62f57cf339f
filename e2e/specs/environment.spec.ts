import { expect, test, type Locator, type Page } from '@playwright/test';
import { environmentsApi, labsApi, type Environment, type RestartLimit } from '@platform/contract';
import {
  api,
  apiToken,
  ok,
  shownIn,
  labFrameAt,
  signInWithForm,
  skipAnnouncement,
} from '../support';

test.describe.configure({ timeout: 150_000 });

const terminalEnv = 'Linux 终端实验';

async function enterExperiment(page: Page, envName: string) {
  await page.goto('/sch_edu/environment/index');
  await page
    .locator('.env-card', { hasText: envName })
    .getByRole('button', { name: '进入实验' })
    .click();
  await expect(page).toHaveURL(/\/environment\/experiment\?id=\d+/);
  return new URL(page.url()).searchParams.get('id')!;
}

/** Starts the lab of the experiment page and waits for its shell prompt. */
async function startTerminal(page: Page) {
  const loaded = labFrameAt(page, /^\/$/);
  await page.getByRole('button', { name: '启动' }).click();
  await shownIn(await loaded, '.xterm-rows', 'lab:~$');
  await expect(page.locator('.env-toolbar .ant-tag')).toHaveText('运行中');
}

/** The runtime configuration of an environment as `env/config` takes it. */
function runtimeOf(env: Environment) {
  const { id, cpuCore, memorySize, diskSize, maxCpuCore, maxMemorySize, maxDiskSize } = env;
  const { maxGpuCount, restartLimit, idleTimeout, warmPool, devices, parts, initialFiles } = env;
  return {
    ...{ id, cpuCore, memorySize, diskSize, maxCpuCore, maxMemorySize, maxDiskSize },
    ...{ maxGpuCount, restartLimit, idleTimeout, warmPool, devices, parts, initialFiles },
  };
}

async function expectStopped(page: Page, reason: string, withinMs: number) {
  const toolbar = page.locator('.env-toolbar');
  await expect(toolbar.locator('.ant-tag')).toHaveText('已停止', { timeout: withinMs });
  await expect(toolbar.getByRole('alert').filter({ hasText: reason })).toBeVisible({
    timeout: 1_000,
  });
  await expect(page.getByRole('button', { name: '启动' })).toBeEnabled();
  await expect(page.locator('.env-lab-placeholder')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
}

test('a lab stopped elsewhere, through the API or by the idle sweep, shows Stopped with its reason within seconds', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  const envId = await enterExperiment(page, terminalEnv);
  await startTerminal(page);

  // Another tab, a script: the student's own stop through the API.
  const student = await apiToken(request, 'student01');
  const stoppedAt = Date.now();
  await ok(api(request, student, labsApi.stop, undefined, { query: { envId } }));
  await expectStopped(page, '实验环境已在其他页面或设备上停止', 5_000);
  test.info().annotations.push({
    type: 'Stop through the API → Stopped on the page',
    description: `${Date.now() - stoppedAt} ms`,
  });
  await page.screenshot({ path: 'test-results/lab-stopped-elsewhere.png' });

  // The idle sweep: the shortest idle time, and the page's heartbeats lost on the way.
  const operator = await apiToken(request, 'operator01');
  const env = await ok<Environment>(
    api(request, operator, environmentsApi.get, undefined, { params: { id: envId } }),
  );
  const config = (idleTimeout: number) => ({ ...runtimeOf(env), idleTimeout });
  await ok(api(request, operator, environmentsApi.config, config(60)));
  try {
    await page.route('**/api-experiment/containers/heartbeat*', (route) => route.abort());
    await startTerminal(page);
    await expectStopped(page, '长时间未操作，实验环境已自动停止', 80_000);
  } finally {
    await ok(api(request, operator, environmentsApi.config, config(env.idleTimeout)));
  }
});

test('the environment list keeps its filter, page and scroll when the student comes back', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await page.goto('/sch_edu/environment/index');
  await expect(page.locator('.env-card')).not.toHaveCount(0);
  const all = await page.locator('.env-card').count();
  await page.getByLabel('标签').fill('IoT');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/[?&]label=IoT/);
  await expect(page.locator('.env-card')).not.toHaveCount(all);
  const iot = await page.locator('.env-card').count();

  await page
    .locator('.env-card', { hasText: '智能家居设备仿真' })
    .getByRole('button', { name: '详情' })
    .click();
  await expect(page).toHaveURL(/\/environment\/detail\?id=\d+/);
  // Back through the side menu, as one opens the list anew.
  await page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByRole('menuitem', { name: '环境中心' })
    .click();
  await expect(page).toHaveURL(/\/environment\/index\?label=IoT&page=1/);
  await expect(page.getByLabel('标签')).toHaveValue('IoT');
  await expect(page.locator('.env-card')).toHaveCount(iot);

  // And with the browser's back button from an experiment.
  await page
    .locator('.env-card', { hasText: '智能家居设备仿真' })
    .getByRole('button', { name: '进入实验' })
    .click();
  await expect(page).toHaveURL(/\/environment\/experiment\?id=\d+/);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/environment\/index\?label=IoT&page=1/);
  await expect(page.getByLabel('标签')).toHaveValue('IoT');
  await expect(page.locator('.env-card')).toHaveCount(iot);
});

test('Start is not offered once no starts are left today, and says why', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  const envId = await enterExperiment(page, terminalEnv);
  const student = await apiToken(request, 'student01');
  const operator = await apiToken(request, 'operator01');
  const env = await ok<Environment>(
    api(request, operator, environmentsApi.get, undefined, { params: { id: envId } }),
  );
  const limit = () =>
    ok<RestartLimit>(api(request, student, labsApi.restartLimit, undefined, { query: { envId } }));
  // One start at least in the last day, then a limit of just those.
  if ((await limit()).used === 0) {
    await ok(api(request, student, labsApi.start, { expEnvId: envId }));
    await ok(api(request, student, labsApi.stop, undefined, { query: { envId } }));
  }
  const { used } = await limit();
  const config = (restartLimit: number) => ({ ...runtimeOf(env), restartLimit });
  await ok(api(request, operator, environmentsApi.config, config(used)));
  try {
    await page.reload();
    await expect(page.getByText(`今日剩余启动次数：0 / ${used}`)).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: `启动次数已用完：每天最多启动 ${used} 次` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '启动' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/lab-no-starts-left.png' });
  } finally {
    await ok(api(request, operator, environmentsApi.config, config(env.restartLimit)));
  }
});

const comboEnv = '智能家居综合实验 (仿真 + 终端)';

/** The panel and the terminal of the combination lab are both on screen, the panel on the left. */
async function expectSideBySide(page: Page, scope: Locator) {
  const panel = scope.locator('iframe[title$="智能家居设备仿真"]');
  const terminal = scope.locator('iframe[title$="物联网终端"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(terminal).toBeVisible();
  await expect(scope.getByRole('tab')).toHaveCount(0);
  const [p, t] = [(await panel.boundingBox())!, (await terminal.boundingBox())!];
  expect(p.x + p.width).toBeLessThanOrEqual(t.x);
  expect(Math.abs(p.y - t.y)).toBeLessThan(2);
  expect(Math.min(p.width, t.width)).toBeGreaterThanOrEqual(340);
  expect(Math.min(p.height, t.height)).toBeGreaterThanOrEqual(400);
  await expect(
    panel.contentFrame().locator('[data-device-id="temp"] .lab-device__number'),
  ).toHaveText(/^\d+(\.\d)?$/, { timeout: 30_000 });
  await expect(terminal.contentFrame().locator('.xterm-rows')).toContainText('lab:~$', {
    timeout: 30_000,
  });
}

test('the combination lab shows its panel and terminal side by side where the width allows, tabs on a narrow screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await enterExperiment(page, comboEnv);
  await page.getByRole('button', { name: '启动' }).click();
  const lab = page.getByRole('region', { name: '实验界面' });
  await expectSideBySide(page, lab);
  await page.screenshot({ path: 'test-results/lab-combo-1440.png' });

  // The course's lab step, whose instructions speak of the panel on the left.
  await page.goto('/sch_edu/course/index');
  await page
    .locator('.cs-card', { hasText: 'MQTT 与传感器' })
    .getByRole('link', { name: 'MQTT 与传感器' })
    .click();
  await page
    .getByRole('navigation', { name: '课程目录' })
    .getByRole('link', { name: /2-2 实训/ })
    .click();
  const step = page.getByRole('region', { name: '实验环境', exact: true });
  await expect(page.getByText('左侧面板显示温度')).toBeVisible();
  await expectSideBySide(page, step);
  await page.screenshot({ path: 'test-results/lab-combo-step-1440.png' });

  await page.setViewportSize({ width: 480, height: 900 });
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/environment\/experiment\?id=\d+/);
  await expect(lab.getByRole('tab', { name: '智能家居设备仿真' })).toBeVisible({
    timeout: 30_000,
  });
  await lab.getByRole('tab', { name: '物联网终端' }).click();
  await expect(lab.locator('iframe[title$="物联网终端"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);
  await page.screenshot({ path: 'test-results/lab-combo-480.png' });
  await page.getByRole('button', { name: '停止' }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
});
