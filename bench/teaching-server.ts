/**
 * The server side of `bench/teaching.ts`: the platform on a fresh PostgreSQL database with one
 * school of 10,000 students and 300 teaching tasks of one course, each issued to 1,000 of them
 * (300,000 student tasks, 30 per student), 20 of the students signed in, and a terminal lab
 * running for one of them. Prints one JSON line describing what it serves.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { courseSteps, studentTasks } from '../apps/server/src/db/schema';
import { createEnvironment, createSchool, signedIn } from '../apps/server/src/test/factories';
import { createHarness } from '../apps/server/src/test/harness';
import { insertCourseTree } from '../apps/server/src/features/courses/courses.tree';
import { labsApi } from '@platform/contract';

const studentCount = 10_000;
const taskCount = 300;
const tasksPerStudent = 30;
const signedInCount = 20;

const h = await createHarness();
const db = h.ctx.db;
const school = await createSchool(h.ctx);
const teacher = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['teacher'] });
const env = await createEnvironment(h.ctx);
const doc = (text: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const courseId = await insertCourseTree(h.ctx, {
  id: h.ctx.ids.next(),
  schoolId: school.id,
  authorId: teacher.id,
  course: {
    name: { zh: '基准课程', en: 'Bench course' },
    difficulty: 'easy',
    specialty: 'iot',
    envIds: [env.id],
  },
  chapters: [
    {
      name: { zh: '第1章 实训', en: 'Chapter 1 Lab' },
      steps: [
        {
          name: { zh: '1-1 阅读', en: '1-1 Read' },
          content: { type: 'document', doc: { zh: doc('阅读') } },
        },
        {
          name: { zh: '1-2 实训', en: '1-2 Lab' },
          content: {
            type: 'training',
            doc: { zh: doc('在终端中完成') },
            envId: env.id,
            commands: [],
            checks: [
              {
                kind: 'file',
                title: { zh: '说明文件' },
                score: 3,
                path: 'README.txt',
                contains: 'hello',
              },
              { kind: 'script', title: { zh: '结果文件' }, score: 5, script: 'test -s result.txt' },
              {
                kind: 'output',
                title: { zh: '系统' },
                score: 2,
                command: 'uname -s',
                contains: 'Linux',
                hidden: true,
              },
            ],
          },
        },
        {
          name: { zh: '1-3 报告', en: '1-3 Report' },
          content: { type: 'report', doc: { zh: doc('写报告') } },
        },
      ],
    },
  ],
});
const steps = await db
  .select({ id: courseSteps.id })
  .from(courseSteps)
  .where(eq(courseSteps.courseId, courseId))
  .orderBy(courseSteps.position);
const stepIds = steps.map((r) => r.id);

const students = [];
for (let i = 0; i < signedInCount; i++)
  students.push(await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] }));

const userBase = 1_000_000_000_000_000n;
const taskBase = 2_000_000_000_000_000n;
const studentTaskBase = 3_000_000_000_000_000n;
await db.execute(sql`
  insert into users (id, school_id, username, password_hash, name)
  select ${userBase}::bigint + g, ${school.id}, 'bench' || g, 'x', 'Student ' || g
  from generate_series(1, ${studentCount - signedInCount}) g`);
await db.execute(sql`
  insert into teaching_tasks (id, school_id, teacher_id, name, kind, course_id, time_type, start_at, end_at, has_report, created_at)
  select ${taskBase}::bigint + g, ${school.id}, ${teacher.id}, 'Task ' || g,
    (array['practice','exercise','exam'])[1 + g % 3], ${courseId}, 'range',
    now() - interval '1 day', now() + interval '30 days', g % 2 = 0, now() - (g || ' minutes')::interval
  from generate_series(0, ${taskCount - 1}) g`);
for (const [position, stepId] of stepIds.entries())
  await db.execute(sql`
    insert into teaching_task_steps (task_id, step_id, position)
    select ${taskBase}::bigint + g, ${stepId}, ${position} from generate_series(0, ${taskCount - 1}) g`);
await db.execute(sql`
  with everyone as (
    select id, row_number() over (order by id) - 1 as k from users
    where school_id = ${school.id} and id <> ${teacher.id}
  )
  insert into student_tasks (id, school_id, task_id, student_id, status, progress, auto_max, created_at)
  select ${studentTaskBase}::bigint + e.k * ${tasksPerStudent} + j, ${school.id},
    ${taskBase}::bigint + (e.k % 10) * ${tasksPerStudent} + j, e.id, (e.k + j) % 3, ((e.k + j) * 7) % 101, 10,
    now() - (((e.k % 10) * ${tasksPerStudent} + j) || ' minutes')::interval
  from everyone e cross join generate_series(0, ${tasksPerStudent - 1}) j`);
await db.execute(sql`vacuum analyze`);
const [counted] = await db.select({ n: count() }).from(studentTasks);

const labStudent = students[0]!;
const started = await h.app.inject({
  method: 'POST',
  url: labsApi.start.path,
  headers: labStudent.headers,
  payload: { expEnvId: env.id },
});
if (started.json().code !== 200) throw new Error(`lab start: ${started.body}`);
await h.app.labs.runtime.settle();
const [labTask] = await db
  .select({ id: studentTasks.id })
  .from(studentTasks)
  .where(and(eq(studentTasks.studentId, labStudent.id), eq(studentTasks.status, 0)))
  .orderBy(studentTasks.id)
  .limit(1);

await h.app.listen({ port: 0, host: '127.0.0.1' });
const port = (h.app.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({
    port,
    database: h.database.kind,
    studentTasks: counted!.n,
    students: students.map((s) => ({ id: s.id, token: s.token })),
    courseId,
    trainingStepId: stepIds[1],
    labStudentTaskId: labTask?.id,
  })}\n`,
);

process.on('SIGTERM', () => {
  void h.close().then(() => process.exit(0));
});
