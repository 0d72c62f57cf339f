import type { FastifyInstance } from 'fastify';
import { LocalDriver } from '@platform/labs';
import { LabAccess } from './labs.access';
import { embeddedBroker, externalBroker } from './labs.broker';
import { labGateway } from './labs.gateway';
import { labsRoutes } from './labs.routes';
import { LabRuntime } from './labs.runtime';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served on lab origins by the gateway. */
    labGateway?: boolean;
  }
  interface FastifyInstance {
    labs: { runtime: LabRuntime; access: LabAccess };
  }
}

/** The lab runtime (local driver, MQTT broker), its API routes and its gateway. */
export async function setUpLabs(app: FastifyInstance): Promise<LabRuntime> {
  const { ctx } = app;
  const driver = new LocalDriver({
    root: ctx.config.labsDir,
    diskCap: ctx.config.labDiskCap,
    ...(ctx.config.labUidRegistry ? { uidRegistry: ctx.config.labUidRegistry } : {}),
  });
  const broker = ctx.config.mqttUrl
    ? await externalBroker(ctx.config.mqttUrl)
    : await embeddedBroker();
  const runtime = new LabRuntime(
    ctx,
    driver,
    broker,
    {
      maxStarting: ctx.config.labMaxStarting,
      heartbeatFlushMs: ctx.config.labHeartbeatFlushMs,
      idleSweepMs: ctx.config.labIdleSweepMs,
    },
    app.log,
  );
  const access = new LabAccess(ctx.now);
  app.decorate('labs', { runtime, access });
  app.addHook('onClose', () => runtime.close());
  await app.register(labsRoutes(runtime, access));
  await labGateway(app, runtime, access);
  await runtime.load();
  return runtime;
}
