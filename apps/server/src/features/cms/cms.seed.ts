import { catalogAttributeKinds, type Bilingual } from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { IdGenerator } from '../../lib/ids';
import * as repo from './cms.repo';
import { Readable } from 'node:stream';
import { newFileId } from '../courses/courses.files';
import { cmsImageKey } from './cms.present';
import {
  articleCovers,
  careerArticles,
  caseArticles,
  productCatalog,
  programArticles,
  sectionArticles,
  sectionCatalogs,
  type CatalogSeed,
  type DemoArticle,
} from './cms.demo-content';

const attributeNames: Record<(typeof catalogAttributeKinds)[number], Bilingual> = {
  navigate: { zh: '导航', en: 'Navigation' },
  industry_case: { zh: '行业案例', en: 'Industry cases' },
  subject_level: { zh: '学科层次', en: 'Subject levels' },
  career_planning: { zh: '职业规划', en: 'Career planning' },
  navigate_carousel: { zh: '导航轮播', en: 'Navigation carousel' },
  experiment_component: { zh: '实验组件', en: 'Experiment components' },
  speciality_construction: { zh: '专业建设', en: 'Speciality construction' },
};

/** The seven catalogue attribute kinds (management spec §3), each added once. */
export async function seedPortalAttributes(db: Db, ids: IdGenerator, now: Date) {
  for (const code of catalogAttributeKinds) {
    if (await repo.findAttributeByCode(db, code)) continue;
    await repo.attributeRows.insert(db, {
      id: ids.next(),
      code,
      name: attributeNames[code],
      createdAt: now,
      updatedAt: now,
    });
  }
}

type Node = Record<string, unknown>;
const textNode = (t: string) => [{ type: 'text', text: t }];

/** One block of a demo text: `## ` a heading, lines of `- ` a list, else a paragraph. */
function block(source: string): Node {
  if (source.startsWith('## '))
    return { type: 'heading', attrs: { level: 2 }, content: textNode(source.slice(3)) };
  const lines = source.split('\n');
  if (lines.every((l) => l.startsWith('- ')))
    return {
      type: 'bulletList',
      content: lines.map((l) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: textNode(l.slice(2)) }],
      })),
    };
  return { type: 'paragraph', content: textNode(source) };
}

/** A document of each language from demo text, its blocks apart by a blank line. */
const text = (zh: string, en: string) => {
  const doc = (source: string) => ({ type: 'doc', content: source.split(/\n{2,}/).map(block) });
  return { zh: doc(zh), en: doc(en) };
};

