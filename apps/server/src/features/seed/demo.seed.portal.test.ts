import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsApi,
  coursesApi,
  smsApi,
  trialsApi,
  type FrontArticleSummary,
  type FrontCatalog,
  type FrontCourse,
  type FrontNoticeSummary,
  type Page,
  type SmsOutboxMessage,
  type TrialApplication,
} from '@platform/contract';
import { cmsArticles, cmsCatalogs, systemSettings, trialApplications } from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemo } from './demo.seed';

/** The demo's public site (catalogues, articles, notices) and the trial applications it takes. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('the demo’s public site', () => {
  it('gives the public site catalogues, articles and notices in both languages, drafts kept off it', async () => {
    await seedDemo(h.ctx);
    await seedDemo(h.ctx);
    const call = callerOn(() => h.app);
    const visitor = { headers: {} };
    const nav = await call<FrontCatalog[]>(
      visitor,
      'GET',
      `${cmsApi.frontCatalogs.path}?isPublish=1&isDisplay=1&attributeCode=navigate`,
      undefined,
      'zh',
    );
    expect(nav.data.map((c) => c.name)).toEqual(['产品中心', '解决方案', '新闻动态', '合作伙伴']);
    const news = nav.data[2]!.subCatalogs[0]!.subCatalogs;
    expect(news.map((c) => [c.name, c.isExistContent, c.templateContent?.path])).toEqual([
      ['公司新闻', true, '/home/article'],
      ['行业资讯', true, '/home/article'],
    ]);
    const articles = await call<Page<FrontArticleSummary>>(
      visitor,
      'GET',
      `${cmsApi.frontArticlePage.path}?isPublish=1`,
    );
    expect(articles.data.total).toBe(28);
    const report = `${cmsApi.frontArticlePage.path}?isPublish=1&title=${encodeURIComponent('IoT talent')}`;
    for (const [lang, summary] of [
      ['en', 'A summary of an industry report.'],
      ['zh', '行业报告摘要。'],
    ] as const) {
      const found = await call<Page<FrontArticleSummary>>(visitor, 'GET', report, undefined, lang);
      expect(found.data.records.map((a) => a.summary)).toEqual([summary]);
    }
    const platformCourses = await call<Page<FrontCourse>>(
      visitor,
      'GET',
      coursesApi.frontPage.path,
      undefined,
      'en',
    );
    expect(
      platformCourses.data.records.map((c) => [c.name, c.chapters.length, Boolean(c.coverUrl)]),
    ).toEqual([['Industrial IoT basics', 2, true]]);
    const cases = await call<FrontCatalog[]>(
      visitor,
      'GET',
      `${cmsApi.frontCatalogs.path}?attributeCode=industry_case`,
      undefined,
      'en',
    );
    expect(cases.data[0]!.subCatalogs.map((c) => [c.name, c.isExistContent])).toEqual([
      ['Smart manufacturing', true],
      ['Smart agriculture', true],
      ['Smart buildings', true],
    ]);
    const flat = await call<FrontCatalog[]>(visitor, 'GET', cmsApi.frontCatalogList.path);
    for (const code of [
      'experiment_component',
      'subject_level',
      'career_planning',
      'speciality_construction',
    ])
      expect(flat.data.find((c) => c.attributeCode === code)?.isExistContent, code).toBe(true);
    expect(articles.data.records.map((a) => a.title)).not.toContain(
      'Summer teacher training (in preparation)',
    );
    const notices = await call<Page<FrontNoticeSummary>>(
      visitor,
      'GET',
      cmsApi.frontNoticePage.path,
    );
    expect(notices.data.records.map((n) => [n.title, n.description])).toEqual([
      ['Maintenance notice', 'Maintenance on Saturday 22:00 to 24:00.'],
      ['Getting started', 'Read this first.'],
    ]);
  });

  it('links every product-centre group and entry to published articles that describe it, in both languages', async () => {
    await seedDemo(h.ctx);
    const call = callerOn(() => h.app);
    const visitor = { headers: {} };
    for (const lang of ['zh', 'en'] as const) {
      const nav = await call<FrontCatalog[]>(
        visitor,
        'GET',
        `${cmsApi.frontCatalogs.path}?isPublish=1&isDisplay=1&attributeCode=navigate`,
        undefined,
        lang,
      );
      const groups = nav.data[0]!.subCatalogs;
      const entries = groups.flatMap((g) => g.subCatalogs);
      expect(entries.map((e) => e.name)).toEqual(
        lang === 'zh'
          ? ['物联网实训箱', '人工智能实训平台', '实训教学平台', '工业互联网实训平台']
          : [
              'IoT training kit',
              'AI lab platform',
              'Lab teaching platform',
              'Industrial internet lab platform',
            ],
      );
      for (const entry of [...groups, ...entries]) {
        expect(entry.isExistContent, entry.name).toBe(true);
        expect(entry.description, entry.name).not.toBe('');
        const list = await call<Page<FrontArticleSummary>>(
          visitor,
          'GET',
          `${cmsApi.frontArticlePage.path}?isPublish=1&catalogId=${entry.id}`,
          undefined,
          lang,
        );
        expect(list.data.total, entry.name).toBeGreaterThan(0);
        expect(list.data.records.every((a) => a.summary.length > 10)).toBe(true);
        for (const a of list.data.records) {
          const picture = await h.app.inject({ method: 'GET', url: a.coverUrl! });
          expect(picture.statusCode, a.title).toBe(200);
          expect(picture.headers['content-type']).toBe('image/png');
        }
      }
    }
  });

  it('gives the home page’s career, programme and industry sections real articles in both languages', async () => {
    await seedDemo(h.ctx);
    const catalogs = await h.ctx.db.select().from(cmsCatalogs);
    const articles = await h.ctx.db.select().from(cmsArticles);
    const within = (roots: Set<string>) => {
      const ids = new Set(roots);
      for (let grew = true; grew;) {
        grew = false;
        for (const c of catalogs)
          if (c.parentId && ids.has(c.parentId) && !ids.has(c.id)) grew = Boolean(ids.add(c.id));
      }
      return articles.filter((a) => ids.has(a.catalogId) && a.isPublish);
    };
    for (const code of ['career_planning', 'speciality_construction', 'industry_case']) {
      const roots = new Set(catalogs.filter((c) => c.attributeCode === code).map((c) => c.id));
      const shown = within(roots);
      expect(shown.length, code).toBeGreaterThanOrEqual(4);
      expect(
        shown.filter((a) => !a.cover).map((a) => a.title.zh),
        code,
      ).toEqual([]);
      const rich = shown.filter((a) =>
        (['zh', 'en'] as const).every(
          (lang) =>
            ((a.content as Record<string, { content: unknown[] }>)[lang]?.content.length ?? 0) >= 4,
        ),
      );
      expect(rich.length, code).toBeGreaterThanOrEqual(3);
    }
  });

  it('adds the portal’s products and section articles to a demo seeded before version 11, once', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      const newer = new Set([
        '实训设备一览',
        '物联网实训箱：从传感器到平台的一整套实训设备',
        '物联网实训箱技术参数',
        '人工智能实训平台：每个学生一套自己的 Jupyter',
        '物联网系统运维工程师',
        '嵌入式与边缘计算开发工程师',
        '工业数据分析员',
        '人工智能技术应用专业建设方案',
        '工业互联网技术专业建设方案',
        '实训室建设指南',
        '产线能耗监测：一年节电 12%',
        '水肥一体化灌溉控制',
      ]);
      const all = await old.ctx.db.select().from(cmsArticles);
      const before = all.length;
      for (const a of all)
        if (newer.has(a.title.zh ?? ''))
          await old.ctx.db.delete(cmsArticles).where(eq(cmsArticles.id, a.id));
      const catalogs = await old.ctx.db.select().from(cmsCatalogs);
      const added = catalogs.filter((c) => ['软件平台', '智慧楼宇'].includes(c.name.zh ?? ''));
      const removed = catalogs
        .filter((c) => added.some((a) => a.id === c.id || a.id === c.parentId))
        .map((c) => c.id);
      await old.ctx.db.delete(cmsArticles).where(inArray(cmsArticles.catalogId, removed));
      await old.ctx.db.delete(cmsCatalogs).where(inArray(cmsCatalogs.id, removed.reverse()));
      const devices = catalogs.find((c) => c.name.zh === '实训设备')!;
      await old.ctx.db
        .update(cmsCatalogs)
        .set({ description: {} })
        .where(eq(cmsCatalogs.id, devices.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 10 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      await seedDemo(old.ctx);
      await seedDemo(old.ctx);
      expect(await old.ctx.db.select().from(cmsArticles)).toHaveLength(before);
      expect(await old.ctx.db.select().from(cmsCatalogs)).toHaveLength(catalogs.length);
      const [described] = await old.ctx.db
        .select()
        .from(cmsCatalogs)
        .where(eq(cmsCatalogs.id, devices.id));
      expect(described!.description.en).toMatch(/hardware of a lab room/);
    } finally {
      await old.close();
    }
  });
});

describe('the demo’s trial applications', () => {
  it('shows operators waiting and processed trial applications and their text messages', async () => {
    await seedDemo(h.ctx);
    const operator = await passwordGrant(h.app, 'operator01', 'Seed_pass1');
    const call = callerOn(() => h.app, 'zh');
    const who = { headers: bearer(operator.json().data.access_token) };
    const list = await call<Page<TrialApplication>>(who, 'GET', trialsApi.list.path);
    expect(list.data.total).toBe(4);
    expect(list.data.records.map((r) => r.status)).toEqual([
      'applying',
      'applying',
      'applying',
      'processed',
    ]);
    expect(list.data.records.find((r) => r.productDirection === 'subject_llm')?.subjects).toEqual([
      'teaching_assistant',
      'learning_analysis',
    ]);
    expect(list.data.records[3]).toMatchObject({ processedByName: '陈运营' });
    const outbox = await call<Page<SmsOutboxMessage>>(who, 'GET', smsApi.outbox.path);
    expect(outbox.data.total).toBe(5);
    expect(outbox.data.records[0]!.kind).toBe('verification_code');
    expect(outbox.data.records.filter((m) => m.kind === 'trial_message')).toHaveLength(1);
    await seedDemo(h.ctx);
    expect((await h.ctx.db.select().from(trialApplications)).length).toBe(4);
  });
});
