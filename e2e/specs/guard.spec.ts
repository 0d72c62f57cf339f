import { expect, test } from '@playwright/test';
import { signInWithForm, skipAnnouncement } from '../support';

test.beforeEach(async ({ page, request }) => {
  await skipAnnouncement(page, request);
});

test('signed out: public paths open, others follow the guard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/sch_edu/workbench');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});

test('signed in: unknown paths of the school area go to 404', async ({ page }) => {
  await signInWithForm(page, 'student01');
  await page.goto('/sch_edu/no-such-view');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sch_edu\//);
  await page.goto('/sch_edu/personal/password');
  await expect(page.getByLabel('原密码')).toBeVisible();
});

test('the home page offers sign-in when signed out and the experimental centre when signed in', async ({
  page,
}) => {
  await page.goto('/home/index');
  await page.getByRole('link', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, 'student01');
  await page.goto('/home/index');
  // A school member gets the school home.
  await expect(
    page.getByRole('heading', { level: 1, name: '欢迎来到演示职业技术学院实训教学中心' }),
  ).toBeVisible();
  await page.getByRole('link', { name: '实验中心', exact: true }).click();
  await expect(page).toHaveURL(/\/sch_edu\/workbench$/);
});

test('on a narrow screen the side menu starts folded, opens on demand and folds after a choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 480, height: 900 });
  await signInWithForm(page, 'schooladmin01');
  await page.goto('/sch_edu/school/students');
  const sideMenu = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(page.locator('.ant-card-head-title', { hasText: '学生管理' })).toBeVisible();
  await expect(sideMenu).toBeHidden();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(sideMenu).toBeVisible();
  await sideMenu.getByRole('menuitem', { name: '组织管理' }).click();
  await expect(page).toHaveURL(/\/school\/organization$/);
  await expect(sideMenu).toBeHidden();
  const title = page.locator('.ant-card-head-title', { hasText: '组织管理' });
  const add = page.getByRole('button', { name: '新增院系' });
  await expect(add).toBeVisible();
  // The card's actions go below its title rather than squeezing it.
  const [titleBox, addBox] = [await title.boundingBox(), await add.boundingBox()];
  expect(titleBox!.width).toBeGreaterThan(300);
  expect(addBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height / 2);
});

test('a page opened at another loopback name of the platform moves to its public address, where labs can open', async ({
  page,
  baseURL,
}) => {
  const publicUrl = new URL(baseURL!);
  const other = new URL(baseURL!);
  other.hostname = publicUrl.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  await page.goto(`${other.origin}/home/index?from=bookmark`);
  await expect(page).toHaveURL(`${publicUrl.origin}/home/index?from=bookmark`);
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
});
