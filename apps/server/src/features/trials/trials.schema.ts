import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/**
 * Verification codes sent for trial applications (decision 0026): a keyed digest of the code,
 * never the code; every row is a send, so the send caps count rows.
 */
export const trialCodes = pgTable(
  'trial_codes',
  {
    id: id('id').primaryKey(),
    phone: text('phone').notNull(),
    /** The requester's network: an IPv4 address or an IPv6 /64. */
    network: text('network').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, superseded by a newer code, spent by wrong entries, or never delivered. */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trial_codes_phone_idx').on(t.phone, t.createdAt),
    index('trial_codes_network_idx').on(t.network, t.createdAt),
    // The platform-wide caps count every code of the last minute and day (decision 0044).
    index('trial_codes_created_idx').on(t.createdAt),
  ],
);

/** Trial applications of visitors (platform spec §3; management spec §3, §4). */
export const trialApplications = pgTable(
  'trial_applications',
  {
    id: id('id').primaryKey(),
    applicant: text('applicant').notNull(),
    phone: text('phone').notNull(),
    collegeName: text('college_name').notNull(),
    professionalName: text('professional_name').notNull(),
    productDirection: text('product_direction').notNull(),
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    interestedContent: text('interested_content').notNull().default(''),
    applyType: smallint('apply_type').notNull().default(0),
    /** 0 applying, 1 processed. */
    status: smallint('status').notNull().default(0),
    /** The applicant's language (zh or en), for the message they get. */
    lang: text('lang').notNull().default('zh'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: id('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedByName: text('processed_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trial_applications_created_idx').on(t.createdAt),
    index('trial_applications_phone_idx').on(t.phone),
  ],
);
