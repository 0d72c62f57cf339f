import { expect, test } from '@playwright/test';
import { storageKeys } from '@platform/contract';
import { apiToken, skipAnnouncement } from '../support';

test('an expired token leads back to sign-in after the login-invalid message', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await page.addInitScript((key) => {
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem(key, 'expired-or-revoked-token');
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  }, storageKeys.token);
  await page.goto('/sch_edu/workbench');
  await expect(page.getByText('登录已失效，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 8_000 });
  expect(
    await page.evaluate((key) => window.localStorage.getItem(key), storageKeys.token),
  ).toBeNull();
});

test('a token in the address is stored and removed from the address', async ({ page, request }) => {
  await skipAnnouncement(page, request);
  const token = await apiToken(request, 'student01');
  await page.goto(`/sch_edu/workbench?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: '你好，李明' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), storageKeys.token)).toBe(
    token,
  );
  const cookie = (await page.context().cookies()).find((c) => c.name === storageKeys.token);
  expect(cookie?.value).toBe(token);
});
