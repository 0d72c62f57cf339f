import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';

/** Departments of a school (organization management). */
export const departments = pgTable(
  'departments',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_school_name_key').on(t.schoolId, t.name)],
);

/** Majors of a school, each in a department. */
export const majors = pgTable(
  'majors',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    departmentId: id('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('majors_school_name_key').on(t.schoolId, t.name),
    index('majors_department_idx').on(t.departmentId),
  ],
);
