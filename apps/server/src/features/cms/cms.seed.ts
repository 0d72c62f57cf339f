import { catalogAttributeKinds, type Bilingual } from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { IdGenerator } from '../../lib/ids';
import * as repo from './cms.repo';

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

const text = (zh: string, en: string) => ({
  zh: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: zh }] }] },
  en: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: en }] }] },
});

interface CatalogSeed {
  name: Bilingual;
  attributeCode?: string;
  template?: string;
  link?: string;
  description?: Bilingual;
  children?: CatalogSeed[];
  articles?: { title: Bilingual; summary: Bilingual; body: [string, string]; published: boolean }[];
}

/** The home site's sections (platform spec §2), by the content template each opens with. */
const catalogs: CatalogSeed[] = [
  {
    name: { zh: '产品中心', en: 'Products' },
    attributeCode: 'navigate',
    children: [
      {
        name: { zh: '实训设备', en: 'Training devices' },
        children: [
          { name: { zh: '物联网实训箱', en: 'IoT training kit' }, template: '/home/device' },
          { name: { zh: '人工智能实训平台', en: 'AI lab platform' }, template: '/home/course' },
        ],
      },
    ],
  },
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
  articles: NonNullable<CatalogSeed['articles']>,
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

const article = (
  zh: string,
  en: string,
  summary: [string, string],
  body: [string, string],
): NonNullable<CatalogSeed['articles']>[number] => ({
  title: { zh, en },
  summary: { zh: summary[0], en: summary[1] },
  body,
  published: true,
});

/** Catalogues of the section pages and the industry cases (decision 0028). */
const sectionCatalogs: CatalogSeed[] = [
  {
    name: { zh: '实验组件', en: 'Experiment components' },
    attributeCode: 'experiment_component',
    template: '/home/device',
    description: { zh: '实训箱与传感器模块。', en: 'Training kits and sensor modules.' },
    articles: [
      article(
        '物联网实训箱',
        'IoT training kit',
        ['网关、传感器与执行器一体。', 'Gateway, sensors and actuators.'],
        [
          '实训箱集成网关、温湿度与光照传感器、继电器和 LED，配合 MQTT 实验使用。',
          'The kit brings a gateway, temperature, humidity and light sensors, a relay and LEDs for the MQTT labs.',
        ],
      ),
      article(
        '边缘计算网关',
        'Edge computing gateway',
        ['在现场处理数据。', 'Processing data on site.'],
        [
          '边缘网关在现场完成数据采集、协议转换与本地计算。',
          'The edge gateway collects data, converts protocols and computes on site.',
        ],
      ),
    ],
  },
  {
    name: { zh: '学科层次', en: 'Subject levels' },
    attributeCode: 'subject_level',
    template: '/home/competence',
    articles: [
      article(
        '高职物联网应用技术',
        'Vocational IoT application technology',
        ['能力矩阵与课程。', 'Skills and courses.'],
        [
          '从设备安装调试到平台应用开发，按能力等级组织实训课程。',
          'From installing devices to building platform applications, lab courses follow skill levels.',
        ],
      ),
    ],
  },
  {
    name: { zh: '行业案例', en: 'Industry cases' },
    attributeCode: 'industry_case',
    children: [
      {
        name: { zh: '智能制造', en: 'Smart manufacturing' },
        template: '/home/article',
        articles: [
          article(
            '产线设备数据采集',
            'Collecting data from a production line',
            ['从 PLC 到云平台。', 'From PLC to cloud.'],
            [
              '通过 OPC UA 与 MQTT 采集产线设备数据，并在平台上监控设备状态。',
              'Data from line equipment is collected over OPC UA and MQTT and monitored on the platform.',
            ],
          ),
          article(
            '设备预测性维护',
            'Predictive maintenance',
            ['振动数据与模型。', 'Vibration data and models.'],
            [
              '采集电机振动数据，训练模型预测故障。',
              'Motor vibration data trains a model that predicts failures.',
            ],
          ),
        ],
      },
      {
        name: { zh: '智慧农业', en: 'Smart agriculture' },
        template: '/home/article',
        articles: [
          article(
            '温室环境监测',
            'Greenhouse monitoring',
            ['温湿度与光照。', 'Temperature, humidity and light.'],
            [
              '温室中的传感器定时上报环境数据，超限时自动告警。',
              'Sensors in the greenhouse report the climate and raise alarms past their limits.',
            ],
          ),
        ],
      },
    ],
  },
];

/** Articles added to catalogues of the first demo content, by attribute code or template. */
const sectionArticles: {
  attributeCode?: string;
  template?: string;
  articles: NonNullable<CatalogSeed['articles']>;
}[] = [
  {
    attributeCode: 'speciality_construction',
    articles: [
      article(
        '物联网专业建设方案',
        'Building an IoT programme',
        ['课程体系与实训室。', 'Curriculum and labs.'],
        [
          '以岗位能力为导向设计课程体系，配套实训室与教学资源。',
          'A curriculum designed around job skills, with lab rooms and teaching resources.',
        ],
      ),
    ],
  },
  {
    attributeCode: 'career_planning',
    articles: [
      article(
        '物联网安装调试员',
        'IoT installer and commissioner',
        ['岗位与能力要求。', 'The job and its skills.'],
        [
          '了解岗位职责、能力要求与对应的实训任务。',
          'What the job involves, the skills it needs and the lab tasks that train them.',
        ],
      ),
    ],
  },
  {
    template: '/home/partner',
    articles: [
      article(
        '合作院校与企业',
        'Partner schools and companies',
        ['共建实训基地。', 'Building training bases together.'],
        [
          '与院校和企业共建实训基地，共同开发课程。',
          'Training bases and courses built together with schools and companies.',
        ],
      ),
    ],
  },
];

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
