import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../../lib/context';
import type { FileStorage } from '../../lib/storage/storage';
import {
  courseFileKey,
  courseIdByName,
  newFileId,
  resourceKey,
  resourcesOf,
} from '../courses/courses.service';
import {
  addCourseResources,
  addMissingChecks,
  insertCourseTree,
  replaceCover,
  type CourseTreeResource,
  type CourseTreeStep,
} from '../courses/courses.tree';
import { envIdsByCode } from '../environments/environments.service';
import {
  demoCourses,
  retiredDemoChecks,
  type DemoCourse,
  type DemoFile,
  type DemoResource,
  type DemoStep,
} from './demo-courses';

const mediaDir = path.join(import.meta.dirname, 'demo-media');

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

/** Stores a file of `demo-media/` under `key`, with the type its extension names. */
async function put(storage: FileStorage, key: string, file: string, contentType?: string) {
  const bytes = fs.readFileSync(path.join(mediaDir, file));
  await storage.put(key, Readable.from([bytes]), {
    contentType: contentType ?? contentTypes[path.extname(file)] ?? 'application/octet-stream',
  });
  return bytes.length;
}

/** Stores the files of a course's resource table under the course, each with a new id. */
async function storeResources(
  ctx: { ids: { next(): string }; storage: FileStorage },
  courseId: string,
  resources: readonly DemoResource[],
): Promise<CourseTreeResource[]> {
  const stored: CourseTreeResource[] = [];
  // Lists show the newest first: the last is stored first, so they read as written here.
  for (const r of [...resources].reverse()) {
    const id = ctx.ids.next();
    const size = await put(ctx.storage, resourceKey(courseId, id), r.file, r.contentType);
    stored.unshift({ id, name: r.name, size, contentType: r.contentType });
  }
  return stored;
}

/** The checks of a demo course's lab steps, by the steps' Chinese names. */
const checksOf = (demo: (typeof demoCourses)[number]) =>
  new Map(
    demo.chapters.flatMap((c) =>
      c.steps.flatMap((s) =>
        'checks' in s && s.checks && s.name.zh ? [[s.name.zh, s.checks] as const] : [],
      ),
    ),
  );

/**
 * Demo courses: by default the demo school's, written by its first teacher and open for
 * self-study; with no school, the platform's. Their files are stored first, under the course's
 * id, then each course goes in as one tree.
 */
export async function seedDemoCourses(
  ctx: Pick<AppContext, 'db' | 'ids' | 'storage' | 'now'>,
  schoolId: string | null,
  authorId: string | null,
  courses: DemoCourse[] = demoCourses,
) {
  const envIds = await envIdsByCode(
    ctx.db,
    courses.flatMap((c) => c.envCodes),
  );
  for (const demo of courses) {
    const existing = await courseIdByName(ctx.db, schoolId, demo.name.zh);
    if (existing) {
      await addMissingChecks(ctx.db, existing, checksOf(demo), retiredDemoChecks);
      continue;
    }
    const id = ctx.ids.next();
    const store = async (file: DemoFile) => {
      const fileId = newFileId();
      await put(ctx.storage, courseFileKey(id, fileId), file.file);
      return { fileId, name: file.name };
    };
    const envOf = (code: string) => {
      const envId = envIds.get(code);
      if (!envId) throw new Error(`demo environment ${code} is missing`);
      return envId;
    };
    const step = async (s: DemoStep): Promise<CourseTreeStep> => {
      switch (s.type) {
        case 'video':
        case 'pdf':
        case 'attachment':
          return { name: s.name, content: { type: s.type, file: await store(s.file) } };
        case 'question':
        case 'exercises':
          return { name: s.name, content: { type: s.type, questions: s.questions } };
        case 'training':
        case 'emulation':
        case 'terminal':
          return {
            name: s.name,
            content: {
              type: s.type,
              doc: s.doc,
              envId: envOf(s.envCode),
              commands: s.commands,
              checks: s.checks ?? [],
            },
          };
        default:
          return { name: s.name, content: { type: s.type, doc: s.doc } };
      }
    };
    const chapters = [];
    for (const c of demo.chapters) {
      const steps = [];
      for (const s of c.steps) steps.push(await step(s));
      chapters.push({
        name: c.name,
        ...(c.description ? { description: c.description } : {}),
        steps,
      });
    }
    const cover = await store(demo.cover);
    await insertCourseTree(ctx, {
      id,
      schoolId,
      authorId,
      course: {
        name: demo.name,
        difficulty: demo.difficulty,
        specialty: demo.specialty,
        overview: demo.overview,
        description: demo.description,
        coverFileId: cover.fileId,
        envIds: demo.envCodes.map(envOf),
      },
      selfStudy: demo.selfStudy,
      chapters,
      resources: await storeResources(ctx, id, demo.resources ?? []),
    });
  }
}

/**
 * Brings demo courses seeded before demo seed version 11 up to date: their resource tables, when
 * empty, get the demo's files; with `covers`, each gets the demo's cover (the platform course
 * wore the MQTT course's).
 */
export async function upgradeDemoCourses(
  ctx: Pick<AppContext, 'db' | 'ids' | 'storage' | 'now'>,
  schoolId: string | null,
  authorId: string | null,
  courses: DemoCourse[],
  { covers }: { covers: boolean },
) {
  for (const demo of courses) {
    const id = await courseIdByName(ctx.db, schoolId, demo.name.zh);
    if (!id) continue;
    if (demo.resources?.length && (await resourcesOf(ctx.db, id)).length === 0)
      await addCourseResources(ctx, id, authorId, await storeResources(ctx, id, demo.resources));
    if (covers) {
      const fileId = newFileId();
      await put(ctx.storage, courseFileKey(id, fileId), demo.cover.file);
      await replaceCover(ctx, id, fileId);
    }
  }
}
