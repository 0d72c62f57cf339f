import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { unstorableAt } from './fields';
import { bilingualField, optionalBilingual } from './bilingual';
import { stepCheckSchema } from './checks';

export { bilingualField, optionalBilingual } from './bilingual';
import {
  courseDifficulties,
  courseSpecialties,
  stepTypes,
  labStepTypes,
  questionKinds,
  courseLimits,
  courseFileKinds,
  courseTextLimits,
} from './course-kinds';
import { teachingLimits } from './teaching-kinds';

const storable = (v: string) => unstorableAt(v) < 0;

export const courseNameSchema = /* @__PURE__ */ bilingualField(
  courseLimits.nameMin,
  courseLimits.nameMax,
);

const optionSchema = z.object({
  text: bilingualField(courseLimits.optionMin, courseLimits.optionMax),
  right: z.boolean(),
});

const questionBase = {
  stem: bilingualField(courseLimits.stemMin, courseLimits.stemMax),
  score: z.coerce
    .number('invalid_format')
    .int('invalid_format')
    .min(0, 'invalid_value')
    .max(courseLimits.questionScoreMax, 'above_limit'),
  analysis: bilingualField(1, courseLimits.analysisMax).optional(),
};

/**
 * A question of a questions or exercises step: single choice (exactly one right option), multiple
 * choice (at least one), judgement (true or false) or fill-in (accepted answers, any one counts).
 */
export const questionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('single'),
      ...questionBase,
      options: z.array(optionSchema).min(2, 'too_short').max(courseLimits.optionsMax, 'too_long'),
    })
    .refine((q) => q.options.filter((o) => o.right).length === 1, {
      message: 'invalid_value',
      path: ['options'],
    }),
  z
    .object({
      kind: z.literal('multiple'),
      ...questionBase,
      options: z.array(optionSchema).min(2, 'too_short').max(courseLimits.optionsMax, 'too_long'),
    })
    .refine((q) => q.options.some((o) => o.right), {
      message: 'invalid_value',
      path: ['options'],
    }),
  z.object({ kind: z.literal('judgement'), ...questionBase, answer: z.boolean('required') }),
  z.object({
    kind: z.literal('fill'),
    ...questionBase,
    answers: z
      .array(bilingualField(1, courseLimits.optionMax))
      .min(1, 'required')
      .max(courseLimits.fillAnswersMax, 'too_long'),
  }),
]);
export type Question = z.output<typeof questionSchema>;

/** A student's answer to one question. */
export type QuestionAnswer =
  | { kind: 'single' | 'multiple'; chosen: number[] }
  | { kind: 'judgement'; answer: boolean }
  | { kind: 'fill'; text: string };

/** Fill-in answers compare without case, surrounding spaces or repeated inner spaces. */
const fillKey = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether an answer is right: all or nothing, so the question's score or zero. */
export function answerIsRight(question: Question, answer: QuestionAnswer): boolean {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      if (answer.kind !== question.kind) return false;
      const right = question.options.flatMap((o, i) => (o.right ? [i] : []));
      const chosen = [...new Set(answer.chosen)].sort((a, b) => a - b);
      return chosen.length === right.length && chosen.every((c, i) => c === right[i]);
    }
    case 'judgement':
      return answer.kind === 'judgement' && answer.answer === question.answer;
    case 'fill': {
      if (answer.kind !== 'fill') return false;
      const given = fillKey(answer.text);
      return (
        given.length > 0 &&
        question.answers.some((a) => [a.zh, a.en].some((t) => t && fillKey(t) === given))
      );
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * Course centre: what the routes of `courses.api.ts` take and answer.
 * ------------------------------------------------------------------------------------------- */

/** Rich text per language: a Tiptap JSON document, checked by the server's sanitiser. */
const richDocSchema = z.looseObject({ type: z.literal('doc') }, 'invalid_format');
export const bilingualDocSchema = z
  .object({ zh: richDocSchema.optional(), en: richDocSchema.optional() }, 'invalid_format')
  .transform((v) => ({ ...(v.zh ? { zh: v.zh } : {}), ...(v.en ? { en: v.en } : {}) }));
export type BilingualDoc = { zh?: Record<string, unknown>; en?: Record<string, unknown> };

/** A file uploaded for a course (cover, image, video, PDF, attachment), kept under the course. */
export const courseFileSchema = z.object({
  fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format'),
  /** The name shown and used for saving; the key never comes from it. */
  name: z.string().trim().min(1, 'required').max(200, 'too_long'),
});
export type CourseFile = z.output<typeof courseFileSchema>;

/** `course/file/upload` answers the stored file and a signed address to show it at once. */
export const courseFileUploadedSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
});
export type CourseFileUploaded = z.output<typeof courseFileUploadedSchema>;
export const courseFileUploadFieldsSchema = z.object({
  courseId: idSchema,
  kind: z.enum(courseFileKinds, 'invalid_value'),
});

