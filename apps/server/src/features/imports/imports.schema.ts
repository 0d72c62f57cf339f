import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

/** Spreadsheet imports: progress while running, the per-row error report afterwards. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors')
      .$type<{ row: number; field: string; errorKey: string; value: string }[]>()
      .notNull()
      .default([]),
    errorKey: text('error_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt)],
);
