import { expect, test } from '@playwright/test';
import { mainMenu, signInWithForm, skipAnnouncement } from '../support';

test.beforeEach(async ({ page, request }) => {
  await skipAnnouncement(page, request);
});

test('a narrow window moves top items that do not fit into "more"', async ({ page }) => {
  await signInWithForm(page, 'admin01');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: '接口文档' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '更多' })).toHaveCount(0);

  await page.setViewportSize({ width: 500, height: 800 });
  const more = menu.getByRole('button', { name: '更多' });
  await expect(more).toBeVisible();
  await expect(menu.getByRole('link', { name: '接口文档' })).toHaveCount(0);
  await more.click();
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/sch_edu\/personal\/info$/);

  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(menu.getByRole('link', { name: '接口文档' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '更多' })).toHaveCount(0);
});

test('the side menu collapses and expands with its toggle bar', async ({ page }) => {
  await signInWithForm(page, 'student01');
  await mainMenu(page).getByRole('link', { name: '个人中心' }).click();
  const side = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(side).toBeVisible();
  await side.getByText('修改密码').click();
  await expect(page).toHaveURL(/\/sch_edu\/personal\/password$/);
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(side).toBeHidden();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(side).toBeVisible();
});

test('an external menu entry opens in a new window', async ({ page }) => {
  await signInWithForm(page, 'operator01');
  const popup = page.waitForEvent('popup');
  await mainMenu(page).getByRole('link', { name: '接口文档' }).click();
  const docs = await popup;
  await expect(docs).toHaveURL(/\/api\/docs/);
  await docs.close();
  await expect(page).toHaveURL(/\/sch_edu\/workbench$/);
});
