import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/**
 * Background work any server process may run: waiting, running under a lease that its process
 * renews, then done or failed. At most one job of a group runs at a time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id('id').primaryKey(),
    kind: text('kind').notNull(),
    groupKey: text('group_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    progress: jsonb('progress').$type<unknown>(),
    errorKey: text('error_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_pending_idx')
      .on(t.kind, t.runAfter, t.id)
      .where(sql`${t.status} in ('waiting', 'running')`),
    uniqueIndex('jobs_group_running_key')
      .on(t.groupKey)
      .where(sql`${t.status} = 'running'`),
  ],
);
