import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { textField, optionalText } from './fields';
import { stepTypes } from './course-kinds';
import {
  courseEnvironmentSchema,
  courseResourceSchema,
  questionAnswerSchema,
  questionResultSchema,
  studyStepSchema,
} from './courses';
import { checkRunResultSchema, studyCheckSchema } from './checks';
import {
  dashboardPeriods,
  markStatuses,
  participationBands,
  reportStatuses,
  submitStatuses,
  taskKinds,
  taskStatuses,
  teachingLimits,
  timeTypes,
  validScore,
} from './teaching-kinds';

const isoDate = z.iso.datetime({ offset: true, message: 'invalid_format' });
const taskType = z.union([z.literal(0), z.literal(1)]);

/* Teachers: tasks ------------------------------------------------------------------------------ */

/**
 * `teaching/task/saveOrUpdate`: a task from a course for a class or chosen students. Saving a new
 * task issues it: its students get their student tasks and a notice. With an id it updates: the
 * name, requirements, time and environments at any time before archiving; the steps only before
 * the task starts; students can be added, and removed while they have done nothing.
 */
export const taskSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: textField(teachingLimits.nameMin, teachingLimits.nameMax),
    kind: z.enum(taskKinds, 'required'),
    courseId: idSchema,
    /** Steps of the course, in any order; the task keeps the course's order. */
    stepIds: z.array(idSchema).min(1, 'required').max(teachingLimits.stepsMax, 'too_long'),
    classId: idSchema.optional(),
    studentIds: z.array(idSchema).max(teachingLimits.studentsMax, 'too_long').optional(),
    timeType: z.enum(timeTypes, 'required'),
    durationMinutes: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_value')
      .max(teachingLimits.durationMaxMinutes, 'above_limit')
      .optional(),
    startAt: isoDate.optional(),
    endAt: isoDate.optional(),
    /** Environments of the course given to the task; none means all of the course's. */
    envIds: z.array(idSchema).max(20, 'too_long').default([]),
    /** Files of the course's resource table given to the students. */
    resourceIds: z.array(idSchema).max(100, 'too_long').default([]),
    requirements: optionalText(teachingLimits.requirementsMax),
  })
  .superRefine((v, ctx) => {
    if (!v.classId && !v.studentIds?.length)
      ctx.addIssue({ code: 'custom', path: ['classId'], message: 'required' });
    if (v.timeType === 'duration' && v.durationMinutes === undefined)
      ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: 'required' });
    if (v.timeType === 'range') {
      if (!v.startAt) ctx.addIssue({ code: 'custom', path: ['startAt'], message: 'required' });
      if (!v.endAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'required' });
      if (v.startAt && v.endAt) {
        const span = Date.parse(v.endAt) - Date.parse(v.startAt);
        if (span <= 0) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'invalid_value' });
        else if (span > teachingLimits.rangeMaxMs)
          ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'above_limit' });
      }
    }
  });
export type TaskSave = z.input<typeof taskSaveSchema>;

export const taskPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(teachingLimits.nameMax, 'too_long').optional(),
  status: z.enum(taskStatuses, 'invalid_value').optional(),
  kind: z.enum(taskKinds, 'invalid_value').optional(),
  courseId: idSchema.optional(),
  classId: idSchema.optional(),
  /** School administrators see every teacher's tasks; `mine` narrows to their own. */
  mine: z.enum(['1']).optional(),
});

