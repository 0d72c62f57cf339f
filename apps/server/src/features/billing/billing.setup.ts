import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Charges running labs and warns or stops schools out of balance (run on a timer). */
    billingTick: () => Promise<void>;
  }
}
import { graceLeftMinutes, type BillingGate } from './billing.gate';
import { chargeAll, chargeSchool } from './billing.metering';
import { billingRoutes } from './billing.routes';

/** What billing needs of the lab runtime, which it does not import. */
export interface MeteredLabs {
  onUsageClosed(listener: (schoolId: string, usageId: string) => void): void;
  warnSchool(
    schoolId: string,
    warning: { key: 'billing.balance_warning'; params: { minutes: number } } | null,
  ): void;
  stopSchool(schoolId: string, reason: 'balance'): Promise<number>;
}

/**
 * Billing's routes, charging a lab's use when it stops and, every tick, the use of running labs;
 * schools whose balance ran out warn their labs, then stop them. The gate (the labs' admission)
 * is built before the labs, which take it.
 */
export async function setUpBilling(
  app: FastifyInstance,
  gate: BillingGate,
  labs: MeteredLabs,
): Promise<void> {
  const { ctx } = app;
  await app.register(billingRoutes);
  labs.onUsageClosed((schoolId, usageId) => {
    chargeSchool(ctx, schoolId, { usageId }).catch((error: unknown) =>
      app.log.error({ err: error, schoolId, usageId }, 'charging a stopped lab failed'),
    );
  });
  const tick = async () => {
    await chargeAll(ctx);
    const { warn, stop, clear } = await gate.sweepExhausted();
    const now = ctx.now();
    for (const [schoolId, since] of warn) {
      labs.warnSchool(schoolId, {
        key: 'billing.balance_warning',
        params: { minutes: graceLeftMinutes(since, now) },
      });
    }
    for (const schoolId of clear) labs.warnSchool(schoolId, null);
    for (const schoolId of stop) await labs.stopSchool(schoolId, 'balance');
  };
  app.decorate('billingTick', tick);
  app.scheduler.every({
    name: 'billing.tick',
    everyMs: ctx.config.billingTickMs,
    on: 'leader',
    run: tick,
  });
}
