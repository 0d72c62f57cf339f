import type { z } from 'zod';
import {
  courseFileLimits,
  coursesApi,
  docTextLength,
  localized,
  stepReportImageFieldsSchema,
  teachingLimits,
  type ContentLanguage,
  type StepReport,
  type stepReportSavedSchema,
  type CourseProgress,
  type QuestionAnswer,
  type StudentCourseCard,
  type StudentCourseInfo,
  type StudyStep,
  type stepAnswerResultSchema,
  type stepProgressSaveSchema,
  type studentCoursePageQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import {
  hasImage,
  localDoc,
  newFileId,
  signedDoc,
  storedDoc,
  type FileSigner,
  type SignedFileRoute,
} from './courses.files';
import { requireCourseStudent } from './courses.policy';
import * as repo from './courses.repo';
import * as chapterRepo from './courses.chapters.repo';
import * as resourceRepo from './courses.resources.repo';
import * as studyRepo from './courses.study.repo';
import { presentResource, type CourseResources } from './courses.resources';
import { shownOf, type CoursesService } from './courses.service';
import { completedBy, scoreAnswers, withheldAnswer } from './courses.scoring';

type Lang = ContentLanguage;
type StepReportSaved = z.output<typeof stepReportSavedSchema>;

/** Self-study reports' images: `course-reports/<reportId>/<fileId>`, read at signed addresses. */
export const stepReportFileRoute: SignedFileRoute = {
  path: coursesApi.stepReportFile.path,
  scope: 'course-report',
};
const stepReportFileKey = (reportId: string, fileId: string) =>
  `course-reports/${reportId}/${fileId}`;
type StudentPageQuery = z.output<typeof studentCoursePageQuerySchema>;
type StepAnswerResult = z.output<typeof stepAnswerResultSchema>;
type ProgressSave = z.output<typeof stepProgressSaveSchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };
type StepType = StudyStep['type'];

/**
 * What the student's teaching tasks hold back from self-study (decision 0040), as teaching
 * tells it: courses know nothing of tasks' clocks and scores.
 */
export interface StudyHolds {
  /**
   * Of the steps, those used by a task of the student whose scores are not issued: `exam` when
   * such an exam uses it (its content stays out of self-study), else `task` (its questions are not
   * answered, nor their keys shown, in self-study).
   */
  steps(studentId: string, stepIds: readonly string[]): Promise<Map<string, 'exam' | 'task'>>;
  /** Of the resources, those an exam of the student whose scores are not issued gives. */
  examResources(studentId: string, resourceIds: readonly string[]): Promise<Set<string>>;
  /** Whether a task of the student gives the resource and shows it to the student now. */
  givenByOpenTask(studentId: string, resourceId: string): Promise<boolean>;
}

function progressOf(done: number, total: number, score: number, last: Date | null): CourseProgress {
  return {
    done,
    total,
    percent: total > 0 ? Math.round((done * 100) / total) : 0,
    score,
    lastStudiedAt: last?.toISOString() ?? null,
  };
}

/**
 * Students' study of courses (decision 0024): the course hall, self culture and my study, a
 * course's outline, its steps, progress and answers, and its resources; what the student's tasks
 * hold back stays out (decision 0040).
 */
export class CourseStudy {
  constructor(
    private readonly ctx: AppContext,
    private readonly courses: CoursesService,
    private readonly resources: CourseResources,
    private readonly holds: StudyHolds,
  ) {}

