import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { skipAnnouncement } from '../support';

const wcagA_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const [path, language] of [
  ['/login', 'zh-CN'],
  ['/login', 'en-US'],
  ['/home/index', 'zh-CN'],
  ['/home/index', 'en-US'],
] as const) {
  test(`${path} in ${language} passes the WCAG 2 A and AA rules`, async ({ browser, request }) => {
    const context = await browser.newContext({ locale: language });
    const page = await context.newPage();
    await skipAnnouncement(page, request);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(wcagA_AA).analyze();
    const found = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found).toEqual([]);
    // The rules ran on the page: contrast among them.
    expect(results.passes.map((r) => r.id)).toEqual(
      expect.arrayContaining(['color-contrast', 'html-has-lang', 'button-name']),
    );
    await context.close();
  });
}
