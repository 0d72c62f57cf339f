import { and, count, desc, eq } from 'drizzle-orm';
import { noticeStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import { readPage } from '../../lib/sql';

/** The only SQL that writes notices. */

export type NoticeRow = typeof notices.$inferSelect;

export async function insertNotices(db: Db, rows: (typeof notices.$inferInsert)[]) {
  if (rows.length) await db.insert(notices).values(rows);
}

const unreadOf = (userId: string) =>
  and(eq(notices.userId, userId), eq(notices.status, noticeStatus.unread));

/** A page of the account's notices, newest first: the unread ones, or all. */
export function pageNotices(
  db: Db,
  userId: string,
  unreadOnly: boolean,
  pageNum: number,
  pageSize: number,
) {
  const where = unreadOnly ? unreadOf(userId) : eq(notices.userId, userId);
  return readPage(
    db.select().from(notices).where(where).orderBy(desc(notices.createdAt), desc(notices.id)),
    db.select({ n: count() }).from(notices).where(where),
    pageNum,
    pageSize,
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notices).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** Marks one of the account's notices read; answers whether it is the account's. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ status: noticeStatus.read })
    .where(and(eq(notices.id, id), eq(notices.userId, userId)))
    .returning({ id: notices.id });
  return rows.length > 0;
}

/** Marks every unread notice of the account read; answers how many. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ status: noticeStatus.read })
    .where(unreadOf(userId))
    .returning({ id: notices.id });
  return rows.length;
}
