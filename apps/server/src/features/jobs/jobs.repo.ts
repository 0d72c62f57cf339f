import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;

/** A moment `ms` milliseconds after the database's clock, which every process shares. */
const fromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** Holds a lock named `name` until the transaction ends; others taking it wait. */
export async function lockUntilCommit(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

export async function insertJob(tx: Db, row: JobInsert): Promise<void> {
  await tx.insert(jobs).values(row);
}

export async function countWaiting(tx: Db, kind: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'waiting')));
  return Number(row?.n ?? 0);
}

/**
 * The next job of one of the kinds that may start now, locked: a waiting one that is due, or a
 * running one whose lease ran out, in a group where no other job runs. Rows another transaction
 * holds are skipped.
 */
export async function nextClaimable(tx: Db, kinds: string[]): Promise<JobRow | undefined> {
  const rows = await tx
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        sql`((${jobs.status} = 'waiting' and ${jobs.runAfter} <= now())
          or (${jobs.status} = 'running' and ${jobs.leaseUntil} < now()))`,
        sql`not exists (
          select 1 from ${jobs} as other
          where other.group_key = ${jobs.groupKey} and other.status = 'running'
            and other.id <> ${jobs.id})`,
      ),
    )
    .orderBy(jobs.runAfter, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function markRunning(
  tx: Db,
  id: string,
  owner: string,
  leaseMs: number,
): Promise<JobRow> {
  const [row] = await tx
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: owner,
      leaseUntil: fromNow(leaseMs),
    })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}

/** The job's own process, while it holds the lease. */
const heldBy = (id: string, owner: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, owner));

/** Extends the lease; false when the process no longer holds it. */
export async function renewLease(
  db: Db,
  id: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: fromNow(leaseMs) })
    .where(heldBy(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function saveProgress(
  db: Db,
  id: string,
  owner: string,
  progress: unknown,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ progress })
    .where(heldBy(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends a job its process holds; false when another process took it over meanwhile. */
export async function finish(
  db: Db,
  id: string,
  owner: string,
  end: { status: 'done' } | { status: 'failed'; errorKey: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: end.status,
      errorKey: end.status === 'failed' ? end.errorKey : null,
      leaseUntil: null,
      finishedAt: sql`now()`,
    })
    .where(heldBy(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Removes jobs of the kinds that ended more than `keepMs` ago (by the database's clock). */
export async function deleteFinished(db: Db, kinds: string[], keepMs: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        inArray(jobs.status, ['done', 'failed']),
        lt(jobs.finishedAt, sql`now() - ${keepMs} * interval '1 millisecond'`),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** Fails a job whose lease ran out (its row locked by the caller's transaction). */
export async function failAbandoned(tx: Db, id: string, errorKey: string): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: 'failed', errorKey, leaseUntil: null, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** Puts a job its process holds back to waiting, to be tried again after `delayMs`. */
export async function retryLater(
  db: Db,
  id: string,
  owner: string,
  delayMs: number,
  errorKey: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'waiting',
      errorKey,
      lockedBy: null,
      leaseUntil: null,
      runAfter: fromNow(delayMs),
    })
    .where(heldBy(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return rows[0];
}
