import { and, count, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingOrders, billingPackages, schools, users } from '../../db/schema';
import { escapeLike, readPage } from '../../lib/sql';

const orderColumns = {
  id: billingOrders.id,
  orderNo: billingOrders.orderNo,
  schoolId: billingOrders.schoolId,
  schoolName: schools.name,
  type: billingOrders.type,
  packageId: billingOrders.packageId,
  packageName: billingPackages.name,
  packageType: billingOrders.packageType,
  packageHours: billingOrders.packageHours,
  rechargeFen: billingOrders.rechargeFen,
  giftFen: billingOrders.giftFen,
  tokens: billingOrders.tokens,
  slides: billingOrders.slides,
  effectiveAt: billingOrders.effectiveAt,
  expiresAt: billingOrders.expiresAt,
  courseIds: billingOrders.courseIds,
  majors: billingOrders.majors,
  payment: billingOrders.payment,
  paymentRef: billingOrders.paymentRef,
  remark: billingOrders.remark,
  createdByName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
  createdAt: billingOrders.createdAt,
};

const ordersJoined = (db: Db) =>
  db
    .select(orderColumns)
    .from(billingOrders)
    .innerJoin(schools, eq(schools.id, billingOrders.schoolId))
    .leftJoin(billingPackages, eq(billingPackages.id, billingOrders.packageId))
    .leftJoin(users, eq(users.id, billingOrders.createdBy));

export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersJoined>['execute']>>[number];

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await ordersJoined(db).where(eq(billingOrders.id, id));
  return row;
}

export type OrderKeyRow = { id: string; requestHash: string };

export async function findOrderByKey(db: Db, key: string): Promise<OrderKeyRow | undefined> {
  const [row] = await db
    .select({ id: billingOrders.id, requestHash: billingOrders.requestHash })
    .from(billingOrders)
    .where(eq(billingOrders.idempotencyKey, key));
  return row;
}

export async function insertOrder(db: Db, row: typeof billingOrders.$inferInsert) {
  await db.insert(billingOrders).values(row);
}

export async function orderPage(
  db: Db,
  q: {
    pageNum: number;
    pageSize: number;
    schoolId: string | null;
    orderNo?: string | undefined;
    type?: 'package' | 'amount' | undefined;
  },
) {
  const where = and(
    q.schoolId ? eq(billingOrders.schoolId, q.schoolId) : undefined,
    q.orderNo ? ilike(billingOrders.orderNo, `%${escapeLike(q.orderNo)}%`) : undefined,
    q.type ? eq(billingOrders.type, q.type) : undefined,
  );
  return readPage(
    ordersJoined(db)
      .where(where)
      .orderBy(desc(billingOrders.createdAt), desc(billingOrders.id))
      .$dynamic(),
    db.select({ n: count() }).from(billingOrders).where(where),
    q.pageNum,
    q.pageSize,
  );
}

/** Package orders of the school in force at `now`, or yet to come. */
export async function packagesInForce(db: Db, schoolId: string, now: Date) {
  return db
    .select({
      id: billingOrders.id,
      orderNo: billingOrders.orderNo,
      packageName: billingPackages.name,
      packageType: billingOrders.packageType,
      effectiveAt: billingOrders.effectiveAt,
      expiresAt: billingOrders.expiresAt,
    })
    .from(billingOrders)
    .leftJoin(billingPackages, eq(billingPackages.id, billingOrders.packageId))
    .where(
      and(
        eq(billingOrders.schoolId, schoolId),
        eq(billingOrders.type, 'package'),
        gt(billingOrders.expiresAt, now),
      ),
    )
    .orderBy(billingOrders.effectiveAt);
}
