/**
 * The server side of `bench/courses.ts`: the platform on a fresh PostgreSQL database with one
 * school holding 500 courses open for self-study and one more course of 30 chapters × 20 steps,
 * a teacher and a student of that school signed in. Prints one JSON line describing what it serves.
 */
import { createEnvironment, createSchool, signedIn } from '../apps/server/src/test/factories';
import { createHarness } from '../apps/server/src/test/harness';
import {
  insertCourseTree,
  type CourseTree,
} from '../apps/server/src/features/courses/courses.tree';

const courseCount = 500;
const chapters = 30;
const stepsPerChapter = 20;

const h = await createHarness();
const school = await createSchool(h.ctx);
const teacher = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['teacher'] });
const student = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
const env = await createEnvironment(h.ctx);

const doc = (text: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const specialties = [
  'ai',
  'iot',
  'big-data',
  'blockchain',
  'industrial-iot',
  'digital-business',
] as const;
const difficulties = ['entry', 'easy', 'harder', 'high'] as const;

function tree(n: number, chapterCount: number, steps: number): CourseTree {
  return {
    id: h.ctx.ids.next(),
    schoolId: school.id,
    authorId: teacher.id,
    selfStudy: true,
    course: {
      name: { zh: `课程 ${n}`, en: `Course ${n}` },
      difficulty: difficulties[n % difficulties.length]!,
      specialty: specialties[n % specialties.length]!,
      overview: { zh: `第 ${n} 门课程的概述`, en: `Overview of course ${n}` },
      description: { zh: doc(`课程 ${n} 介绍`), en: doc(`About course ${n}`) },
      envIds: [env.id],
    },
    chapters: Array.from({ length: chapterCount }, (_, c) => ({
      name: { zh: `第${c + 1}章 章节 ${c + 1}`, en: `Chapter ${c + 1} Part ${c + 1}` },
      description: { zh: `章节 ${c + 1} 描述`, en: `Part ${c + 1}` },
      steps: Array.from({ length: steps }, (_, s) => ({
        name: { zh: `${c + 1}-${s + 1} 步骤`, en: `${c + 1}-${s + 1} Step` },
        content:
          s % 5 === 4
            ? {
                type: 'training' as const,
                doc: { en: doc('Run the lab') },
                envId: env.id,
                commands: [],
              }
            : {
                type: 'document' as const,
                doc: { zh: doc(`步骤 ${s + 1}`), en: doc(`Step ${s + 1}`) },
              },
      })),
    })),
  };
}

for (let i = 0; i < courseCount; i++) await insertCourseTree(h.ctx, tree(i + 1, 1, 2));
const big = await insertCourseTree(h.ctx, tree(0, chapters, stepsPerChapter));

await h.app.listen({ port: 0, host: '127.0.0.1' });
const port = (h.app.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({
    port,
    database: h.database.kind,
    teacher: teacher.token,
    student: student.token,
    bigCourseId: big,
    courses: courseCount + 1,
  })}\n`,
);

process.on('SIGTERM', () => {
  void h.close().then(() => process.exit(0));
});
