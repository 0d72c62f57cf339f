import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { announcementRecord, apiRoutes, storageKeys, type Announcement } from '@platform/contract';

export const DEMO_PASSWORD = 'Demo_123456';
const BASIC = `Basic ${Buffer.from('platform-web:platform-web-secret').toString('base64')}`;

/** Marks the seeded one-time announcement as seen, so it does not cover the page under test. */
export async function skipAnnouncement(page: Page, request: APIRequestContext) {
  const res = await request.get(apiRoutes.announcement);
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

export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
) {
  const res = await request.post(apiRoutes.oauthToken, {
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
