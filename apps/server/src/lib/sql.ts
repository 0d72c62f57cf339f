import { ilike, type AnyColumn, type SQL } from 'drizzle-orm';

/** Escapes the wildcards of LIKE (`%`, `_`) and its escape character in user input. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column ILIKE %text%` for a filter the user typed; no condition when the filter is empty. */
export function containing(column: AnyColumn, text: string | undefined): SQL | undefined {
  return text ? ilike(column, `%${escapeLike(text)}%`) : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a failed statement (the driver's error may be wrapped by the ORM). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The name of the unique index a failed insert or update ran into, if that was the failure. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

interface Pageable<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * One page (`pageNum` from 1) of an ordered query, with the count of all its rows: `count` is a
 * `select({ n: count() })` over the same rows.
 */
export async function readPage<R>(
  rows: Pageable<R>,
  total: PromiseLike<{ n: number }[]>,
  pageNum: number,
  pageSize: number,
): Promise<{ records: R[]; total: number }> {
  const [records, [counted]] = await Promise.all([
    rows.limit(pageSize).offset((pageNum - 1) * pageSize),
    total,
  ]);
  return { records, total: counted?.n ?? 0 };
}

/** The rows of a raw query, on PostgreSQL and PGlite alike (both answer `{ rows }`). */
export async function queryRows<T>(
  db: { execute(query: SQL): PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
