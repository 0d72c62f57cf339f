import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema';

export function findSchool(db: Db, id: string) {
  return db.query.schools.findFirst({ where: eq(schools.id, id) });
}
