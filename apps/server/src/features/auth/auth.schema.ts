import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  grantTypes: text('grant_types').array().notNull(),
  accessTokenSeconds: integer('access_token_seconds').notNull(),
  refreshTokenSeconds: integer('refresh_token_seconds').notNull(),
  redirectUris: text('redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  firstParty: boolean('first_party').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('auth_sessions_access_key').on(t.accessHash),
    uniqueIndex('auth_sessions_refresh_key').on(t.refreshHash),
    index('auth_sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('auth_sessions_user_idx').on(t.userId),
  ],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: id('id').primaryKey(),
    userId: id('user_id'),
    schoolId: id('school_id'),
    username: text('username'),
    clientId: text('client_id'),
    source: text('source').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_user_idx').on(t.userId, t.createdAt),
    index('login_logs_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/**
 * The sign-in counters (throttle-store.ts) shared by every server process: a token bucket
 * (`tokens` at `at`) or the times of recent events, by key; times in epoch milliseconds.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens'),
    at: bigint('at', { mode: 'number' }),
    events: bigint('events', { mode: 'number' }).array(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_touched_at_idx').on(t.touchedAt)],
);
