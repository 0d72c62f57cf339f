/**
 * Charging a month of lab use (budget: ≤ 30 s and ≤ 256 MB): 10,000 students of 20 schools,
 * about 300,000 closed usage records over the last billing month (UTC+8), some across billing
 * days and some across a price change in the middle of the month; 17 schools paying by amount
 * with a balance for part of their use, two with a timed package's hours for part of it and one
 * with an untimed package. `chargeAll` runs in a child process of its own (the server's code on
 * the server's pool), timed, its RSS sampled every 50 ms and its maximum RSS read from the
 * kernel; the PostgreSQL backends' private memory is sampled beside it. The details are then
 * checked against costs computed here, independently of the statement that wrote them.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:billing-charge
 * (EXPLAIN=1 writes the plan of each charging statement, with its timings, to PostgreSQL's log;
 * CHARGE_NODE_FLAGS='…' runs the charging process with other Node flags than `npm start`'s.)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { scratchDatabase } from './scratch-database';
import { orderAddSchema, packageSaveSchema } from '@platform/contract';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { reconcile } from '../apps/server/src/features/billing/billing.ledger';
import { chargeAll } from '../apps/server/src/features/billing/billing.metering';
import { BillingService } from '../apps/server/src/features/billing/billing.service';
import type { Actor } from '../apps/server/src/features/auth/auth.plugin';
import type { AppContext } from '../apps/server/src/lib/context';
import { IdGenerator } from '../apps/server/src/lib/ids';
import { createStorage } from '../apps/server/src/lib/storage/create-storage';

const STUDENTS = Number(process.env.STUDENTS ?? 10_000);
const SCHOOLS = Number(process.env.SCHOOLS ?? 20);
const RECORDS = Number(process.env.RECORDS ?? 300_000);
const budget = { ms: 30_000, rssMb: 256 };
/** Node flags for the charging process: by default those `npm start` runs the server with. */
const childFlags = (process.env.CHARGE_NODE_FLAGS ?? '--max-semi-space-size=16')
  .split(' ')
  .filter(Boolean);
const hour = 3_600_000;
const day = 24 * hour;
const zone = 8 * hour;
const mb = (bytes: number) => bytes / 1024 / 1024;

function contextFor(url: string, database: Database): AppContext {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'billing-charge-bench'),
    DATABASE_URL: url,
  });
  return {
    config,
    db: database.db,
    bus: database.bus,
    leader: database.leader,
    ids: new IdGenerator(config.datacenterId, config.workerId),
    storage: createStorage(config),
    now: () => new Date(),
  };
}

/* The child: charges everything and says what it took. ------------------------------------------ */

/** Private (anonymous) resident memory of the database's backends, summed, in bytes. */
async function backendsAnon(monitor: pg.Client, dbName: string): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  let sum = 0;
  for (const { pid } of rows) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      sum += Number(/RssAnon:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // the backend ended, or its memory is not ours to read
    }
  }
  return sum;
}