/** One command of a training step's command configuration, copied into the terminal. */
export const stepCommandSchema = z.object({
  title: bilingualField(1, courseTextLimits.commandTitleMax),
  command: z
    .string('required')
    .min(1, 'required')
    .max(courseTextLimits.commandMax, 'too_long')
    .refine(storable, 'invalid_characters'),
});
export type StepCommand = z.output<typeof stepCommandSchema>;

/**
 * The scores of a step's questions or checks together stay within `stepScoreMax`; summed only
 * once each item is valid, so an item over its own limit is blamed alone.
 */
const withinStepScore = [
  (items: readonly { score: number }[]) =>
    items.reduce((sum, item) => sum + item.score, 0) <= courseLimits.stepScoreMax,
  { message: 'above_limit', when: (payload: { issues: unknown[] }) => payload.issues.length === 0 },
] as const;

/** What each step type holds; the type picks the shape. */
export const stepContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['document', 'show', 'report']), doc: bilingualDocSchema }),
  z.object({ type: z.enum(['video', 'pdf', 'attachment']), file: courseFileSchema }),
  z.object({
    type: z.literal('question'),
    questions: z.array(questionSchema).length(1, 'invalid_value'),
  }),
  z.object({
    type: z.literal('exercises'),
    questions: z
      .array(questionSchema)
      .min(1, 'required')
      .max(courseTextLimits.questionsMax, 'too_long')
      .refine(...withinStepScore),
  }),
  z.object({
    type: z.enum(labStepTypes),
    /** The instructions beside the lab. */
    doc: bilingualDocSchema,
    envId: idSchema,
    commands: z.array(stepCommandSchema).max(courseTextLimits.commandsMax, 'too_long').default([]),
    /** Checks against the student's running lab (decision 0025); definitions stay on the server. */
    checks: z
      .array(stepCheckSchema)
      .max(teachingLimits.checksPerStep, 'too_long')
      .refine(...withinStepScore)
      .default([]),
  }),
]);
export type StepContent = z.output<typeof stepContentSchema>;

export const coursePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(25, 'too_long').optional(),
  difficulty: z.enum(courseDifficulties, 'invalid_value').optional(),
  specialty: z.enum(courseSpecialties, 'invalid_value').optional(),
  /** Teachers' course centre: the school's own courses, the platform's, or both (default). */
  owner: z.enum(['school', 'platform', 'all'], 'invalid_value').default('all'),
});

/** A course in lists, in the caller's language. */
export const courseSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  overview: z.string(),
  difficulty: z.enum(courseDifficulties),
  specialty: z.enum(courseSpecialties),
  coverUrl: z.string().nullable(),
  /** Null for a platform course. */
  schoolId: idSchema.nullable(),
  authorId: idSchema.nullable(),
  authorName: z.string().nullable(),
  reviewStatus: z.number().int(),
  selfStudy: z.boolean(),
  chapterCount: z.number().int(),
  stepCount: z.number().int(),
  /** End of the school's purchase of this course, when it holds one. */
  purchasedUntil: z.string().nullable(),
  /** Whether the caller may change it: a course of the caller's own school (decision 0024). */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type CourseSummary = z.output<typeof courseSummarySchema>;

export const courseEnvironmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.string(),
});

export const courseResourceSchema = z.object({
  id: idSchema,
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type CourseResource = z.output<typeof courseResourceSchema>;

export const stepOutlineSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(stepTypes),
});
export const chapterOutlineSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  steps: z.array(stepOutlineSchema),
});

/** `course/detail/{id}`: the course with its chapters and steps, in the caller's language. */
export const courseDetailSchema = courseSummarySchema.extend({
  /** Rendered from the caller's language (else the other); sanitised on write. */
  description: z.record(z.string(), z.unknown()).nullable(),
  environments: z.array(courseEnvironmentSchema),
  chapters: z.array(chapterOutlineSchema),
  resources: z.array(courseResourceSchema),
});
export type CourseDetail = z.output<typeof courseDetailSchema>;

/** `course/saveOrUpdate`: with an id it updates. */
export const courseSaveSchema = z.object({
  id: idSchema.optional(),
  name: courseNameSchema,
  difficulty: z.enum(courseDifficulties, 'required'),
  specialty: z.enum(courseSpecialties, 'required'),
  overview: optionalBilingual(courseTextLimits.overviewMax),
  description: bilingualDocSchema.optional(),
  /** A file uploaded with kind `cover`; null removes the cover. */
  coverFileId: courseFileSchema.shape.fileId.nullable().optional(),
  envIds: z.array(idSchema).max(20, 'too_long').default([]),
});
export type CourseSave = z.input<typeof courseSaveSchema>;

