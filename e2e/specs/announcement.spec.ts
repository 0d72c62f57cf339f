import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { announcementsApi, type AnnouncementEdit, type AnnouncementSave } from '@platform/contract';
import { api, apiToken, signInWithForm, skipAnnouncement } from '../support';

/** Fails the test on any dialog, and reports any write of `window.__xss`. */
async function trapPayloads(page: Page, ran: string[]) {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.exposeFunction('__xssReport', (what: string) => ran.push(what));
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (v) =>
        (window as unknown as { __xssReport: (w: string) => void }).__xssReport(String(v)),
    });
  });
}

const ranPayload = (page: Page) =>
  page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

/** A date and time of the browser's clock, `minutes` from now, as the pickers show it. */
const localPickerText = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);

let previous: AnnouncementEdit | null = null;

test.afterAll(async ({ request }) => {
  if (!previous?.contentDoc) return;
  const token = await apiToken(request, 'operator01');
  const body: AnnouncementSave = {
    title: previous.title,
    content: previous.contentDoc as AnnouncementSave['content'],
    footer: previous.footer,
    start: previous.start!,
    end: previous.end!,
    announceType: previous.announceType,
  };
  await api(request, token, announcementsApi.save, body);
});

test('an operator saves an announcement; visitors see its text once and none of its payloads run', async ({
  page,
  request,
  browser,
}) => {
  const token = await apiToken(request, 'operator01');
  previous = ((await api(request, token, announcementsApi.detail)).data ??
    null) as AnnouncementEdit | null;

  const ran: string[] = [];
  await trapPayloads(page, ran);
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/portal/announcement');
  await expect(page.getByRole('textbox', { name: '内容' })).toBeVisible();

  const marker = `${Date.now() % 100000}`;
  const normal = `今晚 22:00 平台维护 ${marker}`;
  await page.getByRole('textbox', { name: '标题' }).fill(`维护通知 ${marker}`);
  const editor = page.getByRole('textbox', { name: '内容' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(normal);
  await page.keyboard.press('Enter');
  await page.keyboard.type(
    `<script>window.__xss='typed'</script><img src=x onerror=window.__xss='typed-img'>`,
  );
  await page.keyboard.press('Enter');
  // Pasted markup: the editor keeps only what the shared schema knows.
  await editor.evaluate((el) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      `<p>粘贴的正文</p><script>window.__xss='pasted-script'</script>` +
        `<img src="https://example.invalid/x.png" onerror="window.__xss='pasted-img'">` +
        `<p><a href="javascript:window.__xss='pasted-link'">点我</a></p>`,
    );
    data.setData('text/plain', '粘贴的正文');
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor.getByText('粘贴的正文')).toBeVisible();
  // The window is typed into its pickers as they show it; Enter takes each.
  for (const [id, minutes] of [
    ['#announcement-settings_start', -5],
    ['#announcement-settings_end', 24 * 60],
  ] as const) {
    const picker = page.locator(id);
    const text = await localPickerText(page, minutes);
    await picker.fill(text);
    await picker.press('Enter');
    await expect(picker).toHaveValue(text);
  }
  await page.getByLabel('仅显示一次（用户关闭后不再显示）').check();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('系统公告已保存')).toBeVisible();

  const stored = (await api(request, token, announcementsApi.get)).data as { content: string };
  expect(stored.content).toContain(normal);
  expect(stored.content.match(/<[^>]*>/g)!.join('')).not.toMatch(/<script|\son\w+=|javascript:/i);

  const visitor: BrowserContext = await browser.newContext({ locale: 'zh-CN' });
  const visitorPage = await visitor.newPage();
  const visitorRan: string[] = [];
  await trapPayloads(visitorPage, visitorRan);
  await visitorPage.goto('/login');
  const overlay = visitorPage.getByRole('dialog', { name: `维护通知 ${marker}` });
  await expect(overlay).toBeVisible({ timeout: 10_000 });
  await expect(overlay.getByText(normal)).toBeVisible();
  await expect(overlay.getByText('粘贴的正文')).toBeVisible();
  await expect(
    overlay.getByText(`<script>window.__xss='typed'</script>`, { exact: false }),
  ).toBeVisible();
  await expect(overlay.locator('script, [onerror], [onclick], a[href^="javascript"]')).toHaveCount(
    0,
  );
  await overlay.getByText('点我').click();
  await visitorPage.waitForTimeout(500);
  expect(await ranPayload(visitorPage)).toBeUndefined();
  expect(visitorRan).toEqual([]);

  await overlay.getByRole('button', { name: '我知道了' }).click();
  await expect(overlay).toBeHidden();
  await visitorPage.reload();
  await visitorPage.waitForTimeout(3_000);
  await expect(visitorPage.getByRole('dialog')).toHaveCount(0);
  expect(ran).toEqual([]);
  expect(visitorRan).toEqual([]);

  // The public footer shows the seeded stock code.
  await visitorPage.goto('/home/index');
  const footer = visitorPage.getByRole('contentinfo', { name: '页脚' });
  await expect(footer.getByText('股票代码 000997')).toBeVisible();
  await expect(footer.getByRole('img', { name: /二维码/ })).toHaveCount(2);
  await visitor.close();
});
