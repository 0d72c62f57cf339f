import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The region dictionary: provinces and cities keyed by their GB/T 2260 codes. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    pid: text('pid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_pid_idx').on(t.pid, t.sort)],
);