/** Opening a course to the school's students for self-study needs every chapter to have steps. */
export const courseSelfStudySchema = z.object({ id: idSchema, open: z.boolean('required') });
export const courseTransferSchema = z.object({ id: idSchema, teacherId: idSchema });
export const courseIdBodySchema = z.object({ id: idSchema });

/** The editor's view: every text in both languages, every step with its content. */
export const stepEditSchema = z.object({
  id: idSchema,
  chapterId: idSchema,
  name: z.object({ zh: z.string().optional(), en: z.string().optional() }),
  content: z.record(z.string(), z.unknown()),
  /** Signed address of the step's file (video, PDF, attachment), for previews. */
  fileUrl: z.string().nullable(),
});
export const chapterEditSchema = z.object({
  id: idSchema,
  name: z.object({ zh: z.string().optional(), en: z.string().optional() }),
  description: z.object({ zh: z.string().optional(), en: z.string().optional() }).nullable(),
  steps: z.array(stepEditSchema),
});
export const courseEditSchema = courseSummarySchema.extend({
  names: z.object({ zh: z.string().optional(), en: z.string().optional() }),
  overviews: z.object({ zh: z.string().optional(), en: z.string().optional() }).nullable(),
  descriptions: z.record(z.string(), z.unknown()).nullable(),
  coverFileId: z.string().nullable(),
  envIds: z.array(idSchema),
  environments: z.array(courseEnvironmentSchema),
  chapters: z.array(chapterEditSchema),
});
export type CourseEdit = z.output<typeof courseEditSchema>;

export const chapterSaveSchema = z.object({
  id: idSchema.optional(),
  courseId: idSchema,
  name: bilingualField(1, courseTextLimits.chapterNameMax),
  description: optionalBilingual(courseTextLimits.chapterDescriptionMax),
});
export type ChapterSave = z.input<typeof chapterSaveSchema>;

export const stepSaveSchema = z.object({
  id: idSchema.optional(),
  chapterId: idSchema,
  name: bilingualField(1, courseTextLimits.stepNameMax),
  content: stepContentSchema,
});
export type StepSave = z.input<typeof stepSaveSchema>;

export const courseResourcePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  courseId: idSchema,
  name: z.string().trim().max(100, 'too_long').optional(),
});
export const courseResourceUploadFieldsSchema = z.object({ courseId: idSchema });

/** Signed file addresses: `course/file/{courseId}/{fileId}?e=<expiry seconds>&s=<signature>`. */
export const courseFileQuerySchema = z.object({
  e: z.coerce.number('invalid_format').int('invalid_format'),
  s: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid_format'),
  /** `1` asks for a download with the file's name instead of showing it. */
  download: z.enum(['1']).optional(),
});

/* Students ----------------------------------------------------------------------------------- */

export const studentCoursePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(25, 'too_long').optional(),
  difficulty: z.enum(courseDifficulties, 'invalid_value').optional(),
  specialty: z.enum(courseSpecialties, 'invalid_value').optional(),
});

/** The student's progress in a course: steps done of all steps, and the last time studied. */
export const courseProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  score: z.number().int(),
  lastStudiedAt: z.string().nullable(),
});
export type CourseProgress = z.output<typeof courseProgressSchema>;

/** What a course card shows, to a student or to a visitor. */
const courseCardSchema = courseSummarySchema.pick({
  id: true,
  name: true,
  overview: true,
  difficulty: true,
  specialty: true,
  coverUrl: true,
  chapterCount: true,
  stepCount: true,
});

/** A course card of the course hall, self culture and my study. */
export const studentCourseCardSchema = courseCardSchema.extend({
  selfStudy: courseSummarySchema.shape.selfStudy,
  progress: courseProgressSchema.nullable(),
});
export type StudentCourseCard = z.output<typeof studentCourseCardSchema>;

/** The public site's course list (`/home/course`): the platform's courses, no school's data. */
export const frontCoursePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(25, 'too_long').optional(),
  specialty: z.enum(courseSpecialties, 'invalid_value').optional(),
});
export type FrontCoursePageQuery = z.input<typeof frontCoursePageQuerySchema>;
/** A platform course as a visitor sees it: the card and the chapter names, in course order. */
export const frontCourseSchema = courseCardSchema.extend({
  chapters: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type FrontCourse = z.output<typeof frontCourseSchema>;

/** Course info for a student: the outline with the student's state of each step. */
export const studentCourseInfoSchema = courseDetailSchema
  .omit({ chapters: true, editable: true, purchasedUntil: true, reviewStatus: true })
  .extend({
    chapters: z.array(
      chapterOutlineSchema.extend({
        steps: z.array(
          stepOutlineSchema.extend({
            completed: z.boolean(),
            score: z.number().int().nullable(),
          }),
        ),
      }),
    ),
    progress: courseProgressSchema,
  });
export type StudentCourseInfo = z.output<typeof studentCourseInfoSchema>;

/** A question as a student sees it before answering: no right answers, no analysis. */
export const studyQuestionSchema = z.object({
  kind: z.enum(questionKinds),
  stem: z.string(),
  score: z.number().int(),
  options: z.array(z.string()),
});
export const questionAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['single', 'multiple']),
    chosen: z
      .array(z.number().int().min(0).max(courseLimits.optionsMax))
      .max(courseLimits.optionsMax),
  }),
  z.object({ kind: z.literal('judgement'), answer: z.boolean('required') }),
  z.object({ kind: z.literal('fill'), text: z.string().max(courseLimits.optionMax, 'too_long') }),
]);
/**
 * After answering: each question's result, and its key (the right answer and the analysis)
 * unless a teaching task holds the key back (`withheld`).
 */
