import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

/** Customers of the platform (regular, experience, temporary) and their service time. */
export const customers = pgTable(
  'customers',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    serviceStart: timestamp('service_start', { withTimezone: true }).notNull(),
    serviceEnd: timestamp('service_end', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_school_idx').on(t.schoolId),
    index('customers_end_idx').on(t.serviceEnd),
  ],
);

/** The history of added service time. */
export const customerTimeLogs = pgTable(
  'customer_time_logs',
  {
    id: id('id').primaryKey(),
    customerId: id('customer_id')
      .notNull()
      .references(() => customers.id),
    hours: integer('hours').notNull(),
    reason: text('reason').notNull(),
    endBefore: timestamp('end_before', { withTimezone: true }).notNull(),
    endAfter: timestamp('end_after', { withTimezone: true }).notNull(),
    operatorId: id('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('customer_time_logs_customer_idx').on(t.customerId, t.createdAt)],
);
