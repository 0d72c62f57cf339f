import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  type Customer,
  type CustomerTimeLog,
  type RoleCode,
  customersApi,
} from '@platform/contract';
import { customerTimeLogs, menus, roleMenus, roles, schools } from '../../db/schema';
import { createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { schoolServiceEnded } from '../auth/account-status';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  admin = await signedIn(h.app, h.ctx, { roles: ['admin'] });
});
afterAll(() => h.close());

/** Moves the server clock; access tokens expire meanwhile, so staff sign in again. */
async function advance(ms: number) {
  h.advance(ms);
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  admin = await signedIn(h.app, h.ctx, { roles: ['admin'] });
}

const hour = 3_600_000;
const day = 24 * hour;
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => h.ctx.now().getTime();

interface Answer<T = unknown> {
  code: number;
  message: string;
  data: T;
  errorKey?: string;
  fields?: Record<string, string>;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = operator.headers,
): Promise<Answer<T> & { status: number }> {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { ...res.json<Answer<T>>(), status: res.statusCode };
}

let counter = 0;
/** A valid new customer: one month of service from now, with a unique name. */
function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Customer ${counter}`,
    kind: 1,
    serviceStart: iso(now() - day),
    serviceEnd: iso(now() + 30 * day),
    ...overrides,
  };
}

async function addCustomer(overrides: Record<string, unknown> = {}): Promise<Customer> {
  const res = await call<Customer>('POST', customersApi.save.path, newCustomer(overrides));
  if (res.code !== 200) throw new Error(`add failed: ${JSON.stringify(res)}`);
  return res.data;
}

const addTime = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<Customer>('POST', customersApi.addTime.path, body, headers);

const page = (query: string, headers?: Record<string, string>) =>
  call<{ records: Customer[]; total: number }>(
    'GET',
    `${customersApi.page.path}?${query}`,
    undefined,
    headers,
  );

const history = (query: string) =>
  call<{ records: CustomerTimeLog[]; total: number; pageNum: number; pageSize: number }>(
    'GET',
    `${customersApi.timeHistory.path}?${query}`,
  );

describe('customers', () => {
  it('adds, reads, updates, pages and deletes a customer linked to a school', async () => {
    const school = await createSchool(h.ctx, { name: 'North College' });
    const added = await call<Customer>(
      'POST',
      customersApi.save.path,
      newCustomer({
        name: 'North campus',
        kind: 2,
        collegeId: school.id,
        contactName: 'Li Lei',
        contactPhone: '13800138000',
        remark: 'Pilot',
      }),
    );
    expect(added).toMatchObject({ code: 200, message: 'Added successfully' });
    const customer = added.data;
    expect(customer).toMatchObject({
      name: 'North campus',
      kind: 2,
      collegeId: school.id,
      collegeName: 'North College',
      contactName: 'Li Lei',
      contactPhone: '13800138000',
      remark: 'Pilot',
      status: 'active',
      remainingDays: 30,
    });

    const got = await call<Customer>('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(got.data).toEqual(customer);

    const updated = await call<Customer>('POST', customersApi.save.path, {
      id: customer.id,
      name: 'North campus 2',
      kind: 3,
      serviceStart: customer.serviceStart,
      serviceEnd: customer.serviceEnd,
    });
    expect(updated).toMatchObject({ code: 200, message: 'Updated successfully' });
    // An update replaces every field: what is left out is cleared.
    expect(updated.data).toMatchObject({
      name: 'North campus 2',
      kind: 3,
      collegeId: null,
      collegeName: null,
      contactName: '',
      contactPhone: '',
      remark: '',
    });

    // The service period changes only through added time, which is recorded.
    const moved = await call('POST', customersApi.save.path, {
      id: customer.id,
      name: 'North campus 2',
      kind: 3,
      serviceStart: customer.serviceStart,
      serviceEnd: new Date(Date.parse(customer.serviceEnd) + 86_400_000).toISOString(),
    });
    expect(moved).toMatchObject({
      status: 400,
      errorKey: 'customers.period_locked',
      fields: { serviceEnd: 'invalid_value' },
    });

    const listed = await page(`name=${encodeURIComponent('north CAMPUS')}&kind=3`);
    expect(listed.data.records.map((c) => c.id)).toEqual([customer.id]);

    const removed = await call('POST', pathOf(customersApi.delete.path, { id: customer.id }));
    expect(removed).toMatchObject({ code: 200, message: 'Deleted successfully', data: null });
    const gone = await call('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(gone).toMatchObject({ status: 404, code: 9000, message: 'Customer not found' });
    expect((await page('name=north%20campus')).data.total).toBe(0);
    const again = await call('POST', pathOf(customersApi.delete.path, { id: customer.id }));
    expect(again).toMatchObject({ status: 404, errorKey: 'customers.not_found' });
    const edit = await call('POST', customersApi.save.path, newCustomer({ id: customer.id }));
    expect(edit).toMatchObject({ status: 404, errorKey: 'customers.not_found' });
  });

  it('refuses invalid fields with field error codes', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'A' }, { name: 'too_short' }],
      [{ name: 'x'.repeat(51) }, { name: 'too_long' }],
      [{ name: ' Padded ' }, { name: 'invalid_format' }],
      [
        { name: undefined, kind: undefined },
        { name: 'required', kind: 'required' },
      ],
      [{ kind: 4 }, { kind: 'invalid_value' }],
      [{ contactName: 'L' }, { contactName: 'too_short' }],
      [{ contactName: 'L'.repeat(31) }, { contactName: 'too_long' }],
      [{ contactPhone: '12345' }, { contactPhone: 'invalid_format' }],
      [{ remark: 'r'.repeat(245) }, { remark: 'too_long' }],
      [{ collegeId: 'abc' }, { collegeId: 'invalid_format' }],
      [{ serviceStart: '' }, { serviceStart: 'required' }],
      [{ serviceEnd: '2026-13-01' }, { serviceEnd: 'invalid_format' }],
      [{ serviceEnd: iso(now() - 2 * day) }, { serviceEnd: 'invalid_value' }],
      [{ serviceEnd: iso(now() + 400 * day) }, { serviceEnd: 'too_long' }],
    ];
    for (const [change, fields] of cases) {
      const res = await call('POST', customersApi.save.path, newCustomer(change));
      expect(res, JSON.stringify(change)).toMatchObject({ status: 400, code: 9000, fields });
    }
    // Boundaries are accepted: 2 and 50 characters, empty optional fields, exactly one year.
    const start = now();
    const ok = await call('POST', customersApi.save.path, {
      name: 'x'.repeat(50),
      kind: 3,
      collegeId: '',
      contactName: '',
      contactPhone: '',
      remark: 'r'.repeat(244),
      serviceStart: iso(start),
      serviceEnd: new Date(Date.UTC(new Date(start).getUTCFullYear() + 1, 0, 1)).toISOString(),
    });
    expect(ok.code).toBe(200);
    expect((await addCustomer({ name: 'AB' })).name).toBe('AB');
  });

  it('keeps the period on update (added time changes it), and needs a live school', async () => {
    const customer = await addCustomer();
    const longer = await call<Customer>('POST', customersApi.save.path, {
      id: customer.id,
      name: customer.name,
      kind: customer.kind,
      serviceStart: customer.serviceStart,
      serviceEnd: iso(now() + 500 * day),
    });
    expect(longer).toMatchObject({ status: 400, errorKey: 'customers.period_locked' });
    expect(
      (await call<Customer>('GET', pathOf(customersApi.get.path, { id: customer.id }))).data,
    ).toMatchObject({ serviceEnd: customer.serviceEnd });

    const school = await createSchool(h.ctx);
    await h.ctx.db.update(schools).set({ deletedAt: h.ctx.now() }).where(eq(schools.id, school.id));
    for (const collegeId of [school.id, '999999999']) {
      const res = await call('POST', customersApi.save.path, newCustomer({ collegeId }));
      expect(res).toMatchObject({
        status: 400,
        errorKey: 'customers.college_not_found',
        message: 'The selected school does not exist or has been deleted',
        fields: { collegeId: 'invalid_value' },
      });
    }
  });

  it('answers in the caller’s language', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: customersApi.save.path,
      headers: { ...operator.headers, 'accept-language': 'zh-CN' },
      payload: newCustomer(),
    });
    expect(res.json()).toMatchObject({ code: 200, message: '添加成功' });
  });
});

describe('service status', () => {
  it('filters by status against the server clock and computes remaining days', async () => {
    const tag = `Status ${Date.now()}`;
    const t = now();
    const past = await addCustomer({
      name: `${tag} past`,
      serviceStart: iso(t - 20 * day),
      serviceEnd: iso(t - day),
    });
    const current = await addCustomer({
      name: `${tag} current`,
      serviceStart: iso(t - day),
      serviceEnd: iso(t + 2 * day + hour),
    });
    const future = await addCustomer({
      name: `${tag} future`,
      serviceStart: iso(t + 5 * day),
      serviceEnd: iso(t + 15 * day),
    });
    const ids = async (status: string) =>
      (await page(`name=${encodeURIComponent(tag)}&status=${status}`)).data.records.map(
        (c) => c.id,
      );
    expect(await ids('expired')).toEqual([past.id]);
    expect(await ids('active')).toEqual([current.id]);
    expect(await ids('not_started')).toEqual([future.id]);
    const all = (await page(`name=${encodeURIComponent(tag)}`)).data.records;
    expect(Object.fromEntries(all.map((c) => [c.id, [c.status, c.remainingDays]]))).toEqual({
      [past.id]: ['expired', 0],
      [current.id]: ['active', 3],
      [future.id]: ['not_started', 10],
    });

    await advance(6 * day);
    expect(await ids('expired')).toEqual([current.id, past.id]);
    expect(await ids('active')).toEqual([future.id]);
    expect(await ids('not_started')).toEqual([]);
    const bad = await page('status=soon');
    expect(bad).toMatchObject({ status: 400, fields: { status: 'invalid_value' } });
  });

  it('pages on the server and filters by linked school', async () => {
    const school = await createSchool(h.ctx);
    for (let i = 0; i < 3; i++) await addCustomer({ collegeId: school.id });
    await addCustomer();
    const first = await page(`collegeId=${school.id}&pageSize=2&pageNum=1`);
    const second = await page(`collegeId=${school.id}&pageSize=2&pageNum=2`);
    expect(first.data.total).toBe(3);
    expect(first.data.records).toHaveLength(2);
    expect(second.data.records).toHaveLength(1);
    expect(new Set([...first.data.records, ...second.data.records].map((c) => c.id)).size).toBe(3);
  });
});

describe('adding service time', () => {
  it('refuses hours below 1 and a missing reason with field errors', async () => {
    const customer = await addCustomer();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ hours: 0 }, { hours: 'invalid_value' }],
      [{ hours: -5 }, { hours: 'invalid_value' }],
      [{ hours: 1.5 }, { hours: 'invalid_format' }],
      [{ hours: 2147483648 }, { hours: 'invalid_value' }],
      [{ hours: undefined }, { hours: 'required' }],
      [{ reason: undefined }, { reason: 'required' }],
      [{ reason: 'x' }, { reason: 'too_short' }],
      [{ reason: 'x'.repeat(245) }, { reason: 'too_long' }],
    ];
    for (const [change, fields] of cases) {
      const res = await addTime({
        customerId: customer.id,
        hours: 5,
        reason: 'Renewal',
        ...change,
      });
      expect(res, JSON.stringify(change)).toMatchObject({ status: 400, code: 9000, fields });
    }
    const logs = await h.ctx.db
      .select()
      .from(customerTimeLogs)
      .where(eq(customerTimeLogs.customerId, customer.id));
    expect(logs).toEqual([]);
    const missing = await addTime({ customerId: '12345', hours: 1, reason: 'Renewal' });
    expect(missing).toMatchObject({ status: 404, errorKey: 'customers.not_found' });
  });

  it('extends the end and logs the hours with before, after and operator', async () => {
    const customer = await addCustomer();
    const res = await addTime({ customerId: customer.id, hours: 48, reason: 'Contract renewal' });
    expect(res).toMatchObject({ code: 200, message: 'Service time added' });
    const endAfter = iso(Date.parse(customer.serviceEnd) + 48 * hour);
    expect(res.data).toMatchObject({ id: customer.id, serviceEnd: endAfter, status: 'active' });
    expect(res.data.remainingDays).toBe(customer.remainingDays + 2);

    const logs = await history(`customerId=${customer.id}`);
    expect(logs.data.records).toHaveLength(1);
    expect(logs.data.records[0]).toMatchObject({
      customerId: customer.id,
      customerName: customer.name,
      hours: 48,
      reason: 'Contract renewal',
      endBefore: customer.serviceEnd,
      endAfter,
      operatorId: operator.id,
      operatorName: `Name ${operator.username}`,
    });
  });

  it('counts time added to an expired service from now, and the school opens again', async () => {
    const school = await createSchool(h.ctx);
    const t = now();
    const customer = await addCustomer({
      collegeId: school.id,
      serviceStart: iso(t),
      serviceEnd: iso(t + day),
    });
    await advance(3 * day);
    expect(await schoolServiceEnded(h.ctx.db, school.id, h.ctx.now())).toBe(true);
    const expired = await call<Customer>('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(expired.data).toMatchObject({ status: 'expired', remainingDays: 0 });

    const at = now();
    const res = await addTime(
      { customerId: customer.id, hours: 24, reason: 'Goodwill extension' },
      admin.headers,
    );
    expect(res.data).toMatchObject({ status: 'active', remainingDays: 1 });
    const end = Date.parse(res.data.serviceEnd);
    expect(end).toBeGreaterThanOrEqual(at + 24 * hour);
    expect(end).toBeLessThan(at + 24 * hour + 60_000);
    expect(await schoolServiceEnded(h.ctx.db, school.id, h.ctx.now())).toBe(false);
    const [log] = (await history(`customerId=${customer.id}`)).data.records;
    expect(log).toMatchObject({ endBefore: customer.serviceEnd, endAfter: res.data.serviceEnd });
  });

  it('loses no hours when time is added concurrently', async () => {
    const customer = await addCustomer();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        addTime({ customerId: customer.id, hours: i + 1, reason: `Batch ${i}` }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    const got = await call<Customer>('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(got.data.serviceEnd).toBe(iso(Date.parse(customer.serviceEnd) + 15 * hour));
    const logs = (await history(`customerId=${customer.id}`)).data.records;
    expect(logs).toHaveLength(5);
    // Each entry continues where another ended.
    const ends = new Set(logs.map((l) => l.endAfter));
    expect(
      logs.filter((l) => l.endBefore !== customer.serviceEnd).every((l) => ends.has(l.endBefore)),
    ).toBe(true);
  });

  it('refuses an end past what can be recorded', async () => {
    const customer = await addCustomer();
    const res = await addTime({ customerId: customer.id, hours: 2147483647, reason: 'Forever' });
    expect(res).toMatchObject({
      status: 400,
      errorKey: 'customers.end_out_of_range',
      fields: { hours: 'invalid_value' },
    });
    const same = await call<Customer>('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(same.data.serviceEnd).toBe(customer.serviceEnd);
  });
});

describe('history of added time', () => {
  it('pages and filters by customer, name and time range', async () => {
    const tag = `History ${Date.now()}`;
    const a = await addCustomer({ name: `${tag} Alpha` });
    const b = await addCustomer({ name: `${tag} Beta` });
    const start = now();
    await addTime({ customerId: a.id, hours: 1, reason: 'First' });
    await advance(10 * day);
    await addTime({ customerId: a.id, hours: 2, reason: 'Second' });
    await addTime({ customerId: b.id, hours: 3, reason: 'Third' });
    const later = now();

    const byName = await history(`customerName=${encodeURIComponent(tag)}&pageSize=2`);
    expect(byName.data.total).toBe(3);
    expect(byName.data.records.map((r) => r.reason).sort()).toEqual(['Second', 'Third']);
    const next = await history(`customerName=${encodeURIComponent(tag)}&pageSize=2&pageNum=2`);
    expect(next.data).toMatchObject({ pageNum: 2, pageSize: 2, total: 3 });
    expect(next.data.records.map((r) => r.reason)).toEqual(['First']);

    const ofA = await history(`customerId=${a.id}`);
    expect(ofA.data.records.map((r) => r.hours)).toEqual([2, 1]);
    const alpha = await history(`customerName=${encodeURIComponent(`${tag} alpha`)}`);
    expect(alpha.data.total).toBe(2);

    const range = (from: number, to: number) =>
      `customerName=${encodeURIComponent(tag)}&from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`;
    const early = await history(range(start - hour, start + day));
    expect(early.data.records.map((r) => r.reason)).toEqual(['First']);
    const late = await history(range(later - day, later + hour));
    expect(late.data.records.map((r) => r.reason).sort()).toEqual(['Second', 'Third']);

    const tooLong = await history(range(start - 400 * day, start));
    expect(tooLong).toMatchObject({ status: 400, fields: { to: 'too_long' } });
    const reversed = await history(range(start, start - day));
    expect(reversed).toMatchObject({ status: 400, fields: { to: 'invalid_value' } });
    const badDate = await history('from=yesterday');
    expect(badDate).toMatchObject({ status: 400, fields: { from: 'invalid_format' } });

    // Deleting a customer keeps its history.
    await call('POST', pathOf(customersApi.delete.path, { id: b.id }));
    expect((await history(`customerId=${b.id}`)).data.total).toBe(1);
  });
});

describe('who may', () => {
  const routes = (id: string): [method: 'GET' | 'POST', url: string, body?: unknown][] => [
    ['GET', customersApi.page.path],
    ['GET', pathOf(customersApi.get.path, { id })],
    ['POST', customersApi.save.path, newCustomer()],
    ['POST', customersApi.save.path, newCustomer({ id })],
    ['POST', pathOf(customersApi.delete.path, { id })],
    ['POST', customersApi.addTime.path, { customerId: id, hours: 1, reason: 'Renewal' }],
    ['GET', customersApi.timeHistory.path],
  ];

  it('refuses school accounts on every route', async () => {
    const customer = await addCustomer();
    const school = await createSchool(h.ctx);
    const schoolRoles: RoleCode[] = ['school-manager', 'teacher', 'student'];
    for (const role of schoolRoles) {
      const user = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: [role] });
      for (const [method, url, body] of routes(customer.id)) {
        const res = await call(method, url, body, user.headers);
        expect(res, `${role} ${method} ${url}`).toMatchObject({ status: 403, code: 9000 });
      }
    }
    const anonymous = await h.app.inject({ method: 'GET', url: customersApi.page.path });
    expect(anonymous.statusCode).toBe(401);
    const still = await call('GET', pathOf(customersApi.get.path, { id: customer.id }));
    expect(still.code).toBe(200);
  });

  it('refuses an operator whose role lacks the button of the action', async () => {
    const customer = await addCustomer();
    const [role] = await h.ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, h.ctx.config.webClientId), eq(roles.code, 'operator')));
    const grants = await h.ctx.db
      .select({ menuId: menus.id, customFields: menus.customFields })
      .from(menus)
      .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
      .where(eq(roleMenus.roleId, role!.id));
    const actions: [string, 'GET' | 'POST', string, unknown][] = [
      ['customer.add', 'POST', customersApi.save.path, newCustomer()],
      [
        'customer.edit',
        'POST',
        customersApi.save.path,
        {
          id: customer.id,
          name: customer.name,
          kind: customer.kind,
          serviceStart: customer.serviceStart,
          serviceEnd: customer.serviceEnd,
        },
      ],
      [
        'customer.add_time',
        'POST',
        customersApi.addTime.path,
        { customerId: customer.id, hours: 1, reason: 'Renewal' },
      ],
      ['customer.delete', 'POST', pathOf(customersApi.delete.path, { id: customer.id }), undefined],
    ];
    for (const [key, method, url, body] of actions) {
      const grant = grants.find((g) => g.customFields === `perm:${key}`);
      expect(grant, key).toBeDefined();
      const where = and(eq(roleMenus.roleId, role!.id), eq(roleMenus.menuId, grant!.menuId));
      await h.ctx.db.delete(roleMenus).where(where);
      try {
        const res = await call(method, url, body);
        expect(res, key).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
        // The administrator's own grant is untouched.
        const byAdmin = await call(method, url, body, admin.headers);
        expect(byAdmin.code, key).toBe(200);
      } finally {
        await h.ctx.db.insert(roleMenus).values({ roleId: role!.id, menuId: grant!.menuId });
      }
    }
    // Reading needs no button.
    expect((await call('GET', customersApi.page.path)).code).toBe(200);
  });
});

describe('generated bad input', () => {
  it('save and add time never answer 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            id: value,
            name: value,
            kind: value,
            collegeId: value,
            contactPhone: value,
            serviceStart: value,
            serviceEnd: value,
            customerId: value,
            hours: value,
            reason: value,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          for (const url of [customersApi.save.path, customersApi.addTime.path]) {
            const res = await call('POST', url, body);
            expect(res.status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