export const questionResultSchema = z.object({
  right: z.boolean(),
  score: z.number().int(),
  /** Right options (single, multiple), the right judgement, or the accepted fill-in answers. */
  rightOptions: z.array(z.number().int()).optional(),
  rightJudgement: z.boolean().optional(),
  rightAnswers: z.array(z.string()).optional(),
  analysis: z.string().optional(),
});
export type QuestionResult = z.output<typeof questionResultSchema>;

/**
 * What a teaching task of the student holds back of answered questions until its scores are
 * issued (decision 0040): the keys (right answers and analyses) of a training task's questions,
 * or every result and the score of an exam's. Null when nothing is held back.
 */
export const withheldSchema = z.enum(['keys', 'results']).nullable();
export type Withheld = z.output<typeof withheldSchema>;

/** A step to study, in the caller's language, with the student's own state. */
export const studyStepSchema = z.object({
  id: idSchema,
  courseId: idSchema,
  chapterId: idSchema,
  name: z.string(),
  type: z.enum(stepTypes),
  /** Document, show, report instructions and lab instructions. */
  doc: z.record(z.string(), z.unknown()).nullable(),
  /** Video, PDF and attachment: the signed address and the file's name. */
  file: z.object({ url: z.string(), downloadUrl: z.string(), name: z.string() }).nullable(),
  questions: z.array(studyQuestionSchema).nullable(),
  /** Lab steps: the environment and the commands to copy into the terminal. */
  env: courseEnvironmentSchema.nullable(),
  commands: z.array(z.object({ title: z.string(), command: z.string() })),
  progress: z.object({
    videoSeconds: z.number().nullable(),
    completed: z.boolean(),
    score: z.number().int().nullable(),
    answers: z.array(questionAnswerSchema).nullable(),
    results: z.array(questionResultSchema).nullable(),
    withheld: withheldSchema,
  }),
  previousStepId: idSchema.nullable(),
  nextStepId: idSchema.nullable(),
});
export type StudyStep = z.output<typeof studyStepSchema>;

export const stepProgressSaveSchema = z.object({
  stepId: idSchema,
  videoSeconds: z
    .number('invalid_format')
    .min(0, 'invalid_value')
    .max(86_400, 'invalid_value')
    .optional(),
  completed: z.boolean().optional(),
});
export const stepAnswerSchema = z.object({
  stepId: idSchema,
  answers: z
    .array(questionAnswerSchema)
    .min(1, 'required')
    .max(courseTextLimits.questionsMax, 'too_long'),
});
/** The answers scored: the score and each result, unless held back (`withheld`). */
export const stepAnswerResultSchema = z.object({
  score: z.number().int().nullable(),
  total: z.number().int(),
  results: z.array(questionResultSchema).nullable(),
  withheld: withheldSchema,
});

/* Self-study reports (decision 0041) --------------------------------------------------------- */

/** The caller's own report of a report step studied on their own; nobody scores it. */
export const stepReportSchema = z.object({
  stepId: idSchema,
  content: z.record(z.string(), z.unknown()).nullable(),
  revision: z.number().int(),
  length: z.number().int(),
  savedAt: z.string().nullable(),
  /** When the student finished it, which completed the step; it stays theirs to change. */
  finishedAt: z.string().nullable(),
});
export type StepReport = z.output<typeof stepReportSchema>;

/**
 * Saves the report (the highest revision wins, as with a task's report); `finish` also finishes
 * it: it must not be empty, and the step is done.
 */
export const stepReportSaveSchema = z.object({
  stepId: idSchema,
  content: richDocSchema,
  revision: z.number().int().min(0).max(2147483647),
  finish: z.boolean().default(false),
});
export const stepReportSavedSchema = z.object({
  revision: z.number().int(),
  savedAt: z.string(),
  length: z.number().int(),
  finishedAt: z.string().nullable(),
});
export const stepReportImageFieldsSchema = z.object({ stepId: idSchema });
export const stepReportImageSchema = z.object({ fileId: z.string(), url: z.string() });
