import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { majors } from '../org/org.schema';

export const classes = pgTable(
  'classes',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    grade: text('grade'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('classes_school_idx').on(t.schoolId)],
);

/** The suitable majors of a class (at least one). */
export const classMajors = pgTable(
  'class_majors',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    majorId: id('major_id')
      .notNull()
      .references(() => majors.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.majorId] }),
    index('class_majors_major_idx').on(t.majorId),
  ],
);
