import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { kubernetesDriverFromEnv, LocalDriver, type LabDriver } from '@platform/labs';
import type { Config, KubernetesLabConfig } from '../../config';
import { LabAccess } from './labs.access';
import {
  embeddedBroker,
  externalBroker,
  startAfterCredentials,
  type LabBroker,
} from './labs.broker';
import { DynsecLabCredentials } from './labs.dynsec';
import { LabForwarder } from './labs.forward';
import { labGateway } from './labs.gateway';
import { labsRoutes } from './labs.routes';
import { LabRuntime, type RuntimeOptions } from './labs.runtime';
import { LabTopicLog } from './labs.topics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served on lab origins by the gateway. */
    labGateway?: boolean;
  }
  interface FastifyInstance {
    labs: {
      runtime: LabRuntime;
      access: LabAccess;
      topics: LabTopicLog;
      forwarder: LabForwarder;
    };
  }
}

/** The LAB_K8S_* variables of the Kubernetes driver's factory, from the checked configuration. */
export function kubernetesEnv(
  k: KubernetesLabConfig,
  serviceHost = process.env.KUBERNETES_SERVICE_HOST,
): Record<string, string | undefined> {
  return {
    LAB_K8S_NAMESPACE: k.namespace,
    LAB_K8S_IMAGE_TERMINAL: k.images.terminal,
    LAB_K8S_IMAGE_JUPYTER: k.images.jupyter,
    LAB_K8S_IMAGE_IOT: k.images.iot,
    LAB_K8S_GATEWAY_SELECTOR: k.gatewaySelector,
    LAB_K8S_GATEWAY_NAMESPACE: k.gatewayNamespace,
    LAB_K8S_MQTT_HOST: k.mqtt?.host,
    LAB_K8S_MQTT_PORT: k.mqtt ? String(k.mqtt.port) : undefined,
    LAB_K8S_MQTT_SELECTOR: k.mqtt?.selector,
    LAB_K8S_MQTT_NAMESPACE: k.mqtt?.namespace,
    LAB_K8S_STORAGE_CLASS: k.storageClass,
    KUBECONFIG: k.kubeconfig,
    KUBERNETES_SERVICE_HOST: k.kubeconfig ? undefined : serviceHost,
  };
}

async function labDriver(config: Config): Promise<LabDriver> {
  if (config.labDriver.kind === 'kubernetes')
    return kubernetesDriverFromEnv(kubernetesEnv(config.labDriver));
  return new LocalDriver({
    root: config.labsDir,
    diskCap: config.labDiskCap,
    ...(config.labUidRegistry ? { uidRegistry: config.labUidRegistry } : {}),
  });
}

/**
 * The embedded broker, or the external one at MQTT_URL. With dynamic security configured, the
 * platform keeps the labs' credentials in the broker and signs in as its own client there.
 */
async function labBroker(config: Config, log: FastifyBaseLogger): Promise<LabBroker> {
  if (!config.mqttUrl) {
    const told = new Map<string, number>();
    return embeddedBroker({
      onRefused: (labId, reason) => {
        const key = `${labId} ${reason}`;
        if ((told.get(key) ?? 0) > Date.now() - 60_000) return;
        if (told.size > 10_000) told.clear();
        told.set(key, Date.now());
        log.warn({ labId, reason }, 'lab MQTT connection cut at a broker limit');
      },
    });
  }
  const login = config.mqttDynsec;
  const credentials = login
    ? await DynsecLabCredentials.connect({ url: config.mqttUrl, ...login })
    : null;
  try {
    return await externalBroker(config.mqttUrl, {
      login: credentials && login ? await credentials.platformClient(login.password) : null,
      credentials,
      onError: (err, labId) => log.error({ err, labId }, 'lab MQTT credentials not changed'),
    });
  } catch (error) {
    await credentials?.close();
    throw error;
  }
}

/** What the lab runtime takes from other features, given where the features are built. */
export type LabPorts = Pick<RuntimeOptions, 'admission' | 'demand'>;

/** The lab runtime (local or Kubernetes driver, MQTT broker), its API routes and its gateway. */
export async function setUpLabs(app: FastifyInstance, ports: LabPorts = {}): Promise<LabRuntime> {
  const { ctx } = app;
  const broker = await labBroker(ctx.config, app.log);
  let driver: LabDriver;
  try {
    driver = startAfterCredentials(await labDriver(ctx.config), broker);
  } catch (error) {
    await broker.close();
    throw error;
  }
  const runtime = new LabRuntime(
    ctx,
    driver,
    broker,
    {
      maxStarting: ctx.config.labMaxStarting,
      heartbeatFlushMs: ctx.config.labHeartbeatFlushMs,
      idleSweepMs: ctx.config.labIdleSweepMs,
      ...ports,
    },
    app.log,
  );
  const access = new LabAccess(ctx.now);
  const topics = new LabTopicLog(ctx.now);
  await topics.start(broker);
  runtime.onStop((entry) => {
    if (entry.runner === 'simulation') topics.forget(entry.id);
  });
  const forwarder = new LabForwarder(app, runtime);
  app.decorate('labs', { runtime, access, topics, forwarder });
  app.addHook('onClose', async () => {
    await topics.close();
    await runtime.close();
  });
  // WebSockets are bridged by their own handlers once upgraded.
  app.addHook('onRequest', async (req, reply) => {
    const { config } = req.routeOptions;
    if (config?.runsOn !== 'lab-leader' && !config?.labGateway) return;
    if (forwarder.local || req.headers.upgrade?.toLowerCase() === 'websocket') return;
    return forwarder.forward(req, reply);
  });
  for (const work of runtime.periodicWork()) app.scheduler.every(work);
  await app.register(labsRoutes(runtime, access));
  await labGateway(app, runtime, access, forwarder);
  await runtime.load();
  return runtime;
}
