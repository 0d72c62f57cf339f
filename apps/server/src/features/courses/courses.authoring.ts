import type { z } from 'zod';
import type { chapterSaveSchema, courseSaveSchema, stepSaveSchema } from '@platform/contract';
import {
  courseFileLimits,
  courseFileUploadFieldsSchema,
  orderSteps,
  type Bilingual,
  type ContentLanguage,
  type CourseFileUploaded,
  type CourseSummary,
  type chapterEditSchema,
  type stepEditSchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import { courseFileKey, type FileSigner, newFileId, signedDocs, storedDocs } from './courses.files';
import {
  editableBy,
  requireCourseKeeper,
  requireEditable,
  requireReadable,
} from './courses.policy';
import * as repo from './courses.repo';
import * as chapterRepo from './courses.chapters.repo';
import {
  isLab,
  type StoredContent,
  uploadKinds,
  checkedEnvironments,
  coverKeyOf,
  checkedContent,
  checkSelfStudyGate,
} from './courses.content';

/* What keepers change: their courses, the chapters and steps in them, and the files they upload. */

type CourseSaveIn = z.output<typeof courseSaveSchema>;
type ChapterSaveIn = z.output<typeof chapterSaveSchema>;
type StepSaveIn = z.output<typeof stepSaveSchema>;
type ChapterEdit = z.output<typeof chapterEditSchema>;
type StepEdit = z.output<typeof stepEditSchema>;
type Lang = ContentLanguage;

/** The name course order reads: the zh-CN one, else the en-US one (decision 0021). */
export const orderName = (row: { name: Bilingual }) => row.name.zh || row.name.en || '';

function stepEdit(step: chapterRepo.StepRow, signer: FileSigner): StepEdit {
  const stored = step.content as StoredContent;
  const content: Record<string, unknown> = { type: step.type, ...stored };
  if (stored.doc) content.doc = signedDocs(stored.doc, signer);
  if (isLab(step.type)) Object.assign(content, { envId: step.envId, commands: step.commands });
  return {
    id: step.id,
    chapterId: step.chapterId,
    name: step.name,
    content,
    fileUrl: stored.file ? signer.url(step.courseId, stored.file.fileId) : null,
  };
}

/** A chapter as the editor shows it, its steps in course order. */
export function chapterEdit(
  chapter: chapterRepo.ChapterRow,
  steps: chapterRepo.StepRow[],
  signer: FileSigner,
): ChapterEdit {
  return {
    id: chapter.id,
    name: chapter.name,
    description: chapter.description,
    steps: orderSteps(steps, orderName).map((s) => stepEdit(s, signer)),
  };
}

/** What authoring takes from the service: the file signer and a course's summary. */
export interface AuthoringDeps {
  signer(): Promise<FileSigner>;
  summaryOf(id: string, schoolId: string, lang: Lang): Promise<CourseSummary>;
}

export class CourseAuthoring {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: AuthoringDeps,
  ) {}

  async save(actor: Actor, body: CourseSaveIn, lang: Lang): Promise<CourseSummary> {
    const schoolId = requireCourseKeeper(actor);
    const { db, storage } = this.ctx;
    const existing = body.id
      ? requireEditable(await repo.findCourse(db, body.id), schoolId)
      : undefined;
    const id = existing?.id ?? this.ctx.ids.next();
    const envIds = await checkedEnvironments(db, body.envIds);
    if (existing) {
      const used = await repo.envIdsOfSteps(db, id);
      if (used.some((e) => !envIds.includes(e)))
        throw conflict('courses.env_in_use', { envIds: 'invalid_value' });
    }
    let coverKey = existing?.coverKey ?? null;
    if (body.coverFileId !== undefined)
      coverKey = body.coverFileId === null ? null : await coverKeyOf(storage, id, body.coverFileId);
    const fields = {
      name: body.name,
      difficulty: body.difficulty,
      specialty: body.specialty,
      overview: body.overview ?? null,
      description: body.description ? storedDocs(body.description, id, 'description') : null,
      coverKey,
      updatedAt: this.ctx.now(),
    };
    await db.transaction(async (tx) => {
      if (existing) await repo.updateCourse(tx, id, fields);
      else
        await repo.insertCourse(tx, {
          id,
          schoolId,
          authorId: actor.userId,
          createdAt: fields.updatedAt,
          ...fields,
        });
      await repo.replaceEnvironments(tx, id, envIds);
    });
    return this.deps.summaryOf(id, schoolId, lang);
  }

  /**
   * The school's own course is deleted (kept, marked deleted); a platform course leaves the
   * school's list when its purchase has ended, and is refused while the purchase holds.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const { db } = this.ctx;
    const course = requireReadable(await repo.findCourse(db, id), schoolId);
    const now = this.ctx.now();
    if (editableBy(course, schoolId)) {
      await repo.updateCourse(db, id, { deletedAt: now, selfStudy: false, updatedAt: now });
      return;
    }
    const purchase = await repo.findPurchase(db, schoolId, id);
    if (!purchase) throw new AppError('courses.not_editable', { status: 403 });
    if (purchase.validUntil > now) throw invalid('courses.purchased_in_validity');
    await repo.deletePurchase(db, schoolId, id);
  }

  async transfer(actor: Actor, id: string, teacherId: string, lang: Lang): Promise<CourseSummary> {
    const schoolId = requireCourseKeeper(actor);
    const { db, config } = this.ctx;
    requireEditable(await repo.findCourse(db, id), schoolId);
    if (!(await repo.isTeacherOf(db, schoolId, teacherId, config.webClientId)))
      throw new AppError('courses.teacher_not_found', {
        status: 404,
        fields: { teacherId: 'invalid_value' },
      });
    await repo.updateCourse(db, id, { authorId: teacherId, updatedAt: this.ctx.now() });
    return this.deps.summaryOf(id, schoolId, lang);
  }

  async setSelfStudy(actor: Actor, id: string, open: boolean, lang: Lang): Promise<CourseSummary> {
    const schoolId = requireCourseKeeper(actor);
    const { db } = this.ctx;
    requireEditable(await repo.findCourse(db, id), schoolId);
    if (open) await checkSelfStudyGate(db, id);
    await repo.updateCourse(db, id, { selfStudy: open, updatedAt: this.ctx.now() });
    return this.deps.summaryOf(id, schoolId, lang);
  }

  /* Chapters and steps -------------------------------------------------------------- */

  /** A chapter of a course of the caller's school; any other is not found. */
  private async editableChapter(schoolId: string, chapterId: string) {
    const { db } = this.ctx;
    const chapter = await chapterRepo.findChapter(db, chapterId);
    if (!chapter) throw notFound('courses.chapter_not_found');
    const course = await repo.findCourse(db, chapter.courseId);
    if (!course || course.schoolId !== schoolId) throw notFound('courses.chapter_not_found');
    return { chapter, course };
  }

  /** A step of a course of the caller's school; any other is not found. */
  private async editableStep(schoolId: string, stepId: string) {
    const step = await chapterRepo.findStep(this.ctx.db, stepId);
    if (!step) throw notFound('courses.step_not_found');
    const course = await repo.findCourse(this.ctx.db, step.courseId);
    if (!course || course.schoolId !== schoolId) throw notFound('courses.step_not_found');
    return { step, course };
  }

  async chapterSave(actor: Actor, body: ChapterSaveIn): Promise<ChapterEdit> {
    const schoolId = requireCourseKeeper(actor);
    const { db } = this.ctx;
    const now = this.ctx.now();
    let id = body.id;
    if (id) {
      const { chapter } = await this.editableChapter(schoolId, id);
      if (chapter.courseId !== body.courseId) throw notFound('courses.chapter_not_found');
    } else requireEditable(await repo.findCourse(db, body.courseId), schoolId);
    const fields = { name: body.name, description: body.description ?? null, updatedAt: now };
    await db.transaction(async (tx) => {
      if (id) await chapterRepo.updateChapter(tx, id, fields);
      else {
        id = this.ctx.ids.next();
        const position = await chapterRepo.nextChapterPosition(tx, body.courseId);
        await chapterRepo.insertChapter(tx, {
          id,
          courseId: body.courseId,
          position,
          createdAt: now,
          ...fields,
        });
      }
      await repo.touchCourse(tx, body.courseId, now);
    });
    const [chapter, steps, signer] = await Promise.all([
      chapterRepo.findChapter(db, id!),
      chapterRepo.stepsOfChapter(db, id!),
      this.deps.signer(),
    ]);
    return chapterEdit(chapter!, steps, signer);
  }

  async chapterDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const { chapter } = await this.editableChapter(schoolId, id);
    await this.ctx.db.transaction(async (tx) => {
      await chapterRepo.deleteChapter(tx, id);
      await repo.touchCourse(tx, chapter.courseId, this.ctx.now());
    });
  }

  async stepSave(actor: Actor, body: StepSaveIn): Promise<StepEdit> {
    const schoolId = requireCourseKeeper(actor);
    const { db } = this.ctx;
    const { chapter, course } = await this.editableChapter(schoolId, body.chapterId);
    const existing = body.id ? (await this.editableStep(schoolId, body.id)).step : undefined;
    if (existing && existing.courseId !== course.id) throw notFound('courses.step_not_found');
    const envIds = (await repo.environmentsOf(db, course.id)).map((e) => e.id);
    const checked = await checkedContent(this.ctx, course.id, body.content, envIds);
    const now = this.ctx.now();
    const id = existing?.id ?? this.ctx.ids.next();
    const fields = {
      chapterId: chapter.id,
      name: body.name,
      type: body.content.type,
      content: checked.content as Record<string, unknown>,
      envId: checked.envId,
      commands: checked.commands,
      updatedAt: now,
    };
    await db.transaction(async (tx) => {
      const moved = !existing || existing.chapterId !== chapter.id;
      const position = moved
        ? await chapterRepo.nextStepPosition(tx, chapter.id)
        : existing.position;
      if (existing) await chapterRepo.updateStep(tx, id, { ...fields, position });
      else
        await chapterRepo.insertStep(tx, {
          id,
          courseId: course.id,
          position,
          createdAt: now,
          ...fields,
        });
      await repo.touchCourse(tx, course.id, now);
    });
    const [step, signer] = await Promise.all([chapterRepo.findStep(db, id), this.deps.signer()]);
    return stepEdit(step!, signer);
  }

  async stepDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const { step, course } = await this.editableStep(schoolId, id);
    await this.ctx.db.transaction(async (tx) => {
      await chapterRepo.deleteStep(tx, step.id);
      await repo.touchCourse(tx, course.id, this.ctx.now());
    });
  }

  /* Files ------------------------------------------------------------------------------------ */

  /**
   * Stores a file of a course sent with its `courseId` and `kind`: images (covers too) JPG or
   * PNG, videos MP4 or WebM, PDFs, attachments of any type, each within its limit.
   */
  async upload(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<CourseFileUploaded> {
    const schoolId = requireCourseKeeper(actor);
    let target = { courseId: '', fileId: '' };
    const stored = await store({
      maxBytes: Math.max(...Object.values(courseFileLimits)),
      plan: async (fields) => {
        const parsed = courseFileUploadFieldsSchema.safeParse(fields);
        if (!parsed.success)
          throw invalid('common.invalid_input', {
            [String(parsed.error.issues[0]?.path[0] ?? 'courseId')]: 'invalid_value',
          });
        const { courseId, kind } = parsed.data;
        requireEditable(await repo.findCourse(this.ctx.db, courseId), schoolId);
        target = { courseId, fileId: newFileId() };
        const cover = kind === 'cover';
        return {
          key: courseFileKey(courseId, target.fileId),
          kinds: [uploadKinds[kind]],
          maxBytes: courseFileLimits[kind],
          ...(cover
            ? {
                tooLarge: () => new AppError('courses.cover_too_large', { status: 413 }),
                refused: () => invalid('courses.cover_type', { file: 'invalid_format' }),
              }
            : {}),
        };
      },
    });
    const signer = await this.deps.signer();
    return {
      fileId: target.fileId,
      name: stored.fileName,
      size: stored.size,
      contentType: stored.contentType,
      url: signer.url(target.courseId, target.fileId),
    };
  }
}
