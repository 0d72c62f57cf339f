import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsApi,
  pathOf,
  type ArticleSummary,
  type CmsArticle,
  type CmsAttribute,
  type CmsCatalog,
  type CmsImageUploaded,
  type CmsNotice,
  type CmsTemplate,
  type FrontArticle,
  type FrontCatalog,
  type FrontNotice,
  type FrontNoticeSummary,
  type FrontArticleSummary,
  type Page,
} from '@platform/contract';
import { callerOn, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { jpeg, multipartFile, png } from '../../test/sample-files';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;
const anonymous = { headers: {} };
const call = callerOn(() => h.app);

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  manager = await signedIn(h.app, h.ctx, { roles: ['school-manager'] });
});
afterAll(() => h.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, marks?: unknown[]) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});

async function ok<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  who: { headers: Record<string, string> } = operator,
): Promise<T> {
  const res = await call<T>(who, method, url, payload);
  if (res.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res)}`);
  return res.data;
}

async function newAttribute(code = `attr_${unique()}`) {
  return ok<CmsAttribute>('POST', cmsApi.attributeSave.path, {
    name: { zh: '导航', en: 'Navigation' },
    code,
  });
}

async function newTemplate(category: 'column' | 'content' = 'content', path = '/home/article') {
  return ok<CmsTemplate>('POST', cmsApi.templateSave.path, {
    name: `Template ${unique()}`,
    category,
    path,
  });
}

async function newCatalog(fields: Record<string, unknown> = {}) {
  return ok<CmsCatalog>('POST', cmsApi.catalogSave.path, {
    name: { zh: `栏目${unique()}`, en: `Catalogue ${unique()}` },
    type: 'catalog',
    sortNumber: 1,
    isPublish: 1,
    isDisplay: 1,
    ...fields,
  });
}

async function newArticle(catalogId: string, fields: Record<string, unknown> = {}) {
  return ok<CmsArticle>('POST', cmsApi.articleSave.path, {
    title: { zh: `文章${unique()}`, en: `Article ${unique()}` },
    catalogId,
    summary: { zh: '简短摘要', en: 'A short summary' },
    author: 'Editor',
    content: { zh: doc(para('正文')), en: doc(para('Body')) },
    ...fields,
  });
}

const publish = (kind: 'article' | 'catalog' | 'notice', id: string, isPublish: 0 | 1) =>
  ok(
    'POST',
    {
      article: cmsApi.articlePublish,
      catalog: cmsApi.catalogPublish,
      notice: cmsApi.noticePublish,
    }[kind].path,
    { id, isPublish },
  );

describe('who may write and read the portal', () => {
  it('lets operators write, refuses school accounts, and asks anonymous callers to sign in', async () => {
    const body = { name: `T ${unique()}`, category: 'column', path: '/home/index' };
    const anon = await call(anonymous, 'POST', cmsApi.templateSave.path, body);
    expect(anon.status).toBe(401);
    const school = await call(manager, 'POST', cmsApi.templateSave.path, body);
    expect(school.status).toBe(403);
    const listed = await call(manager, 'GET', cmsApi.articlePage.path);
    expect(listed.status).toBe(403);
    const saved = await call<CmsTemplate>(operator, 'POST', cmsApi.templateSave.path, body);
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ name: body.name, category: 'column', path: '/home/index' });
  });

  it('serves the public routes without signing in', async () => {
    for (const url of [
      cmsApi.frontCatalogs.path,
      cmsApi.frontCatalogList.path,
      cmsApi.frontArticlePage.path,
      cmsApi.frontNoticePage.path,
    ]) {
      const res = await call(anonymous, 'GET', url);
      expect(res.code, url).toBe(200);
    }
  });
});

describe('attributes and templates', () => {
  it('keeps attribute codes unique and refuses deleting one a catalogue uses', async () => {
    const attr = await newAttribute();
    const again = await call(operator, 'POST', cmsApi.attributeSave.path, {
      name: { en: 'Again' },
      code: attr.code,
    });
    expect(again.status).toBe(409);
    expect(again.errorKey).toBe('cms.attribute_code_taken');
    await newCatalog({ attributeCode: attr.code });
    const del = await call(operator, 'POST', pathOf(cmsApi.attributeDelete.path, { id: attr.id }));
    expect(del.errorKey).toBe('cms.attribute_in_use');
    const spare = await newAttribute();
    await ok('POST', pathOf(cmsApi.attributeDelete.path, { id: spare.id }));
    const list = await ok<CmsAttribute[]>('GET', cmsApi.attributeList.path);
    expect(list.map((a) => a.code)).not.toContain(spare.code);
  });

  it('needs a template name, category and path, with messages in both languages', async () => {
    for (const [lang, message] of [
      ['en', 'Invalid input'],
      ['zh', '输入有误'],
    ] as const) {
      const res = await call(operator, 'POST', cmsApi.templateSave.path, {}, lang);
      expect(res.code).toBe(9000);
      expect(res.message).toContain(message);
      expect(res.fields).toMatchObject({
        name: 'required',
        category: 'required',
        path: 'required',
      });
    }
  });

  it('pages and filters templates', async () => {
    const mark = unique();
    for (let i = 0; i < 3; i++)
      await ok('POST', cmsApi.templateSave.path, {
        name: `Paged ${mark} ${i}`,
        category: 'column',
        path: '/home/index',
      });
    const first = await ok<Page<CmsTemplate>>(
      'GET',
      `${cmsApi.templatePage.path}?name=${mark}&pageSize=2&pageNum=1`,
    );
    expect(first.total).toBe(3);
    expect(first.records).toHaveLength(2);
    const second = await ok<Page<CmsTemplate>>(
      'GET',
      `${cmsApi.templatePage.path}?name=${mark}&pageSize=2&pageNum=2`,
    );
    expect(second.records).toHaveLength(1);
  });
});

describe('catalogues', () => {
  it('needs a name and a sort number, and a link for a link', async () => {
    const res = await call(operator, 'POST', cmsApi.catalogSave.path, { type: 'catalog' });
    expect(res.fields).toEqual({ name: 'required', sortNumber: 'required' });
    const link = await call(operator, 'POST', cmsApi.catalogSave.path, {
      name: { en: 'Partner site' },
      type: 'link',
      sortNumber: 1,
    });
    expect(link.fields).toEqual({ link: 'required' });
  });

  it('refuses a parent under the catalogue itself', async () => {
    const top = await newCatalog();
    const child = await newCatalog({ parentId: top.id });
    const res = await call(operator, 'POST', cmsApi.catalogSave.path, {
      id: top.id,
      name: top.name,
      type: top.type,
      sortNumber: top.sortNumber,
      parentId: child.id,
    });
    expect(res.errorKey).toBe('cms.catalog_parent_invalid');
  });

  it('loads a catalogue by attribute code recursively, published and displayed only', async () => {
    const attr = await newAttribute();
    const template = await newTemplate('content', '/home/article');
    const top = await newCatalog({
      attributeCode: attr.code,
      name: { zh: '产品', en: 'Products' },
      description: { zh: '全部产品', en: 'All products' },
    });
    expect(top.description).toEqual({ zh: '全部产品', en: 'All products' });
    const group = await newCatalog({ parentId: top.id, sortNumber: 1 });
    const withArticle = await newCatalog({
      parentId: group.id,
      templateId: template.id,
      sortNumber: 1,
    });
    const empty = await newCatalog({ parentId: group.id, sortNumber: 2 });
    const hidden = await newCatalog({ parentId: group.id, isDisplay: 0, sortNumber: 3 });
    const draft = await newCatalog({ parentId: group.id, isPublish: 0, sortNumber: 4 });
    const link = await newCatalog({
      parentId: group.id,
      type: 'link',
      link: 'https://example.com/',
      sortNumber: 5,
    });
    const article = await newArticle(withArticle.id);
    await publish('article', article.id, 1);

    const res = await call<FrontCatalog[]>(
      anonymous,
      'GET',
      `${cmsApi.frontCatalogs.path}?isDisplay=1&isPublish=1&attributeCode=${attr.code}`,
      undefined,
      'en',
    );
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(1);
    const [tree] = res.data;
    expect(tree!).toMatchObject({ name: 'Products', description: 'All products' });
    expect(tree!.subCatalogs[0]!.description).toBe('');
    const subs = tree!.subCatalogs[0]!.subCatalogs;
    expect(subs.map((s) => s.id)).toEqual([withArticle.id, empty.id, link.id]);
    expect(subs.map((s) => s.id)).not.toContain(hidden.id);
    expect(subs.map((s) => s.id)).not.toContain(draft.id);
    expect(subs[0]).toMatchObject({
      isExistContent: true,
      templateContent: { path: '/home/article' },
    });
    expect(subs[1]).toMatchObject({ isExistContent: false, templateContent: null });
    expect(subs[2]!.isExistContent).toBe(true);

    const zh = await call<FrontCatalog>(
      anonymous,
      'GET',
      pathOf(cmsApi.frontSub.path, { id: top.id }),
      undefined,
      'zh',
    );
    expect(zh.data).toMatchObject({ name: '产品', description: '全部产品' });
    expect(zh.data.subCatalogs[0]!.subCatalogs).toHaveLength(3);

    const flat = await call<FrontCatalog[]>(
      anonymous,
      'GET',
      `${cmsApi.frontCatalogList.path}?parentId=${group.id}`,
    );
    expect(flat.data.map((c) => c.id)).toEqual([withArticle.id, empty.id, link.id]);

    await publish('catalog', top.id, 0);
    const gone = await call(anonymous, 'GET', pathOf(cmsApi.frontSub.path, { id: top.id }));
    expect(gone.status).toBe(404);
    expect(gone.errorKey).toBe('cms.catalog_not_found');
  });

  it('refuses deleting a catalogue that holds articles', async () => {
    const catalog = await newCatalog();
    await newArticle(catalog.id);
    const res = await call(operator, 'POST', pathOf(cmsApi.catalogDelete.path, { id: catalog.id }));
    expect(res.errorKey).toBe('cms.catalog_not_empty');
  });
});

describe('articles', () => {
  it('needs a title, catalogue, summary, author and content', async () => {
    const res = await call(operator, 'POST', cmsApi.articleSave.path, {});
    expect(res.fields).toMatchObject({
      title: 'required',
      catalogId: 'required',
      summary: 'required',
      author: 'required',
      content: 'invalid_format',
    });
  });

  it("gives each reader the summary in their language, else the other language's", async () => {
    const catalog = await newCatalog();
    const both = await newArticle(catalog.id, {
      summary: { zh: '中文摘要', en: 'English summary' },
    });
    const onlyZh = await newArticle(catalog.id, { summary: { zh: '只有中文' } });
    expect(both.summary).toEqual({ zh: '中文摘要', en: 'English summary' });
    expect(onlyZh.summary).toEqual({ zh: '只有中文' });
    for (const a of [both, onlyZh]) await publish('article', a.id, 1);
    const list = `${cmsApi.frontArticlePage.path}?isPublish=1&catalogId=${catalog.id}`;
    const summaries = async (lang: 'zh' | 'en') => {
      const page = await call<Page<FrontArticleSummary>>(anonymous, 'GET', list, undefined, lang);
      return Object.fromEntries(page.data.records.map((r) => [r.id, r.summary]));
    };
    expect(await summaries('zh')).toEqual({ [both.id]: '中文摘要', [onlyZh.id]: '只有中文' });
    expect(await summaries('en')).toEqual({
      [both.id]: 'English summary',
      [onlyZh.id]: '只有中文',
    });
    const detail = pathOf(cmsApi.frontArticle.path, { id: both.id });
    const en = await call<FrontArticle>(anonymous, 'GET', detail, undefined, 'en');
    expect(en.data.summary).toBe('English summary');
  });

  it('refuses a summary too long in one language on that language', async () => {
    const catalog = await newCatalog();
    const res = await call(operator, 'POST', cmsApi.articleSave.path, {
      title: { en: 'Long' },
      catalogId: catalog.id,
      summary: { zh: '摘要', en: 'x'.repeat(245) },
      author: 'a',
      content: { en: doc(para('Body')) },
    });
    expect(res.code).toBe(9000);
    expect(res.fields).toEqual({ 'summary.en': 'too_long' });
    const empty = await call(operator, 'POST', cmsApi.articleSave.path, {
      title: { en: 'Empty' },
      catalogId: catalog.id,
      summary: { zh: '', en: '' },
      author: 'a',
      content: { en: doc(para('Body')) },
    });
    expect(empty.fields).toEqual({ summary: 'required' });
  });

  it('stores content without event handlers and refuses scripts and javascript: links', async () => {
    const catalog = await newCatalog();
    const sneaky = {
      type: 'doc',
      attrs: { onload: 'alert(1)' },
      content: [
        {
          type: 'paragraph',
          attrs: { onclick: 'alert(1)', style: 'x' },
          content: [{ type: 'text', text: 'Hi' }],
        },
      ],
    };
    const saved = await newArticle(catalog.id, { content: { en: sneaky } });
    const text = JSON.stringify(saved.content);
    expect(text).not.toContain('onclick');
    expect(text).not.toContain('onload');
    expect(text).not.toContain('alert');
    expect(saved.content.en).toEqual(doc(para('Hi')));

    const script = await call(operator, 'POST', cmsApi.articleSave.path, {
      title: { en: 'Script' },
      catalogId: catalog.id,
      summary: { en: 's' },
      author: 'a',
      content: { en: doc({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }) },
    });
    expect(script.code).toBe(9000);
    expect(script.fields).toEqual({ 'content.en': 'invalid_value' });

    const link = await call(operator, 'POST', cmsApi.articleSave.path, {
      title: { en: 'Link' },
      catalogId: catalog.id,
      summary: { en: 's' },
      author: 'a',
      content: {
        en: doc(para('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
      },
    });
    expect(link.code).toBe(9000);
    const page = await ok<Page<ArticleSummary>>(
      'GET',
      `${cmsApi.articlePage.path}?catalogId=${catalog.id}`,
    );
    expect(page.records.map((r) => r.title.en)).toEqual([saved.title.en]);
  });

  it('shows only published articles publicly, counts readings and hides an unpublished one at once', async () => {
    const catalog = await newCatalog();
    const article = await newArticle(catalog.id, {
      title: { zh: '发布的文章', en: 'Published article' },
    });
    const detail = pathOf(cmsApi.frontArticle.path, { id: article.id });
    const list = `${cmsApi.frontArticlePage.path}?isPublish=1&catalogId=${catalog.id}`;

    expect((await call(anonymous, 'GET', detail)).status).toBe(404);
    expect((await call<Page<FrontArticleSummary>>(anonymous, 'GET', list)).data.total).toBe(0);

    await publish('article', article.id, 1);
    const first = await call<FrontArticle>(anonymous, 'GET', detail, undefined, 'zh');
    expect(first.data).toMatchObject({ title: '发布的文章', readings: 1 });
    expect(first.data.content).toEqual(doc(para('正文')));
    const second = await call<FrontArticle>(anonymous, 'GET', detail, undefined, 'en');
    expect(second.data).toMatchObject({ title: 'Published article', readings: 2 });
    const listed = await call<Page<FrontArticleSummary>>(anonymous, 'GET', list);
    expect(listed.data.records.map((r) => r.id)).toEqual([article.id]);
    expect(listed.data.records[0]).not.toHaveProperty('content');

    await publish('article', article.id, 0);
    expect((await call(anonymous, 'GET', detail)).status).toBe(404);
    expect((await call<Page<FrontArticleSummary>>(anonymous, 'GET', list)).data.total).toBe(0);
    const kept = await ok<CmsArticle>('GET', pathOf(cmsApi.articleGet.path, { id: article.id }));
    expect(kept).toMatchObject({ isPublish: 0, readings: 2 });
  });

  it('keeps published articles of an unpublished catalogue off the public site', async () => {
    const catalog = await newCatalog();
    const article = await newArticle(catalog.id);
    await publish('article', article.id, 1);
    await publish('catalog', catalog.id, 0);
    const res = await call(anonymous, 'GET', pathOf(cmsApi.frontArticle.path, { id: article.id }));
    expect(res.status).toBe(404);
  });

  it('refuses isPublish other than 1 on the public list', async () => {
    const res = await call(anonymous, 'GET', `${cmsApi.frontArticlePage.path}?isPublish=0`);
    expect(res.code).toBe(9000);
    expect(res.fields).toEqual({ isPublish: 'invalid_value' });
  });
});

describe('notices', () => {
  it('needs a title and a source', async () => {
    for (const [lang, text] of [
      ['en', 'Invalid input'],
      ['zh', '输入有误'],
    ] as const) {
      const res = await call(
        operator,
        'POST',
        cmsApi.noticeSave.path,
        { description: { en: 'x' } },
        lang,
      );
      expect(res.message).toContain(text);
      expect(res.fields).toMatchObject({ title: 'required', source: 'required' });
    }
    const long = await call(operator, 'POST', cmsApi.noticeSave.path, {
      title: { en: 'Notice' },
      source: 'x'.repeat(21),
      description: { zh: '说'.repeat(301) },
    });
    expect(long.fields).toEqual({ source: 'too_long', 'description.zh': 'too_long' });
  });

  it('keeps a notice without a description, and an English one for every reader', async () => {
    const bare = await ok<CmsNotice>('POST', cmsApi.noticeSave.path, {
      title: { en: 'Bare' },
      source: 'Ops',
      description: { zh: '', en: '' },
    });
    expect(bare.description).toEqual({});
    const english = await ok<CmsNotice>('POST', cmsApi.noticeSave.path, {
      title: { en: 'English only' },
      source: 'Ops',
      description: { en: 'Only in English' },
    });
    await publish('notice', english.id, 1);
    const detail = pathOf(cmsApi.frontNotice.path, { id: english.id });
    const zh = await call<FrontNotice>(anonymous, 'GET', detail, undefined, 'zh');
    expect(zh.data.description).toBe('Only in English');
  });

  it('publishes and withdraws notices on the public site', async () => {
    const notice = await ok<CmsNotice>('POST', cmsApi.noticeSave.path, {
      title: { zh: '维护通知', en: 'Maintenance' },
      source: 'Operations',
      description: { zh: '今晚', en: 'Tonight' },
      content: { en: doc(para('Down at 22:00')) },
    });
    const detail = pathOf(cmsApi.frontNotice.path, { id: notice.id });
    expect((await call(anonymous, 'GET', detail)).status).toBe(404);
    await publish('notice', notice.id, 1);
    const zh = await call<FrontNotice>(anonymous, 'GET', detail, undefined, 'zh');
    expect(zh.data).toMatchObject({ title: '维护通知', source: 'Operations', description: '今晚' });
    const en = await call<FrontNotice>(anonymous, 'GET', detail, undefined, 'en');
    expect(en.data).toMatchObject({ title: 'Maintenance', description: 'Tonight' });
    expect(zh.data.content).toEqual(doc(para('Down at 22:00')));
    const list = await call<Page<FrontNoticeSummary>>(
      anonymous,
      'GET',
      `${cmsApi.frontNoticePage.path}?title=Maintenance`,
    );
    expect(list.data.records.map((r) => r.id)).toEqual([notice.id]);
    await publish('notice', notice.id, 0);
    expect((await call(anonymous, 'GET', detail)).status).toBe(404);
  });
});

describe('images', () => {
  async function upload(name: string, data: Buffer, who = operator) {
    const { payload, headers } = multipartFile(name, data);
    const res = await h.app.inject({
      method: 'POST',
      url: cmsApi.imageUpload.path,
      payload,
      headers: { ...headers, ...who.headers, 'accept-language': 'en' },
    });
    return {
      status: res.statusCode,
      ...res.json<{ code: number; errorKey?: string; data: CmsImageUploaded }>(),
    };
  }

  it('takes PNG and JPEG by content and serves them publicly', async () => {
    for (const [name, data, type] of [
      ['cover.png', png(), 'image/png'],
      ['cover.jpg', jpeg(), 'image/jpeg'],
    ] as const) {
      const res = await upload(name, data);
      expect(res.code).toBe(200);
      expect(res.data.contentType).toBe(type);
      const read = await h.app.inject({ method: 'GET', url: res.data.url });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses other content whatever its name, and images over 5 MB', async () => {
    const text = await upload('fake.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.errorKey).toBe('cms.image_type');
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await upload('big.png', big);
    expect(large.status).toBe(413);
    expect(large.errorKey).toBe('cms.image_too_large');
    const school = await upload('cover.png', png(), manager);
    expect(school.status).toBe(403);
  });

  it('answers not found for an unknown image', async () => {
    const res = await call(anonymous, 'GET', pathOf(cmsApi.image.path, { fileId: 'unknownfile1' }));
    expect(res.status).toBe(404);
  });
});
