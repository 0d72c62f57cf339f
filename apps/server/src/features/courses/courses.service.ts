import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  answerIsRight,
  chapterSaveSchema,
  courseFileLimits,
  courseResourceMaxBytes,
  courseSaveSchema,
  labStepTypes,
  localized,
  orderChapters,
  orderSteps,
  stepSaveSchema,
  courseFileUploadFieldsSchema,
  courseResourceUploadFieldsSchema,
  type Bilingual,
  type BilingualDoc,
  type ContentLanguage,
  type CourseDetail,
  type CourseEdit,
  type CourseFileKind,
  type CourseFileUploaded,
  type CourseResource,
  type CourseSummary,
  type FrontCourse,
  type Question,
  type QuestionAnswer,
  type QuestionResult,
  type StepCheck,
  type StepCommand,
  type StepContent,
  type StudyStep,
  type Withheld,
  type chapterEditSchema,
  type coursePageQuerySchema,
  type courseResourcePageQuerySchema,
  type stepAnswerResultSchema,
  type stepEditSchema,
  type frontCoursePageQuerySchema,
} from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { FileKind } from '../../lib/file-types';
import { linearPattern } from '../../lib/patterns';
import type { FileStorage } from '../../lib/storage/storage';
import { StorageError } from '../../lib/storage/storage';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import { findEnvironments } from '../environments/environments.service';
import {
  courseFileKey,
  FileSigner,
  fileIdOfKey,
  fileUrlSecret,
  localDoc,
  newFileId,
  resourceKey,
  signedDocs,
  storedDocs,
} from './courses.files';
import {
  editableBy,
  requireCourseKeeper,
  requireEditable,
  requireReadable,
} from './courses.policy';
import * as repo from './courses.repo';

type CourseSaveIn = z.output<typeof courseSaveSchema>;
type ChapterSaveIn = z.output<typeof chapterSaveSchema>;
type StepSaveIn = z.output<typeof stepSaveSchema>;
type CoursePageQuery = z.output<typeof coursePageQuerySchema>;
type FrontPageQuery = z.output<typeof frontCoursePageQuerySchema>;
type ResourcePageQuery = z.output<typeof courseResourcePageQuerySchema>;
type ChapterEdit = z.output<typeof chapterEditSchema>;
type StepEdit = z.output<typeof stepEditSchema>;
type StepAnswerResult = z.output<typeof stepAnswerResultSchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

type Lang = ContentLanguage;

/** The name course order reads: the zh-CN one, else the en-US one (decision 0021). */
const orderName = (row: { name: Bilingual }) => row.name.zh || row.name.en || '';

const isLab = (type: string) => (labStepTypes as readonly string[]).includes(type);
const fileTypes = ['video', 'pdf', 'attachment'];
const questionTypes = ['question', 'exercises'];

/** What a step keeps in `content` (the type, environment and commands have their own columns). */
export interface StoredContent {
  doc?: BilingualDoc;
  file?: { fileId: string; name: string };
  questions?: Question[];
  /** A lab step's checks: read by teaching on the server, never sent to students. */
  checks?: StepCheck[];
}

/** The stored types a file step of each type takes (`attachment` any). */
const stepFileTypes: Record<string, readonly string[] | null> = {
  video: ['video/mp4', 'video/webm'],
  pdf: ['application/pdf'],
  attachment: null,
};
const imageTypes = ['image/jpeg', 'image/png'];

const uploadKinds: Record<CourseFileKind, FileKind> = {
  cover: 'image',
  image: 'image',
  video: 'video',
  pdf: 'pdf',
  attachment: 'attachment',
};

/** What checking and storing a course needs. */
type Deps = Pick<AppContext, 'db' | 'ids' | 'storage' | 'now'>;

/** The environments to attach: existing, enabled configurations, each once. */
async function checkedEnvironments(db: Db, envIds: string[]): Promise<string[]> {
  const unique = [...new Set(envIds)];
  const found = await findEnvironments(db, unique);
  const enabled = new Set(found.filter((e) => e.state === 1).map((e) => e.id));
  if (unique.some((id) => !enabled.has(id)))
    throw invalid('courses.env_not_found', { envIds: 'invalid_value' });
  return unique;
}

