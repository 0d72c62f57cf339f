import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  billingApi,
  coursesApi,
  labsApi,
  pathOf,
  type Account,
  type BillingPackage,
  type Order,
  type Overview,
  type Page,
  type Price,
  type UsageDetail,
} from '@platform/contract';
import { billingPrices, courses, labUsage } from '../../db/schema';
import {
  bearer,
  callerOn,
  createEnvironment,
  schoolWithStaff,
  signedIn,
  signIn,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { sheetsOf } from '../imports/imports.fixtures';
import { reconcile } from './billing.ledger';
import { chargeAll, chargeCounted } from './billing.metering';

let h: Harness;
const call = callerOn(() => h.app);
let operator: Awaited<ReturnType<typeof signedIn>>;
let simEnv: { id: string };

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const key = () => randomUUID().replace(/-/g, '');
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => h.ctx.now().getTime();

beforeAll(async () => {
  // Hours pass on the harness's clock here: the idle sweep would stop the labs billing watches.
  h = await createHarness({ config: { labIdleSweepMs: 600_000 } });
  // Use is cut at midnight UTC+8, where the billing day and month begin. The tests' hours of use
  // end before now and must lie in today, so the clock starts at least four hours into a day.
  const intoDay = (now() + 8 * hour) % day;
  if (intoDay < 4 * hour) h.advance(4 * hour - intoDay);
  // One price for all kinds, 60 fen per core-hour, in effect since before any use in this file
  // (the routes take prices from now on only).
  await h.ctx.db.insert(billingPrices).values({
    id: h.ctx.ids.next(),
    item: 'cpu_hour',
    envKind: null,
    unitFen: 60,
    effectiveFrom: new Date(now() - 365 * day),
  });
  simEnv = await createEnvironment(h.ctx, {
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    cpuCore: 1,
    devices: [{ id: 'temp', type: 'temperature', name: 'Temperature', intervalMs: 5000 }],
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
});
afterEach(async () => {
  expect(await reconcile(h.ctx.db)).toEqual([]);
});

async function freshSchool(name: string) {
  const s = await schoolWithStaff(h.app, h.ctx, name);
  const student = await signedIn(h.app, h.ctx, {
    schoolId: s.schoolId,
    roles: ['student'],
  });
  return { ...s, student };
}

function order(schoolId: string, body: Record<string, unknown> = {}) {
  return call<Order>(operator, 'POST', billingApi.orderAdd.path, {
    idempotencyKey: key(),
    schoolId,
    type: 'amount',
    rechargeFen: 10_000,
    effectiveAt: iso(now() - hour),
    expiresAt: iso(now() + 365 * day),
    ...body,
  });
}

async function usage(schoolId: string, userId: string, from: number, to: number, cpuCore = 1) {
  await h.ctx.db.insert(labUsage).values({
    id: h.ctx.ids.next(),
    containerId: h.ctx.ids.next(),
    userId,
    schoolId,
    envId: simEnv.id,
    envName: 'Simulation',
    resourceKind: 'SIMULATION',
    resources: { cpuCore, memorySize: 0, diskSize: 0, gpuCount: 0 },
    startedAt: new Date(from),
    stoppedAt: new Date(to),
  });
}

const start = (who: { headers: Record<string, string> }) =>
  call(who, 'POST', labsApi.start.path, { expEnvId: simEnv.id });

async function stopAll(who: { headers: Record<string, string> }) {
  await call(who, 'GET', `${labsApi.stop.path}?envId=${simEnv.id}`);
  await h.app.labs.runtime.settle();
}

describe('limits at lab start', () => {
  it('refuses a student past the daily lab hours, others of the school still start', async () => {
    const s = await freshSchool('Daily');
    await order(s.schoolId);
    const limit = await call<Account>(operator, 'POST', billingApi.limitSave.path, {
      schoolId: s.schoolId,
      spendLimitFen: null,
      studentDailyHours: 0.5,
    });
    expect(limit.data.studentDailyHours).toBe(0.5);
    await usage(s.schoolId, s.student.id, now() - 40 * minute, now() - 5 * minute);
    const refused = await start(s.student);
    expect(refused.status).toBe(402);
    expect(refused.errorKey).toBe('billing.daily_limit');
    expect(refused.message).toContain('0.5');
    const zh = await call(s.student, 'POST', labsApi.start.path, { expEnvId: simEnv.id }, 'zh');
    expect(zh.message).toContain('小时');
    const classmate = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] });
    expect((await start(classmate)).status).toBe(200);
    await stopAll(classmate);
  });

  it('refuses starts once the month’s spending reaches the school’s limit', async () => {
    const s = await freshSchool('Spend');
    await order(s.schoolId);
    await call(operator, 'POST', billingApi.limitSave.path, {
      schoolId: s.schoolId,
      spendLimitFen: 100,
      studentDailyHours: null,
    });
    // Two core-hours at 60 fen: 120 fen, past the limit of 100.
    await usage(s.schoolId, s.student.id, now() - 2 * hour, now());
    await chargeAll(h.ctx);
    const acc = await call<Account>(
      operator,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: s.schoolId }),
    );
    expect(acc.data.spentThisMonthFen).toBe(120);
    const refused = await start(s.student);
    expect(refused.errorKey).toBe('billing.spend_limit');
  });

  it('refuses starts before the school’s orders take effect and after they expire', async () => {
    const early = await freshSchool('Early');
    await order(early.schoolId, {
      effectiveAt: iso(now() + 2 * day),
      expiresAt: iso(now() + 30 * day),
    });
    expect((await start(early.student)).errorKey).toBe('billing.not_effective');
    const late = await freshSchool('Late');
    await order(late.schoolId, {
      effectiveAt: iso(now() - 30 * day),
      expiresAt: iso(now() - day),
    });
    const refused = await start(late.student);
    expect(refused.errorKey).toBe('billing.expired');
    const preview = await call<{ refusal: string | null }>(
      late.student,
      'GET',
      `${labsApi.costPreview.path}?expEnvId=${simEnv.id}`,
    );
    expect(preview.data.refusal).toMatch(/expired/);
  });

  it('holds an hour of every running lab: the balance decides how many run at once', async () => {
    const s = await freshSchool('Hold');
    // 150 fen: two labs of one core at 60 fen an hour, not three.
    await order(s.schoolId, { rechargeFen: 150 });
    const students = await Promise.all(
      [1, 2, 3].map(() => signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] })),
    );
    const answers = await Promise.all(students.map((st) => start(st)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 402]);
    for (const st of students) await stopAll(st);
  });
});

