import { and, count, desc, eq, gt, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { ServiceStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { customers, customerTimeLogs, schools } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerInsert = typeof customers.$inferInsert;
export type TimeLogInsert = typeof customerTimeLogs.$inferInsert;
export type CustomerWithCollege = CustomerRow & { collegeName: string | null };
export type TimeLogWithCustomer = typeof customerTimeLogs.$inferSelect & { customerName: string };

const live = isNull(customers.deletedAt);

export interface CustomerFilter {
  name?: string | undefined;
  kind?: number | undefined;
  collegeId?: string | undefined;
  status?: ServiceStatus | undefined;
}

/** The service status as a condition at `now` (the same rule as `serviceStatusOf`). */
function statusCondition(status: ServiceStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'expired':
      return lte(customers.serviceEnd, now);
    case 'not_started':
      return and(gt(customers.serviceStart, now), gt(customers.serviceEnd, now));
    case 'active':
      return and(lte(customers.serviceStart, now), gt(customers.serviceEnd, now));
  }
}

const withCollege = { customer: customers, collegeName: schools.name };
const flatten = (r: { customer: CustomerRow; collegeName: string | null }) => ({
  ...r.customer,
  collegeName: r.collegeName,
});

export async function pageCustomers(
  db: Db,
  f: CustomerFilter,
  now: Date,
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    live,
    containing(customers.name, f.name),
    f.kind ? eq(customers.kind, f.kind) : undefined,
    f.collegeId ? eq(customers.schoolId, f.collegeId) : undefined,
    f.status ? statusCondition(f.status, now) : undefined,
  );
  const { records: rows, total } = await readPage(
    db
      .select(withCollege)
      .from(customers)
      .leftJoin(schools, eq(schools.id, customers.schoolId))
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id)),
    db.select({ n: count() }).from(customers).where(where),
    pageNum,
    pageSize,
  );
  return { records: rows.map(flatten), total };
}

export async function findCustomer(db: Db, id: string): Promise<CustomerWithCollege | undefined> {
  const rows = await db
    .select(withCollege)
    .from(customers)
    .leftJoin(schools, eq(schools.id, customers.schoolId))
    .where(and(eq(customers.id, id), live))
    .limit(1);
  return rows[0] && flatten(rows[0]);
}

/** A live customer, locked until the transaction ends (for changes of its service time). */
export async function lockCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), live))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function insertCustomer(db: Db, row: CustomerInsert): Promise<void> {
  await db.insert(customers).values(row);
}

/** Answers whether a live customer was changed. */
export async function updateCustomer(
  db: Db,
  id: string,
  set: Partial<CustomerInsert>,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set(set)
    .where(and(eq(customers.id, id), live))
    .returning({ id: customers.id });
  return rows.length > 0;
}

export async function softDeleteCustomer(db: Db, id: string, now: Date): Promise<boolean> {
  return updateCustomer(db, id, { deletedAt: now, updatedAt: now });
}

export async function insertTimeLog(db: Db, row: TimeLogInsert): Promise<void> {
  await db.insert(customerTimeLogs).values(row);
}

export interface TimeLogFilter {
  customerId?: string | undefined;
  customerName?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Entries of deleted customers stay in the history: it is the record of what was done. */
export async function pageTimeLogs(db: Db, f: TimeLogFilter, pageNum: number, pageSize: number) {
  const where = and(
    f.customerId ? eq(customerTimeLogs.customerId, f.customerId) : undefined,
    containing(customers.name, f.customerName),
    f.from ? gte(customerTimeLogs.createdAt, f.from) : undefined,
    f.to ? lte(customerTimeLogs.createdAt, f.to) : undefined,
  );
  const { records, total } = await readPage(
    db
      .select()
      .from(customerTimeLogs)
      .innerJoin(customers, eq(customers.id, customerTimeLogs.customerId))
      .where(where)
      .orderBy(desc(customerTimeLogs.createdAt), desc(customerTimeLogs.id)),
    db
      .select({ n: count() })
      .from(customerTimeLogs)
      .innerJoin(customers, eq(customers.id, customerTimeLogs.customerId))
      .where(where),
    pageNum,
    pageSize,
  );
  return {
    records: records.map((r): TimeLogWithCustomer => ({
      ...r.customer_time_logs,
      customerName: r.customers.name,
    })),
    total,
  };
}