  async studentPage(
    actor: Actor,
    q: StudentPageQuery,
    lang: Lang,
    list: 'hall' | 'self' | 'begun',
  ): Promise<Page<StudentCourseCard>> {
    const schoolId = requireCourseStudent(actor);
    const [{ records, total }, signer] = await Promise.all([
      studyRepo.pageStudentCourses(
        this.ctx.db,
        { schoolId, studentId: actor.userId, now: this.ctx.now(), list },
        q,
        q.pageNum,
        q.pageSize,
      ),
      this.courses.signer(),
    ]);
    return {
      records: records.map((r) => ({
        ...shownOf(r, lang, signer),
        chapterCount: r.chapterCount,
        stepCount: r.stepCount,
        selfStudy: r.selfStudy,
        progress: r.lastStudiedAt
          ? progressOf(r.done, r.stepCount, r.score, r.lastStudiedAt)
          : null,
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** A course the student sees; any other is not found. */
  private async visibleCourse(schoolId: string, courseId: string) {
    const { db } = this.ctx;
    const visible = await studyRepo.isVisibleToStudents(db, courseId, schoolId, this.ctx.now());
    const row = visible ? await repo.findCourseListed(db, courseId, schoolId) : undefined;
    if (!row) throw notFound('courses.not_found');
    return row;
  }

  async studentInfo(actor: Actor, id: string, lang: Lang): Promise<StudentCourseInfo> {
    const schoolId = requireCourseStudent(actor);
    const row = await this.visibleCourse(schoolId, id);
    const { db } = this.ctx;
    const [signer, environments, outline, resources, progress] = await Promise.all([
      this.courses.signer(),
      repo.environmentsOf(db, id),
      this.courses.orderedOutline(row),
      resourceRepo.resourcesOf(db, id),
      studyRepo.progressOfCourse(db, actor.userId, id),
    ]);
    const heldResources = await this.holds.examResources(
      actor.userId,
      resources.map((r) => r.id),
    );
    const steps = outline.flatMap((c) => c.steps);
    const byStep = new Map(progress.map((p) => [p.stepId, p]));
    const {
      editable: _e,
      purchasedUntil: _p,
      reviewStatus: _r,
      ...summary
    } = this.courses.summary(row, schoolId, lang, signer);
    const done = steps.filter((s) => byStep.get(s.id)?.completedAt).length;
    const score = steps.reduce((sum, s) => sum + (byStep.get(s.id)?.score ?? 0), 0);
    const last = progress.reduce<Date | null>(
      (at, p) => (at && at > p.updatedAt ? at : p.updatedAt),
      null,
    );
    return {
      ...summary,
      description: localDoc(row.description, lang, signer),
      environments,
      resources: resources.filter((r) => !heldResources.has(r.id)).map(presentResource),
      chapters: outline.map(({ chapter, steps: list }) => ({
        id: chapter.id,
        name: localized(chapter.name, lang),
        description: localized(chapter.description, lang),
        steps: list.map((s) => ({
          id: s.id,
          name: localized(s.name, lang),
          type: s.type as StepType,
          completed: Boolean(byStep.get(s.id)?.completedAt),
          score: byStep.get(s.id)?.score ?? null,
        })),
      })),
      progress: progressOf(done, steps.length, score, last),
    };
  }

  /**
   * A step of a course the student sees, with its course and what the student's tasks hold of
   * it; any other is not found, and one an unreleased exam of the student uses is refused.
   */
  private async visibleStep(actor: Actor, stepId: string) {
    const schoolId = requireCourseStudent(actor);
    const { db } = this.ctx;
    const step = await chapterRepo.findStep(db, stepId);
    const visible =
      step && (await studyRepo.isVisibleToStudents(db, step.courseId, schoolId, this.ctx.now()));
    if (!visible) throw notFound('courses.step_not_found');
    const held = (await this.holds.steps(actor.userId, [step.id])).get(step.id) ?? null;
    if (held === 'exam') throw conflict('courses.step_held_by_exam');
    return { schoolId, step, held };
  }

  async studyStep(actor: Actor, id: string, lang: Lang): Promise<StudyStep> {
    const { step, held } = await this.visibleStep(actor, id);
    const { db } = this.ctx;
    const [course, progress] = await Promise.all([
      repo.findCourse(db, step.courseId),
      studyRepo.findProgress(db, actor.userId, id),
    ]);
    const outline = await this.courses.orderedOutline(course!);
    const order = outline.flatMap((c) => c.steps.map((s) => s.id));
    return this.courses.stepView(step, progress, order, lang, held ? 'keys' : null);
  }

  /**
   * Keeps where the student is in a video and that a step is done. A done step stays done;
   * question steps are done by answering them, report steps by finishing the report.
   */
  async stepProgress(actor: Actor, body: ProgressSave): Promise<void> {
    const { schoolId, step } = await this.visibleStep(actor, body.stepId);
    if (body.completed === true) {
      const decider = completedBy(step.type, false);
      if (decider) throw invalid(decider, { completed: 'invalid_value' });
    }
    const now = this.ctx.now();
    const completes = body.completed === true;
    const existing = await studyRepo.findProgress(this.ctx.db, actor.userId, step.id);
    await studyRepo.saveProgress(
      this.ctx.db,
      { studentId: actor.userId, stepId: step.id, courseId: step.courseId, schoolId },
      {
        ...(body.videoSeconds !== undefined ? { videoSeconds: Math.floor(body.videoSeconds) } : {}),
        ...(completes && !existing?.completedAt ? { completedAt: now } : {}),
        updatedAt: now,
      },
    );
  }

  /**
   * Scores the answers of a question step once, all or nothing per question; refused while a task
   * of the student whose scores are not issued uses the step (decision 0040).
   */
  async stepAnswer(
    actor: Actor,
    body: { stepId: string; answers: QuestionAnswer[] },
    lang: Lang,
  ): Promise<StepAnswerResult> {
    const { schoolId, step, held } = await this.visibleStep(actor, body.stepId);
    if (held) throw conflict('courses.answer_held_by_task');
    const scored = scoreAnswers(step, body.answers, lang);
    const now = this.ctx.now();
    const stored = await studyRepo.saveAnswersOnce(
      this.ctx.db,
      { studentId: actor.userId, stepId: step.id, courseId: step.courseId, schoolId },
      { answers: body.answers, score: scored.score!, completedAt: now, updatedAt: now },
    );
    if (!stored) throw conflict('courses.already_answered');
    return withheldAnswer(scored, null);
  }

  /* Self-study reports (decision 0041) ------------------------------------------------------- */

  private async reportSigner(): Promise<FileSigner> {
    return (await this.courses.signer()).for(stepReportFileRoute);
  }

  /** A report step the student studies on their own; any other step is refused. */
  private async reportStep(actor: Actor, stepId: string) {
    const visible = await this.visibleStep(actor, stepId);
    if (visible.step.type !== 'report')
      throw invalid('courses.not_report_step', { stepId: 'invalid_value' });
    return visible;
  }

  async stepReport(actor: Actor, stepId: string): Promise<StepReport> {
    const { step } = await this.reportStep(actor, stepId);
    const [report, signer] = await Promise.all([
      studyRepo.findStepReport(this.ctx.db, actor.userId, step.id),
      this.reportSigner(),
    ]);
    return {
      stepId: step.id,
      content: report && report.revision > 0 ? signedDoc(report.content, signer) : null,
      revision: report?.revision ?? 0,
      length: report?.length ?? 0,
      savedAt: report && report.revision > 0 ? report.savedAt.toISOString() : null,
      finishedAt: report?.finishedAt?.toISOString() ?? null,
    };
  }

  /**
   * Saves the report (a revision older than the stored one answers the stored one unwritten);
   * finishing it needs text or an image, and completes the step.
   */
  async saveStepReport(
    actor: Actor,
    body: { stepId: string; content: Record<string, unknown>; revision: number; finish: boolean },
  ): Promise<StepReportSaved> {
    const { schoolId, step } = await this.reportStep(actor, body.stepId);
    const { db } = this.ctx;
    const key = { studentId: actor.userId, stepId: step.id, courseId: step.courseId, schoolId };
    const owner = await studyRepo.ensureStepReport(db, { id: this.ctx.ids.next(), ...key });
    const doc = storedDoc(body.content, owner.id, 'content', stepReportFileRoute);
    const length = docTextLength(doc);
    if (length > teachingLimits.reportMax)
      throw new AppError('courses.report_too_long', {
        status: 400,
        fields: { content: 'too_long' },
        params: { max: teachingLimits.reportMax },
      });
    if (body.finish && length === 0 && !hasImage(doc))
      throw invalid('courses.report_empty', { content: 'required' });
    const now = this.ctx.now();
    const row = await db.transaction(async (tx) => {
      const written = await studyRepo.saveStepReport(tx, {
        ...owner,
        content: doc,
        length,
        revision: body.revision,
        savedAt: now,
        finishedAt: body.finish ? now : null,
      });
      if (written && body.finish) {
        const done = await studyRepo.findProgress(tx, actor.userId, step.id);
        await studyRepo.saveProgress(tx, key, {
          ...(done?.completedAt ? {} : { completedAt: now }),
          updatedAt: now,
        });
      }
      return written;
    });
    const saved = row ?? (await studyRepo.findStepReport(db, actor.userId, step.id))!;
    return {
      revision: saved.revision,
      savedAt: saved.savedAt.toISOString(),
      length: saved.length,
      finishedAt: saved.finishedAt?.toISOString() ?? null,
    };
  }

  /** Stores an image (JPG or PNG, 5 MB) of the caller's self-study report. */
  async stepReportImage(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<{ fileId: string; url: string }> {
    requireCourseStudent(actor);
    const maxBytes = courseFileLimits.image;
    let target = { reportId: '', fileId: '' };
    await store({
      maxBytes,
      plan: async (fields) => {
        const parsed = stepReportImageFieldsSchema.safeParse(fields);
        if (!parsed.success) throw invalid('common.invalid_input', { stepId: 'invalid_value' });
        const { schoolId, step } = await this.reportStep(actor, parsed.data.stepId);
        const owner = await studyRepo.ensureStepReport(this.ctx.db, {
          id: this.ctx.ids.next(),
          studentId: actor.userId,
          stepId: step.id,
          courseId: step.courseId,
          schoolId,
        });
        target = { reportId: owner.id, fileId: newFileId() };
        return { key: stepReportFileKey(owner.id, target.fileId), kinds: ['image'], maxBytes };
      },
    });
    const signer = await this.reportSigner();
    return { fileId: target.fileId, url: signer.url(target.reportId, target.fileId) };
  }

  /** The stored key of a self-study report's image at a signed address; else not found. */
  async stepReportFile(reportId: string, fileId: string, q: { e: number; s: string }) {
    const signer = await this.reportSigner();
    if (!signer.valid(reportId, fileId, q.e, q.s)) throw notFound('courses.file_not_found');
    return stepReportFileKey(reportId, fileId);
  }

  /**
   * A resource to download: staff of a course they read; students of a course they see, unless an
   * unreleased exam of theirs gives it, or of a task that shows it to them now.
   */
  async resourceDownload(actor: Actor, id: string): Promise<{ key: string; name: string }> {
    const student = actor.roles.some((r) => r.code === 'student');
    if (!student) return this.resources.resourceDownload(actor, id);
    const schoolId = requireCourseStudent(actor);
    const { db } = this.ctx;
    const resource = await resourceRepo.findResource(db, id);
    if (!resource) throw notFound('courses.resource_not_found');
    const viaCourse =
      (await studyRepo.isVisibleToStudents(db, resource.courseId, schoolId, this.ctx.now())) &&
      !(await this.holds.examResources(actor.userId, [id])).has(id);
    if (!viaCourse && !(await this.holds.givenByOpenTask(actor.userId, id)))
      throw notFound('courses.resource_not_found');
    return { key: resource.fileKey, name: resource.name };
  }
}