describe('packages', () => {
  async function pkg(body: Record<string, unknown>) {
    const saved = await call<BillingPackage>(operator, 'POST', billingApi.packageSave.path, {
      name: 'Lab package',
      type: 'timed',
      hoursPerYear: 24,
      priceFen: 100_000,
      periodMonths: 12,
      status: 'effective',
      stacking: 'resource',
      effect: 'immediate',
      ...body,
    });
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    await call(operator, 'POST', billingApi.packageState.path, {
      id: saved.data.id,
      published: true,
      onShelf: true,
    });
    return saved.data;
  }

  it('validates packages by type and effect', async () => {
    const timed = await call(operator, 'POST', billingApi.packageSave.path, {
      name: 'No hours',
      type: 'timed',
      hoursPerYear: 0,
      priceFen: 1,
      periodMonths: 1,
      status: 'effective',
      stacking: 'validity',
      effect: 'scheduled',
    });
    expect(timed.fields).toMatchObject({ hoursPerYear: 'required', effectiveAt: 'required' });
    const unknownCourse = await call(operator, 'POST', billingApi.packageSave.path, {
      name: 'Unknown course',
      type: 'untimed',
      hoursPerYear: 0,
      priceFen: 1,
      periodMonths: 1,
      status: 'effective',
      stacking: 'validity',
      effect: 'immediate',
      courseIds: [h.ctx.ids.next()],
    });
    expect(unknownCourse.errorKey).toBe('billing.course_not_found');
    const list = await call<Page<BillingPackage>>(
      operator,
      'GET',
      `${billingApi.packagePage.path}?published=1`,
    );
    expect(list.data.records.every((p) => p.published)).toBe(true);
  });

  it('a timed package’s hours pay for lab time before money', async () => {
    const s = await freshSchool('Timed');
    const p = await pkg({ hoursPerYear: 24, periodMonths: 12 });
    await order(s.schoolId, { type: 'package', packageId: p.id, rechargeFen: 0, giftFen: 100 });
    await usage(s.schoolId, s.student.id, now() - 3 * hour, now() - hour, 2);
    const [charged] = await chargeAll(h.ctx);
    expect(charged).toMatchObject({ packageSeconds: 2 * 3600, giftFen: 0, rechargeFen: 0 });
    const details = await call<Page<UsageDetail>>(s.admin, 'GET', billingApi.usagePage.path);
    const rows = details.data.records;
    expect(rows.every((d) => d.settlement === 'package' && d.owedFen === 0)).toBe(true);
    expect(rows.reduce((n, d) => n + d.packageSeconds, 0)).toBe(7200);
    expect(rows.reduce((n, d) => n + d.costFen, 0)).toBe(240);
    const acc = await call<Account>(
      s.admin,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: s.schoolId }),
    );
    expect(acc.data.packageSeconds).toBe(22 * 3600);
    expect(acc.data.giftFen).toBe(100);
  });

  it('an untimed package covers lab time within its validity, with no balance', async () => {
    const s = await freshSchool('Untimed');
    const p = await pkg({ type: 'untimed', hoursPerYear: 0 });
    await order(s.schoolId, {
      type: 'package',
      packageId: p.id,
      rechargeFen: 0,
      effectiveAt: iso(now() - day),
    });
    expect((await start(s.student)).status).toBe(200);
    await stopAll(s.student);
    await usage(s.schoolId, s.student.id, now() - 2 * hour, now() - hour);
    await chargeAll(h.ctx);
    const details = await call<Page<UsageDetail>>(s.admin, 'GET', billingApi.usagePage.path);
    expect(details.data.records.length).toBeGreaterThan(0);
    for (const d of details.data.records)
      expect(d).toMatchObject({ settlement: 'untimed', giftFen: 0, rechargeFen: 0, owedFen: 0 });
  });

  it('a purchased course cannot be deleted within its validity', async () => {
    const s = await freshSchool('Gate');
    const courseId = h.ctx.ids.next();
    await h.ctx.db.insert(courses).values({
      id: courseId,
      schoolId: null,
      name: { zh: '平台课程', en: 'Platform course' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    await order(s.schoolId, { courseIds: [courseId] });
    const refused = await call(s.admin, 'POST', coursesApi.remove.path, { id: courseId });
    expect(refused.errorKey).toBe('courses.purchased_in_validity');
  });
});

describe('AI tools', () => {
  it('tokens and slides draw their counts first, then the gift and recharge balance', async () => {
    const s = await freshSchool('Tokens');
    await h.ctx.db.insert(billingPrices).values([
      {
        id: h.ctx.ids.next(),
        item: 'ai_token_k',
        envKind: null,
        unitFen: 3,
        effectiveFrom: new Date(now() - day),
      },
      {
        id: h.ctx.ids.next(),
        item: 'slide',
        envKind: null,
        unitFen: 50,
        effectiveFrom: new Date(now() - day),
      },
    ]);
    await order(s.schoolId, { rechargeFen: 100, giftFen: 20, tokens: 1500, slides: 1 });
    const tokens = await chargeCounted(h.ctx, {
      schoolId: s.schoolId,
      userId: s.admin.id,
      item: 'ai_token_k',
      quantity: 3.5,
    });
    // 1,500 tokens from the count, 2,000 at 3 fen a thousand: 6 fen, from the gift.
    expect(tokens).toMatchObject({ costFen: 11, giftFen: 6, rechargeFen: 0, owedFen: 0 });
    const slides = await chargeCounted(h.ctx, {
      schoolId: s.schoolId,
      userId: s.admin.id,
      item: 'slide',
      quantity: 4,
    });
    // One slide from the count, three at 50 fen: 14 fen of gift, then 100 of recharge, 36 owed.
    expect(slides).toMatchObject({ giftFen: 14, rechargeFen: 100, owedFen: 36 });
    const acc = await call<Account>(
      operator,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: s.schoolId }),
    );
    expect(acc.data).toMatchObject({ tokens: 0, slides: 0, totalFen: 0 });
    const details = await call<Page<UsageDetail>>(
      s.admin,
      'GET',
      `${billingApi.usagePage.path}?item=slide`,
    );
    expect(details.data.records[0]).toMatchObject({
      item: 'slide',
      quantity: 4,
      settlement: 'charged',
    });
  });
});

