import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { QuestionAnswer } from '@platform/contract';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';
import { classes } from '../classes/classes.schema';
import { courses, courseSteps } from '../courses/courses.schema';

/**
 * A teaching task: a course's steps issued to a class or chosen students (management spec §3).
 * Not started, ongoing and ended follow `start_at`, `end_at` and `scores_issued_at`; canceled,
 * archived and deleted are the teacher's actions (decision 0025).
 */
export const teachingTasks = pgTable(
  'teaching_tasks',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    teacherId: id('teacher_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** practice, exercise or exam. */
    kind: text('kind').notNull().default('practice'),
    courseId: id('course_id').references(() => courses.id),
    classId: id('class_id').references(() => classes.id),
    /** duration or range. */
    timeType: text('time_type').notNull().default('range'),
    durationMinutes: integer('duration_minutes'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
    requirements: text('requirements').notNull().default(''),
    envIds: jsonb('env_ids').$type<string[]>().notNull().default([]),
    resourceIds: jsonb('resource_ids').$type<string[]>().notNull().default([]),
    /** Whether a step of the task is a report step: the students' `isReport` filter. */
    hasReport: boolean('has_report').notNull().default(false),
    scoresIssuedAt: timestamp('scores_issued_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teaching_tasks_school_idx').on(t.schoolId, t.createdAt),
    index('teaching_tasks_teacher_idx').on(t.teacherId),
    index('teaching_tasks_course_idx').on(t.courseId),
    index('teaching_tasks_class_idx').on(t.classId),
  ],
);

/** The steps a task gives, in the course's order. */
export const teachingTaskSteps = pgTable(
  'teaching_task_steps',
  {
    taskId: id('task_id')
      .notNull()
      .references(() => teachingTasks.id, { onDelete: 'cascade' }),
    stepId: id('step_id')
      .notNull()
      .references(() => courseSteps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.stepId] }),
    index('teaching_task_steps_step_idx').on(t.stepId),
  ],
);

/**
 * A student's work on a teaching task: the training data that archiving a class clears.
 * `status`: 0 not submitted, 1 submitted, 2 completed; `mark_status`: 0 unmarked, 1 marked,
 * 2 issued; `report_status`: 0 none, 1 draft, 2 submitted, 3 returned.
 */
export const studentTasks = pgTable(
  'student_tasks',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    taskId: id('task_id')
      .notNull()
      .references(() => teachingTasks.id, { onDelete: 'cascade' }),
    studentId: id('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    markStatus: smallint('mark_status').notNull().default(0),
    reportStatus: smallint('report_status').notNull().default(0),
    /** Steps completed, in percent of the task's steps. */
    progress: integer('progress').notNull().default(0),
    /** Questions and checks, summed; `auto_max` what they could give. */
    autoScore: integer('auto_score').notNull().default(0),
    autoMax: integer('auto_max').notNull().default(0),
    /** The teacher's score, 0–100. */
    score: integer('score'),
    comment: text('comment').notNull().default(''),
    /** First opening: a duration's clock starts here. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    /** Extra minutes under a duration; a later end under a range. */
    extendedMinutes: integer('extended_minutes').notNull().default(0),
    extendedUntil: timestamp('extended_until', { withTimezone: true }),
    /** Set when the deadline closed the task for the student (an exam's automatic submission). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_tasks_task_student_key').on(t.taskId, t.studentId),
    index('student_tasks_student_idx').on(t.studentId, t.createdAt),
    index('student_tasks_school_idx').on(t.schoolId),
    index('student_tasks_extended_idx')
      .on(t.taskId, t.extendedUntil)
      .where(sql`${t.extendedUntil} is not null`),
  ],
);

/** A student's state in one step of a task: answers and their score, video, checks. */
export const studentTaskSteps = pgTable(
  'student_task_steps',
  {
    studentTaskId: id('student_task_id')
      .notNull()
      .references(() => studentTasks.id, { onDelete: 'cascade' }),
    stepId: id('step_id')
      .notNull()
      .references(() => courseSteps.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    videoSeconds: integer('video_seconds'),
    answers: jsonb('answers').$type<QuestionAnswer[]>(),
    score: integer('score'),
    /** The best check attempt's score, and what the step's checks give. */
    checkScore: integer('check_score'),
    checkMax: integer('check_max').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studentTaskId, t.stepId] })],
);

/**
 * A student's report of a task: a Tiptap document, sanitised on write. `revision` is the
 * browser's edit counter; a save with a lower one than stored is late and ignored.
 */
export const taskReports = pgTable(
  'task_reports',
  {
    studentTaskId: id('student_task_id')
      .primaryKey()
      .references(() => studentTasks.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    length: integer('length').notNull().default(0),
    revision: integer('revision').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [check('task_reports_length', sql`${t.length} >= 0`)],
);

/** One press of Check: each check's result (hidden ones too), kept for the teacher. */
export const taskCheckAttempts = pgTable(
  'task_check_attempts',
  {
    id: id('id').primaryKey(),
    studentTaskId: id('student_task_id')
      .notNull()
      .references(() => studentTasks.id, { onDelete: 'cascade' }),
    stepId: id('step_id')
      .notNull()
      .references(() => courseSteps.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    score: integer('score').notNull(),
    max: integer('max').notNull(),
    /** Per check: key, title (both languages), score, max, passed, message, hidden. */
    items: jsonb('items').$type<Record<string, unknown>[]>().notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_check_attempts_student_task_idx').on(t.studentTaskId, t.stepId)],
);

/** The lines typed into the terminal of an exam's labs, kept for scoring. */
export const taskCommands = pgTable(
  'task_commands',
  {
    id: id('id').primaryKey(),
    studentTaskId: id('student_task_id')
      .notNull()
      .references(() => studentTasks.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    containerId: id('container_id').notNull(),
    line: text('line').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_commands_student_task_idx').on(t.studentTaskId, t.at)],
);
