/**
 * 100 connections on the platform as `npm start` runs it: the real server on its embedded
 * database (PGlite in a fresh data directory) with the demo data, or on PostgreSQL with
 * `DATABASE_URL`. Each connection sends its next request as soon as the last is answered: students
 * reading their tasks, study steps and courses and saving report drafts, teachers reading their
 * task lists and dashboards, and sign-ins (right and wrong passwords). Reports the latency
 * percentiles, the answers slower than 10 s, those that never came (30 s), and the 503s.
 * Usage: npm run bench:embedded-load   (CONNECTIONS=100 DURATION=30)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile } from './stats';

const connections = Number(process.env.CONNECTIONS ?? 100);
const duration = Number(process.env.DURATION ?? 30);
const port = Number(process.env.BENCH_PORT ?? 8391);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-embedded-load-'));
const base = `http://127.0.0.1:${port}`;

let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `platform_load_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  SEED_PASSWORD: 'Demo_123456',
  DATA_DIR: dataDir,
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=16', '--import', 'tsx', 'apps/server/src/main.ts'],
  { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
);

async function ready() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const basic = `Basic ${Buffer.from('platform-web:platform-web-secret').toString('base64')}`;
async function signIn(username: string): Promise<string> {
  const res = await fetch(`${base}/api-uaa/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'Demo_123456' }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}
async function get<T>(token: string, url: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

interface Request {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

await ready();
const students = await Promise.all(['student01', 'student02'].map(signIn));
const teacher = await signIn('teacher01');
const tasks = await Promise.all(
  students.map(async (token) => {
    const list = await get<{ records: { id: string }[] }>(
      token,
      '/api-teaching/student/tasks/own/list?current=1&size=10',
    );
    const studentTaskId = list.records[0]!.id;
    const detail = await get<{ chapterDTOS: { chapterSteps: { id: string }[] }[] }>(
      token,
      `/api-teaching/student/tasks/own/detail?id=${studentTaskId}`,
    );
    const stepId = detail.chapterDTOS.flatMap((c) => c.chapterSteps)[0]!.id;
    return { token, studentTaskId, stepId };
  }),
);

let revision = 1;
const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const mix: ((n: number) => Request)[] = [
  (n) => {
    const t = tasks[n % tasks.length]!;
    return {
      name: 'student: own task list',
      method: 'GET',
      path: '/api-teaching/student/tasks/own/list?current=1&size=10',
      headers: bearer(t.token),
    };
  },
  (n) => {
    const t = tasks[n % tasks.length]!;
    return {
      name: 'student: task detail',
      method: 'GET',
      path: `/api-teaching/student/tasks/own/detail?id=${t.studentTaskId}`,
      headers: bearer(t.token),
    };
  },
  (n) => {
    const t = tasks[n % tasks.length]!;
    return {
      name: 'student: study step',
      method: 'GET',
      path: `/api-teaching/student/task/studyStep/${t.stepId}?studentTaskId=${t.studentTaskId}`,
      headers: bearer(t.token),
    };
  },
  (n) => {
    const t = tasks[n % tasks.length]!;
    const content = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: `draft ${n}` }] }],
    };
    return {
      name: 'student: save report draft',
      method: 'POST',
      path: '/api-teaching/student/report/save',
      headers: { ...bearer(t.token), ...json },
      body: JSON.stringify({ studentTaskId: t.studentTaskId, content, revision: revision++ }),
    };
  },
  (n) => ({
    name: 'student: current user',
    method: 'GET',
    path: '/api-user/users/current',
    headers: bearer(tasks[n % tasks.length]!.token),
  }),
  () => ({
    name: 'teacher: task page',
    method: 'GET',
    path: '/api-teaching/teaching/task/page?current=1&size=10',
    headers: bearer(teacher),
  }),
  () => ({
    name: 'teacher: dashboard',
    method: 'GET',
    path: '/api-teaching/teaching/dashboard',
    headers: bearer(teacher),
  }),
  () => ({
    name: 'teacher: course page',
    method: 'GET',
    path: '/api-teaching/course/page?current=1&size=10',
    headers: bearer(teacher),
  }),
  (n) => ({
    name: 'sign-in',
    method: 'POST',
    path: '/api-uaa/oauth/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: n % 2 ? 'student02' : `nobody${n}`,
      password: n % 4 === 1 ? 'Demo_123456' : 'wrong-password',
    }).toString(),
  }),
];

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = new Map<string, number[]>();
let over10s = 0;
let timeouts = 0;
let busy = 0;
let errors = 0;
let n = 0;
const send = (r: Request) =>
  new Promise<void>((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => {
          const ms = performance.now() - t0;
          if (res.statusCode === 503) busy++;
          else if ((res.statusCode ?? 500) >= 500) errors++;
          if (ms > 10_000) over10s++;
          let list = latencies.get(r.name);
          if (!list) latencies.set(r.name, (list = []));
          list.push(ms);
          resolve();
        });
      },
    );
    req.setTimeout(30_000, () => {
      timeouts++;
      req.destroy();
    });
    req.on('error', () => resolve());
    req.end(r.body);
  });

const end = Date.now() + duration * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < end) {
      const i = n++;
      await send(mix[i % mix.length]!(i));
    }
  }),
);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await dropDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });

const all = [...latencies.values()].flat();
console.log(
  `\n${connections} connections for ${duration} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (${os.cpus().length} cores, Node ${process.version})`,
);
for (const [name, ms] of latencies)
  console.log(
    `${name.padEnd(28)} n=${String(ms.length).padEnd(6)} p50 ${percentile(ms, 50).toFixed(0).padStart(6)} ms  p99 ${percentile(ms, 99).toFixed(0).padStart(6)} ms  max ${Math.max(
      ...ms,
    )
      .toFixed(0)
      .padStart(6)} ms`,
  );
console.log(
  `all: ${all.length} answers, p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms; over 10 s: ${over10s}; no answer in 30 s: ${timeouts}; 503: ${busy}; other 5xx: ${errors}`,
);
process.exit(0);
