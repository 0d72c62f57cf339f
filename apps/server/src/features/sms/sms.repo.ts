import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { smsOutbox } from '../../db/schema';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export async function insertOutboxMessage(db: Db, row: typeof smsOutbox.$inferInsert) {
  await db.insert(smsOutbox).values(row);
}

export interface OutboxFilter {
  phone?: string | undefined;
  kind?: string | undefined;
}

export async function pageOutbox(db: Db, f: OutboxFilter, pageNum: number, pageSize: number) {
  const where = and(
    containing(smsOutbox.phone, f.phone),
    f.kind ? eq(smsOutbox.kind, f.kind) : undefined,
  );
  return readPage(
    db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)),
    db.select({ n: count() }).from(smsOutbox).where(where),
    pageNum,
    pageSize,
  );
}
