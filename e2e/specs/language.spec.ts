import { expect, test } from '@playwright/test';
import { mainMenu, signInWithForm, skipAnnouncement, switchLanguage } from '../support';

test('switching to English translates the app and menus, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await expect(mainMenu(page).getByRole('link', { name: '工作台' })).toBeVisible();

  await switchLanguage(page, 'en-US');
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

  // At 1440 px the English top menu has room for every item: nothing goes into "More".
  await page.setViewportSize({ width: 1440, height: 900 });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Personal centre' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'More' })).toHaveCount(0);

  await switchLanguage(page, 'zh-CN');
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
