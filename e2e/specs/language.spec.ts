import { expect, test } from '@playwright/test';
import { mainMenu, signInWithForm, skipAnnouncement } from '../support';

test('switching to English translates the app and menus, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await expect(mainMenu(page).getByRole('link', { name: '工作台' })).toBeVisible();

  await page.getByLabel('语言').selectOption('en-US');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Workbench' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hello, 李明' })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My tasks' }),
  ).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('en-US');

  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(mainMenu(page).getByRole('link', { name: '我的任务' })).toBeVisible();
});

test('the browser language is used when no language was chosen', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await skipAnnouncement(page, request);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('User name')).toBeVisible();
  await context.close();
});