describe('billing costs', () => {
  it('takes prices from now on only; withdraws a price before it takes effect only', async () => {
    const past = await call(operator, 'POST', billingApi.priceAdd.path, {
      item: 'memory_gib_hour',
      unitFen: 5,
      effectiveFrom: iso(now() - hour),
    });
    expect(past.errorKey).toBe('billing.price_in_past');
    const future = await call<Price>(operator, 'POST', billingApi.priceAdd.path, {
      item: 'memory_gib_hour',
      unitFen: 5,
      effectiveFrom: iso(now() + day),
    });
    const later = await call<Price>(operator, 'POST', billingApi.priceAdd.path, {
      item: 'memory_gib_hour',
      unitFen: 7,
      effectiveFrom: iso(now() + 2 * day),
    });
    const page = await call<Page<Price>>(
      operator,
      'GET',
      `${billingApi.pricePage.path}?item=memory_gib_hour`,
    );
    const first = page.data.records.find((p) => p.id === future.data.id)!;
    expect(first.effectiveUntil).toBe(later.data.effectiveFrom);
    const cpu = (
      await call<Page<Price>>(operator, 'GET', `${billingApi.pricePage.path}?item=cpu_hour`)
    ).data.records[0]!;
    const inEffect = await call(
      operator,
      'POST',
      pathOf(billingApi.priceDelete.path, { id: cpu.id }),
    );
    expect(inEffect.errorKey).toBe('billing.price_in_effect');
    for (const id of [future.data.id, later.data.id]) {
      const gone = await call(operator, 'POST', pathOf(billingApi.priceDelete.path, { id }));
      expect(gone.status).toBe(200);
    }
  });
});

