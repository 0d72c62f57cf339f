import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  billingApi,
  labsApi,
  pathOf,
  type Account,
  type CostPreview,
  type LedgerEntry,
  type Order,
  type Page,
  type UsageDetail,
} from '@platform/contract';
import {
  billingLedger,
  billingUsageProgress,
  coursePurchases,
  courses,
  labUsage,
  schools,
} from '../../db/schema';
import {
  callerOn,
  createEnvironment,
  createSchool,
  schoolWithStaff,
  signedIn,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { reconcile } from './billing.ledger';
import { chargeSchool } from './billing.metering';

let h: Harness;
const call = callerOn(() => h.app);
let operator: Awaited<ReturnType<typeof signedIn>>;
let school: Awaited<ReturnType<typeof schoolWithStaff>>;
let other: Awaited<ReturnType<typeof schoolWithStaff>>;

const hour = 3_600_000;
const key = () => randomUUID().replace(/-/g, '');
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => h.ctx.now().getTime();

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  school = await schoolWithStaff(h.app, h.ctx, 'Class A');
  other = await schoolWithStaff(h.app, h.ctx, 'Class B');
});
afterAll(() => h.close());
beforeEach(async () => {
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  school.admin = await signedIn(h.app, h.ctx, {
    schoolId: school.schoolId,
    roles: ['school-manager'],
  });
  other.admin = await signedIn(h.app, h.ctx, {
    schoolId: other.schoolId,
    roles: ['school-manager'],
  });
});
afterEach(async () => {
  expect(await reconcile(h.ctx.db)).toEqual([]);
});

async function addPrice(item: string, unitFen: number, from = now(), envKind?: string) {
  const res = await call(operator, 'POST', billingApi.priceAdd.path, {
    item,
    unitFen,
    effectiveFrom: iso(from),
    ...(envKind ? { envKind } : {}),
  });
  expect(res.status, JSON.stringify(res)).toBe(200);
  return res.data as { id: string };
}

async function order(schoolId: string, body: Record<string, unknown> = {}) {
  return call<Order>(operator, 'POST', billingApi.orderAdd.path, {
    idempotencyKey: key(),
    schoolId,
    type: 'amount',
    rechargeFen: 10_000,
    effectiveAt: iso(now() - hour),
    expiresAt: iso(now() + 365 * 24 * hour),
    ...body,
  });
}

const account = async (schoolId: string) =>
  (await call<Account>(operator, 'GET', pathOf(billingApi.accountDetail.path, { schoolId }))).data;

/** A closed lab usage record of a user of the school, with these resources and times. */
async function usage(
  schoolId: string,
  userId: string,
  envId: string,
  startedAt: number,
  stoppedAt: number | null,
  resources = { cpuCore: 2, memorySize: 4, diskSize: 24, gpuCount: 0 },
) {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(labUsage).values({
    id,
    containerId: h.ctx.ids.next(),
    userId,
    schoolId,
    envId,
    envName: 'Terminal',
    resourceKind: 'TERMINAL',
    resources,
    startedAt: new Date(startedAt),
    stoppedAt: stoppedAt === null ? null : new Date(stoppedAt),
  });
  return id;
}

