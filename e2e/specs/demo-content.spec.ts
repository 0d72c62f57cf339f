import { expect, test, type Page } from '@playwright/test';
import { signInWithForm, skipAnnouncement } from '../support';

test.describe.configure({ timeout: 120_000 });

const products = {
  'zh-CN': ['物联网实训箱', '人工智能实训平台', '实训教学平台', '工业互联网实训平台'],
  'en-US': [
    'IoT training kit',
    'AI lab platform',
    'Lab teaching platform',
    'Industrial internet lab platform',
  ],
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`the public site's products and home sections lead to real pages (${locale})`, async ({
    browser,
    request,
  }) => {
    const zh = locale === 'zh-CN';
    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await skipAnnouncement(page, request);
    await page.goto('/home/index');

    // Every entry of the product centre is a link, and each leads to the product's articles.
    const nav = page.getByRole('navigation', { name: zh ? '栏目导航' : 'Catalogue navigation' });
    const top = nav.getByRole('button', { name: zh ? '产品中心' : 'Products' });
    await top.hover();
    const panel = nav.getByRole('group', { name: zh ? '展开 产品中心' : 'Open Products' });
    const groups = zh ? ['实训设备', '软件平台'] : ['Training devices', 'Software platforms'];
    for (const name of [...groups, ...products[locale]])
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(panel.locator('.site-unlinked')).toHaveCount(0);
    await page.screenshot({ path: `test-results/site-products-${locale}.png` });
    await panel.getByRole('link', { name: products[locale][0], exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: products[locale][0] })).toBeVisible();
    await page
      .getByRole('link', {
        name: zh ? /物联网实训箱：从传感器到平台/ : /The IoT training kit: a whole lab/,
      })
      .click();
    await expect(page).toHaveURL(/\/home\/article\?id=\d+/);
    await expect(
      page.getByRole('heading', { level: 2, name: zh ? '箱内有什么' : 'What is in the case' }),
    ).toBeVisible();

    // The three sections of the home page show the portal's articles.
    await page.goto('/home/index');
    for (const [section, title] of [
      ['industrial', zh ? /产线能耗监测/ : /Energy monitoring on a line/],
      ['career', zh ? /物联网系统运维工程师/ : /IoT system operations engineer/],
      ['program', zh ? /工业互联网技术专业建设方案/ : /Building an industrial internet programme/],
    ] as const) {
      const block = page.locator(`section#${section}`);
      await expect(block.getByRole('link', { name: title })).toBeVisible();
      expect(await block.locator('.site-card').count()).toBeGreaterThanOrEqual(3);
    }
    await page.screenshot({ path: `test-results/site-home-1440-${locale}.png`, fullPage: true });
    await page
      .locator('section#career')
      .getByRole('link', { name: zh ? /物联网系统运维工程师/ : /IoT system operations engineer/ })
      .click();
    await expect(
      page.getByRole('heading', { level: 2, name: zh ? '岗位职责' : 'What the job involves' }),
    ).toBeVisible();

    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/home/index');
    await expect(page.locator('section#program .site-card').first()).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `test-results/site-home-480-${locale}.png`, fullPage: true });
    await context.close();
  });
}

test('a student sees each course with its own cover and downloads its resources', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await page.goto('/sch_edu/course/index');
  const covers = page.locator('.cs-card img');
  await expect(covers).toHaveCount(3);
  const loadedSources = () =>
    covers.evaluateAll((imgs) =>
      imgs.map((img) => {
        const image = img as HTMLImageElement;
        return image.complete && image.naturalWidth > 0 ? image.src : '';
      }),
    );
  await expect.poll(async () => (await loadedSources()).every(Boolean)).toBe(true);
  const sources = await loadedSources();
  const images = await Promise.all(
    sources.map(async (src) => (await page.request.get(src)).body()),
  );
  expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(3);
  await page.screenshot({ path: 'test-results/course-hall-covers-1440.png' });

  await page
    .locator('.cs-card', { hasText: 'MQTT 与传感器' })
    .getByRole('link', { name: 'MQTT 与传感器' })
    .click();
  const resources = page.locator('.ant-list-item');
  for (const name of [
    'MQTT 实验指导书.pdf',
    'MQTT lab guide.pdf',
    '客厅传感器一天的数据 - living-room-sensors.csv',
    '实验报告模板.md',
    'Lab report template.md',
  ])
    await expect(resources.filter({ hasText: name })).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    resources
      .filter({ hasText: 'living-room-sensors.csv' })
      .getByRole('button', { name: '下载' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('客厅传感器一天的数据 - living-room-sensors.csv');
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString().split('\n')[0]).toBe(
    'time,temperature_c,humidity_pct,light_lux',
  );
  await resources.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/course-resources-1440.png' });
  await page.setViewportSize({ width: 480, height: 900 });
  await expect(resources.first()).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: 'test-results/course-resources-480.png', fullPage: true });
});
