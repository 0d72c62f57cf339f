import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export const ANNOUNCEMENT_KEY = 'system.announcement';

export async function readAnnouncement(db: Db): Promise<unknown> {
  const row = await db.query.systemSettings.findFirst({
    where: eq(systemSettings.key, ANNOUNCEMENT_KEY),
  });
  return row?.value ?? null;
}

export async function writeAnnouncement(db: Db, value: unknown, now: Date) {
  await db
    .insert(systemSettings)
    .values({ key: ANNOUNCEMENT_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}