/** The home site's sections (platform spec §2), by the content template each opens with. */
const catalogs: CatalogSeed[] = [
  productCatalog,
  {
    name: { zh: '解决方案', en: 'Solutions' },
    attributeCode: 'navigate',
    children: [
      {
        name: { zh: '人才培养', en: 'Talent development' },
        children: [
          {
            name: { zh: '专业建设', en: 'Speciality construction' },
            attributeCode: 'speciality_construction',
            template: '/home/profession',
          },
          {
            name: { zh: '职业规划', en: 'Career planning' },
            attributeCode: 'career_planning',
            template: '/home/career',
          },
          { name: { zh: '能力认证', en: 'Competence' }, template: '/home/competence' },
        ],
      },
    ],
  },
  {
    name: { zh: '新闻动态', en: 'News' },
    attributeCode: 'navigate',
    children: [
      {
        name: { zh: '资讯', en: 'Updates' },
        children: [
          {
            name: { zh: '公司新闻', en: 'Company news' },
            template: '/home/article',
            articles: [
              {
                title: { zh: '实训教学平台正式上线', en: 'The hands-on lab platform is live' },
                summary: {
                  zh: '平台提供物联网与人工智能实训课程。',
                  en: 'The platform offers IoT and AI lab courses.',
                },
                body: [
                  '实训教学平台正式上线，支持在线实验环境、教学任务与实验报告。',
                  'The hands-on lab platform is live, with online lab environments, teaching tasks and lab reports.',
                ],
                published: true,
              },
              {
                title: { zh: '新学期实训课程发布', en: 'New lab courses for the term' },
                summary: {
                  zh: '新增 MQTT 与传感器数据课程。',
                  en: 'New MQTT and sensor data courses.',
                },
                body: [
                  '本学期新增 MQTT 通信与传感器数据采集实训课程。',
                  'This term adds lab courses on MQTT messaging and sensor data collection.',
                ],
                published: true,
              },
              {
                title: {
                  zh: '暑期师资培训（筹备中）',
                  en: 'Summer teacher training (in preparation)',
                },
                summary: { zh: '培训安排确定后发布。', en: 'Published once the schedule is set.' },
                body: ['培训安排筹备中。', 'The training schedule is being prepared.'],
                published: false,
              },
            ],
          },
          {
            name: { zh: '行业资讯', en: 'Industry news' },
            template: '/home/article',
            articles: [
              {
                title: {
                  zh: '工业互联网人才需求持续增长',
                  en: 'Demand for industrial IoT talent keeps growing',
                },
                summary: { zh: '行业报告摘要。', en: 'A summary of an industry report.' },
                body: [
                  '工业互联网领域对实训型人才的需求持续增长。',
                  'Industrial IoT keeps needing more people trained hands-on.',
                ],
                published: true,
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: { zh: '合作伙伴', en: 'Partners' },
    attributeCode: 'navigate',
    template: '/home/partner',
    link: '/home/partner',
  },
];

const templates: { name: string; category: 'column' | 'content'; path: string }[] = [
  { name: '首页栏目', category: 'column', path: '/home/index' },
  { name: '文章', category: 'content', path: '/home/article' },
  { name: '设备', category: 'content', path: '/home/device' },
  { name: '课程', category: 'content', path: '/home/course' },
  { name: '专业建设', category: 'content', path: '/home/profession' },
  { name: '职业规划', category: 'content', path: '/home/career' },
  { name: '能力认证', category: 'content', path: '/home/competence' },
  { name: '合作伙伴', category: 'content', path: '/home/partner' },
];

const notices = [
  {
    title: { zh: '平台维护通知', en: 'Maintenance notice' },
    source: '运营中心',
    description: {
      zh: '周六 22:00 至 24:00 系统维护。',
      en: 'Maintenance on Saturday 22:00 to 24:00.',
    },
    body: [
      '周六 22:00 至 24:00 平台维护，期间实验环境不可用。',
      'Labs are unavailable during maintenance on Saturday from 22:00 to 24:00.',
    ] as [string, string],
    published: true,
  },
  {
    title: { zh: '新用户使用指南', en: 'Getting started' },
    source: '运营中心',
    description: { zh: '首次使用请阅读。', en: 'Read this first.' },
    body: [
      '请使用学校分配的账号登录，首次登录后修改密码。',
      'Sign in with the account your school gave you and change the password at first sign-in.',
    ] as [string, string],
    published: true,
  },
  {
    title: { zh: '寒假安排（草稿）', en: 'Winter break (draft)' },
    source: '运营中心',
    description: {},
    body: ['草稿。', 'Draft.'] as [string, string],
    published: false,
  },
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Adds a catalogue of the demo content with its articles and sub-catalogues. */
async function addCatalog(
  tx: Db | Tx,
  ctx: AppContext,
  templateIds: Map<string, string>,
  c: CatalogSeed,
  parentId: string | null,
  sortNumber: number,
): Promise<void> {
  const { ids } = ctx;
  const now = ctx.now();
  const id = ids.next();
  await repo.catalogRows.insert(tx, {
    id,
    parentId,
    name: c.name,
    type: c.link ? 'link' : 'catalog',
    link: c.link ?? '',
    attributeCode: c.attributeCode ?? null,
    templateId: c.template ? (templateIds.get(c.template) ?? null) : null,
    description: c.description ?? {},
    sortNumber,
    isPublish: true,
    isDisplay: true,
    createdAt: now,
    updatedAt: now,
  });
  await addArticles(tx, ctx, id, c.articles ?? []);
  for (const [i, child] of (c.children ?? []).entries())
    await addCatalog(tx, ctx, templateIds, child, id, i + 1);
}

async function addArticles(
  tx: Db | Tx,
  ctx: AppContext,
  catalogId: string,
  articles: readonly DemoArticle[],
) {
  const now = ctx.now();
  for (const [i, a] of articles.entries()) {
    await repo.articleRows.insert(tx, {
      id: ctx.ids.next(),
      catalogId,
      title: a.title,
      summary: a.summary,
      author: '运营中心',
      content: text(...a.body),
      isPublish: a.published,
      publishedAt: a.published ? new Date(now.getTime() - i * 86_400_000) : null,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/**
 * Demo content of the public site: templates, catalogues, articles and notices, in both
 * languages; left out when catalogues exist already.
 */
export async function seedDemoPortal(ctx: AppContext) {
  const { db, ids } = ctx;
  const now = ctx.now();
  await seedPortalAttributes(db, ids, now);
  if ((await repo.listCatalogs(db)).length > 0) return;
  await db.transaction(async (tx) => {
    const templateIds = new Map<string, string>();
    for (const t of templates) {
      const id = ids.next();
      await repo.templateRows.insert(tx, { id, ...t, createdAt: now, updatedAt: now });
      templateIds.set(t.path, id);
    }
    const add = (c: CatalogSeed, parentId: string | null, sortNumber: number) =>
      addCatalog(tx, ctx, templateIds, c, parentId, sortNumber);
    for (const [i, c] of catalogs.entries()) await add(c, null, i + 1);
    for (const [i, n] of notices.entries()) {
      await repo.noticeRows.insert(tx, {
        id: ids.next(),
        title: n.title,
        source: n.source,
        description: n.description,
        content: text(...n.body),
        isPublish: n.published,
        publishedAt: n.published ? new Date(now.getTime() - i * 86_400_000) : null,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
}

/**
 * The section pages' and industry cases' demo content, added once to a site seeded before it
 * (demo seed version 7).
 */
export async function seedDemoPortalSections(ctx: AppContext) {
  const { db } = ctx;
  if ((await repo.listCatalogs(db, { attributeCode: 'industry_case' })).length > 0) return;
  const templateIds = new Map((await repo.listTemplates(db)).map((t) => [t.path, t.id]));
  const existing = await repo.listCatalogs(db);
  await db.transaction(async (tx) => {
    for (const [i, c] of sectionCatalogs.entries())
      await addCatalog(tx, ctx, templateIds, c, null, existing.length + i + 1);
    for (const s of sectionArticles) {
      const target = existing.find((c) =>
        s.attributeCode ? c.attributeCode === s.attributeCode : c.templatePath === s.template,
      );
      if (target) await addArticles(tx, ctx, target.id, s.articles);
    }
  });
}

/** The catalogue under `parentId` (a top one when null) whose Chinese name is `zh`. */
function childNamed(all: repo.CatalogWithTemplate[], parentId: string | null, zh: string) {
  return all.find((c) => c.parentId === parentId && c.name.zh === zh);
}

/** Adds to a catalogue those of `articles` whose Chinese title it does not have yet. */
async function addMissingArticles(
  tx: Db | Tx,
  ctx: AppContext,
  catalogId: string,
  articles: readonly DemoArticle[],
) {
  const { records } = await repo.pageArticles(tx, { catalogId }, 1, 500);
  const titles = new Set(records.map((a) => a.title.zh));
  await addArticles(
    tx,
    ctx,
    catalogId,
    articles.filter((a) => !titles.has(a.title.zh)),
  );
}

/** Adds the catalogues of `seed` missing under `parentId`, and the articles they miss. */
async function addMissingCatalogs(
  tx: Db | Tx,
  ctx: AppContext,
  templateIds: Map<string, string>,
  all: repo.CatalogWithTemplate[],
  seed: CatalogSeed,
  parentId: string,
) {
  for (const [i, child] of (seed.children ?? []).entries()) {
    const found = childNamed(all, parentId, child.name.zh ?? '');
    if (!found) {
      const siblings = all.filter((c) => c.parentId === parentId).length;
      await addCatalog(tx, ctx, templateIds, child, parentId, siblings + i + 1);
      continue;
    }
    if (!found.description.zh && child.description)
      await repo.catalogRows.update(tx, found.id, { description: child.description });
    await addMissingArticles(tx, ctx, found.id, child.articles ?? []);
    await addMissingCatalogs(tx, ctx, templateIds, all, child, found.id);
  }
}

/**
 * The demo portal of a real school's site (demo seed version 11): every product-centre entry
 * with the articles that describe it, and the career, programme and industry-case articles the
 * home page's sections show. Adds what a site seeded before lacks, found by Chinese names.
 */
export async function seedDemoPortalContent(ctx: AppContext, media: (file: string) => Buffer) {
  const { db } = ctx;
  const templateIds = new Map((await repo.listTemplates(db)).map((t) => [t.path, t.id]));
  const all = await repo.listCatalogs(db);
  await db.transaction(async (tx) => {
    const products = childNamed(all, null, productCatalog.name.zh ?? '');
    if (products) await addMissingCatalogs(tx, ctx, templateIds, all, productCatalog, products.id);
    const withCode = (code: string) => all.find((c) => c.attributeCode === code);
    const career = withCode('career_planning');
    if (career) await addMissingArticles(tx, ctx, career.id, careerArticles);
    const program = withCode('speciality_construction');
    if (program) await addMissingArticles(tx, ctx, program.id, programArticles);
    const cases = withCode('industry_case');
    if (cases)
      await addMissingCatalogs(
        tx,
        ctx,
        templateIds,
        all,
        {
          name: cases.name,
          children: caseArticles.map((c) => ({
            name: c.catalog,
            template: '/home/article',
            articles: c.articles,
          })),
        },
        cases.id,
      );
  });
  await addArticleCovers(ctx, media);
}

/** Gives the demo's articles that have no picture theirs (`articleCovers`). */
async function addArticleCovers(ctx: AppContext, media: (file: string) => Buffer) {
  const { records } = await repo.pageArticles(ctx.db, {}, 1, 1000);
  for (const a of records) {
    const file = a.cover ? undefined : articleCovers[a.title.zh ?? ''];
    if (!file) continue;
    const fileId = newFileId();
    await ctx.storage.put(cmsImageKey(fileId), Readable.from([media(file)]), {
      contentType: 'image/png',
    });
    await repo.articleRows.update(ctx.db, a.id, { cover: fileId });
  }
}
