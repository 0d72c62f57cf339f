/**
 * The teaching loop on PostgreSQL with 10,000 students and 300,000 student tasks: the students'
 * task list at 200 requests per second (filters and pages varied), report autosave at 100 writes
 * per second (then every report read back: a write is lost when the stored revision is not the
 * last one sent), and checks of a running lab from press to result, one after another.
 * Budgets: list and autosave p99 ≤ 50 ms, 0 lost; a check p95 ≤ 1 s.
 * Usage: DATABASE_URL=postgres://… npm run bench:teaching   (DURATION=seconds of each run)
 */
import os from 'node:os';
import { teachingPaths } from '@platform/contract';
import { startBenchServer } from './bench-server';
import { paced, type PacedRequest } from './paced';

const duration = Number(process.env.DURATION ?? 30);
const { server, setup } = await startBenchServer<{
  port: number;
  database: string;
  studentTasks: number;
  students: { id: string; token: string }[];
  courseId: string;
  trainingStepId: string;
  labStudentTaskId: string;
}>('bench/teaching-server.ts');
const base = `http://127.0.0.1:${setup.port}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function call<T>(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; data: T };
}

const lang = (n: number) => (n % 2 ? 'en' : 'zh-CN');
const listPath = (n: number) => {
  const filters = [
    `pageNum=${(n % 3) + 1}`,
    n % 4 === 1 ? 'status=not_submitted' : '',
    n % 5 === 2 ? 'name=Task%201' : '',
    n % 6 === 3 ? 'isReport=1' : '',
    n % 7 === 4 ? 'taskType=1' : '',
    n % 9 === 5 ? `courseId=${setup.courseId}` : '',
  ].filter(Boolean);
  return `${teachingPaths.ownList.path}?${filters.join('&')}`;
};
const student = (n: number) => setup.students[n % setup.students.length]!;

/** Each load runs 3 s unrecorded first: the numbers are of a warm server, not of its first calls. */
const WARM_UP = 3;
const listRequest = (n: number): PacedRequest => ({
  method: 'GET',
  path: listPath(n),
  headers: { ...auth(student(n).token), 'accept-language': lang(n) },
});
await paced(setup.port, 200, WARM_UP, listRequest);
const list = await paced(setup.port, 200, duration, listRequest);

// Drafts of report tasks the students may still write.
const drafts: { token: string; id: string; revision: number }[] = [];
for (const s of setup.students) {
  const page = await call<{ records: { id: string }[] }>(
    s.token,
    'GET',
    `${teachingPaths.ownList.path}?status=not_submitted&isReport=1&pageSize=5`,
  );
  for (const r of page.data.records) drafts.push({ token: s.token, id: r.id, revision: 0 });
}
const reportDoc = (n: number) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: `Draft ${n}: ${'observation '.repeat(40)}` }],
    },
  ],
});
const saveRequest = (n: number): PacedRequest => {
  const draft = drafts[n % drafts.length]!;
  draft.revision += 1;
  return {
    method: 'POST',
    path: teachingPaths.reportSave.path,
    headers: auth(draft.token),
    body: { studentTaskId: draft.id, content: reportDoc(n), revision: draft.revision },
  };
};
await paced(setup.port, 100, WARM_UP, saveRequest);
const autosave = await paced(setup.port, 100, duration, saveRequest);
let lost = 0;
for (const d of drafts) {
  const info = await call<{ revision: number }>(
    d.token,
    'GET',
    teachingPaths.reportInfo.path.replace(':id', d.id),
  );
  if (info.data.revision !== d.revision) lost++;
}

const checkTimes: number[] = [];
const labToken = setup.students[0]!.token;
let lastScore = '';
for (let i = 0; i < 40; i++) {
  const t0 = performance.now();
  const res = await call<{ score: number; max: number }>(
    labToken,
    'POST',
    teachingPaths.stepCheck.path,
    {
      studentTaskId: setup.labStudentTaskId,
      stepId: setup.trainingStepId,
    },
  );
  checkTimes.push(performance.now() - t0);
  if (res.code !== 200) throw new Error(`check failed: ${JSON.stringify(res)}`);
  lastScore = `${res.data.score}/${res.data.max}`;
}
server.kill('SIGTERM');
checkTimes.sort((a, b) => a - b);
const p95 = checkTimes[Math.ceil(0.95 * checkTimes.length) - 1]!;

console.log(
  `\nTeaching, ${setup.studentTasks} student tasks of 10,000 students (${os.cpus().length} cores, Node ${process.version}, ${setup.database})`,
);
for (const [name, r, rate] of [
  ['task list', list, 200],
  ['autosave', autosave, 100],
] as const) {
  console.log(
    `${name.padEnd(9)} ${rate} req/s for ${duration} s: ${r.total} requests, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, errors ${r.errors}`,
  );
}
console.log(`autosave  ${drafts.length} reports read back: ${lost} lost`);
console.log(
  `check     ${checkTimes.length} presses one after another: p50 ${checkTimes[Math.floor(checkTimes.length / 2)]!.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, result ${lastScore}`,
);
process.exitCode =
  list.p99 <= 50 &&
  list.errors === 0 &&
  autosave.p99 <= 50 &&
  autosave.errors === 0 &&
  lost === 0 &&
  p95 <= 1000
    ? 0
    : 1;
