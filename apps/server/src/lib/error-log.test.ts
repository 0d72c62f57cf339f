import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classesApi } from '@platform/contract';
import { createSchool, signedIn } from '../test/factories';
import { createHarness, type Harness } from '../test/harness';
import { errorSummary, LogBudget, maskMessage } from './error-log';

const secret = 'Secret-Value-4711';
let h: Harness;
const lines: string[] = [];
let manager: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness({
    logger: true,
    logStream: { write: (line: string) => lines.push(line) },
    config: { logLevel: 'info' },
  });
  const school = await createSchool(h.ctx);
  manager = await signedIn(h.app, h.ctx, { roles: ['school-manager'], schoolId: school.id });
  // Breaks the class list's query, so a request carrying a value fails in the database.
  await h.ctx.db.execute(sql`alter table classes rename column name to name_gone`);
});
afterAll(() => h.close());

const failures = () =>
  lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request failed');

describe('what a server error writes to the log', () => {
  it('logs the error class, SQLSTATE, route and request id, never the SQL or its parameters', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${classesApi.page.path}?name=${secret}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 9999, errorKey: 'common.server_error' });
    const [logged] = failures();
    expect(logged).toMatchObject({
      reqId: res.json().requestId,
      route: classesApi.page.path,
      method: 'GET',
      err: { type: 'DrizzleQueryError', code: '42703' },
    });
    // The access log keeps the (capped, masked) request line; the error itself tells nothing more.
    const text = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 40).join('\n');
    expect(text).toContain('42703');
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/select|from "classes"|params/i);
    expect(text).not.toContain('name_gone');
  });

  it('logs at most five failures of one kind a minute, then counts the rest', async () => {
    const before = failures().length;
    for (let i = 0; i < 12; i++)
      await h.app.inject({
        method: 'GET',
        url: `${classesApi.page.path}?name=x${i}`,
        headers: manager.headers,
      });
    expect(failures().length - before).toBeLessThanOrEqual(5);
  });
});

describe('error summaries', () => {
  it('masks quoted values and long numbers and keeps one capped line', () => {
    expect(maskMessage('invalid input syntax for type bigint: "12ab"')).toBe(
      'invalid input syntax for type bigint: "…"',
    );
    expect(maskMessage("value '9223372036854775808' is out of range")).toBe(
      'value "…" is out of range',
    );
    expect(maskMessage('user 123456789 failed\nnext line')).toBe('user # failed next line');
    expect(maskMessage('x'.repeat(1000))).toHaveLength(160);
  });

  it('takes the driver error of a failed query, without the query', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "u"'), {
      code: '23505',
      table: 'users',
      constraint: 'users_username_key',
      detail: `Key (username)=(${secret}) already exists.`,
    });
    const wrapped = Object.assign(new Error(`Failed query: insert into users\nparams: ${secret}`), {
      query: 'insert into users',
      params: [secret],
      cause,
    });
    const summary = errorSummary(wrapped);
    expect(summary).toMatchObject({
      code: '23505',
      table: 'users',
      constraint: 'users_username_key',
      message: 'duplicate key value violates unique constraint "…"',
    });
    expect(JSON.stringify(summary)).not.toContain(secret);
    expect(JSON.stringify(summary)).not.toContain('insert');
  });
});

describe('the log budget', () => {
  it('lets a few of a kind through per window and reports how many it held back', () => {
    let now = 0;
    const budget = new LogBudget({ perKey: 2, total: 3, windowMs: 1_000 }, () => now);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([
      { log: true, held: 0 },
      { log: true, held: 0 },
      { log: false, held: 1 },
    ]);
    expect(budget.take('b')).toEqual({ log: true, held: 0 });
    expect(budget.take('c')).toEqual({ log: false, held: 1 });
    now = 1_000;
    expect(budget.take('a')).toEqual({ log: true, held: 1 });
    expect(budget.take('c')).toEqual({ log: true, held: 1 });
  });
});