async function statOrNull(storage: FileStorage, key: string) {
  try {
    return await storage.stat(key);
  } catch (error) {
    if (error instanceof StorageError && error.reason === 'not_found') return null;
    throw error;
  }
}

/** The key of a cover: a JPG or PNG file of the course. */
async function coverKeyOf(storage: FileStorage, courseId: string, fileId: string) {
  const key = courseFileKey(courseId, fileId);
  const file = await statOrNull(storage, key);
  if (!file) throw invalid('courses.cover_not_found', { coverFileId: 'invalid_value' });
  if (!imageTypes.includes(file.contentType))
    throw invalid('courses.cover_type', { coverFileId: 'invalid_format' });
  return key;
}

const hasDoc = (doc: BilingualDoc) => Boolean(doc.zh || doc.en);

/**
 * A step's content as stored, checked against the course: documents sanitised, files of the
 * course of a type the step shows, lab steps on one of the course's environments.
 */
async function checkedContent(
  deps: Deps,
  courseId: string,
  content: StepContent,
  courseEnvIds: readonly string[],
): Promise<{ content: StoredContent; envId: string | null; commands: StepCommand[] }> {
  switch (content.type) {
    case 'document':
    case 'show':
    case 'report':
      if (!hasDoc(content.doc))
        throw invalid('common.invalid_input', { 'content.doc': 'required' });
      return {
        content: { doc: storedDocs(content.doc, courseId, 'content.doc') },
        envId: null,
        commands: [],
      };
    case 'video':
    case 'pdf':
    case 'attachment': {
      const file = await statOrNull(deps.storage, courseFileKey(courseId, content.file.fileId));
      if (!file)
        throw invalid('courses.file_not_found', { 'content.file.fileId': 'invalid_value' });
      const allowed = stepFileTypes[content.type];
      if (allowed && !allowed.includes(file.contentType))
        throw invalid('courses.file_step_type', { 'content.file.fileId': 'invalid_format' });
      return { content: { file: content.file }, envId: null, commands: [] };
    }
    case 'question':
    case 'exercises':
      return { content: { questions: content.questions }, envId: null, commands: [] };
    default: {
      if (courseEnvIds.length === 0)
        throw invalid('courses.env_first', { 'content.envId': 'invalid_value' });
      if (!courseEnvIds.includes(content.envId))
        throw invalid('courses.env_not_in_course', { 'content.envId': 'invalid_value' });
      if (!hasDoc(content.doc))
        throw invalid('common.invalid_input', { 'content.doc': 'required' });
      const refused = content.checks.findIndex(
        (c) => 'pattern' in c && c.pattern !== undefined && !linearPattern(c.pattern),
      );
      if (refused >= 0)
        throw invalid('courses.check_pattern_unsupported', {
          [`content.checks.${refused}.pattern`]: 'unsupported_pattern',
        });
      return {
        content: {
          doc: storedDocs(content.doc, courseId, 'content.doc'),
          ...(content.checks.length ? { checks: content.checks } : {}),
        },
        envId: content.envId,
        commands: content.commands,
      };
    }
  }
}

/** Opening for self-study needs chapters, each with steps. */
async function checkSelfStudyGate(db: Db, courseId: string) {
  if ((await repo.countChapters(db, courseId)) === 0)
    throw invalid('courses.no_chapters', { open: 'invalid_value' });
  if ((await repo.emptyChapterIds(db, courseId)).length > 0)
    throw invalid('courses.chapter_steps_empty', { open: 'invalid_value' });
}

/* The demo data's way in --------------------------------------------------------------------- */

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
  const chapterRows: Parameters<typeof repo.insertChapter>[1][] = [];
  const stepRows: Parameters<typeof repo.insertStep>[1][] = [];
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
    for (const row of chapterRows) await repo.insertChapter(tx, row);
    for (const row of stepRows) await repo.insertStep(tx, row);
    if (tree.selfStudy) {
      await checkSelfStudyGate(tx, courseId);
      await repo.updateCourse(tx, courseId, { selfStudy: true });
    }
    await insertResources(tx, courseId, tree.authorId, tree.resources ?? [], now);
    if (tree.purchase) await repo.insertPurchase(tx, { courseId, ...tree.purchase });
  });
  return courseId;
}

