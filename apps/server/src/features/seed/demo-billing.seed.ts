import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ChargingItem } from '@platform/contract';
import {
  billingOrders,
  billingPrices,
  courses,
  labEnvironments,
  labUsage,
  users,
} from '../../db/schema';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../auth/auth.plugin';
import { chargeSchool } from '../billing/billing.metering';
import { BillingService } from '../billing/billing.service';

const day = 86_400_000;

/** Platform prices in fen per unit, in effect for the demo's history. */
const demoPrices: [ChargingItem, number][] = [
  ['cpu_hour', 30],
  ['memory_gib_hour', 5],
  ['gpu_hour', 800],
  ['disk_gib_day', 2],
  ['ai_token_k', 2],
  ['slide', 50],
];

/**
 * Money of the demo: platform prices, a published package, the demo school's recharge with a
 * gift, and eight weeks of its students' lab use, charged, so the account pages, usage details
 * and the dashboard show data on a fresh start.
 */
export async function seedDemoBilling(ctx: AppContext, schoolId: string) {
  const { db, ids } = ctx;
  const now = ctx.now();
  const [operator] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.username, 'operator01'));
  if (!operator) return;
  const [ordered] = await db
    .select({ id: billingOrders.id })
    .from(billingOrders)
    .where(eq(billingOrders.schoolId, schoolId))
    .limit(1);
  if (ordered) return;
  await db.insert(billingPrices).values(
    demoPrices.map(([item, unitFen]) => ({
      id: ids.next(),
      item,
      envKind: null,
      unitFen,
      effectiveFrom: new Date(now.getTime() - 90 * day),
      createdBy: operator.id,
    })),
  );
  const actor: Actor = {
    userId: operator.id,
    username: operator.username,
    schoolId: null,
    sessionId: 'seed',
    clientId: ctx.config.webClientId,
    roles: [],
    mustChangePassword: false,
  };
  const billing = new BillingService(ctx);
  const platformCourses = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(isNull(courses.schoolId), isNull(courses.deletedAt)));
  const pkg = await billing.savePackage(
    {
      name: '物联网实训年度套餐',
      type: 'timed',
      hoursPerYear: 2000,
      priceFen: 1_980_000,
      periodMonths: 12,
      status: 'effective',
      stacking: 'validity',
      effect: 'immediate',
      courseIds: platformCourses.map((c) => c.id),
      majors: ['iot', 'industrial-iot'],
    },
    'zh',
  );
  await billing.packageState({ id: pkg.id, published: true, onShelf: true }, 'zh');
  await billing.addOrder(
    actor,
    {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      schoolId,
      type: 'amount',
      rechargeFen: 200_000,
      giftFen: 20_000,
      tokens: 100_000,
      slides: 50,
      effectiveAt: new Date(now.getTime() - 60 * day).toISOString(),
      expiresAt: new Date(now.getTime() + 305 * day).toISOString(),
      courseIds: platformCourses.map((c) => c.id),
      majors: [],
      payment: 'offline',
      paymentRef: 'DEMO-0001',
      remark: '演示充值 / Demo recharge',
    },
    'zh',
  );
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.username, ['student01', 'student02'])));
  const envs = await db
    .select({
      id: labEnvironments.id,
      name: labEnvironments.name,
      kind: labEnvironments.resourceKind,
      cpuCore: labEnvironments.cpuCore,
      memorySize: labEnvironments.memorySize,
      diskSize: labEnvironments.diskSize,
    })
    .from(labEnvironments)
    .where(inArray(labEnvironments.code, ['linux-terminal', 'python-jupyter', 'iot-terminal']));
  const rows: (typeof labUsage.$inferInsert)[] = [];
  for (let d = 56; d >= 1; d--) {
    for (const [i, student] of students.entries()) {
      if ((d + i) % 3 === 0) continue;
      const env = envs[(d + i) % envs.length];
      if (!env) continue;
      const start = now.getTime() - d * day + (9 + i) * 3_600_000;
      rows.push({
        id: ids.next(),
        containerId: ids.next(),
        userId: student.id,
        schoolId,
        envId: env.id,
        envName: env.name,
        resourceKind: env.kind,
        resources: {
          cpuCore: env.cpuCore,
          memorySize: env.memorySize,
          diskSize: env.diskSize,
          gpuCount: 0,
        },
        startedAt: new Date(start),
        stoppedAt: new Date(start + (40 + ((d * 7 + i * 13) % 80)) * 60_000),
        stopReason: 'user',
      });
    }
  }
  if (rows.length) await db.insert(labUsage).values(rows);
  await chargeSchool(ctx, schoolId);
}