describe('orders and the ledger', () => {
  it('books a recharge with its gift once, however often the request is sent', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Recharge');
    const body = {
      idempotencyKey: key(),
      schoolId: s.schoolId,
      type: 'amount',
      rechargeFen: 50_000,
      giftFen: 5_000,
      tokens: 1000,
      slides: 20,
      effectiveAt: iso(now() - hour),
      expiresAt: iso(now() + 30 * 24 * hour),
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call<Order>(operator, 'POST', billingApi.orderAdd.path, body)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const acc = await account(s.schoolId);
    expect(acc).toMatchObject({
      metered: true,
      totalFen: 55_000,
      rechargeFen: 50_000,
      giftFen: 5_000,
      tokens: 1000,
      slides: 20,
    });
    const entries = await h.ctx.db
      .select()
      .from(billingLedger)
      .where(eq(billingLedger.schoolId, s.schoolId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reason: 'order', rechargeFen: 50_000, giftFen: 5_000 });
    const other = await call(operator, 'POST', billingApi.orderAdd.path, {
      ...body,
      rechargeFen: 1,
    });
    expect(other.status).toBe(409);
    expect(other.errorKey).toBe('billing.idempotency_conflict');
  });

  it('refuses an amount order with nothing in it, and an expiry before the start', async () => {
    const res = await order(school.schoolId, { rechargeFen: 0 });
    expect(res.status).toBe(400);
    expect(res.fields).toMatchObject({ rechargeFen: 'required' });
    const back = await order(school.schoolId, { expiresAt: iso(now() - 2 * hour) });
    expect(back.fields).toMatchObject({ expiresAt: 'invalid_value' });
  });

  it('the reconciliation finds a balance changed outside the ledger', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Tampered');
    await order(s.schoolId, { rechargeFen: 700 });
    await h.ctx.db
      .update(schools)
      .set({ rechargeBalance: 900, totalBalance: 900 })
      .where(eq(schools.id, s.schoolId));
    expect(await reconcile(h.ctx.db)).toEqual([
      { schoolId: s.schoolId, field: 'rechargeFen', cached: 900, ledger: 700 },
    ]);
    await h.ctx.db
      .update(schools)
      .set({ rechargeBalance: 700, totalBalance: 700 })
      .where(eq(schools.id, s.schoolId));
  });

  it('keeps the ledger append-only', async () => {
    await order(school.schoolId);
    await expect(h.ctx.db.delete(billingLedger)).rejects.toThrow();
  });

  it('adjusts with a reason and never below zero; a refund only takes', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Adjust');
    await order(s.schoolId, { rechargeFen: 1000 });
    const noReason = await call(operator, 'POST', billingApi.adjust.path, {
      idempotencyKey: key(),
      schoolId: s.schoolId,
      kind: 'adjustment',
      giftFen: 100,
      reason: '',
    });
    expect(noReason.fields).toMatchObject({ reason: 'too_short' });
    const below = await call(operator, 'POST', billingApi.adjust.path, {
      idempotencyKey: key(),
      schoolId: s.schoolId,
      kind: 'refund',
      rechargeFen: -1001,
      reason: 'Refund of the unused part',
    });
    expect(below.status).toBe(409);
    expect(below.errorKey).toBe('billing.would_be_negative');
    const k = key();
    for (let i = 0; i < 2; i++) {
      const ok = await call<Account>(operator, 'POST', billingApi.adjust.path, {
        idempotencyKey: k,
        schoolId: s.schoolId,
        kind: 'refund',
        rechargeFen: -400,
        reason: 'Refund of the unused part',
      });
      expect(ok.status).toBe(200);
      expect(ok.data.rechargeFen).toBe(600);
    }
    const ledger = await call<Page<LedgerEntry>>(
      s.admin,
      'GET',
      `${billingApi.ledgerPage.path}?schoolId=${s.schoolId}`,
    );
    expect(ledger.data.records.map((e) => e.reason)).toEqual(['refund', 'order']);
    expect(ledger.data.records[0]).toMatchObject({
      rechargeAfter: 600,
      note: 'Refund of the unused part',
    });
  });

  it('a package order gives hours, opens its courses as purchased within its validity', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Package');
    const courseId = h.ctx.ids.next();
    await h.ctx.db.insert(courses).values({
      id: courseId,
      schoolId: null,
      name: { zh: '平台课程', en: 'Platform course' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    const pkg = await call<{ id: string }>(operator, 'POST', billingApi.packageSave.path, {
      name: 'IoT package',
      type: 'timed',
      hoursPerYear: 1200,
      priceFen: 9_900_000,
      periodMonths: 6,
      status: 'effective',
      stacking: 'validity',
      effect: 'immediate',
      courseIds: [courseId],
      majors: ['iot'],
    });
    expect(pkg.status, JSON.stringify(pkg)).toBe(200);
    const unpublished = await order(s.schoolId, { type: 'package', packageId: pkg.data.id });
    expect(unpublished.errorKey).toBe('billing.package_not_orderable');
    await call(operator, 'POST', billingApi.packageState.path, {
      id: pkg.data.id,
      published: true,
    });
    const placed = await order(s.schoolId, {
      type: 'package',
      packageId: pkg.data.id,
      rechargeFen: 0,
    });
    expect(placed.status, JSON.stringify(placed)).toBe(200);
    expect(placed.data).toMatchObject({ packageHours: 600, packageName: 'IoT package' });
    expect(placed.data.courses.map((c) => c.id)).toEqual([courseId]);
    const acc = await account(s.schoolId);
    expect(acc.packageSeconds).toBe(600 * 3600);
    expect(acc.purchasedCourseCount).toBe(1);
    expect(acc.packages).toHaveLength(1);
    const [purchase] = await h.ctx.db
      .select()
      .from(coursePurchases)
      .where(eq(coursePurchases.schoolId, s.schoolId));
    expect(purchase?.courseId).toBe(courseId);
  });
});

