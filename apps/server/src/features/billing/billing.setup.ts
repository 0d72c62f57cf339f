import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Charges running labs and warns or stops schools out of balance (run on a timer). */
    billingTick: () => Promise<void>;
  }
}
import { graceLeftMinutes, BillingGate } from './billing.gate';
import { chargeAll, chargeSchool } from './billing.metering';
import { billingRoutes } from './billing.routes';

/** What billing needs of the lab runtime, which it does not import. */
export interface MeteredLabs {
  /** Whether this process runs the labs: only that one charges, warns and stops them. */
  readonly leads: boolean;
  onUsageClosed(listener: (schoolId: string, usageId: string) => void): void;
  warnSchool(
    schoolId: string,
    warning: { key: 'billing.balance_warning'; params: { minutes: number } } | null,
  ): void;
  stopSchool(schoolId: string, reason: 'balance'): Promise<number>;
}

/**
 * Billing's routes, the lab admission, charging a lab's use when it stops and, every tick, the
 * use of running labs; schools whose balance ran out warn their labs, then stop them.
 */
export async function setUpBilling(app: FastifyInstance, labs: MeteredLabs): Promise<BillingGate> {
  const { ctx } = app;
  await app.register(billingRoutes);
  const gate = new BillingGate(ctx);
  labs.onUsageClosed((schoolId, usageId) => {
    chargeSchool(ctx, schoolId, { usageId }).catch((error: unknown) =>
      app.log.error({ err: error, schoolId, usageId }, 'charging a stopped lab failed'),
    );
  });
  let running: Promise<void> | null = null;
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
  const timer = setInterval(() => {
    if (running || !labs.leads) return;
    running = tick()
      .catch((error: unknown) => app.log.error({ err: error }, 'billing tick failed'))
      .finally(() => {
        running = null;
      });
  }, ctx.config.billingTickMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return gate;
}
