import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/** Text messages the outbox provider keeps instead of sending them (decision 0026). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id('id').primaryKey(),
    phone: text('phone').notNull(),
    /** verification_code or trial_message. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);
