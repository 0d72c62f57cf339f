import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';

export const schools = pgTable(
  'schools',
  {
    id: id('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type'),
    url: text('url').notNull().default('sch_edu'),
    logo: text('logo'),
    clientLogo: text('client_logo'),
    clientTitle: text('client_title'),
    favicon: text('favicon'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** Region codes of the region dictionary (GB/T 2260). */
    province: text('province'),
    city: text('city'),
    intro: text('intro').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Money in fen; fed by billing. */
    totalBalance: bigint('total_balance', { mode: 'number' }).notNull().default(0),
    rechargeBalance: bigint('recharge_balance', { mode: 'number' }).notNull().default(0),
    giftBalance: bigint('gift_balance', { mode: 'number' }).notNull().default(0),
    tokenCount: bigint('token_count', { mode: 'number' }).notNull().default(0),
    pptCount: integer('ppt_count').notNull().default(0),
    maxStudents: integer('max_students').notNull().default(0),
    purchasedCourseCount: integer('purchased_course_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('schools_url_key').on(t.url), index('schools_name_idx').on(t.name)],
);
