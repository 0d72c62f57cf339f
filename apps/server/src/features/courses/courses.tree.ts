import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  chapterSaveSchema,
  courseSaveSchema,
  stepSaveSchema,
  type Bilingual,
  type StepCheck,
} from '@platform/contract';
import type { Db } from '../../db/client';
import { resourceKey, storedDocs } from './courses.files';
import * as repo from './courses.repo';
import * as chapterRepo from './courses.chapters.repo';
import * as resourceRepo from './courses.resources.repo';
import {
  type Deps,
  checkedEnvironments,
  coverKeyOf,
  checkedContent,
  checkSelfStudyGate,
} from './courses.content';

/* The demo data's way in: a whole course written at once, its resources and cover. */

/** A step of a course tree: its name and content as `course/step/saveOrUpdate` takes them. */
export interface CourseTreeStep {
  name: Bilingual;
  content: z.input<typeof stepSaveSchema>['content'];
}

/** A file of a course's resource table, stored first under `resourceKey(courseId, id)`. */
export interface CourseTreeResource {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/** A chapter of a course tree, its steps in their stored order. */
export interface CourseTreeChapter {
  name: Bilingual;
  description?: Bilingual;
  steps: CourseTreeStep[];
}

/**
 * A whole course as the demo data seeds it. `id` is chosen first, so that the files its cover
 * and steps name are stored before, under `courseFileKey(id, fileId)` (ids from `newFileId()`).
 * `course` is what `course/saveOrUpdate` takes; `envIds` name enabled environment
 * configurations, which lab steps' `envId` must be among. A `purchase` gives a school a platform
 * course (`schoolId` null) for a period.
 */
export interface CourseTree {
  id: string;
  schoolId: string | null;
  authorId: string | null;
  course: Omit<z.input<typeof courseSaveSchema>, 'id'>;
  selfStudy?: boolean;
  chapters: CourseTreeChapter[];
  resources?: CourseTreeResource[];
  purchase?: { schoolId: string; validFrom: Date; validUntil: Date };
}

/**
 * Inserts a course with its environments, chapters, steps and purchase in one transaction,
 * checked as the routes check them (schemas, documents, files, environments, the self-study
 * gate). A check that fails throws, and nothing is written.
 */
export async function insertCourseTree(deps: Deps, tree: CourseTree): Promise<string> {
  const { id: courseId } = tree;
  const course = courseSaveSchema.parse(tree.course);
  const envIds = await checkedEnvironments(deps.db, course.envIds);
  const coverKey = course.coverFileId
    ? await coverKeyOf(deps.storage, courseId, course.coverFileId)
    : null;
  const now = deps.now();
  const chapterRows: Parameters<typeof chapterRepo.insertChapter>[1][] = [];
  const stepRows: Parameters<typeof chapterRepo.insertStep>[1][] = [];
  for (const [position, chapter] of tree.chapters.entries()) {
    const chapterId = deps.ids.next();
    const parsed = chapterSaveSchema.parse({ courseId, ...chapter });
    chapterRows.push({
      id: chapterId,
      courseId,
      name: parsed.name,
      description: parsed.description ?? null,
      position,
      createdAt: now,
      updatedAt: now,
    });
    for (const [stepPosition, step] of chapter.steps.entries()) {
      const s = stepSaveSchema.parse({ chapterId, ...step });
      const checked = await checkedContent(deps, courseId, s.content, envIds);
      stepRows.push({
        id: deps.ids.next(),
        chapterId,
        courseId,
        name: s.name,
        type: s.content.type,
        content: checked.content as Record<string, unknown>,
        envId: checked.envId,
        commands: checked.commands,
        position: stepPosition,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.insertCourse(tx, {
      id: courseId,
      schoolId: tree.schoolId,
      name: course.name,
      difficulty: course.difficulty,
      specialty: course.specialty,
      overview: course.overview ?? null,
      description: course.description
        ? storedDocs(course.description, courseId, 'description')
        : null,
      coverKey,
      authorId: tree.authorId,
      selfStudy: false,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceEnvironments(tx, courseId, envIds);
    for (const row of chapterRows) await chapterRepo.insertChapter(tx, row);
    for (const row of stepRows) await chapterRepo.insertStep(tx, row);
    if (tree.selfStudy) {
      await checkSelfStudyGate(tx, courseId);
      await repo.updateCourse(tx, courseId, { selfStudy: true });
    }
    await insertResources(tx, courseId, tree.authorId, tree.resources ?? [], now);
    if (tree.purchase) await repo.insertPurchase(tx, { courseId, ...tree.purchase });
  });
  return courseId;
}

export async function insertResources(
  db: Db,
  courseId: string,
  authorId: string | null,
  resources: readonly CourseTreeResource[],
  now: Date,
) {
  for (const r of resources) {
    await resourceRepo.insertResource(db, {
      id: r.id,
      courseId,
      name: r.name,
      fileKey: resourceKey(courseId, r.id),
      size: r.size,
      contentType: r.contentType,
      createdBy: authorId,
      createdAt: now,
    });
  }
}

/** Adds files to a course's resource table (stored first, as for a course tree). */
export async function addCourseResources(
  deps: Pick<Deps, 'db' | 'now'>,
  courseId: string,
  authorId: string | null,
  resources: readonly CourseTreeResource[],
) {
  await insertResources(deps.db, courseId, authorId, resources, deps.now());
}

/** Gives a course the cover stored under `courseFileKey(courseId, fileId)`; the old one goes. */
export async function replaceCover(
  deps: Pick<Deps, 'db' | 'storage'>,
  courseId: string,
  fileId: string,
) {
  const course = await repo.findCourse(deps.db, courseId);
  if (!course) return;
  const coverKey = await coverKeyOf(deps.storage, courseId, fileId);
  await repo.updateCourse(deps.db, courseId, { coverKey });
  if (course.coverKey && course.coverKey !== coverKey)
    await deps.storage.delete(course.coverKey).catch(() => undefined);
}

/**
 * Gives the course's lab steps the checks listed for them by step name (Chinese) where they
 * carry none (courses written before steps had checks) or still carry the `retired` ones.
 */
export async function addMissingChecks(
  db: Db,
  courseId: string,
  checksByName: ReadonlyMap<string, StepCheck[]>,
  retired: ReadonlyMap<string, StepCheck[]> = new Map(),
) {
  for (const step of await chapterRepo.stepsOf(db, courseId)) {
    const checks = step.name.zh ? checksByName.get(step.name.zh) : undefined;
    const stored = (step.content as { checks?: StepCheck[] }).checks ?? [];
    const old = step.name.zh ? retired.get(step.name.zh) : undefined;
    if (!checks?.length) continue;
    if (stored.length && !(old && isDeepStrictEqual(stored, old))) continue;
    await chapterRepo.updateStep(db, step.id, { content: { ...step.content, checks } });
  }
}