/** A task in the teachers' lists. */
export const taskSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(taskKinds),
  taskType,
  courseId: idSchema,
  courseName: z.string(),
  classId: idSchema.nullable(),
  className: z.string().nullable(),
  teacherId: idSchema,
  teacherName: z.string(),
  timeType: z.enum(timeTypes),
  durationMinutes: z.number().int().nullable(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  status: z.enum(taskStatuses),
  studentCount: z.number().int(),
  /** Students who submitted (or whose exam the deadline submitted). */
  submittedCount: z.number().int(),
  /** Students who have not submitted, scored or not. */
  notSubmittedCount: z.number().int(),
  /** Students the teacher scored, submitted or not. */
  scoredCount: z.number().int(),
  scoresIssuedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TaskSummary = z.output<typeof taskSummarySchema>;

/** A step of a task with a student's state in it. */
export const studentStepStateSchema = z.object({
  stepId: idSchema,
  completed: z.boolean(),
  /** Questions' score, when answered. */
  score: z.number().int().nullable(),
  /** Best check attempt, when the step has checks and was checked. */
  checkScore: z.number().int().nullable(),
  checkMax: z.number().int(),
});

/** One student's progress in a task, as its teachers see it. */
export const studentProgressSchema = z.object({
  studentTaskId: idSchema,
  studentId: idSchema,
  studentName: z.string(),
  username: z.string(),
  submitStatus: z.enum(submitStatuses),
  markStatus: z.enum(markStatuses),
  reportStatus: z.enum(reportStatuses),
  /** Steps completed of the task's steps, in percent. */
  progress: z.number().int(),
  autoScore: z.number().int(),
  autoMax: z.number().int(),
  score: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  usedSeconds: z.number().int(),
  /** Null when the student's time does not run (not opened yet under a range, or ended). */
  remainSeconds: z.number().int().nullable(),
  deadline: z.string().nullable(),
  extendedMinutes: z.number().int(),
  labRunning: z.boolean(),
  steps: z.array(studentStepStateSchema),
});
export type StudentProgress = z.output<typeof studentProgressSchema>;

export const taskChapterSchema = z.object({
  id: idSchema,
  name: z.string(),
  steps: z.array(z.object({ id: idSchema, name: z.string(), type: z.enum(stepTypes) })),
});

/** `teaching/task/detail/{id}`: the task, its outline and every student's progress. */
export const taskDetailSchema = taskSummarySchema.extend({
  requirements: z.string(),
  stepIds: z.array(idSchema),
  studentIds: z.array(idSchema),
  envIds: z.array(idSchema),
  resourceIds: z.array(idSchema),
  chapters: z.array(taskChapterSchema),
  environments: z.array(courseEnvironmentSchema),
  resources: z.array(courseResourceSchema),
  students: z.array(studentProgressSchema),
});
export type TaskDetail = z.output<typeof taskDetailSchema>;

export const taskIdParamsSchema = z.object({ id: idSchema });
export const studentTaskIdBodySchema = z.object({ studentTaskId: idSchema });

/** A comment beyond 500 characters is cut, and the answer says so. */
export const commentSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? [...v].slice(0, teachingLimits.commentMax).join('') : ''));

/** `teaching/task/score`: the teacher's score (0–100) and comment for one student task. */
export const taskScoreSchema = z.object({
  studentTaskId: idSchema,
  score: z.unknown().refine(validScore, 'invalid_score'),
  comment: commentSchema,
});
export type TaskScore = z.input<typeof taskScoreSchema>;
export const taskScoredSchema = z.object({
  studentTaskId: idSchema,
  score: z.number().int(),
  comment: z.string(),
  commentTruncated: z.boolean(),
});

export const reportReturnSchema = z.object({
  studentTaskId: idSchema,
  comment: commentSchema,
});

/**
 * Extra time for students (management spec §5): under a range the new end date is required,
 * under a duration the minutes to add (a number).
 */
export const taskExtendSchema = z.object({
  taskId: idSchema,
  studentTaskIds: z.array(idSchema).min(1, 'required').max(teachingLimits.studentsMax, 'too_long'),
  until: isoDate.optional(),
  minutes: z.coerce
    .number('invalid_format')
    .int('invalid_format')
    .min(1, 'invalid_value')
    .max(teachingLimits.extendMaxMinutes, 'above_limit')
    .optional(),
});
export type TaskExtend = z.input<typeof taskExtendSchema>;

/** A question of a step with the student's answer and its result, for scoring. */
export const answeredQuestionSchema = z.object({
  stem: z.string(),
  kind: z.string(),
  options: z.array(z.string()),
  score: z.number().int(),
  answer: questionAnswerSchema.nullable(),
  result: questionResultSchema.nullable(),
});

export const commandLineSchema = z.object({ at: z.string(), line: z.string() });
export const labUsageSchema = z.object({
  envId: idSchema,
  envName: z.string(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  seconds: z.number().int(),
});

/** `teaching/task/student/{id}`: one student's task as the scoring view needs it. */
export const studentTaskReviewSchema = z.object({
  progress: studentProgressSchema,
  taskId: idSchema,
  taskName: z.string(),
  kind: z.enum(taskKinds),
  scoresIssued: z.boolean(),
  comment: z.string(),
  steps: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      type: z.enum(stepTypes),
      completed: z.boolean(),
      questions: z.array(answeredQuestionSchema),
      /** Every attempt, newest first, with every check by its title (hidden ones too). */
      checkAttempts: z.array(checkRunResultSchema),
    }),
  ),
  report: z.object({
    status: z.enum(reportStatuses),
    content: z.record(z.string(), z.unknown()).nullable(),
    length: z.number().int(),
    savedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
  /** The commands typed in an exam's labs, in order. */
  commands: z.array(commandLineSchema),
  labUsage: z.array(labUsageSchema),
  /** The student's running lab of this task, for the read-only view. */
  lab: z.object({ containerId: idSchema, envId: idSchema, envName: z.string() }).nullable(),
});
export type StudentTaskReview = z.output<typeof studentTaskReviewSchema>;

