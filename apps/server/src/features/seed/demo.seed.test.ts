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
  courseSteps,
  labEnvironments,
  menus,
  roles,
  schools,
  systemSettings,
  users,
  teachingTasks,
  studentTasks,
  taskCheckAttempts,
  taskReports,
  trialApplications,
} from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { demoAccounts, seedDemo } from './demo.seed';

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
    expect(articles.data.total).toBe(12);
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
});
