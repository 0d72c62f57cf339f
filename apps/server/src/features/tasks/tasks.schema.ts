import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

/**
 * Teaching tasks, as far as accounts need them: who holds a task and whether it is archived.
 * The teaching-task feature extends this table.
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
    status: smallint('status').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teaching_tasks_school_idx').on(t.schoolId),
    index('teaching_tasks_teacher_idx').on(t.teacherId),
  ],
);

/** A student's work on a teaching task: the training data that archiving a class clears. */
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
    progress: integer('progress').notNull().default(0),
    score: integer('score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_tasks_task_student_key').on(t.taskId, t.studentId),
    index('student_tasks_student_idx').on(t.studentId),
  ],
);