/**
 * A folder or a file of a student's lab home for one of the task's environments, running or
 * stopped (an exam's labs stop at its deadline and keep their files), read-only for its teachers.
 */
export const labFilesQuerySchema = z.object({
  envId: idSchema,
  path: z.string().max(1024, 'too_long').default(''),
});

/** A read-only view of a student's terminal, granted to the task's teachers only. */
export const labWatchSchema = z.object({ url: z.string(), expiresAt: z.string() });

/* Teachers: dashboard -------------------------------------------------------------------------- */

export const dashboardQuerySchema = z.object({
  period: z.enum(dashboardPeriods, 'invalid_value').default('week'),
});
const ranked = z.object({ id: idSchema, name: z.string(), value: z.number() });
export const teachingDashboardSchema = z.object({
  period: z.enum(dashboardPeriods),
  classCount: z.number().int(),
  courseCount: z.number().int(),
  taskCount: z.number().int(),
  studentCount: z.number().int(),
  tasksByStatus: z.array(z.object({ status: z.enum(taskStatuses), count: z.number().int() })),
  /** Students by share of their tasks' steps done (management spec §9). */
  participation: z.array(z.object({ band: z.enum(participationBands), count: z.number().int() })),
  /** Top 5 students by average score and top 5 classes by participation. */
  topStudents: z.array(ranked),
  topClasses: z.array(ranked),
  /** Submissions per day (day, week, month) or per month (all). */
  submissions: z.array(z.object({ at: z.string(), count: z.number().int() })),
});
export type TeachingDashboard = z.output<typeof teachingDashboardSchema>;

/* Students ------------------------------------------------------------------------------------- */

/** Platform spec §3: status, courseId, name, isReport, pageNum, pageSize (10), taskType. */
export const ownTaskQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(teachingLimits.taskPageSize),
  status: z.enum(submitStatuses, 'invalid_value').optional(),
  courseId: idSchema.optional(),
  name: z.string().trim().max(teachingLimits.nameMax, 'too_long').optional(),
  /** `1`: tasks with a report step; `0`: without. */
  isReport: z.enum(['0', '1'], 'invalid_value').optional(),
  taskType: z.coerce.number().pipe(taskType).optional(),
});

/** A task in the student's list. */
export const ownTaskSchema = z.object({
  /** The student task's id; `teachingTaskId` is the teacher's task. */
  id: idSchema,
  teachingTaskId: idSchema,
  name: z.string(),
  taskType,
  courseId: idSchema,
  courseName: z.string(),
  coverUrl: z.string().nullable(),
  teacherName: z.string(),
  taskStatus: z.enum(taskStatuses),
  status: z.enum(submitStatuses),
  markStatus: z.enum(markStatuses),
  reportStatus: z.enum(reportStatuses),
  isReport: z.boolean(),
  progress: z.number().int(),
  /** Shown only once scores are issued. */
  score: z.number().int().nullable(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  timeType: z.enum(timeTypes),
  durationMinutes: z.number().int().nullable(),
  usedSeconds: z.number().int(),
  remainSeconds: z.number().int().nullable(),
});
export type OwnTask = z.output<typeof ownTaskSchema>;

/** `student/my/task`: counts by state and the tasks due soonest. */
export const myTaskSchema = z.object({
  notSubmitted: z.number().int(),
  submitted: z.number().int(),
  completed: z.number().int(),
  unreadNotices: z.number().int(),
  dueSoon: z.array(ownTaskSchema),
});

/** Platform spec §3 Task: `chapterDTOS` and `environmentDTOS` as scripts read them. */
export const ownTaskDetailSchema = ownTaskSchema.extend({
  requirements: z.string(),
  comment: z.string(),
  /**
   * Why an exam's steps and resources are not shown (decision 0040): it has not started for the
   * student (a duration exam starts when the student opens it), or the student's time in it is
   * over and its scores, which release it, are not issued. Null while they are shown.
   */
  contentHeld: z.enum(['not_started', 'not_released']).nullable(),
  /** Null for an exam until its scores are issued: the sum would tell right answers from wrong. */
  autoScore: z.number().int().nullable(),
  autoMax: z.number().int(),
  scoresIssued: z.boolean(),
  timeUp: z.boolean(),
  chapterDTOS: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      chapterSteps: z.array(
        z.object({
          id: idSchema,
          name: z.string(),
          type: z.enum(stepTypes),
          completed: z.boolean(),
          score: z.number().int().nullable(),
        }),
      ),
      chapterStepList: z.array(z.object({ id: idSchema, name: z.string() })),
    }),
  ),
  environmentDTOS: z.array(
    z.object({
      id: idSchema,
      expEnvId: idSchema,
      code: z.string(),
      name: z.string(),
      kind: z.string(),
      expEnvScriptId: idSchema.nullable(),
      experimentEnvPlugs: z.array(z.object({ name: z.string() })),
    }),
  ),
  resources: z.array(courseResourceSchema.extend({ url: z.string() })),
});
export type OwnTaskDetail = z.output<typeof ownTaskDetailSchema>;

