import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';

export type RegionRow = typeof regions.$inferSelect;

const child = alias(regions, 'child');

/** The children of a region in their order, each with whether it has children itself. */
export async function childrenOf(db: Db, pid: string) {
  return db
    .select({
      id: regions.id,
      pid: regions.pid,
      name: regions.name,
      nameEn: regions.nameEn,
      hasChildren: exists(
        db.select({ id: child.id }).from(child).where(eq(child.pid, regions.id)),
      ).mapWith(Boolean),
    })
    .from(regions)
    .where(eq(regions.pid, pid))
    .orderBy(asc(regions.sort), asc(regions.id));
}

export async function findRegion(db: Db, id: string): Promise<RegionRow | undefined> {
  const rows = await db.select().from(regions).where(eq(regions.id, id)).limit(1);
  return rows[0];
}

export async function findRegions(db: Db, ids: string[]): Promise<RegionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(regions).where(inArray(regions.id, ids));
}

/** Whether `id` is a child of `pid`. */
export async function isChildOf(db: Db, id: string, pid: string): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, id), eq(regions.pid, pid)))
    .limit(1);
  return rows.length > 0;
}

/** The provinces and their cities: the whole two-level dictionary under the root. */
export async function allUnder(db: Db, rootId: string): Promise<RegionRow[]> {
  const provinces = await db.select().from(regions).where(eq(regions.pid, rootId));
  const cities = provinces.length
    ? await db
        .select()
        .from(regions)
        .where(
          inArray(
            regions.pid,
            provinces.map((p) => p.id),
          ),
        )
    : [];
  return [...provinces, ...cities];
}
