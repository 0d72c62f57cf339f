import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingApi,
  cmsApi,
  coursesApi,
  type Account,
  type BillingPackage,
  type Overview,
  type UsageDetail,
  smsApi,
  trialsApi,
  type SmsOutboxMessage,
  type TrialApplication,
  pathOf,
  menusApi,
  UserKind,
  usersApi,
  type FrontArticleSummary,
  type FrontCatalog,
  type FrontCourse,
  type FrontNoticeSummary,
  type Page,
  type StudentCourseCard,
  type StudentCourseInfo,
  type StudyStep,
} from '@platform/contract';
import {
  classes,
  cmsArticles,
  cmsCatalogs,
  courseResources,
  courseSteps,
  courses,
  labEnvironments,
  menus,
  roles,
  schools,
  systemSettings,
  users,
  userRoles,
  teachingTasks,
  studentTasks,
  taskCheckAttempts,
  taskReports,
  trialApplications,
} from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { demoAccounts, seedDemo } from './demo.seed';
import { retiredDemoChecks } from './demo-courses';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('demo data', () => {
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

  it('is created once, however often the platform starts', async () => {
    await seedDemo(h.ctx);
    const count = async () => ({
      schools: (await h.ctx.db.select().from(schools)).length,
      classes: (await h.ctx.db.select().from(classes)).length,
      users: (await h.ctx.db.select().from(users)).length,
      roles: (await h.ctx.db.select().from(roles)).length,
      menus: (await h.ctx.db.select().from(menus)).length,
      environments: (await h.ctx.db.select().from(labEnvironments)).length,
      tasks: (await h.ctx.db.select().from(teachingTasks)).length,
      studentTasks: (await h.ctx.db.select().from(studentTasks)).length,
    });
    const before = await count();
    expect(before).toMatchObject({ schools: 1, classes: 3, users: 37, roles: 7, environments: 6 });
    await seedDemo(h.ctx);
    await seedDemo(h.ctx);
    expect(await count()).toEqual(before);
  });

  it('gives the demo class an ongoing task and a second class a finished, scored one', async () => {
    await seedDemo(h.ctx);
    const tasks = await h.ctx.db.select().from(teachingTasks);
    const now = h.ctx.now().getTime();
    const ongoing = tasks.find((t) => t.endAt && t.endAt.getTime() > now)!;
    const finished = tasks.find((t) => t.scoresIssuedAt)!;
    expect(ongoing.courseId).toBe(finished.courseId);
    expect(ongoing.startAt.getTime()).toBeLessThan(now);
    const of = async (taskId: string) =>
      h.ctx.db.select().from(studentTasks).where(eq(studentTasks.taskId, taskId));
    const doing = await of(ongoing.id);
    const student01 = await h.ctx.db.query.users.findFirst({
      where: eq(users.username, 'student01'),
    });
    expect(doing.map((t) => t.studentId)).toContain(student01!.id);
    expect(doing.every((t) => t.status === 0 && t.score === null)).toBe(true);
    const done = await of(finished.id);
    expect(done).toHaveLength(30);
    expect(done.every((t) => t.markStatus === 2 && t.score !== null)).toBe(true);
    expect(new Set(done.map((t) => t.progress)).size).toBeGreaterThan(3);
    expect(done.filter((t) => t.status === 2).length).toBeGreaterThan(20);
    const attempts = await h.ctx.db.select().from(taskCheckAttempts);
    expect(attempts.length).toBeGreaterThan(30);
    expect((await h.ctx.db.select().from(taskReports)).length).toBeGreaterThan(20);
  });

  it('stores every demo account of the student role as a student, so counts and gates agree, also in a demo seeded before version 12', async () => {
    await seedDemo(h.ctx);
    const studentRole = await h.ctx.db.query.roles.findFirst({ where: eq(roles.code, 'student') });
    const holders = await h.ctx.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, studentRole!.id));
    const ids = holders.map((r) => r.id);
    const kinds = async () =>
      (await h.ctx.db.select().from(users).where(inArray(users.id, ids))).map((u) => u.kind);
    expect(ids.length).toBeGreaterThanOrEqual(32);
    expect(new Set(await kinds())).toEqual(new Set([UserKind.STUDENT]));

    await h.ctx.db.update(users).set({ kind: null }).where(inArray(users.id, ids));
    await h.ctx.db
      .update(systemSettings)
      .set({ value: 11 })
      .where(eq(systemSettings.key, 'seed.demo.version'));
    await seedDemo(h.ctx);
    expect(new Set(await kinds())).toEqual(new Set([UserKind.STUDENT]));
  });

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

  it('gives the demo school a recharge, charged lab use over eight weeks and a published package', async () => {
    await seedDemo(h.ctx);
    const token = (await passwordGrant(h.app, 'schooladmin01', 'Seed_pass1')).json().data
      .access_token;
    const admin = { headers: bearer(token) };
    const call = callerOn(() => h.app);
    const [school] = await h.ctx.db.select().from(schools).where(eq(schools.url, 'sch_edu'));
    const account = await call<Account>(
      admin,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: school!.id }),
    );
    expect(account.data.metered).toBe(true);
    expect(account.data.totalFen).toBeGreaterThan(0);
    expect(account.data.totalFen).toBeLessThan(220_000);
    const usage = await call<Page<UsageDetail>>(admin, 'GET', billingApi.usagePage.path);
    expect(usage.data.total).toBeGreaterThan(100);
    const overview = await call<Overview>(admin, 'GET', billingApi.overview.path);
    expect(overview.data.weeks.filter((w) => w.fen > 0).length).toBeGreaterThanOrEqual(7);
    expect(overview.data.topEnvironments.length).toBeGreaterThan(1);
    expect(overview.data.topClasses[0]?.name).toBe('物联网应用技术2026级1班');
    const operatorToken = (await passwordGrant(h.app, 'operator01', 'Seed_pass1')).json().data
      .access_token;
    const packages = await call<Page<BillingPackage>>(
      { headers: bearer(operatorToken) },
      'GET',
      `${billingApi.packagePage.path}?published=1`,
    );
    expect(packages.data.records.map((p) => p.name)).toContain('物联网实训年度套餐');
    await seedDemo(h.ctx);
    const again = await call<Page<BillingPackage>>(
      { headers: bearer(operatorToken) },
      'GET',
      billingApi.packagePage.path,
    );
    expect(again.data.total).toBe(packages.data.total);
  });

  it('upgrades a database seeded by an earlier version, adding only what is new', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      await old.ctx.db.delete(menus).where(inArray(menus.menuIndex, ['4', '4-1', '5', '5-1']));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 1 })
        .where(eq(systemSettings.key, 'seed.system.version'));
      // Version 4 wrote the demo courses before lab steps had checks.
      const checked = async () =>
        (await old.ctx.db.select().from(courseSteps)).filter(
          (s) => ((s.content as { checks?: unknown[] }).checks ?? []).length > 0,
        );
      const withChecks = await checked();
      expect(withChecks.map((s) => s.name.zh)).toEqual(['2-2 实训：订阅传感器数据']);
      for (const step of withChecks)
        await old.ctx.db
          .update(courseSteps)
          .set({ content: { ...step.content, checks: [] } })
          .where(eq(courseSteps.id, step.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 4 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      const before = (await old.ctx.db.select().from(menus)).length;
      const tasksBefore = (await old.ctx.db.select().from(teachingTasks)).length;
      await seedDemo(old.ctx);
      const after = await old.ctx.db.select().from(menus);
      expect(after.filter((m) => m.menuIndex === '1')).toHaveLength(1);
      expect(after.filter((m) => m.menuIndex === '4-1')).toHaveLength(1);
      expect(after.length).toBeGreaterThan(before);
      expect((await checked()).map((s) => s.content)).toEqual(withChecks.map((s) => s.content));
      expect(await old.ctx.db.select().from(teachingTasks)).toHaveLength(tasksBefore);
      expect(await old.ctx.db.select().from(trialApplications)).toHaveLength(4);
    } finally {
      await old.close();
    }
  });

  it('gives the demo lab step, still holding its old checks, the checks that read the simulation', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      const step = async () =>
        (await old.ctx.db.select().from(courseSteps)).find(
          (s) => s.name.zh === '2-2 实训：订阅传感器数据',
        )!;
      const current = await step();
      const checks = (current.content as { checks: { kind: string }[] }).checks;
      expect(checks.map((c) => c.kind)).toEqual(['device', 'telemetry', 'file']);
      await old.ctx.db
        .update(courseSteps)
        .set({
          content: {
            ...current.content,
            checks: retiredDemoChecks.get('2-2 实训：订阅传感器数据'),
          },
        })
        .where(eq(courseSteps.id, current.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 10 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      await seedDemo(old.ctx);
      expect((await step()).content).toEqual(current.content);
    } finally {
      await old.close();
    }
  });

  it('lets every demo account sign in with SEED_PASSWORD and see its menus', async () => {
    for (const a of demoAccounts) {
      const res = await passwordGrant(h.app, a.username, 'Seed_pass1');
      expect(res.json().code).toBe(200);
      const token = res.json().data.access_token;
      const me = await h.app.inject({
        method: 'GET',
        url: usersApi.current.path,
        headers: bearer(token),
      });
      expect(me.json().data.roles.map((r: { code: string }) => r.code)).toEqual([a.role]);
      expect(me.json().data.collegeId === null).toBe(!a.inSchool);
      const tree = await h.app.inject({
        method: 'GET',
        url: pathOf(menusApi.all.path, { appid: 'platform-web' }),
        headers: bearer(token),
      });
      expect(tree.json().data.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives student01 the two demo courses and the platform course the school bought to study, in both languages, with their files', async () => {
    await seedDemo(h.ctx);
    const token = (await passwordGrant(h.app, 'student01', 'Seed_pass1')).json().data.access_token;
    const student = { headers: bearer(token) };
    const call = callerOn(() => h.app);
    const hall = await call<Page<StudentCourseCard>>(
      student,
      'GET',
      coursesApi.studentPage.path,
      undefined,
      'en',
    );
    expect(hall.data.records.map((c) => c.name).sort()).toEqual([
      'Industrial IoT basics',
      'MQTT and sensors',
      'Python data analysis',
    ]);
    const mqtt = hall.data.records.find((c) => c.name === 'MQTT and sensors')!;
    expect(mqtt.coverUrl).toMatch(/^\/api-teaching\/course\/file\//);
    const info = (lang: string) =>
      call<StudentCourseInfo>(
        student,
        'GET',
        pathOf(coursesApi.studentInfo.path, { id: mqtt.id }),
        undefined,
        lang,
      );
    const en = (await info('en')).data;
    const zh = (await info('zh-CN')).data;
    expect(en.chapters.map((c) => c.name)).toEqual([
      'Chapter 1 Meet MQTT',
      'Chapter 2 Sensors and actuators',
    ]);
    expect(zh.chapters.map((c) => c.name)).toEqual(['第1章 认识 MQTT', '第2章 传感器与执行器']);
    const steps = en.chapters.flatMap((c) => c.steps);
    expect(steps.map((s) => s.type)).toEqual([
      'document',
      'video',
      'pdf',
      'exercises',
      'training',
      'report',
    ]);
    for (const type of ['video', 'pdf'] as const) {
      const step = await call<StudyStep>(
        student,
        'GET',
        pathOf(coursesApi.studyStep.path, { id: steps.find((s) => s.type === type)!.id }),
      );
      const file = await h.app.inject({
        method: 'GET',
        url: step.data.file!.url,
        headers: { range: 'bytes=0-15' },
      });
      expect(file.statusCode).toBe(206);
      expect(file.headers['content-type']).toBe(
        type === 'video' ? 'video/webm' : 'application/pdf',
      );
    }
    const lab = await call<StudyStep>(
      student,
      'GET',
      pathOf(coursesApi.studyStep.path, { id: steps.find((s) => s.type === 'training')!.id }),
    );
    expect(lab.data.env?.id).toBeTruthy();
    expect(lab.data.commands.map((c) => c.title)).toContain('Subscribe to everything');
  });

  it('gives each course its own cover and the resources a school would have, in both languages', async () => {
    await seedDemo(h.ctx);
    const token = (await passwordGrant(h.app, 'student01', 'Seed_pass1')).json().data.access_token;
    const student = { headers: bearer(token) };
    const call = callerOn(() => h.app);
    const hall = await call<Page<StudentCourseCard>>(
      student,
      'GET',
      coursesApi.studentPage.path,
      undefined,
      'en',
    );
    const bytesAt = async (url: string, headers: Record<string, string> = {}) => {
      const res = await h.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    const covers = new Map<string, Buffer>();
    for (const c of hall.data.records) covers.set(c.name, (await bytesAt(c.coverUrl!)).rawPayload);
    expect(covers.get('Industrial IoT basics')!.equals(media('industrial-cover.png'))).toBe(true);
    expect(new Set([...covers.values()].map((b) => b.toString('base64'))).size).toBe(3);

    const resourcesOf = async (name: string) => {
      const course = hall.data.records.find((c) => c.name === name)!;
      const info = await call<StudentCourseInfo>(
        student,
        'GET',
        pathOf(coursesApi.studentInfo.path, { id: course.id }),
        undefined,
        'zh',
      );
      return info.data.resources;
    };
    const mqtt = await resourcesOf('MQTT and sensors');
    expect(mqtt.map((r) => [r.name, r.contentType])).toEqual([
      ['MQTT 实验指导书.pdf', 'application/pdf'],
      ['MQTT lab guide.pdf', 'application/pdf'],
      ['MQTT 主题速查表 - MQTT topic cheat sheet.pdf', 'application/pdf'],
      ['客厅传感器一天的数据 - living-room-sensors.csv', 'text/csv'],
      ['实验报告模板.md', 'text/markdown'],
      ['Lab report template.md', 'text/markdown'],
    ]);
    const csv = mqtt.find((r) => r.contentType === 'text/csv')!;
    const download = await bytesAt(pathOf(coursesApi.resourceDownload.path, { id: csv.id }), {
      authorization: `Bearer ${token}`,
    });
    expect(download.headers['content-type']).toContain('text/csv');
    const rows = download.body.trim().split('\n');
    expect(rows[0]).toBe('time,temperature_c,humidity_pct,light_lux');
    expect(rows).toHaveLength(49);
    expect(csv.size).toBe(media('living-room-sensors.csv').length);
    const guide = mqtt.find((r) => r.name === 'MQTT 实验指导书.pdf')!;
    const pdf = await bytesAt(pathOf(coursesApi.resourceDownload.path, { id: guide.id }), {
      authorization: `Bearer ${token}`,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await resourcesOf('Python data analysis')).length).toBeGreaterThanOrEqual(3);
    expect((await resourcesOf('Industrial IoT basics')).map((r) => r.contentType).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'text/csv',
    ]);
  });

  it('gives a demo seeded before version 11 the courses’ resources and the platform course its own cover', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      await old.ctx.db.delete(courseResources);
      const mqttCover = await old.ctx.db.query.courses.findFirst({
        where: (c, { sql }) => sql`${c.name}->>'zh' = 'MQTT 与传感器'`,
      });
      const platform = await old.ctx.db.query.courses.findFirst({
        where: (c, { isNull }) => isNull(c.schoolId),
      });
      await old.ctx.db
        .update(courses)
        .set({ coverKey: mqttCover!.coverKey })
        .where(eq(courses.id, platform!.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 10 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      await seedDemo(old.ctx);
      await seedDemo(old.ctx);
      const resources = await old.ctx.db.select().from(courseResources);
      expect(resources.length).toBe(6 + 3 + 3);
      const upgraded = await old.ctx.db.query.courses.findFirst({
        where: eq(courses.id, platform!.id),
      });
      expect(upgraded!.coverKey).not.toBe(mqttCover!.coverKey);
      const stored = await old.ctx.storage.read(upgraded!.coverKey!);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).equals(media('industrial-cover.png'))).toBe(true);
    } finally {
      await old.close();
    }
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

function media(file: string): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, 'demo-media', file));
}