export const ownTaskIdQuerySchema = z.object({ id: idSchema });
export const studyStepQuerySchema = z.object({ studentTaskId: idSchema });

/** `student/task/studyStep/{id}`: the course step as in self-study, in the task's context. */
export const taskStudyStepSchema = studyStepSchema.extend({
  studentTaskId: idSchema,
  /** Visible checks; hidden ones only as a count and their points. */
  checks: z.array(studyCheckSchema),
  hiddenChecks: z.object({ count: z.number().int(), score: z.number().int() }),
  lastCheck: checkRunResultSchema.nullable(),
  /** Answers and checks are closed: submitted, time up, or scores issued. */
  locked: z.boolean(),
});
export type TaskStudyStep = z.output<typeof taskStudyStepSchema>;

export const remainTimeQuerySchema = z.object({
  teachingTaskId: idSchema,
  studentTaskId: idSchema,
});
/**
 * Seconds left (null before a range starts and once the task is closed or submitted; a duration
 * not opened yet has its whole time), whether they run down now, the deadline, and whether time
 * is up.
 */
export const remainTimeSchema = z.object({
  remainSeconds: z.number().int().nullable(),
  running: z.boolean(),
  deadline: z.string().nullable(),
  timeUp: z.boolean(),
  serverTime: z.string(),
});
export type RemainTime = z.output<typeof remainTimeSchema>;

export const taskStepAnswerSchema = z.object({
  studentTaskId: idSchema,
  stepId: idSchema,
  answers: z.array(questionAnswerSchema).min(1, 'required').max(100, 'too_long'),
});
export const taskStepProgressSchema = z.object({
  studentTaskId: idSchema,
  stepId: idSchema,
  videoSeconds: z.number('invalid_format').min(0).max(86_400).optional(),
  completed: z.boolean().optional(),
});
export const taskCheckSchema = z.object({ studentTaskId: idSchema, stepId: idSchema });

/**
 * `student/task/submit/{id}`: the student's submission of the whole task (decision 0041), and
 * whether a saved report draft went in with it.
 */
export const taskSubmittedSchema = z.object({
  submittedAt: z.string(),
  reportSubmitted: z.boolean(),
});
export type TaskSubmitted = z.output<typeof taskSubmittedSchema>;

/* Reports -------------------------------------------------------------------------------------- */

/** A report document (Tiptap JSON), sanitised by the server; at most 10,000 characters of text. */
export const reportDocSchema = z.looseObject({ type: z.literal('doc') }, 'invalid_format');

/**
 * `student/report/save`: a draft. `revision` grows with every edit in the browser; the server
 * keeps the highest, so a save that arrives late never overwrites a newer one.
 */
export const reportSaveSchema = z.object({
  studentTaskId: idSchema,
  content: reportDocSchema,
  revision: z.number().int().min(0).max(2147483647),
});
export const reportSavedSchema = z.object({
  revision: z.number().int(),
  savedAt: z.string(),
  length: z.number().int(),
});
/** `student/report/submit`: JSON body with `studentTaskId` and `content`. */
export const reportSubmitSchema = z.object({
  studentTaskId: idSchema,
  content: reportDocSchema,
});

export const reportImageFieldsSchema = z.object({ studentTaskId: idSchema });
export const reportImageSchema = z.object({ fileId: z.string(), url: z.string() });

export const myReportQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(teachingLimits.nameMax, 'too_long').optional(),
  status: z.enum(reportStatuses, 'invalid_value').optional(),
});
export const myReportSchema = z.object({
  studentTaskId: idSchema,
  teachingTaskId: idSchema,
  taskName: z.string(),
  courseName: z.string(),
  status: z.enum(reportStatuses),
  length: z.number().int(),
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  score: z.number().int().nullable(),
});
/** Report info: the report, the teacher's comment and, once issued, the score. */
export const reportInfoSchema = myReportSchema.extend({
  content: z.record(z.string(), z.unknown()).nullable(),
  revision: z.number().int(),
  comment: z.string(),
  /** May the student still edit it: not submitted (or returned), time left, scores not issued. */
  editable: z.boolean(),
  instructions: z.record(z.string(), z.unknown()).nullable(),
});
export type ReportInfo = z.output<typeof reportInfoSchema>;