describe('running labs of a school out of balance', () => {
  it('are charged when they stop, warned when the balance runs out and stopped after the grace period', async () => {
    const s = await freshSchool('Grace');
    await order(s.schoolId, { rechargeFen: 90 });
    const ids = (await start(s.student)).data as string[];
    const id = ids[0]!;
    h.advance(30 * minute);
    await h.app.billingTick();
    let state = h.app.labs.runtime.get(id)!;
    expect(state.desired).toBe(1);
    h.advance(60 * minute);
    await h.app.billingTick();
    const owner = { headers: (await reSign(s.student)).headers };
    const checked = await call<{ warning: string | null }>(
      owner,
      'POST',
      pathOf(labsApi.checkState.path, { id }),
    );
    expect(checked.data.warning).toMatch(/stops in 10 minutes/);
    h.advance(11 * minute);
    await h.app.billingTick();
    await h.app.labs.runtime.settle();
    state = h.app.labs.runtime.get(id)!;
    expect(state.desired).toBe(0);
    const admin = await signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['school-manager'] });
    const acc = await call<Account>(
      admin,
      'GET',
      pathOf(billingApi.accountDetail.path, { schoolId: s.schoolId }),
    );
    expect(acc.data.totalFen).toBe(0);
    const details = await call<Page<UsageDetail>>(admin, 'GET', billingApi.usagePage.path);
    const owed = details.data.records.reduce((n, d) => n + d.owedFen, 0);
    const paid = details.data.records.reduce((n, d) => n + d.rechargeFen, 0);
    expect(paid).toBe(90);
    expect(owed).toBeGreaterThan(0);
  });
});

/** Signs the same account in again after the clock moved past its token. */
async function reSign(who: { username: string; password: string }) {
  const { access_token } = await signIn(h.app, who.username, who.password);
  return { headers: bearer(access_token) };
}

describe('school administrators’ views', () => {
  it('exports usage details with the filters as a workbook, and shows the overview', async () => {
    const s = await freshSchool('Export');
    await order(s.schoolId);
    await usage(s.schoolId, s.student.id, now() - 2 * hour, now() - hour);
    await chargeAll(h.ctx);
    const res = await h.app.inject({
      method: 'GET',
      url: `${billingApi.usageExport.path}?item=cpu_hour`,
      headers: { ...s.admin.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await sheetsOf(Buffer.from(res.rawPayload));
    expect(sheet!.data[0]![0]).toBe('School');
    expect(sheet!.data).toHaveLength(2);
    expect(sheet!.data[1]![4]).toBe('CPU (core-hours)');
    const tooLong = await call(
      s.admin,
      'GET',
      `${billingApi.usagePage.path}?from=2026-01-01&to=2027-06-01`,
    );
    expect(tooLong.fields).toMatchObject({ to: 'too_long' });
    const overview = await call<Overview>(s.admin, 'GET', billingApi.overview.path);
    expect(overview.data.weeks).toHaveLength(12);
    expect(overview.data.months).toHaveLength(12);
    expect(overview.data.months.at(-1)!.fen).toBe(60);
    expect(overview.data.topClasses).toEqual([]);
    expect(overview.data.topEnvironments[0]).toMatchObject({ id: simEnv.id, fen: 60 });
  });
});
