import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  announcementRecord,
  announcementsApi,
  authApi,
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

export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/sch_[^/]+\//);
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
  const res = await request.post(authApi.token.path, {
    headers: { authorization: BASIC },
    form: { grant_type: 'password', username, password },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.access_token as string;
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' });
}

/** Switches the signed-in header's language select (an antd select) to `language`. */
export async function switchLanguage(page: Page, language: 'zh-CN' | 'en-US') {
  await page.getByRole('combobox', { name: /^(语言|Language)$/ }).click();
  const option = language === 'en-US' ? 'English' : '简体中文';
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}