describe('metering', () => {
  it('splits use at billing days and price changes; gift is used before recharge', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Meter');
    const env = await createEnvironment(h.ctx);
    const student = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] });
    const base = now();
    await addPrice('cpu_hour', 100, base, 'TERMINAL');
    await order(s.schoolId, { rechargeFen: 1_000, giftFen: 150 });
    // 2 cores for 3 hours across the day boundary 16:00 UTC (00:00 in UTC+8).
    const dayEdge =
      Math.ceil((base + 8 * hour) / (24 * hour)) * 24 * hour - 8 * hour + 2 * 24 * hour;
    const id = await usage(s.schoolId, student.id, env.id, dayEdge - hour, dayEdge + 2 * hour, {
      cpuCore: 2,
      memorySize: 0,
      diskSize: 0,
      gpuCount: 0,
    });
    h.advance(dayEdge + 3 * hour - base);
    s.admin = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['school-manager'] });
    operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    const result = await chargeSchool(h.ctx, s.schoolId);
    expect(result).toMatchObject({ costFen: 600, giftFen: 150, rechargeFen: 450, owedFen: 0 });
    const again = await chargeSchool(h.ctx, s.schoolId);
    expect(again).toMatchObject({ details: 0, costFen: 0 });
    const page = await call<Page<UsageDetail>>(
      s.admin,
      'GET',
      `${billingApi.usagePage.path}?pageSize=50`,
    );
    expect(page.status, JSON.stringify(page)).toBe(200);
    const rows = page.data.records.filter((r) => r.item === 'cpu_hour');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.costFen).sort()).toEqual([200, 400]);
    expect(new Set(rows.map((r) => r.period)).size).toBe(2);
    const [rec] = await h.ctx.db
      .select()
      .from(billingUsageProgress)
      .where(eq(billingUsageProgress.usageId, id));
    expect(rec).toMatchObject({ billedUntil: new Date(dayEdge + 2 * hour), done: true });
    expect((await account(s.schoolId)).totalFen).toBe(1_150 - 600);
  });

  it('never takes a balance below zero: what it cannot pay is owed', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Owe');
    const env = await createEnvironment(h.ctx);
    const student = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] });
    await addPrice('cpu_hour', 1000, now() + 60_000, 'TERMINAL');
    await order(s.schoolId, { rechargeFen: 500 });
    h.advance(2 * hour);
    operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    const t = now();
    await usage(s.schoolId, student.id, env.id, t - hour, t, {
      cpuCore: 1,
      memorySize: 0,
      diskSize: 0,
      gpuCount: 0,
    });
    const r = await chargeSchool(h.ctx, s.schoolId);
    expect(r).toMatchObject({ costFen: 1000, rechargeFen: 500, owedFen: 500 });
    expect((await account(s.schoolId)).totalFen).toBe(0);
  });
});

describe('starts and limits', () => {
  it('the cost preview prices the lab; an exhausted balance refuses the start', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Preview');
    const env = await createEnvironment(h.ctx, { resourceKind: 'SIMULATION', type: 1 });
    const student = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] });
    await addPrice('cpu_hour', 50, now(), 'SIMULATION');
    await addPrice('memory_gib_hour', 10, now(), 'SIMULATION');
    const free = await call<CostPreview>(
      student,
      'GET',
      `${labsApi.costPreview.path}?expEnvId=${env.id}`,
    );
    expect(free.data.metered).toBe(false);
    await order(s.schoolId, { rechargeFen: 30 });
    const preview = await call<CostPreview>(
      student,
      'GET',
      `${labsApi.costPreview.path}?expEnvId=${env.id}`,
    );
    expect(preview.data).toMatchObject({ metered: true, fenPerHour: 60, totalFen: 30 });
    expect(preview.data.refusal).toMatch(/used up/);
    const start = await call(student, 'POST', labsApi.start.path, { expEnvId: env.id });
    expect(start.status).toBe(402);
    expect(start.errorKey).toBe('billing.exhausted');
    expect(start.message).toMatch(/used up/);
  });
});

describe('who sees money', () => {
  it('another school’s administrator sees none of this school’s money', async () => {
    await order(school.schoolId);
    const detail = await call(
      other.admin,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: school.schoolId }),
    );
    expect(detail.status).toBe(404);
    const orders = await call<Page<Order>>(other.admin, 'GET', billingApi.orderPage.path);
    expect(orders.status, JSON.stringify(orders)).toBe(200);
    expect(orders.data.records.every((o) => o.schoolId === other.schoolId)).toBe(true);
    const asked = await call(
      other.admin,
      'GET',
      `${billingApi.orderPage.path}?schoolId=${school.schoolId}`,
    );
    expect(asked.status).toBe(404);
    const usageAsked = await call(
      other.admin,
      'GET',
      `${billingApi.usagePage.path}?schoolId=${school.schoolId}`,
    );
    expect(usageAsked.status).toBe(404);
  });

  it('teachers and students reach no money route', async () => {
    const teacher = await signedIn(h.app, h.ctx, { schoolId: school.schoolId, roles: ['teacher'] });
    const student = await signedIn(h.app, h.ctx, { schoolId: school.schoolId, roles: ['student'] });
    for (const who of [teacher, student]) {
      for (const route of Object.values(billingApi)) {
        const url = `${route.path.replace(':schoolId', school.schoolId).replace(':id', school.schoolId)}?schoolId=${school.schoolId}`;
        const res = await h.app.inject({ method: route.method, url, headers: who.headers });
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      }
    }
  });

  it('an unknown school is not found for an order', async () => {
    const s = await createSchool(h.ctx);
    const res = await order(h.ctx.ids.next());
    expect(res.status).toBe(404);
    void s;
  });
});
