import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whitelistUsers } from '../../db/schema';

export async function isWhitelisted(db: Db, userId: string): Promise<boolean> {
  const row = await db.query.whitelistUsers.findFirst({ where: eq(whitelistUsers.userId, userId) });
  return Boolean(row);
}
