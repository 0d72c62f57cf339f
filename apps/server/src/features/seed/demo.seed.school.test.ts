import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingApi,
  pathOf,
  type Account,
  type BillingPackage,
  type Overview,
  type Page,
  type UsageDetail,
} from '@platform/contract';
import {
  schools,
  studentTasks,
  taskCheckAttempts,
  taskReports,
  teachingTasks,
  users,
} from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemo } from './demo.seed';

/** The demo school's tasks, ongoing and finished, and its billing. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('the demo school', () => {
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
});
