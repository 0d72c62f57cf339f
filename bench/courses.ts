/**
 * Course reads on PostgreSQL at 200 requests per second, evenly paced: a teacher's course detail
 * of 30 chapters × 20 steps, and a student's course hall over 500 courses (pages of 10, filters
 * now and then). Reports p50, p99 and errors of each; the budget is p99 ≤ 50 ms.
 * Usage: DATABASE_URL=postgres://… npm run bench:courses   (DURATION=seconds of each run)
 */
import os from 'node:os';
import { startBenchServer } from './bench-server';
import { paced } from './paced';

const duration = Number(process.env.DURATION ?? 30);
const rate = Number(process.env.RATE ?? 200);
const { server, setup } = await startBenchServer<{
  port: number;
  database: string;
  teacher: string;
  student: string;
  bigCourseId: string;
  courses: number;
}>('bench/courses-server.ts');
const base = `http://127.0.0.1:${setup.port}`;
const detailPath = `/api-teaching/course/detail/${setup.bigCourseId}`;
const detail = (await (
  await fetch(`${base}${detailPath}`, { headers: { authorization: `Bearer ${setup.teacher}` } })
).json()) as { code: number; data: { chapters: { steps: unknown[] }[] } };
const steps = detail.data.chapters.reduce((n, c) => n + c.steps.length, 0);
if (detail.code !== 200 || steps !== 600) throw new Error(`unexpected detail: ${steps} steps`);

const specialties = ['ai', 'iot', 'big-data'];
const hallPath = (n: number) => {
  const page = (n % 50) + 1;
  const filter = n % 4 === 3 ? `&specialty=${specialties[n % specialties.length]}` : '';
  return `/api-teaching/student/course/page?pageNum=${page}&pageSize=10${filter}`;
};
const lang = (n: number) => (n % 2 ? 'en' : 'zh-CN');

const results = {
  detail: await paced(setup.port, rate, duration, (n) => ({
    method: 'GET',
    path: detailPath,
    headers: { authorization: `Bearer ${setup.teacher}`, 'accept-language': lang(n) },
  })),
  hall: await paced(setup.port, rate, duration, (n) => ({
    method: 'GET',
    path: hallPath(n),
    headers: { authorization: `Bearer ${setup.student}`, 'accept-language': lang(n) },
  })),
};
server.kill('SIGTERM');

console.log(
  `\nCourse reads, ${setup.courses} courses (${os.cpus().length} cores, Node ${process.version}, ${setup.database})`,
);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(6)} ${rate} req/s for ${duration} s: ${r.total} requests, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, errors ${r.errors}`,
  );
}
process.exitCode = Object.values(results).every((r) => r.p99 <= 50 && r.errors === 0) ? 0 : 1;
