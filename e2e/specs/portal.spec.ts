import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { cmsApi, type CmsArticle, type CmsCatalog } from '@platform/contract';
import { api, apiToken, ok, signInWithForm, skipAnnouncement } from '../support';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, attrs?: Record<string, string>) => ({
  type: 'paragraph',
  ...(attrs ? { attrs } : {}),
  content: [{ type: 'text', text }],
});

async function catalogNamed(request: Parameters<typeof apiToken>[0], token: string, zh: string) {
  const all = await ok<CmsCatalog[]>(api(request, token, cmsApi.catalogTree));
  const found = all.find((c) => c.name.zh === zh);
  expect(found, zh).toBeTruthy();
  return found!;
}

/** A visitor's page that fails the test on any dialog a payload could open. */
async function visitorPage(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  // The announcement a test before may have published would cover the page after 2 s.
  await skipAnnouncement(page, request);
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return page;
}

const ranPayload = (page: Page) =>
  page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

test('an operator publishes an article, it appears on the site, and cancelling takes it off', async ({
  page,
  request,
  browser,
}) => {
  const token = await apiToken(request, 'operator01');
  const catalog = await catalogNamed(request, token, '公司新闻');
  const title = `校企合作签约 ${Date.now() % 100000}`;
  const article = await ok<CmsArticle>(
    api(request, token, cmsApi.articleSave, {
      title: { zh: title, en: `Partnership ${title}` },
      catalogId: catalog.id,
      summary: { zh: '与本地制造企业共建实训基地。' },
      author: '运营中心',
      content: { zh: doc(para('双方将共建工业互联网实训基地。')) },
    }),
  );

  const visitor = await visitorPage(browser, request);
  await visitor.goto(`/home/article?id=${article.id}`);
  await expect(visitor.getByText('内容不存在或已下线。')).toBeVisible();

  await skipAnnouncement(page, request);
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/portal/articles');
  const search = page.getByPlaceholder('按标题搜索');
  await search.fill(title);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('未发布')).toBeVisible();
  await row.getByRole('button', { name: '发布', exact: true }).click();
  await expect(row.getByText('已发布')).toBeVisible();

  await visitor.goto(`/home/index?id=${catalog.id}`);
  await visitor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(visitor).toHaveURL(new RegExp(`/home/article\\?id=${article.id}`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('双方将共建工业互联网实训基地。')).toBeVisible();

  await row.getByRole('button', { name: '取消发布' }).click();
  await expect(row.getByText('未发布')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('内容不存在或已下线。')).toBeVisible();
  await visitor.goto(`/home/index?id=${catalog.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: '公司新闻' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: '实训教学平台正式上线' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.context().close();
});

test('an article carrying script, event-handler and javascript: payloads runs none of them', async ({
  page,
  request,
  browser,
}) => {
  const token = await apiToken(request, 'operator01');
  const catalog = await catalogNamed(request, token, '行业资讯');
  const marker = `${Date.now() % 100000}`;
  const payload = `<img src=x onerror="window.__xss='img'"><script>window.__xss='script'</script>`;
  const body = (content: unknown) => ({
    title: { zh: `安全测试 ${marker} ${payload}` },
    catalogId: catalog.id,
    summary: { zh: `摘要 <svg onload="window.__xss='svg'">` },
    author: `<b onmouseover="window.__xss='b'">作者</b>`,
    content: { zh: content },
  });

  // Refused outright: a script node, and a link to javascript:.
  const script = await api(
    request,
    token,
    cmsApi.articleSave,
    body(doc({ type: 'script', content: [{ type: 'text', text: "window.__xss='node'" }] })),
  );
  expect(script.code).toBe(9000);
  const link = await api(
    request,
    token,
    cmsApi.articleSave,
    body(
      doc({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: '点我',
            marks: [{ type: 'link', attrs: { href: "javascript:window.__xss='link'" } }],
          },
        ],
      }),
    ),
  );
  expect(link.code).toBe(9000);

  // Kept, harmless: handlers on nodes are dropped; markup in text stays text.
  const article = await ok<CmsArticle>(
    api(
      request,
      token,
      cmsApi.articleSave,
      body(
        doc(
          para(`正文 ${payload}`, { onclick: "window.__xss='p'" }),
          para('javascript:window.__xss=1'),
        ),
      ),
    ),
  );
  expect(JSON.stringify(article.content)).not.toContain('onclick');
  await ok(api(request, token, cmsApi.articlePublish, { id: article.id, isPublish: 1 }));

  const visitor = await visitorPage(browser, request);
  await visitor.goto(`/home/index?id=${catalog.id}`);
  await visitor.getByRole('link', { name: new RegExp(`安全测试 ${marker}`) }).click();
  await expect(visitor.getByText(`正文 ${payload}`)).toBeVisible();
  await expect(visitor.getByText('javascript:window.__xss=1')).toBeVisible();
  await visitor.getByText(`正文 ${payload}`).click();
  await visitor.getByText('作者', { exact: false }).first().hover();
  await visitor.waitForTimeout(300);
  expect(await ranPayload(visitor)).toBeUndefined();
  await expect(visitor.locator('main script, main [onerror], main [onclick]')).toHaveCount(0);

  // The operator's editor shows the same content without running it either.
  await skipAnnouncement(page, request);
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/portal/articles');
  const row = page.getByRole('row').filter({ hasText: `安全测试 ${marker}` });
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`正文 ${payload}`)).toBeVisible();
  expect(await ranPayload(page)).toBeUndefined();
  await visitor.context().close();
});
