import type { FastifyInstance } from 'fastify';
import { LocalDriver } from '@platform/labs';
import { LabAccess } from './labs.access';
import { embeddedBroker, externalBroker } from './labs.broker';
import { labGateway } from './labs.gateway';
import { labsRoutes } from './labs.routes';
import { LabRuntime } from './labs.runtime';
import { LabTopicLog } from './labs.topics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served on lab origins by the gateway. */
    labGateway?: boolean;
  }
  interface FastifyInstance {
    labs: { runtime: LabRuntime; access: LabAccess; topics: LabTopicLog };
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
  const topics = new LabTopicLog(ctx.now);
  await topics.start(broker);
  runtime.onStop((entry) => {
    if (entry.runner === 'simulation') topics.forget(entry.id);
  });
  app.decorate('labs', { runtime, access, topics });
  app.addHook('onClose', async () => {
    await topics.close();
    await runtime.close();
  });
  await app.register(labsRoutes(runtime, access));
  await labGateway(app, runtime, access);
  await runtime.load();
  return runtime;
}
