import { and, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { ChargingItem } from '@platform/contract';
import type { Db } from '../../db/client';
import { billingPackages, billingPrices, schools } from '../../db/schema';
import { escapeLike, readPage } from '../../lib/sql';

export type PackageRow = typeof billingPackages.$inferSelect;

export const liveSchool = isNull(schools.deletedAt);

export async function findSchool(db: Db, id: string) {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, id), liveSchool));
  return row;
}

/* Packages ------------------------------------------------------------------------------------- */

export async function packagePage(
  db: Db,
  q: {
    pageNum: number;
    pageSize: number;
    name?: string | undefined;
    status?: string;
    published?: string;
  },
) {
  const where = and(
    q.name ? ilike(billingPackages.name, `%${escapeLike(q.name)}%`) : undefined,
    q.status ? eq(billingPackages.status, q.status as PackageRow['status']) : undefined,
    q.published ? eq(billingPackages.published, q.published === '1') : undefined,
  );
  return readPage(
    db
      .select()
      .from(billingPackages)
      .where(where)
      .orderBy(desc(billingPackages.createdAt), desc(billingPackages.id))
      .$dynamic(),
    db.select({ n: count() }).from(billingPackages).where(where),
    q.pageNum,
    q.pageSize,
  );
}

export async function findPackage(db: Db, id: string) {
  const [row] = await db.select().from(billingPackages).where(eq(billingPackages.id, id));
  return row;
}

export async function insertPackage(db: Db, row: typeof billingPackages.$inferInsert) {
  await db.insert(billingPackages).values(row);
}

export async function updatePackage(db: Db, id: string, set: Partial<PackageRow>) {
  const rows = await db
    .update(billingPackages)
    .set(set)
    .where(eq(billingPackages.id, id))
    .returning({ id: billingPackages.id });
  return rows.length > 0;
}

/* Prices --------------------------------------------------------------------------------------- */

export async function pricePage(
  db: Db,
  q: { pageNum: number; pageSize: number; item?: ChargingItem | undefined },
) {
  const where = q.item ? eq(billingPrices.item, q.item) : undefined;
  return readPage(
    db
      .select()
      .from(billingPrices)
      .where(where)
      .orderBy(desc(billingPrices.effectiveFrom), desc(billingPrices.id))
      .$dynamic(),
    db.select({ n: count() }).from(billingPrices).where(where),
    q.pageNum,
    q.pageSize,
  );
}

export async function allPrices(db: Db) {
  return db.select().from(billingPrices);
}

export async function findPrice(db: Db, id: string) {
  const [row] = await db.select().from(billingPrices).where(eq(billingPrices.id, id));
  return row;
}

export async function insertPrice(db: Db, row: typeof billingPrices.$inferInsert) {
  await db.insert(billingPrices).values(row);
}

export async function deletePrice(db: Db, id: string) {
  await db.delete(billingPrices).where(eq(billingPrices.id, id));
}
