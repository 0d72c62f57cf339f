import { expect, test, type Page } from '@playwright/test';
import { skipAnnouncement } from '../support';

const inViewport = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const box = document.getElementById(sectionId)!.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  }, id);

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a visitor browses the catalogues, an article and the notices of the public site', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await page.goto('/home/index');
  const nav = page.getByRole('navigation', { name: '栏目导航' });
  const news = nav.getByRole('button', { name: '新闻动态' });
  await news.hover();
  await expect(news).toHaveAttribute('aria-expanded', 'true');
  const panel = nav.getByRole('group', { name: '展开 新闻动态' });
  await panel.getByRole('link', { name: '公司新闻' }).click();
  await expect(page).toHaveURL(/\/home\/index\?id=\d+&pid=\d+&gid=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '公司新闻' })).toBeVisible();

  await page.getByRole('link', { name: /实训教学平台正式上线/ }).click();
  await expect(page).toHaveURL(/\/home\/article\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '实训教学平台正式上线' })).toBeVisible();
  await expect(page.getByText('作者：运营中心')).toBeVisible();
  await expect(page.getByText(/支持在线实验环境、教学任务与实验报告/)).toBeVisible();

  await page.goto('/home/noticelist');
  await expect(page.getByRole('heading', { level: 1, name: '公告中心' })).toBeVisible();
  await page.getByRole('link', { name: '平台维护通知' }).click();
  await expect(page).toHaveURL(/\/home\/notice\?id=\d+/);
  await expect(page.getByText(/期间实验环境不可用/)).toBeVisible();
  await page.getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
});

test('the toolbar scrolls to its sections, and the site fits a narrow screen', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await page.goto('/home/index');
  const toolbar = page.getByRole('navigation', { name: '快捷导航' });
  for (const [name, id] of [
    ['专业建设', 'program'],
    ['工业互联网', 'industrial'],
    ['就业能力', 'career'],
  ] as const) {
    await toolbar.getByRole('button', { name }).click();
    await expect.poll(() => inViewport(page, id)).toBe(true);
  }

  await page.setViewportSize({ width: 480, height: 800 });
  for (const path of [
    '/home/index',
    '/home/noticelist',
    '/home/device',
    '/home/course',
    '/home/AITools',
    '/industrial-internet/index',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await noSidewaysScroll(page), path).toBe(true);
  }
});

test('the industry cases and a section page read in English', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await skipAnnouncement(page, request);
  await page.goto('/industrial-internet');
  await expect(page).toHaveURL(/\/industrial-internet\/index$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Industrial internet' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Smart manufacturing' })).toBeVisible();
  await page.getByRole('link', { name: /Collecting data from a production line/ }).click();
  await expect(page).toHaveURL(/\/industrial-internet\/detail\?id=\d+/);
  await expect(page.getByText(/OPC UA and MQTT/)).toBeVisible();
  await page.goto('/home/profession');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Professional construction' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Building an IoT programme/ })).toBeVisible();
  await context.close();
});
