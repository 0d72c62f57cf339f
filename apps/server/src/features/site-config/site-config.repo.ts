import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteConfigs } from '../../db/schema';

export function findSiteConfigs(db: Db, clientCode: string) {
  return db.select().from(siteConfigs).where(eq(siteConfigs.clientCode, clientCode));
}