async function insertResources(
  db: Db,
  courseId: string,
  authorId: string | null,
  resources: readonly CourseTreeResource[],
  now: Date,
) {
  for (const r of resources) {
    await repo.insertResource(db, {
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
const texts = (list: Bilingual[], lang: Lang) => list.map((t) => localized(t, lang));

/** Each question's result with the right answer and the analysis, all or nothing per question. */
export function questionResults(
  questions: Question[],
  answers: QuestionAnswer[],
  lang: Lang,
): QuestionResult[] {
  return questions.map((q, i) => {
    const right = answerIsRight(q, answers[i]!);
    const result: QuestionResult = {
      right,
      score: right ? q.score : 0,
      analysis: localized(q.analysis, lang),
    };
    if (q.kind === 'single' || q.kind === 'multiple')
      result.rightOptions = q.options.flatMap((o, n) => (o.right ? [n] : []));
    else if (q.kind === 'judgement') result.rightJudgement = q.answer;
    else result.rightAnswers = texts(q.answers, lang);
    return result;
  });
}

/**
 * The answers to a question step scored, all or nothing per question; refused when the step has
 * no questions or the answers do not match them one by one.
 */
export function scoreAnswers(
  step: Pick<repo.StepRow, 'type' | 'content'>,
  answers: QuestionAnswer[],
  lang: Lang,
): StepAnswerResult {
  const questions = (step.content as StoredContent).questions;
  if (!questions || !questionTypes.includes(step.type)) throw invalid('courses.not_questions');
  const matches =
    answers.length === questions.length && questions.every((q, i) => answers[i]!.kind === q.kind);
  if (!matches) throw invalid('courses.question_mismatch', { answers: 'invalid_value' });
  const results = questionResults(questions, answers, lang);
  return {
    score: results.reduce((sum, r) => sum + r.score, 0),
    total: questions.reduce((sum, q) => sum + q.score, 0),
    results,
    withheld: null,
  };
}

/**
 * Results as the student may see them while a task holds them back (decision 0040): without
 * their keys (right answers and analyses), or not at all.
 */
export function withheldResults(
  results: QuestionResult[] | null,
  withheld: Withheld,
): QuestionResult[] | null {
  if (!results || withheld === null) return results;
  if (withheld === 'results') return null;
  return results.map(({ right, score }) => ({ right, score }));
}

/** Scored answers as the student may see them (see `withheldResults`). */
export function withheldAnswer(result: StepAnswerResult, withheld: Withheld): StepAnswerResult {
  return {
    ...result,
    score: withheld === 'results' ? null : result.score,
    results: withheldResults(result.results, withheld),
    withheld,
  };
}

/**
 * What decides that a step is done, when not the student (decision 0041): answering its
 * questions, submitting the report, or, in a teaching task, its checks reaching full marks (a lab
 * step without checks, and self-study's labs, whose checks do not run, are the student's say).
 * Null when the student's own "done" counts.
 */
export function completedBy(
  type: string,
  checked: boolean,
):
  | 'courses.completed_by_answer'
  | 'courses.completed_by_report'
  | 'teaching.completed_by_check'
  | null {
  if (questionTypes.includes(type)) return 'courses.completed_by_answer';
  if (type === 'report') return 'courses.completed_by_report';
  if (checked && isLab(type)) return 'teaching.completed_by_check';
  return null;
}

/** A file of a course's resource table as lists show it. */
export function presentResource(r: repo.ResourceRow): CourseResource {
  return {
    id: r.id,
    name: r.name,
    size: r.size,
    contentType: r.contentType,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What a student did in a step: self-study's progress, or a teaching task's own. */
export interface StepWork {
  videoSeconds: number | null;
  completedAt: Date | null;
  score: number | null;
  answers: unknown[] | null;
}

type Outline = { chapter: repo.ChapterRow; steps: repo.StepOutlineRow[] }[];
const OUTLINES_KEPT = 500;

export class CoursesService {
  private signerOf: Promise<FileSigner> | null = null;
  /**
   * Ordered chapters and steps by course, as of the course's last change: every write to a
   * chapter or step moves `updated_at` in its transaction, so a changed course is read again.
   */
  private readonly outlines = new Map<string, { at: number; outline: Outline }>();

  constructor(private readonly ctx: AppContext) {}

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
    const chapters = await repo.chaptersOfCourses(
      this.ctx.db,
      records.map((r) => r.id),
    );
    const byCourse = new Map<string, repo.ChapterRow[]>();
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
    chapters: repo.ChapterRow[],
    steps: S[],
  ): { chapter: repo.ChapterRow; steps: S[] }[] {
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
      repo.chaptersOf(this.ctx.db, course.id),
      repo.stepOutlinesOf(this.ctx.db, course.id),
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
      repo.resourcesOf(db, id),
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

  private stepEdit(step: repo.StepRow, signer: FileSigner): StepEdit {
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

  private chapterEdit(
    chapter: repo.ChapterRow,
    steps: repo.StepRow[],
    signer: FileSigner,
  ): ChapterEdit {
    return {
      id: chapter.id,
      name: chapter.name,
      description: chapter.description,
      steps: orderSteps(steps, orderName).map((s) => this.stepEdit(s, signer)),
    };
  }

  async edit(actor: Actor, id: string, lang: Lang): Promise<CourseEdit> {
    const schoolId = requireCourseKeeper(actor);
    const row = requireEditable(await repo.findCourseListed(this.ctx.db, id, schoolId), schoolId);
    const { db } = this.ctx;
    const [signer, environments, chapters, steps] = await Promise.all([
      this.signer(),
      repo.environmentsOf(db, id),
      repo.chaptersOf(db, id),
      repo.stepsOf(db, id),
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
        this.chapterEdit(chapter, list, signer),
      ),
    };
  }

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
    return this.summaryOf(id, schoolId, lang);
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
    return this.summaryOf(id, schoolId, lang);
  }

  async setSelfStudy(actor: Actor, id: string, open: boolean, lang: Lang): Promise<CourseSummary> {
    const schoolId = requireCourseKeeper(actor);
    const { db } = this.ctx;
    requireEditable(await repo.findCourse(db, id), schoolId);
    if (open) await checkSelfStudyGate(db, id);
    await repo.updateCourse(db, id, { selfStudy: open, updatedAt: this.ctx.now() });
    return this.summaryOf(id, schoolId, lang);
  }

  /* Keepers: chapters and steps -------------------------------------------------------------- */

  /** A chapter of a course of the caller's school; any other is not found. */
  private async editableChapter(schoolId: string, chapterId: string) {
    const { db } = this.ctx;
    const chapter = await repo.findChapter(db, chapterId);
    if (!chapter) throw notFound('courses.chapter_not_found');
    const course = await repo.findCourse(db, chapter.courseId);
    if (!course || course.schoolId !== schoolId) throw notFound('courses.chapter_not_found');
    return { chapter, course };
  }

  /** A step of a course of the caller's school; any other is not found. */
  private async editableStep(schoolId: string, stepId: string) {
    const step = await repo.findStep(this.ctx.db, stepId);
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
      if (id) await repo.updateChapter(tx, id, fields);
      else {
        id = this.ctx.ids.next();
        const position = await repo.nextChapterPosition(tx, body.courseId);
        await repo.insertChapter(tx, {
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
      repo.findChapter(db, id!),
      repo.stepsOfChapter(db, id!),
      this.signer(),
    ]);
    return this.chapterEdit(chapter!, steps, signer);
  }

  async chapterDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const { chapter } = await this.editableChapter(schoolId, id);
    await this.ctx.db.transaction(async (tx) => {
      await repo.deleteChapter(tx, id);
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
      const position = moved ? await repo.nextStepPosition(tx, chapter.id) : existing.position;
      if (existing) await repo.updateStep(tx, id, { ...fields, position });
      else
        await repo.insertStep(tx, {
          id,
          courseId: course.id,
          position,
          createdAt: now,
          ...fields,
        });
      await repo.touchCourse(tx, course.id, now);
    });
    const [step, signer] = await Promise.all([repo.findStep(db, id), this.signer()]);
    return this.stepEdit(step!, signer);
  }

  async stepDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const { step, course } = await this.editableStep(schoolId, id);
    await this.ctx.db.transaction(async (tx) => {
      await repo.deleteStep(tx, step.id);
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
    const signer = await this.signer();
    return {
      fileId: target.fileId,
      name: stored.fileName,
      size: stored.size,
      contentType: stored.contentType,
      url: signer.url(target.courseId, target.fileId),
    };
  }

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
    const name = await repo.fileNameOf(this.ctx.db, courseId, fileId);
    return { key, download: name ?? fileId };
  }

  /* Resources -------------------------------------------------------------------------------- */

  async resourcePage(actor: Actor, q: ResourcePageQuery): Promise<Page<CourseResource>> {
    const schoolId = requireCourseKeeper(actor);
    requireReadable(await repo.findCourse(this.ctx.db, q.courseId), schoolId);
    const { records, total } = await repo.pageResources(
      this.ctx.db,
      q.courseId,
      q.name || undefined,
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => presentResource(r)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async resourceUpload(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<CourseResource> {
    const schoolId = requireCourseKeeper(actor);
    let courseId = '';
    const id = this.ctx.ids.next();
    const stored = await store({
      maxBytes: courseResourceMaxBytes,
      plan: async (fields) => {
        const parsed = courseResourceUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw invalid('common.invalid_input', { courseId: 'invalid_value' });
        courseId = parsed.data.courseId;
        requireEditable(await repo.findCourse(this.ctx.db, courseId), schoolId);
        return {
          key: resourceKey(courseId, id),
          kinds: ['attachment'],
          maxBytes: courseResourceMaxBytes,
        };
      },
    });
    const now = this.ctx.now();
    await repo.insertResource(this.ctx.db, {
      id,
      courseId,
      name: stored.fileName,
      fileKey: stored.key,
      size: stored.size,
      contentType: stored.contentType,
      createdBy: actor.userId,
      createdAt: now,
    });
    return presentResource((await repo.findResource(this.ctx.db, id))!);
  }

  /** A resource of a course of the caller's school (the platform's are read-only). */
  private async resourceOf(schoolId: string, id: string, editing: boolean) {
    const resource = await repo.findResource(this.ctx.db, id);
    if (!resource) throw notFound('courses.resource_not_found');
    const course = await repo.findCourse(this.ctx.db, resource.courseId);
    const readable =
      course &&
      (editing
        ? course.schoolId === schoolId
        : course.schoolId === null || course.schoolId === schoolId);
    if (!readable) throw notFound('courses.resource_not_found');
    if (editing) requireEditable(course, schoolId);
    return resource;
  }

  async resourceDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const resource = await this.resourceOf(schoolId, id, true);
    await repo.deleteResource(this.ctx.db, id);
    await this.ctx.storage.delete(resource.fileKey).catch(() => undefined);
  }

  /** A resource to download, for staff of a course they read (students: `CourseStudy`). */
  async resourceDownload(actor: Actor, id: string): Promise<{ key: string; name: string }> {
    const resource = await this.resourceOf(requireCourseKeeper(actor), id, false);
    return { key: resource.fileKey, name: resource.name };
  }

  /**
   * A step as a student studies it, in the reader's language, with the student's work in it;
   * `order` is the sequence of steps the previous and next ones come from.
   */
  async stepView(
    step: repo.StepRow,
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
  for (const step of await repo.stepsOf(db, courseId)) {
    const checks = step.name.zh ? checksByName.get(step.name.zh) : undefined;
    const stored = (step.content as { checks?: StepCheck[] }).checks ?? [];
    const old = step.name.zh ? retired.get(step.name.zh) : undefined;
    if (!checks?.length) continue;
    if (stored.length && !(old && isDeepStrictEqual(stored, old))) continue;
    await repo.updateStep(db, step.id, { content: { ...step.content, checks } });
  }
}

/** What teaching reads of courses and uses of their files: documents, signed addresses. */
export {
  FileSigner,
  hasImage,
  localDoc,
  signedDoc,
  storedDoc,
  type SignedFileRoute,
} from './courses.files';
export {
  courseIdByName,
  environmentsOf,
  grantPurchase,
  livePlatformCourses,
  purchasedCount,
  findCourse,
  findStep,
  resourcesOf,
  stepsOf,
  type CourseRow,
  type ResourceRow,
  type StepRow,
} from './courses.repo';
