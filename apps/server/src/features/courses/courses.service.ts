import type { z } from 'zod';
import type { chapterSaveSchema, courseSaveSchema, stepSaveSchema } from '@platform/contract';
import {
  localized,
  orderChapters,
  orderSteps,
  type Bilingual,
  type ContentLanguage,
  type CourseDetail,
  type CourseEdit,
  type CourseFileUploaded,
  type CourseSummary,
  type FrontCourse,
  type QuestionAnswer,
  type StepCommand,
  type StepContent,
  type StudyStep,
  type Withheld,
  type chapterEditSchema,
  type coursePageQuerySchema,
  type stepEditSchema,
  type frontCoursePageQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import {
  courseFileKey,
  FileSigner,
  fileIdOfKey,
  fileUrlSecret,
  localDoc,
  newFileId,
  resourceKey,
  signedDocs,
} from './courses.files';
import {
  editableBy,
  requireCourseKeeper,
  requireEditable,
  requireReadable,
} from './courses.policy';
import { presentResource } from './courses.resources';
import * as repo from './courses.repo';
import * as chapterRepo from './courses.chapters.repo';
import * as resourceRepo from './courses.resources.repo';
import { isLab, fileTypes, type StoredContent } from './courses.content';
import { texts, questionResults, withheldResults } from './courses.scoring';
import { CourseAuthoring, chapterEdit, orderName } from './courses.authoring';

type CourseSaveIn = z.output<typeof courseSaveSchema>;
type ChapterSaveIn = z.output<typeof chapterSaveSchema>;
type StepSaveIn = z.output<typeof stepSaveSchema>;
type CoursePageQuery = z.output<typeof coursePageQuerySchema>;
type FrontPageQuery = z.output<typeof frontCoursePageQuerySchema>;
type ChapterEdit = z.output<typeof chapterEditSchema>;
type StepEdit = z.output<typeof stepEditSchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

type Lang = ContentLanguage;

/* The service -------------------------------------------------------------------------------- */

/** What every list of courses shows of one, in the reader's language. */
export function shownOf(
  row: Pick<repo.CourseRow, 'id' | 'name' | 'overview' | 'difficulty' | 'specialty' | 'coverKey'>,
  lang: Lang,
  signer: FileSigner,
): Pick<CourseSummary, 'id' | 'name' | 'overview' | 'difficulty' | 'specialty' | 'coverUrl'> {
  return {
    id: row.id,
    name: localized(row.name, lang),
    overview: localized(row.overview, lang),
    difficulty: row.difficulty as CourseSummary['difficulty'],
    specialty: row.specialty as CourseSummary['specialty'],
    coverUrl: signer.urlOfKey(row.id, row.coverKey),
  };
}

/** The reader's language of each text, else the other. */

/** What a student did in a step: self-study's progress, or a teaching task's own. */
export interface StepWork {
  videoSeconds: number | null;
  completedAt: Date | null;
  score: number | null;
  answers: unknown[] | null;
}

type Outline = { chapter: chapterRepo.ChapterRow; steps: chapterRepo.StepOutlineRow[] }[];
const OUTLINES_KEPT = 500;

export class CoursesService {
  private signerOf: Promise<FileSigner> | null = null;
  /**
   * Ordered chapters and steps by course, as of the course's last change: every write to a
   * chapter or step moves `updated_at` in its transaction, so a changed course is read again.
   */
  private readonly outlines = new Map<string, { at: number; outline: Outline }>();

  private readonly authoring: CourseAuthoring;

  constructor(private readonly ctx: AppContext) {
    this.authoring = new CourseAuthoring(ctx, {
      signer: () => this.signer(),
      summaryOf: (id, schoolId, lang) => this.summaryOf(id, schoolId, lang),
    });
  }

  /** The signer of the course files' addresses (and, through `for`, of other routes'). */
  signer(): Promise<FileSigner> {
    this.signerOf ??= fileUrlSecret(this.ctx.db).then(
      (secret) => new FileSigner(secret, this.ctx.now),
    );
    this.signerOf.catch(() => {
      this.signerOf = null;
    });
    return this.signerOf;
  }

  /* Keepers: courses ------------------------------------------------------------------------- */

  /** A course as its lists show it to the caller. */
  summary(
    row: repo.CourseListRow,
    schoolId: string,
    lang: Lang,
    signer: FileSigner,
  ): CourseSummary {
    return {
      ...shownOf(row, lang, signer),
      schoolId: row.schoolId,
      authorId: row.authorId,
      authorName: row.authorName,
      reviewStatus: row.reviewStatus,
      selfStudy: row.selfStudy,
      chapterCount: row.chapterCount,
      stepCount: row.stepCount,
      purchasedUntil: row.purchasedUntil?.toISOString() ?? null,
      editable: editableBy(row, schoolId),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async listed(id: string, schoolId: string) {
    return requireReadable(await repo.findCourseListed(this.ctx.db, id, schoolId), schoolId);
  }

  private async summaryOf(id: string, schoolId: string, lang: Lang): Promise<CourseSummary> {
    const [row, signer] = await Promise.all([this.listed(id, schoolId), this.signer()]);
    return this.summary(row, schoolId, lang, signer);
  }

  async page(actor: Actor, q: CoursePageQuery, lang: Lang): Promise<Page<CourseSummary>> {
    const schoolId = requireCourseKeeper(actor);
    const [{ records, total }, signer] = await Promise.all([
      repo.pageCourses(this.ctx.db, schoolId, q.owner, q, q.pageNum, q.pageSize),
      this.signer(),
    ]);
    return {
      records: records.map((r) => this.summary(r, schoolId, lang, signer)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** The public site's courses: the platform's live ones, never a school's (decision 0028). */
  async frontPage(q: FrontPageQuery, lang: Lang): Promise<Page<FrontCourse>> {
    const [{ records, total }, signer] = await Promise.all([
      repo.pagePlatformCourses(this.ctx.db, q, q.pageNum, q.pageSize),
      this.signer(),
    ]);
    const chapters = await chapterRepo.chaptersOfCourses(
      this.ctx.db,
      records.map((r) => r.id),
    );
    const byCourse = new Map<string, chapterRepo.ChapterRow[]>();
    for (const c of chapters) byCourse.set(c.courseId, [...(byCourse.get(c.courseId) ?? []), c]);
    return {
      records: records.map((r) => ({
        ...shownOf(r, lang, signer),
        chapterCount: r.chapterCount,
        stepCount: r.stepCount,
        chapters: orderChapters(byCourse.get(r.id) ?? [], orderName).map((c) => ({
          id: c.id,
          name: localized(c.name, lang),
        })),
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** Chapters in course order, each with its steps in course order. */
  private outline<S extends { chapterId: string; name: Bilingual }>(
    chapters: chapterRepo.ChapterRow[],
    steps: S[],
  ): { chapter: chapterRepo.ChapterRow; steps: S[] }[] {
    const byChapter = new Map<string, S[]>();
    for (const s of steps) {
      const list = byChapter.get(s.chapterId);
      if (list) list.push(s);
      else byChapter.set(s.chapterId, [s]);
    }
    return orderChapters(chapters, orderName).map((chapter) => ({
      chapter,
      steps: orderSteps(byChapter.get(chapter.id) ?? [], orderName),
    }));
  }

  /** The course's chapters in course order, each with its steps in course order. */
  async orderedOutline(course: { id: string; updatedAt: Date }): Promise<Outline> {
    const at = course.updatedAt.getTime();
    const kept = this.outlines.get(course.id);
    if (kept?.at === at) return kept.outline;
    const [chapters, steps] = await Promise.all([
      chapterRepo.chaptersOf(this.ctx.db, course.id),
      chapterRepo.stepOutlinesOf(this.ctx.db, course.id),
    ]);
    const outline = this.outline(chapters, steps);
    this.outlines.delete(course.id);
    this.outlines.set(course.id, { at, outline });
    if (this.outlines.size > OUTLINES_KEPT) {
      const oldest = this.outlines.keys().next().value;
      if (oldest !== undefined) this.outlines.delete(oldest);
    }
    return outline;
  }

  async detail(actor: Actor, id: string, lang: Lang): Promise<CourseDetail> {
    const schoolId = requireCourseKeeper(actor);
    const row = await this.listed(id, schoolId);
    const { db } = this.ctx;
    const [signer, environments, outline, resources] = await Promise.all([
      this.signer(),
      repo.environmentsOf(db, id),
      this.orderedOutline(row),
      resourceRepo.resourcesOf(db, id),
    ]);
    return {
      ...this.summary(row, schoolId, lang, signer),
      description: localDoc(row.description, lang, signer),
      environments,
      chapters: outline.map(({ chapter, steps: list }) => ({
        id: chapter.id,
        name: localized(chapter.name, lang),
        description: localized(chapter.description, lang),
        steps: list.map((s) => ({
          id: s.id,
          name: localized(s.name, lang),
          type: s.type as StepType,
        })),
      })),
      resources: resources.map((r) => presentResource(r)),
    };
  }

  async edit(actor: Actor, id: string, lang: Lang): Promise<CourseEdit> {
    const schoolId = requireCourseKeeper(actor);
    const row = requireEditable(await repo.findCourseListed(this.ctx.db, id, schoolId), schoolId);
    const { db } = this.ctx;
    const [signer, environments, chapters, steps] = await Promise.all([
      this.signer(),
      repo.environmentsOf(db, id),
      chapterRepo.chaptersOf(db, id),
      chapterRepo.stepsOf(db, id),
    ]);
    return {
      ...this.summary(row, schoolId, lang, signer),
      names: row.name,
      overviews: row.overview,
      descriptions: signedDocs(row.description, signer),
      coverFileId: fileIdOfKey(id, row.coverKey),
      envIds: environments.map((e) => e.id),
      environments,
      chapters: this.outline(chapters, steps).map(({ chapter, steps: list }) =>
        chapterEdit(chapter, list, signer),
      ),
    };
  }

  /* Keepers: changes to courses, chapters and steps, uploads --------------------------------- */

  save(actor: Actor, body: CourseSaveIn, lang: Lang): Promise<CourseSummary> {
    return this.authoring.save(actor, body, lang);
  }

  remove(actor: Actor, id: string): Promise<void> {
    return this.authoring.remove(actor, id);
  }

  transfer(actor: Actor, id: string, teacherId: string, lang: Lang): Promise<CourseSummary> {
    return this.authoring.transfer(actor, id, teacherId, lang);
  }

  setSelfStudy(actor: Actor, id: string, open: boolean, lang: Lang): Promise<CourseSummary> {
    return this.authoring.setSelfStudy(actor, id, open, lang);
  }

  chapterSave(actor: Actor, body: ChapterSaveIn): Promise<ChapterEdit> {
    return this.authoring.chapterSave(actor, body);
  }

  chapterDelete(actor: Actor, id: string): Promise<void> {
    return this.authoring.chapterDelete(actor, id);
  }

  stepSave(actor: Actor, body: StepSaveIn): Promise<StepEdit> {
    return this.authoring.stepSave(actor, body);
  }

  stepDelete(actor: Actor, id: string): Promise<void> {
    return this.authoring.stepDelete(actor, id);
  }

  upload(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<CourseFileUploaded> {
    return this.authoring.upload(actor, store);
  }

  /* Files ------------------------------------------------------------------------------------ */

  /**
   * The stored key of a file at a signed address, and the name to save it under when a download
   * is asked for. A wrong or expired signature is not found, like a missing file.
   */
  async signedFile(
    courseId: string,
    fileId: string,
    q: { e: number; s: string; download?: '1' | undefined },
  ): Promise<{ key: string; download?: string }> {
    const signer = await this.signer();
    if (!signer.valid(courseId, fileId, q.e, q.s)) throw notFound('courses.file_not_found');
    const key = courseFileKey(courseId, fileId);
    if (!q.download) return { key };
    const name = await chapterRepo.fileNameOf(this.ctx.db, courseId, fileId);
    return { key, download: name ?? fileId };
  }

  /**
   * A step as a student studies it, in the reader's language, with the student's work in it;
   * `order` is the sequence of steps the previous and next ones come from.
   */
  async stepView(
    step: chapterRepo.StepRow,
    work: StepWork | undefined,
    order: readonly string[],
    lang: Lang,
    withheld: Withheld,
  ): Promise<StudyStep> {
    const [signer, environments] = await Promise.all([
      this.signer(),
      isLab(step.type) ? repo.environmentsOf(this.ctx.db, step.courseId) : Promise.resolve([]),
    ]);
    const at = order.indexOf(step.id);
    const stored = step.content as StoredContent;
    const answers = (work?.answers as QuestionAnswer[] | null) ?? null;
    const questions = stored.questions ?? null;
    return {
      id: step.id,
      courseId: step.courseId,
      chapterId: step.chapterId,
      name: localized(step.name, lang),
      type: step.type as StepType,
      doc: localDoc(stored.doc, lang, signer),
      file:
        stored.file && fileTypes.includes(step.type)
          ? {
              url: signer.url(step.courseId, stored.file.fileId),
              downloadUrl: signer.url(step.courseId, stored.file.fileId, { download: true }),
              name: stored.file.name,
            }
          : null,
      questions: questions
        ? questions.map((q) => ({
            kind: q.kind,
            stem: localized(q.stem, lang),
            score: q.score,
            options:
              q.kind === 'single' || q.kind === 'multiple'
                ? texts(
                    q.options.map((o) => o.text),
                    lang,
                  )
                : [],
          }))
        : null,
      env: environments.find((e) => e.id === step.envId) ?? null,
      commands: (step.commands as StepCommand[]).map((c) => ({
        title: localized(c.title, lang),
        command: c.command,
      })),
      progress: {
        videoSeconds: work?.videoSeconds ?? null,
        completed: Boolean(work?.completedAt),
        score: withheld === 'results' ? null : (work?.score ?? null),
        answers,
        results: withheldResults(
          questions && answers ? questionResults(questions, answers, lang) : null,
          withheld,
        ),
        withheld: questions ? withheld : null,
      },
      previousStepId: at > 0 ? order[at - 1]! : null,
      nextStepId: at >= 0 && at < order.length - 1 ? order[at + 1]! : null,
    };
  }
}

type StepType = StudyStep['type'];

export { courseFileKey, newFileId, resourceKey, type StepContent };

/** What teaching reads of courses and uses of their files: documents, signed addresses. */
export {
  FileSigner,
  hasImage,
  localDoc,
  signedDoc,
  storedDoc,
  type SignedFileRoute,
} from './courses.files';
export function courseIdByName(
  ...args: Parameters<typeof repo.courseIdByName>
): ReturnType<typeof repo.courseIdByName> {
  return repo.courseIdByName(...args);
}
export function environmentsOf(
  ...args: Parameters<typeof repo.environmentsOf>
): ReturnType<typeof repo.environmentsOf> {
  return repo.environmentsOf(...args);
}
export function grantPurchase(
  ...args: Parameters<typeof repo.grantPurchase>
): ReturnType<typeof repo.grantPurchase> {
  return repo.grantPurchase(...args);
}
export function livePlatformCourses(
  ...args: Parameters<typeof repo.livePlatformCourses>
): ReturnType<typeof repo.livePlatformCourses> {
  return repo.livePlatformCourses(...args);
}
export function purchasedCount(
  ...args: Parameters<typeof repo.purchasedCount>
): ReturnType<typeof repo.purchasedCount> {
  return repo.purchasedCount(...args);
}
export function findCourse(
  ...args: Parameters<typeof repo.findCourse>
): ReturnType<typeof repo.findCourse> {
  return repo.findCourse(...args);
}
export function findStep(
  ...args: Parameters<typeof chapterRepo.findStep>
): ReturnType<typeof chapterRepo.findStep> {
  return chapterRepo.findStep(...args);
}
export function resourcesOf(
  ...args: Parameters<typeof resourceRepo.resourcesOf>
): ReturnType<typeof resourceRepo.resourcesOf> {
  return resourceRepo.resourcesOf(...args);
}
export function stepsOf(
  ...args: Parameters<typeof chapterRepo.stepsOf>
): ReturnType<typeof chapterRepo.stepsOf> {
  return chapterRepo.stepsOf(...args);
}
export type CourseRow = repo.CourseRow;
export type ResourceRow = resourceRepo.ResourceRow;
export type StepRow = chapterRepo.StepRow;
