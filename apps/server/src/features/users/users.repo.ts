import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, users } from '../../db/schema';

export async function findProfile(db: Db, userId: string) {
  const rows = await db
    .select({
      user: users,
      collegeName: schools.name,
      collegeKind: schools.type,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setEnabled(db: Db, userId: string, enabled: boolean, now: Date) {
  await db.update(users).set({ enabled, updatedAt: now }).where(eq(users.id, userId));
}
