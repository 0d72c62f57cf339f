import { expect, test } from '@playwright/test';
import { signInWithForm } from '../support';

test('the system announcement shows after 2 s and, once closed, never again', async ({ page }) => {
  // It shows on every page, sign-in included: closed there, it stays closed once signed in.
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: '系统公告' });
  await expect(dialog).toBeVisible({ timeout: 6_000 });
  await expect(dialog.getByText('欢迎使用实训教学平台')).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toBeHidden();
  await signInWithForm(page, 'schooladmin01');
  await page.reload();
  await page.waitForTimeout(3_000);
  await expect(dialog).toBeHidden();
});

test('a browser other than Chrome or Firefox gets a closable warning', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  });
  const page = await context.newPage();
  await page.goto('/login');
  const warning = page.getByText('请使用谷歌或者火狐浏览器');
  await expect(warning).toBeVisible();
  await page.waitForTimeout(3_500);
  await expect(warning).toBeVisible();
  await context.close();

  const chrome = await browser.newPage();
  await chrome.goto('/login');
  await expect(chrome.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(chrome.getByText('请使用谷歌或者火狐浏览器')).toHaveCount(0);
  await chrome.close();
});
