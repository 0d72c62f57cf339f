/**
 * Durability of money under kill -9 (issue 14): the real server on a fresh PostgreSQL database,
 * 1,000 operations — recharges through `order/add`, each with its own idempotency key, and
 * closed lab usage records the server's billing tick charges — with the server killed with
 * SIGKILL in the middle and started again. Every recharge whose answer did not arrive is sent
 * again with the same key; then, with SQL: every recharge is booked exactly once (those answered
 * before the kill with the order they were answered with), every usage record is charged exactly
 * once and in full, each charging run is booked once with what its details paid, and the ledger
 * reconciles. Exits non-zero on any loss or duplicate.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:billing-durability
 * (KILLS=n kills it n times, at evenly spaced operations; WORKERS sets how many are in flight.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { scratchDatabase } from './scratch-database';
import { authApi, billingApi, systemApi } from '@platform/contract';
import { openPostgres } from '../apps/server/src/db/client';
import { reconcile } from '../apps/server/src/features/billing/billing.ledger';
import { IdGenerator } from '../apps/server/src/lib/ids';

const OPS = Number(process.env.OPS ?? 1_000);
const WORKERS = Number(process.env.WORKERS ?? 8);
/** How many times the server is killed, at evenly spaced operations (once: in the middle). */
const KILLS = Number(process.env.KILLS ?? 1);
const SCHOOLS = 5;
const STUDENTS_PER_SCHOOL = 20;
const PASSWORD = 'Bench_durable_1';
const BASIC = `Basic ${Buffer.from('platform-web:platform-web-secret').toString('base64')}`;
const hour = 3_600_000;
/** 60 fen an hour for one core: a record of k minutes costs k fen. */
const fenPerHour = 60;

const root = path.resolve(import.meta.dirname, '..');

/** A small deterministic generator, so every run sends the same operations. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Recharge {
  kind: 'recharge';
  key: string;
  body: Record<string, unknown>;
  rechargeFen: number;
  giftFen: number;
  /** The order id of the answer, once one arrived. */
  answered: string | null;
  answeredBeforeKill: boolean;
  failures: string[];
}
interface Usage {
  kind: 'usage';
  id: string;
  schoolId: string;
  userId: string;
  start: number;
  minutes: number;
}
type Operation = Recharge | Usage;

