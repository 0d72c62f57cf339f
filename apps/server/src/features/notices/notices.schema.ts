import { index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

/**
 * A notice to one account (platform spec §3): what happened (`dynamic_type`) to which object
 * (`dynamic_id`), with the values its text needs; status 0 unread, 1 read.
 */
export const notices = pgTable(
  'notices',
  {
    id: id('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: id('school_id').references(() => schools.id),
    dynamicId: id('dynamic_id').notNull(),
    dynamicType: text('dynamic_type').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.status, t.createdAt)],
);
