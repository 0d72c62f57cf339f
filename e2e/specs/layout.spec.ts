import { expect, test, type Page } from '@playwright/test';
import { menusApi, webClientId, type MenuNode } from '@platform/contract';
import { api, apiToken, mainMenu, ok, signInWithForm, skipAnnouncement } from '../support';

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

/** The paths of the menu pages an account can open, from its menu tree. */
function pagePaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node.type !== 1 || node.hidden) return [];
    const kids = node.children.filter((c) => c.type === 1 && !c.hidden);
    if (kids.length > 0) return pagePaths(kids);
    return node.linkType === 1 && node.path ? [node.path] : [];
  });
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const account of ['student01', 'teacher01', 'schooladmin01', 'operator01']) {
  test(`at 480 px no menu page of ${account} scrolls sideways`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 480, height: 860 });
    await signInWithForm(page, account);
    const token = await apiToken(request, account);
    const tree = await ok<MenuNode[]>(
      api(request, token, menusApi.all, undefined, { params: { appid: webClientId } }),
    );
    const paths = pagePaths(tree);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      await page.goto(`/sch_edu/${path}`);
      await expect(page.locator('main .ant-spin-spinning, main .page-loader')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
    }
  });
}

test('at 480 px the side menu opens as a drawer over the page and closes on choosing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 480, height: 860 });
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/portal/articles');
  const side = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(side).toBeHidden();
  const content = page.locator('main.app-content');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const place = async () => {
    const box = await content.boundingBox();
    return box && { x: box.x, y: box.y, width: box.width };
  };
  const before = await place();
  await page.getByRole('button', { name: '展开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '门户管理' });
  await expect(drawer).toBeVisible();
  await expect(side).toBeVisible();
  // Over the page, not beside it: the content keeps its place and width.
  expect(await place()).toEqual(before);
  await side.getByText('公告管理').click();
  await expect(page).toHaveURL(/\/sch_edu\/portal\/notices$/);
  await expect(drawer).toBeHidden();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});
