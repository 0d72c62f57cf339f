import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const rows = await db.select().from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  return rows[0]?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown, now: Date) {
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}

/** The value of `key`, stored as `initial` by whichever process asks first. */
export async function settingOnce(db: Db, key: string, initial: unknown): Promise<unknown> {
  await db
    .insert(systemSettings)
    .values({ key, value: initial })
    .onConflictDoNothing({ target: systemSettings.key });
  return readSetting(db, key);
}
