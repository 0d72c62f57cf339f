import { expect, test } from '@playwright/test';
import { authApi, storageKeys, usersApi } from '@platform/contract';
import { mainMenu, signInWithForm, skipAnnouncement } from '../support';

const accounts = [
  { username: 'student01', name: '李明', role: '学生', staff: false },
  { username: 'teacher01', name: '王老师', role: '教师', staff: false },
  { username: 'schooladmin01', name: '赵管理员', role: '学校管理员', staff: false },
  { username: 'operator01', name: '陈运营', role: '运营人员', staff: true },
  { username: 'admin01', name: '平台管理员', role: '平台管理员', staff: true },
];

test.beforeEach(async ({ page, request }) => {
  await skipAnnouncement(page, request);
});

for (const a of accounts) {
  test(`${a.username} signs in and sees the menus of the role`, async ({ page }) => {
    await signInWithForm(page, a.username);
    await expect(page).toHaveURL(/\/sch_edu\/workbench$/);
    await expect(page.getByRole('heading', { name: `你好，${a.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: a.name })).toBeVisible();
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: '工作台' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '个人中心' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '接口文档' })).toHaveCount(a.staff ? 1 : 0);
    await expect(page.getByText(a.role, { exact: true }).first()).toBeVisible();

    await menu.getByRole('link', { name: '个人中心' }).click();
    await expect(page).toHaveURL(/\/sch_edu\/personal\/info$/);
    const side = page.getByRole('navigation', { name: '侧边菜单' });
    await expect(side.getByText('我的信息')).toBeVisible();
    await expect(side.getByText('修改密码')).toBeVisible();
    const info = page.getByRole('main');
    await expect(
      info.getByRole('row').filter({ hasText: '用户名' }).getByText(a.username, { exact: true }),
    ).toBeVisible();
  });
}

test('a wrong password shows the translated message and stays on sign-in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('student01');
  await page.getByLabel('密码').fill('Wrong_pass9');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  await expect(page.getByText('用户名或密码错误')).toHaveCount(1);
  await expect(page).toHaveURL(/\/login/);
});

test('logout ends the session and goes to the site origin: the old token is refused by the API', async ({
  page,
  request,
}) => {
  await signInWithForm(page, 'student01');
  const token = await page.evaluate((key) => window.localStorage.getItem(key), storageKeys.token);
  expect(token).toBeTruthy();
  // The panel settles where it fits once open; a click during its opening can land beside it,
  // so the click is repeated until the logout request has left. Its answer and the full load of
  // the site origin may take long on a busy machine, and are waited for once.
  let requested = false;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === authApi.logout.path) requested = true;
  });
  const logout = page.getByRole('button', { name: '退出登录' });
  await expect(async () => {
    if (requested) return;
    if (!(await logout.isVisible()))
      await page.getByRole('button', { name: '李明' }).click({ timeout: 2_000 });
    await logout.click({ timeout: 2_000 });
    await expect.poll(() => requested, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
  // The site origin, which shows a signed-out visitor the home page.
  await expect(page).toHaveURL(/\/home\/index/, { timeout: 30_000 });
  expect(
    await page.evaluate((key) => window.localStorage.getItem(key), storageKeys.token),
  ).toBeNull();
  const res = await request.get(usersApi.current.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await res.json()).code).toBe(401);
});