async function charge(url: string) {
  const database = await openPostgres(url);
  const ctx = contextFor(url, database);
  const dbName = new URL(url).pathname.slice(1);
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  let peakRss = process.memoryUsage().rss;
  let peakBackend = 0;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  let sampling = true;
  const backendSampler = (async () => {
    while (sampling) {
      peakBackend = Math.max(peakBackend, await backendsAnon(monitor, dbName));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const results = await chargeAll(ctx);
  const ms = performance.now() - t0;
  clearInterval(rssTimer);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  sampling = false;
  await backendSampler;
  await monitor.end();
  await database.close();
  const sum = (k: 'details' | 'costFen' | 'giftFen' | 'rechargeFen' | 'owedFen') =>
    results.reduce((s, r) => s + r[k], 0);
  console.log(
    JSON.stringify({
      ms,
      schools: results.length,
      details: sum('details'),
      costFen: sum('costFen'),
      paidFen: sum('giftFen') + sum('rechargeFen'),
      owedFen: sum('owedFen'),
      rssBefore,
      peakRss,
      maxRss: process.resourceUsage().maxRSS * 1024,
      peakBackend,
    }),
  );
}

/* The parent: the data, the child, and the checks. ---------------------------------------------- */

/** A small deterministic generator, so every run charges the same month. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'TERMINAL' | 'JUPYTER' | 'SIMULATION';
type Item = 'cpu_hour' | 'memory_gib_hour' | 'gpu_hour' | 'disk_gib_day';
interface Price {
  item: Item;
  kind: Kind | null;
  unitFen: number;
  from: number;
}
interface UsageRecord {
  id: string;
  userId: string;
  school: number;
  envId: string;
  kind: Kind;
  cpu: number;
  mem: number;
  disk: number;
  gpu: number;
  start: number;
  stop: number;
}

/** The price of an item for a kind at a moment: the kind's own latest, else the latest for all. */
function priceOf(prices: Price[], item: Item, kind: Kind, at: number): number | null {
  const latest = (rows: Price[]) =>
    rows.filter((p) => p.from <= at).sort((a, b) => b.from - a.from)[0];
  const own = latest(prices.filter((p) => p.item === item && p.kind === kind));
  const all = latest(prices.filter((p) => p.item === item && p.kind === null));
  return (own ?? all)?.unitFen ?? null;
}

/** To the nearest whole number, halves to the even one (as PostgreSQL rounds a double). */
function roundHalfEven(x: number): number {
  const whole = Math.floor(x);
  const rest = x - whole;
  if (rest !== 0.5) return Math.round(x);
  return whole % 2 === 0 ? whole : whole + 1;
}

/**
 * What a record costs, worked out here: cut at every billing day's start (00:00 UTC+8) and at
 * every moment a price of the item (for its kind or for all kinds) takes effect; each piece of
 * each item is rounded to the fen on its own, halves to even.
 */
function expectedCost(prices: Price[], r: UsageRecord): { fen: number; pieces: number } {
  const units: [Item, number][] = [
    ['cpu_hour', r.cpu],
    ['memory_gib_hour', r.mem],
    ['gpu_hour', r.gpu],
    ['disk_gib_day', r.disk * (1 / 24)],
  ];
  let fen = 0;
  let pieces = 0;
  for (const [item, perHour] of units) {
    if (perHour <= 0) continue;
    const cuts = new Set<number>();
    for (let d = Math.floor((r.start + zone) / day) * day - zone + day; d < r.stop; d += day)
      cuts.add(d);
    for (const p of prices)
      if (p.item === item && (p.kind === null || p.kind === r.kind) && p.from > r.start)
        if (p.from < r.stop) cuts.add(p.from);
    const points = [r.start, ...[...cuts].sort((a, b) => a - b), r.stop];
    for (let i = 0; i + 1 < points.length; i++) {
      const unit = priceOf(prices, item, r.kind, points[i]!);
      if (unit === null) continue;
      const seconds = (points[i + 1]! - points[i]!) / 1000;
      fen += roundHalfEven(((perHour * seconds) / 3600) * unit);
      pieces += 1;
    }
  }
  return { fen, pieces };
}

async function main() {
  const scratch = await scratchDatabase('billing_charge');
  const { name, url } = scratch;
  let failed = false;
  const check = (ok: boolean, what: string) => {
    if (!ok) failed = true;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  };
  try {
    // The database, migrated by the server's migrator.
    const database = await openPostgres(url);
    const ctx = contextFor(url, database);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    const rand = random(14);

    // The last whole billing month, and a price change in the middle of it at 14:00.
    const localNow = new Date(Date.now() + zone);
    const y = localNow.getUTCFullYear();
    const m = localNow.getUTCMonth();
    const monthStart = Date.UTC(y, m - 1, 1) - zone;
    const monthEnd = Date.UTC(y, m, 1) - zone;
    const change = Date.UTC(y, m - 1, 15, 14) - zone;
    const longAgo = monthStart - 30 * day;
    const prices: Price[] = [
      { item: 'cpu_hour', kind: null, unitFen: 30, from: longAgo },
      { item: 'cpu_hour', kind: 'TERMINAL', unitFen: 20, from: longAgo },
      { item: 'cpu_hour', kind: 'TERMINAL', unitFen: 25, from: change },
      { item: 'memory_gib_hour', kind: null, unitFen: 5, from: longAgo },
      { item: 'memory_gib_hour', kind: null, unitFen: 6, from: change },
      { item: 'disk_gib_day', kind: null, unitFen: 2, from: longAgo },
      { item: 'gpu_hour', kind: 'JUPYTER', unitFen: 500, from: longAgo },
    ];
    for (const p of prices) {
      await client.query(
        'insert into billing_prices (id, item, env_kind, unit_fen, effective_from) values ($1, $2, $3, $4, $5)',
        [ctx.ids.next(), p.item, p.kind, p.unitFen, new Date(p.from)],
      );
    }

    // Schools, an operator, students and three environments.
    const schoolIds = Array.from({ length: SCHOOLS }, () => ctx.ids.next());
    await client.query(
      `insert into schools (id, name, url, type)
       select id, 'Bench school ' || n, 'bench_' || n, 2 from unnest($1::bigint[]) with ordinality as s(id, n)`,
      [schoolIds],
    );
    const operatorId = ctx.ids.next();
    await client.query(
      `insert into users (id, username, password_hash, name) values ($1, 'bench_operator', '-', 'Operator')`,
      [operatorId],
    );
    const studentIds = Array.from({ length: STUDENTS }, () => ctx.ids.next());
    const studentSchool = studentIds.map((_, i) => Math.floor((i * SCHOOLS) / STUDENTS));
    await client.query(
      `insert into users (id, school_id, username, password_hash, name)
       select id, school, 'bench_s' || n, '-', 'Student ' || n
       from unnest($1::bigint[], $2::bigint[]) with ordinality as s(id, school, n)`,
      [studentIds, studentSchool.map((s) => schoolIds[s]!)],
    );
    const envs: Record<Kind, string> = {
      TERMINAL: ctx.ids.next(),
      JUPYTER: ctx.ids.next(),
      SIMULATION: ctx.ids.next(),
    };
    for (const [kind, id] of Object.entries(envs)) {
      await client.query(
        `insert into lab_environments (id, code, name, type, state, hidden, open_with, access_mode,
           experiment_kind, resource_kind, cpu_core, memory_size, disk_size, restart_limit, idle_timeout)
         values ($1, $2, $3, 2, 1, 0, 1, 1, '2', $4, 1, 1, 10, 0, 600)`,
        [id, `bench_${kind.toLowerCase()}`, `Bench ${kind}`, kind],
      );
    }

    // The month's records: whole seconds; one in ten starts in the evening and runs past midnight.
    const records: UsageRecord[] = [];
    const monthSeconds = (monthEnd - monthStart) / 1000;
    for (let i = 0; i < RECORDS; i++) {
      const student = Math.floor(rand() * STUDENTS);
      const pick = rand();
      const kind: Kind = pick < 0.6 ? 'TERMINAL' : pick < 0.9 ? 'JUPYTER' : 'SIMULATION';
      const res =
        kind === 'TERMINAL'
          ? { cpu: 1, mem: 1, disk: 10, gpu: 0 }
          : kind === 'JUPYTER'
            ? {
                cpu: [1, 2, 4][Math.floor(rand() * 3)]!,
                mem: [2, 4, 8][Math.floor(rand() * 3)]!,
                disk: 20,
                gpu: rand() < 0.1 ? 1 : 0,
              }
            : { cpu: 1, mem: 1, disk: 0, gpu: 0 };
      let start: number;
      let seconds: number;
      if (rand() < 0.1) {
        const d = Math.floor(rand() * ((monthEnd - monthStart) / day - 1));
        start = monthStart + d * day + 21 * hour + Math.floor(rand() * 3 * 3600) * 1000;
        seconds = 3600 + Math.floor(rand() * 4 * 3600);
      } else {
        start = monthStart + Math.floor(rand() * (monthSeconds - 5 * 3600)) * 1000;
        seconds = 300 + Math.floor(rand() * rand() * 4 * 3600);
      }
      records.push({
        id: ctx.ids.next(),
        userId: studentIds[student]!,
        school: studentSchool[student]!,
        envId: envs[kind],
        kind,
        ...res,
        start,
        stop: start + seconds * 1000,
      });
    }
    const t0 = performance.now();
    for (let i = 0; i < records.length; i += 10_000) {
      const batch = records.slice(i, i + 10_000);
      await client.query(
        `insert into lab_usage (id, container_id, user_id, school_id, env_id, env_name, resource_kind,
           resources, started_at, stopped_at, stop_reason)
         select id, id, user_id, school_id, env_id, 'Bench ' || kind, kind,
           jsonb_build_object('cpuCore', cpu, 'memorySize', mem, 'diskSize', disk, 'gpuCount', gpu),
           started_at, stopped_at, 'user'
         from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[],
           $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::timestamptz[], $11::timestamptz[])
           as r(id, user_id, school_id, env_id, kind, cpu, mem, disk, gpu, started_at, stopped_at)`,
        [
          batch.map((r) => r.id),
          batch.map((r) => r.userId),
          batch.map((r) => schoolIds[r.school]!),
          batch.map((r) => r.envId),
          batch.map((r) => r.kind),
          batch.map((r) => r.cpu),
          batch.map((r) => r.mem),
          batch.map((r) => r.disk),
          batch.map((r) => r.gpu),
          batch.map((r) => new Date(r.start).toISOString()),
          batch.map((r) => new Date(r.stop).toISOString()),
        ],
      );
    }
    await client.query('vacuum analyze lab_usage');
    const insertMs = performance.now() - t0;

    // What each school's use costs, worked out here.
    const costs = records.map((r) => expectedCost(prices, r));
    const bySchool = schoolIds.map(() => ({ fen: 0, seconds: 0 }));
    records.forEach((r, i) => {
      bySchool[r.school]!.fen += costs[i]!.fen;
      bySchool[r.school]!.seconds += (r.stop - r.start) / 1000;
    });
    const crossDay = records.filter(
      (r) => Math.floor((r.start + zone) / day) !== Math.floor((r.stop - 1 + zone) / day),
    ).length;
    const crossPrice = records.filter((r) => r.start < change && r.stop > change).length;

    // Orders through the billing service: amounts for part of the use, two timed packages, one
    // untimed.
    const service = new BillingService(ctx);
    const operator: Actor = {
      userId: operatorId,
      username: 'bench_operator',
      schoolId: null,
      sessionId: '0',
      clientId: ctx.config.webClientId,
      roles: [{ id: '0', tenantId: ctx.config.webClientId, code: 'operator' }],
      mustChangePassword: false,
    };
    const savePackage = async (type: 'timed' | 'untimed', hoursPerYear: number) => {
      const saved = await service.savePackage(
        packageSaveSchema.parse({
          name: `Bench ${type} ${hoursPerYear}`,
          type,
          hoursPerYear,
          priceFen: 100_000,
          periodMonths: 24,
          status: 'effective',
          stacking: 'validity',
          effect: 'immediate',
        }),
        'en',
      );
      await service.packageState({ id: saved.id, published: true }, 'en');
      return saved.id;
    };
    const plan = schoolIds.map((_, i) =>
      i === 0 ? 'untimed' : i === 1 || i === 2 ? 'timed' : 'amount',
    );
    const initial = schoolIds.map(() => ({ gift: 0, recharge: 0, packageSeconds: 0 }));
    for (const [i, schoolId] of schoolIds.entries()) {
      const fen = bySchool[i]!.fen;
      let packageId: string | null = null;
      if (plan[i] === 'untimed') packageId = await savePackage('untimed', 0);
      if (plan[i] === 'timed') {
        const hours = Math.min(8784, Math.ceil((bySchool[i]!.seconds * 0.6) / 3600 / 2));
        packageId = await savePackage('timed', hours);
        initial[i]!.packageSeconds = hours * 2 * 3600;
      }
      initial[i]!.gift = Math.round(fen * 0.1);
      initial[i]!.recharge = Math.round(fen * (plan[i] === 'amount' ? 0.4 + 0.3 * rand() : 0.1));
      await service.addOrder(
        operator,
        orderAddSchema.parse({
          idempotencyKey: randomBytes(12).toString('hex'),
          schoolId,
          type: packageId ? 'package' : 'amount',
          packageId,
          rechargeFen: initial[i]!.recharge,
          giftFen: initial[i]!.gift,
          effectiveAt: new Date(monthStart - day).toISOString(),
          expiresAt: new Date(Date.now() + 365 * day).toISOString(),
        }),
        'en',
      );
    }
    await client.query('analyze');
    if (process.env.EXPLAIN) {
      // The plans of the charging statements, with their timings, go to the server's log.
      for (const setting of [
        "session_preload_libraries = 'auto_explain'",
        "auto_explain.log_min_duration = '300ms'",
        'auto_explain.log_analyze = on',
        'auto_explain.log_buffers = on',
      ])
        await client.query(`alter database ${name} set ${setting}`);
    }
    await client.end();
    await database.close();

    // Charge, in a child process of its own.
    const child = spawn(
      process.execPath,
      [
        ...childFlags,
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'billing-charge.ts'),
        '--charge',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the charging process ended with ${code}`)));
    });
    await new Promise((r) => child.once('exit', r));
    const run = JSON.parse(line) as {
      ms: number;
      schools: number;
      details: number;
      costFen: number;
      paidFen: number;
      owedFen: number;
      rssBefore: number;
      peakRss: number;
      maxRss: number;
      peakBackend: number;
    };

    // The checks.
    const verify = await openPostgres(url);
    const c2 = new pg.Client({ connectionString: url });
    c2.on('error', () => {});
    await c2.connect();
    const { rows: progress } = await c2.query<{ done: string; open: string }>(
      `select count(*) filter (where bp.done) as done, count(*) filter (where bp.done is not true) as open
       from lab_usage lu left join billing_usage_progress bp on bp.usage_id = lu.id`,
    );
    check(
      Number(progress[0]!.done) === RECORDS && Number(progress[0]!.open) === 0,
      `every record charged to its end: ${progress[0]!.done} of ${RECORDS}`,
    );
    const { rows: schoolRows } = await c2.query<Record<string, string>>(
      `select s.id, s.gift_balance, s.recharge_balance, coalesce(a.package_seconds, 0) as package_seconds,
         coalesce(d.cost, 0) as cost, coalesce(d.gift, 0) as gift, coalesce(d.recharge, 0) as recharge,
         coalesce(d.owed, 0) as owed, coalesce(d.pkg, 0) as pkg, coalesce(d.runs, 0) as runs,
         coalesce(d.settlements, '') as settlements
       from schools s left join billing_accounts a on a.school_id = s.id
       left join (
         select school_id, sum(cost_fen) as cost, sum(gift_fen) as gift, sum(recharge_fen) as recharge,
           sum(owed_fen) as owed, sum(package_seconds) as pkg, count(distinct run_id) as runs,
           string_agg(distinct settlement, ',' order by settlement) as settlements
         from billing_usage_details group by school_id
       ) d on d.school_id = s.id
       where s.id = any($1::bigint[])`,
      [schoolIds],
    );
    let costOk = true;
    let payOk = true;
    for (const row of schoolRows) {
      const i = schoolIds.indexOf(String(row.id));
      const want = bySchool[i]!.fen;
      const n = (k: string) => Number(row[k]);
      if (n('cost') !== want) {
        costOk = false;
        console.log(`  school ${i}: details cost ${n('cost')}, expected ${want}`);
      }
      const start = initial[i]!;
      const paid = n('gift') + n('recharge');
      const balanceOk =
        n('gift_balance') === start.gift - n('gift') &&
        n('recharge_balance') === start.recharge - n('recharge') &&
        n('gift_balance') >= 0 &&
        n('recharge_balance') >= 0 &&
        n('runs') === 1;
      let ok = balanceOk;
      if (plan[i] === 'amount') {
        // Gift first, then recharge, the rest owed.
        const gift = Math.min(start.gift, want);
        const recharge = Math.min(start.recharge, want - gift);
        ok &&=
          n('gift') === gift &&
          n('recharge') === recharge &&
          n('owed') === want - paid &&
          row.settlements === 'charged';
      } else if (plan[i] === 'timed') {
        const used = Math.min(start.packageSeconds, bySchool[i]!.seconds);
        ok &&= n('pkg') === used && n('package_seconds') === start.packageSeconds - used;
      } else {
        ok &&= paid === 0 && n('owed') === 0 && row.settlements === 'untimed';
      }
      if (!ok) {
        payOk = false;
        console.log(
          `  school ${i} (${plan[i]}): ${JSON.stringify(row)} from ${JSON.stringify(start)}`,
        );
      }
    }
    check(costOk, 'each school’s details cost what its records cost, worked out here');
    check(
      payOk,
      'each school paid gift first, then recharge, package hours as they last; balances ≥ 0',
    );

    // A sample of records, one by one: cost and pieces.
    const sample = Array.from({ length: 5_000 }, () => records[Math.floor(rand() * RECORDS)]!);
    const { rows: sampled } = await c2.query<{ usage_id: string; cost: string; n: string }>(
      `select usage_id, sum(cost_fen) as cost, count(*) as n from billing_usage_details
       where usage_id = any($1::bigint[]) group by usage_id`,
      [sample.map((r) => r.id)],
    );
    const got = new Map(sampled.map((r) => [String(r.usage_id), r]));
    const wrong = sample.filter((r) => {
      const want = expectedCost(prices, r);
      const row = got.get(r.id);
      return !row || Number(row.cost) !== want.fen || Number(row.n) !== want.pieces;
    });
    for (const r of wrong.slice(0, 3)) {
      const { rows: pieces } = await c2.query(
        `select item, start_at, end_at, unit_fen, cost_fen from billing_usage_details
         where usage_id = $1 order by start_at, item`,
        [r.id],
      );
      console.log(`  record ${r.id}: expected ${JSON.stringify(expectedCost(prices, r))}`, pieces);
    }
    check(
      wrong.length === 0,
      `${sample.length} sampled records: cost and pieces as worked out here (${wrong.length} differ)`,
    );
    const mismatches = await reconcile(verify.db);
    check(mismatches.length === 0, `the ledger reconciles (${mismatches.length} mismatches)`);
    check(run.ms <= budget.ms, `chargeAll within ${budget.ms / 1000} s`);
    check(mb(run.maxRss) <= budget.rssMb, `the charging process within ${budget.rssMb} MB`);
    await c2.end();
    await verify.close();

    const totalCost = bySchool.reduce((s, b) => s + b.fen, 0);
    console.log(
      `\nCharging a month (${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, PostgreSQL)`,
    );
    console.log(
      `  data: ${SCHOOLS} schools, ${STUDENTS} students, ${RECORDS} records (${crossDay} across a billing day, ${crossPrice} across the price change), inserted in ${(insertMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  chargeAll: ${(run.ms / 1000).toFixed(2)} s for ${run.schools} schools, ${run.details} details; cost ${run.costFen} fen (expected ${totalCost}), paid ${run.paidFen}, owed ${run.owedFen}`,
    );
    console.log(
      `  charging process${childFlags.length ? ` (${childFlags.join(' ')})` : ''} RSS: ${mb(run.rssBefore).toFixed(0)} MB before, peak ${mb(run.peakRss).toFixed(0)} MB sampled, max ${mb(run.maxRss).toFixed(0)} MB (kernel)`,
    );
    console.log(
      `  PostgreSQL backends' private memory, peak sampled: ${mb(run.peakBackend).toFixed(0)} MB`,
    );
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await scratch.drop();
  }
  if (failed) process.exit(1);
}

if (process.argv[2] === '--charge') await charge(process.argv[3]!);
else await main();