async function main() {
  const scratch = await scratchDatabase('billing_durability');
  const { url } = scratch;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-durability-'));
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'durability-bench' });
  pool.on('error', () => {});
  let failed = false;
  const check = (ok: boolean, what: string) => {
    if (!ok) failed = true;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  };

  const startServer = async () => {
    const proc = spawn(
      process.execPath,
      ['--max-semi-space-size=16', '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED_PASSWORD: PASSWORD,
          LOG_LEVEL: 'warn',
          BILLING_TICK_MS: '200',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const t0 = performance.now();
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${origin}${systemApi.health.path}`)).ok)
          return { proc, ms: performance.now() - t0 };
      } catch {
        // not listening yet
      }
      if (proc.exitCode !== null) break;
      await sleep(100);
    }
    proc.kill('SIGKILL');
    throw new Error('the server did not start');
  };

  const signIn = async () => {
    const res = await fetch(`${origin}${authApi.token.path}`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'operator01',
        password: PASSWORD,
      }).toString(),
    });
    const body = (await res.json()) as { code: number; data: { access_token: string } };
    if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return body.data.access_token;
  };

  /** One `order/add`: the order id of a 200 answer, or why there was none. */
  const sendOrder = async (
    token: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string } | { error: string }> => {
    try {
      const res = await fetch(`${origin}${billingApi.orderAdd.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await res.json()) as { code: number; data?: { id?: string } };
      if (res.status === 200 && answer.data?.id) return { id: answer.data.id };
      return { error: `HTTP ${res.status}: ${JSON.stringify(answer).slice(0, 200)}` };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { error: cause ?? (error as Error).message };
    }
  };

  try {
    let started = await startServer();
    server = started.proc;
    let token = await signIn();
    const rand = random(1409);
    const now = Date.now();

    // Schools (the demo school and four more), their students, and a price set a month ago.
    const { rows: demo } = await pool.query<{ id: string }>(
      `select id::text from schools where url = 'sch_edu'`,
    );
    const schoolIds = [demo[0]!.id];
    // Ids of another worker than the server's, as another process writing records would use.
    const ids = new IdGenerator(31, 31);
    const newId = () => ids.next();
    for (let i = 1; i < SCHOOLS; i++) {
      const id = newId();
      await pool.query(`insert into schools (id, name, url, type) values ($1, $2, $3, 2)`, [
        id,
        `Durability school ${i}`,
        `durable_${i}`,
      ]);
      schoolIds.push(id);
    }
    const students = schoolIds.flatMap((schoolId, s) =>
      Array.from({ length: STUDENTS_PER_SCHOOL }, (_, i) => ({
        id: newId(),
        schoolId,
        username: `durable_${s}_${i}`,
      })),
    );
    for (const st of students) {
      await pool.query(
        `insert into users (id, school_id, username, password_hash, name) values ($1, $2, $3, '-', $3)`,
        [st.id, st.schoolId, st.username],
      );
    }
    const envId = newId();
    await pool.query(
      `insert into lab_environments (id, code, name, type, state, hidden, open_with, access_mode,
         experiment_kind, resource_kind, cpu_core, memory_size, disk_size, restart_limit, idle_timeout)
       values ($1, 'durable_terminal', 'Durability terminal', 2, 1, 0, 1, 1, '2', 'TERMINAL', 1, 1, 10, 0, 600)`,
      [envId],
    );
    await pool.query(
      `insert into billing_prices (id, item, env_kind, unit_fen, effective_from)
       values ($1, 'cpu_hour', 'TERMINAL', $2, $3)`,
      [newId(), fenPerHour, new Date(now - 30 * 24 * hour)],
    );

    const orderBody = (schoolId: string, key: string, rechargeFen: number, giftFen: number) => ({
      idempotencyKey: key,
      schoolId,
      type: 'amount',
      rechargeFen,
      giftFen,
      effectiveAt: new Date(now - hour).toISOString(),
      expiresAt: new Date(now + 365 * 24 * hour).toISOString(),
      remark: 'durability',
    });

    // The operations: half recharges, half usage records of the last hours. Each record lies
    // within one whole hour, so no billing day cuts it: k minutes of one core cost k fen.
    const hourStart = Math.floor(now / hour) * hour - 3 * hour;
    const ops: Operation[] = [];
    for (let i = 0; i < OPS; i++) {
      if (i % 2 === 0) {
        const schoolId = schoolIds[Math.floor(rand() * SCHOOLS)]!;
        const key = `durable-${randomBytes(10).toString('hex')}`;
        const rechargeFen = 100 + Math.floor(rand() * 1900);
        const giftFen = rand() < 0.3 ? Math.floor(rand() * 200) : 0;
        ops.push({
          kind: 'recharge',
          key,
          body: orderBody(schoolId, key, rechargeFen, giftFen),
          rechargeFen,
          giftFen,
          answered: null,
          answeredBeforeKill: false,
          failures: [],
        });
      } else {
        const st = students[Math.floor(rand() * students.length)]!;
        const minutes = 1 + Math.floor(rand() * 55);
        const offset = Math.floor(rand() * (60 - minutes) * 60) * 1000;
        ops.push({
          kind: 'usage',
          id: newId(),
          schoolId: st.schoolId,
          userId: st.id,
          start: hourStart + Math.floor(rand() * 3) * hour + offset,
          minutes,
        });
      }
    }
    for (let i = ops.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [ops[i], ops[j]] = [ops[j]!, ops[i]!];
    }
    const recharges = ops.filter((o): o is Recharge => o.kind === 'recharge');
    const usages = ops.filter((o): o is Usage => o.kind === 'usage');

    // Metered from the start: one order for each school before the run.
    for (const schoolId of schoolIds) {
      const first = await sendOrder(
        token,
        orderBody(schoolId, `durable-first-${schoolId}`, 500, 0),
      );
      if (!('id' in first)) throw new Error(`first order failed: ${first.error}`);
    }

    // The run: WORKERS at a time; at the middle operation (or KILLS evenly spaced ones), at a
    // moment the server is charging, it is killed with SIGKILL and started again. Operations wait
    // while it is down; those in flight lose their answers.
    const killAt = new Set(
      Array.from({ length: KILLS }, (_, k) => Math.floor((ops.length * (k + 1)) / (KILLS + 1))),
    );
    let up: Promise<void> = Promise.resolve();
    let kills = 0;
    const restartMs: number[] = [];
    const inFlightAtKill: number[] = [];
    const openAtKill: { open: number; charging: number }[] = [];
    let inFlight = 0;
    let next = 0;
    const t0 = performance.now();
    /**
     * The server's transactions open now, and whether one of them is in the charging statement
     * (known by its start: the activity view keeps a statement's first 1,024 bytes); polled for
     * up to 5 s until one is, so that the kill lands in the middle of a charge.
     */
    const chargingMoment = async () => {
      const deadline = performance.now() + 5_000;
      for (;;) {
        const { rows } = await pool.query<{ open: string; charging: string }>(
          `select count(*) filter (where xact_start is not null) as open,
             count(*) filter (where state = 'active'
               and query like '%from "lab_usage" lu%left join "billing_usage_progress"%') as charging
           from pg_stat_activity
           where datname = current_database() and application_name <> 'durability-bench'`,
        );
        const moment = { open: Number(rows[0]!.open), charging: Number(rows[0]!.charging) };
        if (moment.charging > 0 || performance.now() > deadline) return moment;
      }
    };
    const killAndRestart = async (moment: { open: number; charging: number }) => {
      server!.kill('SIGKILL');
      kills += 1;
      inFlightAtKill.push(inFlight);
      openAtKill.push(moment);
      await new Promise((r) => server!.once('exit', r));
      started = await startServer();
      server = started.proc;
      restartMs.push(started.ms);
      token = await signIn();
    };
    const worker = async () => {
      for (;;) {
        await up;
        const index = next++;
        if (index >= ops.length) return;
        if (killAt.has(index)) up = killAndRestart(await chargingMoment());
        const op = ops[index]!;
        inFlight += 1;
        if (op.kind === 'recharge') {
          const result = await sendOrder(token, op.body);
          if ('id' in result) {
            op.answered = result.id;
            op.answeredBeforeKill = kills === 0;
          } else op.failures.push(result.error);
        } else {
          await pool.query(
            `insert into lab_usage (id, container_id, user_id, school_id, env_id, env_name,
               resource_kind, resources, started_at, stopped_at, stop_reason)
             values ($1, $1, $2, $3, $4, 'Durability terminal', 'TERMINAL',
               '{"cpuCore":1,"memorySize":0,"diskSize":0,"gpuCount":0}', $5, $6, 'user')`,
            [
              op.id,
              op.userId,
              op.schoolId,
              envId,
              new Date(op.start),
              new Date(op.start + op.minutes * 60_000),
            ],
          );
        }
        inFlight -= 1;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await up;
    const runMs = performance.now() - t0;

    // What the unanswered recharges found: booked before the kill, or not at all.
    const unanswered = recharges.filter((r) => !r.answered);
    const { rows: bookedUnanswered } = await pool.query<{ idempotency_key: string }>(
      `select idempotency_key from billing_orders where idempotency_key = any($1::text[])`,
      [unanswered.map((r) => r.key)],
    );
    const sentAgain = unanswered.length;
    const reasons = new Map<string, number>();
    for (const r of unanswered)
      for (const f of r.failures) reasons.set(f, (reasons.get(f) ?? 0) + 1);
    for (const r of unanswered) {
      const result = await sendOrder(token, r.body);
      if ('id' in result) r.answered = result.id;
      else r.failures.push(result.error);
    }
    // Answered ones sent again, too: the same order answers.
    const repeats = recharges.filter((r) => r.answeredBeforeKill).slice(0, 50);
    let repeatsSame = 0;
    for (const r of repeats) {
      const result = await sendOrder(token, r.body);
      if ('id' in result && result.id === r.answered) repeatsSame += 1;
    }

    // The tick charges what is left.
    const openRecords = async () => {
      const { rows } = await pool.query<{ n: string }>(
        `select count(*) as n from lab_usage lu
         left join billing_usage_progress bp on bp.usage_id = lu.id where bp.done is not true`,
      );
      return Number(rows[0]!.n);
    };
    const waitFrom = performance.now();
    while ((await openRecords()) > 0 && performance.now() - waitFrom < 60_000) await sleep(200);

    // The checks.
    check(
      recharges.every((r) => r.answered),
      `every recharge answered in the end: ${recharges.filter((r) => r.answered).length} of ${recharges.length}`,
    );
    const { rows: orders } = await pool.query<{
      id: string;
      idempotency_key: string;
      recharge_fen: string;
      gift_fen: string;
    }>(
      `select id::text, idempotency_key, recharge_fen, gift_fen from billing_orders
       where idempotency_key like 'durable-%' and idempotency_key not like 'durable-first-%'`,
    );
    const byKey = new Map(orders.map((o) => [o.idempotency_key, o]));
    const wrongOrders = recharges.filter((r) => {
      const o = byKey.get(r.key);
      return (
        !o ||
        o.id !== r.answered ||
        Number(o.recharge_fen) !== r.rechargeFen ||
        Number(o.gift_fen) !== r.giftFen
      );
    });
    check(
      orders.length === recharges.length && wrongOrders.length === 0,
      `one order per recharge, the one it was answered with: ${orders.length} orders for ${recharges.length} keys, ${wrongOrders.length} wrong`,
    );
    const { rows: orderEntries } = await pool.query<{
      ref: string;
      n: string;
      recharge: string;
      gift: string;
    }>(
      // The demo seed's own order is not the bench's.
      `select ref, count(*) as n, sum(recharge_fen) as recharge, sum(gift_fen) as gift
       from billing_ledger
       where reason = 'order'
         and ref in (select id::text from billing_orders where idempotency_key like 'durable-%')
       group by ref`,
    );
    const entryOf = new Map(orderEntries.map((e) => [e.ref, e]));
    const badEntries = recharges.filter((r) => {
      const e = r.answered ? entryOf.get(r.answered) : undefined;
      return (
        !e ||
        Number(e.n) !== 1 ||
        Number(e.recharge) !== r.rechargeFen ||
        Number(e.gift) !== r.giftFen
      );
    });
    check(
      badEntries.length === 0 && orderEntries.length === recharges.length + SCHOOLS,
      `every recharge booked exactly once in the ledger: ${orderEntries.length} order entries for ${recharges.length + SCHOOLS} orders, ${badEntries.length} wrong`,
    );

    const { rows: charged } = await pool.query<{
      id: string;
      done: boolean | null;
      runs: string;
      cost: string | null;
      settled: string | null;
    }>(
      `select lu.id::text, bp.done, count(distinct d.run_id) as runs, sum(d.cost_fen) as cost,
         sum(d.gift_fen + d.recharge_fen + d.owed_fen) as settled
       from lab_usage lu
       left join billing_usage_progress bp on bp.usage_id = lu.id
       left join billing_usage_details d on d.usage_id = lu.id
       where lu.id = any($1::bigint[])
       group by lu.id, bp.done`,
      [usages.map((u) => u.id)],
    );
    const chargedById = new Map(charged.map((c) => [c.id, c]));
    const wrongUsage = usages.filter((u) => {
      const c = chargedById.get(u.id);
      return (
        !c ||
        c.done !== true ||
        Number(c.runs) !== 1 ||
        Number(c.cost) !== u.minutes ||
        Number(c.settled) !== u.minutes
      );
    });
    check(
      charged.length === usages.length && wrongUsage.length === 0,
      `every usage record charged exactly once and in full: ${charged.length} records, ${wrongUsage.length} wrong`,
    );
    for (const u of wrongUsage.slice(0, 5))
      console.log(`  record ${u.id} of ${u.minutes} fen:`, chargedById.get(u.id));

    const { rows: runs } = await pool.query<{
      run_id: string;
      gift: string;
      recharge: string;
      entries: string;
      entry_gift: string | null;
      entry_recharge: string | null;
    }>(
      `select d.run_id::text, d.gift, d.recharge, count(l.id) as entries,
         sum(l.gift_fen) as entry_gift, sum(l.recharge_fen) as entry_recharge
       from (select run_id, sum(gift_fen) as gift, sum(recharge_fen) as recharge
             from billing_usage_details group by run_id) d
       left join billing_ledger l on l.reason = 'usage' and l.ref = d.run_id::text
       group by d.run_id, d.gift, d.recharge`,
    );
    const badRuns = runs.filter((r) => {
      const paid = Number(r.gift) + Number(r.recharge);
      if (paid === 0) return Number(r.entries) !== 0;
      return (
        Number(r.entries) !== 1 ||
        -Number(r.entry_gift) !== Number(r.gift) ||
        -Number(r.entry_recharge) !== Number(r.recharge)
      );
    });
    const { rows: strays } = await pool.query<{ n: string }>(
      `select count(*) as n from billing_ledger l where l.reason = 'usage'
         and not exists (select 1 from billing_usage_details d where d.run_id::text = l.ref)`,
    );
    check(
      badRuns.length === 0 && Number(strays[0]!.n) === 0,
      `each charging run booked once with what its details paid: ${runs.length} runs, ${badRuns.length} wrong, ${strays[0]!.n} entries without details`,
    );
    const database = await openPostgres(url);
    const mismatches = await reconcile(database.db);
    await database.close();
    check(mismatches.length === 0, `the ledger reconciles (${mismatches.length} mismatches)`);

    const answeredBefore = recharges.filter((r) => r.answeredBeforeKill).length;
    console.log(
      `\nDurability under kill -9 (${os.cpus().length} cores, Node ${process.version}, PostgreSQL)`,
    );
    console.log(
      `  ${ops.length} operations (${recharges.length} recharges, ${usages.length} usage records), ${WORKERS} at a time, in ${(runMs / 1000).toFixed(1)} s; server killed ${kills} time(s), at operation ${[...killAt].join(', ')} with ${inFlightAtKill.join(', ')} operations in flight and ${openAtKill.map((o) => `${o.open}`).join(', ')} of its transactions open (${openAtKill.map((o) => `${o.charging}`).join(', ')} in the charging statement), serving again after ${restartMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`,
    );
    console.log(
      `  recharges: ${answeredBefore} answered before the first kill, ${sentAgain} unanswered and sent again with their keys (${bookedUnanswered.length} of them had been booked before their answer was lost), ${repeatsSame} of ${repeats.length} answered ones sent again answered with the same order`,
    );
    console.log(
      `  why answers did not arrive: ${[...reasons].map(([why, n]) => `${why} × ${n}`).join('; ')}`,
    );
    console.log(
      `  usage: ${usages.length} records charged in ${runs.length} runs; all charged within ${((performance.now() - waitFrom) / 1000).toFixed(1)} s of the last operation`,
    );
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await pool.end();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

await main();
