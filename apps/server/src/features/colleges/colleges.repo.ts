import { and, asc, count, desc, eq, exists, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { regions, schools, userRoles, users } from '../../db/schema';

export type SchoolRow = typeof schools.$inferSelect;

const live = isNull(schools.deletedAt);
const provinceRegion = alias(regions, 'province_region');
const cityRegion = alias(regions, 'city_region');

/** A school with the names of its province and city in both languages. */
export interface CollegeRow extends SchoolRow {
  provinceName: string | null;
  provinceNameEn: string | null;
  cityName: string | null;
  cityNameEn: string | null;
}

export interface CollegeFilter {
  name?: string | undefined;
  type?: number | undefined;
  province?: string | undefined;
  city?: string | undefined;
  enabled?: boolean | undefined;
}

function whereOf(f: CollegeFilter): SQL | undefined {
  return and(
    live,
    containing(schools.name, f.name),
    f.type ? eq(schools.type, f.type) : undefined,
    f.province ? eq(schools.province, f.province) : undefined,
    f.city ? eq(schools.city, f.city) : undefined,
    f.enabled !== undefined ? eq(schools.enabled, f.enabled) : undefined,
  );
}

function selectColleges(db: Db) {
  return db
    .select({
      school: schools,
      provinceName: provinceRegion.name,
      provinceNameEn: provinceRegion.nameEn,
      cityName: cityRegion.name,
      cityNameEn: cityRegion.nameEn,
    })
    .from(schools)
    .leftJoin(provinceRegion, eq(provinceRegion.id, schools.province))
    .leftJoin(cityRegion, eq(cityRegion.id, schools.city));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectColleges>['where']>>[number];
const flatten = (r: Selected): CollegeRow => ({
  ...r.school,
  provinceName: r.provinceName,
  provinceNameEn: r.provinceNameEn,
  cityName: r.cityName,
  cityNameEn: r.cityNameEn,
});

export async function pageColleges(db: Db, f: CollegeFilter, pageNum: number, pageSize: number) {
  const where = whereOf(f);
  const { records: records, total } = await readPage(
    selectColleges(db).where(where).orderBy(desc(schools.createdAt), desc(schools.id)),
    db.select({ n: count() }).from(schools).where(where),
    pageNum,
    pageSize,
  );
  return { records: records.map(flatten), total };
}

/** A school that is not deleted. */
export async function findCollege(db: Db, id: string): Promise<CollegeRow | undefined> {
  const rows = await selectColleges(db)
    .where(and(eq(schools.id, id), live))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : undefined;
}

/** Live accounts and live students of each school. */
export async function accountCounts(
  db: Db,
  schoolIds: string[],
): Promise<Map<string, { accounts: number; students: number }>> {
  const out = new Map<string, { accounts: number; students: number }>();
  if (schoolIds.length === 0) return out;
  const rows = await db
    .select({
      schoolId: users.schoolId,
      accounts: count(),
      students: sql<number>`count(*) filter (where ${users.kind} = ${UserKind.STUDENT})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(and(inArray(users.schoolId, schoolIds), isNull(users.deletedAt)))
    .groupBy(users.schoolId);
  for (const r of rows) {
    if (r.schoolId) out.set(r.schoolId, { accounts: Number(r.accounts), students: r.students });
  }
  return out;
}

export async function studentCount(db: Db, schoolId: string): Promise<number> {
  return (await accountCounts(db, [schoolId])).get(schoolId)?.students ?? 0;
}

/** Url prefixes are unique over every school, deleted ones included. */
export async function urlTaken(db: Db, url: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.url, url), exceptId ? ne(schools.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function takenUrls(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: schools.url })
    .from(schools)
    .where(inArray(schools.url, urls));
  return new Set(rows.map((r) => r.url));
}

export async function collegeOptions(db: Db, name: string | undefined, limit: number) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(live, containing(schools.name, name)))
    .orderBy(asc(schools.name), asc(schools.id))
    .limit(limit);
}

/** Live accounts of a school holding a role. */
export async function accountsWithRole(db: Db, schoolId: string, roleId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      phone: users.phone,
      enabled: users.enabled,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNull(users.deletedAt),
        exists(
          db
            .select({ userId: userRoles.userId })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roleId))),
        ),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
}
