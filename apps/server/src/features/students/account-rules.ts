import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AccountStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';

/**
 * What teacher and student accounts share: login names, role rows, the status filter and the
 * database's unique-violation answer.
 */

/** Whether a live account (of any school, or none) already signs in with this name. */
export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        isNull(users.deletedAt),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Ids of role rows by code in one application (tenant). */
export async function roleIdsByCode(
  db: Db,
  tenantId: string,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.code, [...codes])));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * The `enabled` values an account status filter keeps. Whether a school's accounts are expired
 * depends on the school, not on the account: with the service ended no enabled account is
 * normal, otherwise none is expired. `null` keeps nothing.
 */
export function enabledFilterOf(
  status: AccountStatus | undefined,
  serviceEnded: boolean,
): { enabled?: boolean } | null {
  switch (status) {
    case undefined:
      return {};
    case 'deactivated':
      return { enabled: false };
    case 'normal':
      return serviceEnded ? null : { enabled: true };
    case 'expired':
      return serviceEnded ? { enabled: true } : null;
  }
}

/** The name of the unique index a failed insert or update ran into, if that was the failure. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
