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
import type { Bilingual } from '@platform/contract';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';
import { labEnvironments } from '../environments/environments.schema';

/**
 * A course: a school's own (`school_id`) or the platform's (`school_id` null). Texts that teachers
 * write are bilingual (`{ zh?, en? }`); rich text is a document per language.
 */
export const courses = pgTable(
  'courses',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    name: jsonb('name').$type<Bilingual>().notNull(),
    difficulty: text('difficulty').notNull(),
    specialty: text('specialty').notNull(),
    overview: jsonb('overview').$type<Bilingual>(),
    description: jsonb('description').$type<Record<string, unknown>>(),
    coverKey: text('cover_key'),
    authorId: id('author_id').references(() => users.id),
    /** Review status (management spec §4): 0 not reviewed; the workflow comes later. */
    reviewStatus: smallint('review_status').notNull().default(0),
    /** Open to the school's students for self-study outside any task ("self culture"). */
    selfStudy: boolean('self_study').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('courses_school_idx').on(t.schoolId), index('courses_author_idx').on(t.authorId)],
);

/** The lab environments a course's lab steps may open, in the course's order. */
export const courseEnvironments = pgTable(
  'course_environments',
  {
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    envId: id('env_id')
      .notNull()
      .references(() => labEnvironments.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.envId] }),
    index('course_environments_env_idx').on(t.envId),
  ],
);

/** Chapters; shown in course order (decision 0021), `position` keeps the stored order. */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: id('id').primaryKey(),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Bilingual>().notNull(),
    description: jsonb('description').$type<Bilingual>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId)],
);

/**
 * Steps of a chapter. `content` holds what the step type needs (documents, file keys, questions,
 * report instructions); `env_id` the environment a lab step opens; `commands` the command
 * configuration of a training step.
 */
export const courseSteps = pgTable(
  'course_steps',
  {
    id: id('id').primaryKey(),
    chapterId: id('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Bilingual>().notNull(),
    type: text('type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    envId: id('env_id').references(() => labEnvironments.id),
    commands: jsonb('commands').$type<unknown[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_steps_chapter_idx').on(t.chapterId),
    index('course_steps_course_idx').on(t.courseId),
  ],
);

/** Files of a course's resource table, kept in file storage under `file_key`. */
export const courseResources = pgTable(
  'course_resources',
  {
    id: id('id').primaryKey(),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('course_resources_course_idx').on(t.courseId)],
);

/**
 * A school's purchase of a platform course, valid over a period: a purchased course within its
 * validity cannot be deleted (management spec §4). Billing will write these; until then the
 * operators' order records do.
 */
export const coursePurchases = pgTable(
  'course_purchases',
  {
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.courseId] }),
    index('course_purchases_course_idx').on(t.courseId),
    check('course_purchases_period', sql`${t.validUntil} > ${t.validFrom}`),
  ],
);

/** A student's work on one step: where a video stands, the answers given and their score. */
export const stepProgress = pgTable(
  'step_progress',
  {
    studentId: id('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: id('step_id')
      .notNull()
      .references(() => courseSteps.id, { onDelete: 'cascade' }),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    videoSeconds: integer('video_seconds'),
    answers: jsonb('answers').$type<unknown[]>(),
    score: integer('score'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.stepId] }),
    index('step_progress_course_idx').on(t.studentId, t.courseId),
    index('step_progress_school_idx').on(t.schoolId),
  ],
);

/**
 * A student's report of a report step studied on their own (decision 0041): a Tiptap document,
 * sanitised on write, kept by revision like a task's report; finishing it completes the step.
 * Nobody scores it; its images are stored under `course-reports/<id>/<fileId>`.
 */
export const courseStepReports = pgTable(
  'course_step_reports',
  {
    id: id('id').primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: id('step_id')
      .notNull()
      .references(() => courseSteps.id, { onDelete: 'cascade' }),
    courseId: id('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    length: integer('length').notNull().default(0),
    revision: integer('revision').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('course_step_reports_student_step_key').on(t.studentId, t.stepId),
    index('course_step_reports_school_idx').on(t.schoolId),
    check('course_step_reports_length', sql`${t.length} >= 0`),
  ],
);
