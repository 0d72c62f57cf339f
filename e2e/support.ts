import {
  expect,
  type APIRequestContext,
  type Frame,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  announcementRecord,
  announcementsApi,
  authApi,
  pathOf,
  storageKeys,
  type Announcement,
} from '@platform/contract';

export const DEMO_PASSWORD = 'Demo_123456';
const BASIC = `Basic ${Buffer.from('platform-web:platform-web-secret').toString('base64')}`;

/** Marks the seeded one-time announcement as seen, so it does not cover the page under test. */
export async function skipAnnouncement(page: Page, request: APIRequestContext) {
  const res = await request.get(announcementsApi.get.path);
  const a = (await res.json()).data as Announcement | null;
  if (!a) return;
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [storageKeys.announcement, announcementRecord(a)],
  );
}

/**
 * The device cookie each account got at its last sign-in in this run. A person signs in again
 * from the same browser, which the platform trusts (decision 0013); the suite's many sign-ins of
 * one account would otherwise use up the budget for unknown devices and be refused.
 */
const devices = new Map<string, string>();
const DEVICE_COOKIE = 'platform_device';
const baseURL = `http://localhost:${process.env.E2E_PORT ?? 8181}`;

async function rememberDevice(page: Page, username: string) {
  const cookie = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE);
  if (cookie) devices.set(username.toLowerCase(), cookie.value);
}

async function offerDevice(page: Page, username: string) {
  const value = devices.get(username.toLowerCase());
  if (!value) return;
  await page
    .context()
    .addCookies([
      { name: DEVICE_COOKIE, value, domain: new URL(baseURL).hostname, path: '/api-uaa/oauth' },
    ]);
}

export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await offerDevice(page, username);
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  // The first signed-in page loads the signed-in area's code before it moves on.
  await expect(page).toHaveURL(/\/sch_[^/]+\//, { timeout: 30_000 });
  await rememberDevice(page, username);
}

/**
 * The first sign-in of an account whose password someone else set: the change-password dialog
 * holds the user until the password is changed; then the user signs in with the new one.
 */
export async function signInChangingPassword(
  page: Page,
  username: string,
  password: string,
  newPassword: string,
) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByText('首次登录请先修改')).toBeVisible();
  await dialog.getByRole('textbox', { name: '原密码' }).fill(password);
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(newPassword);
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill(newPassword);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, username, newPassword);
}

export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
) {
  const device = devices.get(username.toLowerCase());
  const res = await request.post(authApi.token.path, {
    headers: {
      authorization: BASIC,
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    form: { grant_type: 'password', username, password },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  const issued = new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(res.headers()['set-cookie'] ?? '');
  if (issued) devices.set(username.toLowerCase(), issued[1]!);
  return body.data.access_token as string;
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' });
}

/**
 * Switches the signed-in header's language select (an antd select) to `language`, and waits until
 * the page has taken it. A click that lands while the dropdown is still opening is tried again.
 */
export async function switchLanguage(page: Page, language: 'zh-CN' | 'en-US') {
  const box = page.getByRole('combobox', { name: /^(语言|Language)$/ });
  const option = language === 'en-US' ? 'English' : '简体中文';
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await dropdown.count()) === 0) await box.click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Calls a route as the holder of `token`; answers status and envelope. */
export async function api(
  request: APIRequestContext,
  token: string,
  route: { method: string; path: string },
  body?: unknown,
  { params = {}, query }: { params?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const res = await request.fetch(pathOf(route.path, params), {
    method: route.method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
    ...(query ? { params: query } : {}),
  });
  const json = (await res.json()) as { code: number; errorKey?: string; data: unknown };
  return { status: res.status(), ...json };
}

/** The data of a call that must succeed. */
export async function ok<T>(answer: Promise<{ status: number; code: number; data: unknown }>) {
  const res = await answer;
  expect(res.status, JSON.stringify(res)).toBe(200);
  return res.data as T;
}

/** Picks `option` of the select named `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The words of the demo course's quiz (step 2-1) in each language. */
const demoQuiz = {
  zh: {
    single: '1. 订阅 home/+/temperature 能收到哪条消息？',
    multiple: '2. 下列哪些是传感器？',
    sensors: ['A. 温度', 'B. 光照'],
    judgement: '3. QoS 2 保证消息恰好送达一次。',
    right: '正确',
    fill: '4. MQTT 中转发消息的服务器叫作什么？（英文）',
    submit: '提交答案',
  },
  en: {
    single: '1. Which topic does home/+/temperature match?',
    multiple: '2. Which of these are sensors?',
    sensors: ['A. Temperature', 'B. Light'],
    judgement: '3. QoS 2 delivers a message exactly once.',
    right: 'True',
    fill: '4. What is the server that forwards MQTT messages called?',
    submit: 'Submit answers',
  },
};

/** Answers the demo course's quiz right, all four kinds of question, and submits it. */
export async function answerDemoQuiz(page: Page, lang: keyof typeof demoQuiz) {
  const words = demoQuiz[lang];
  await page
    .getByRole('radiogroup', { name: words.single })
    .getByRole('radio', { name: 'A. home/kitchen/temperature' })
    .check();
  const sensors = page.getByRole('group', { name: words.multiple });
  for (const sensor of words.sensors) await sensors.getByRole('checkbox', { name: sensor }).check();
  await page
    .getByRole('radiogroup', { name: words.judgement })
    .getByRole('radio', { name: words.right })
    .check();
  await page.getByRole('textbox', { name: words.fill }).fill('broker');
  await page.getByRole('button', { name: words.submit }).click();
}

/** A lab's frame once it has loaded a page whose path matches `path` on the lab's origin. */
export function labFrameAt(page: Page, path: RegExp): Promise<Frame> {
  return page.waitForEvent('framenavigated', {
    predicate: (f) => /\.labs\.localhost:\d+/.test(f.url()) && path.test(new URL(f.url()).pathname),
    timeout: 60_000,
  });
}

/** Waits, checking at every frame the browser paints, until `selector` shows `text`. */
export async function shownIn(frame: Frame, selector: string, text: string): Promise<void> {
  await frame.waitForFunction(
    ([sel, want]) => document.querySelector(sel!)?.textContent?.includes(want!) ?? false,
    [selector, text],
    { polling: 'raf', timeout: 60_000 },
  );
}
