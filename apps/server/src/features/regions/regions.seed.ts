import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';
import { regionRows } from './regions.data';

/** Fills the region dictionary once: only while the table is empty, so edits made later stay. */
export async function seedRegions(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(regions);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(regions).values(regionRows()).onConflictDoNothing();
}
