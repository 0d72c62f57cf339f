import type { ResourceKind } from './environments';

/** A port a platform application listens on inside its pod. */
export type AppPort = { name: string; port: number; protocol: 'TCP' | 'UDP' };

/** A service a platform application needs beside it, with the image an operator starts from. */
export type AppDependency = {
  name: 'postgresql' | 'redis' | 'mqtt' | 'chirpstack-gateway-bridge';
  image: string;
  port: number;
};

/**
 * An environment kind that runs a third-party platform application on the Kubernetes driver:
 * the image an operator sees as the default when creating an environment of that kind, the
 * ports it listens on (`web` is the one the lab gateway opens in the browser) and what it needs.
 */
export type PlatformApp = {
  resourceKind: ResourceKind;
  image: string;
  ports: readonly AppPort[];
  webPort: number;
  needs: readonly AppDependency[];
  /** Where the application keeps its state; a lab's volume is mounted there. */
  dataPath: string;
};

const postgres: AppDependency = { name: 'postgresql', image: 'postgres:16.6-alpine', port: 5432 };
const redis: AppDependency = { name: 'redis', image: 'redis:7.4.2-alpine', port: 6379 };
const mqtt: AppDependency = { name: 'mqtt', image: 'eclipse-mosquitto:2.0.20', port: 1883 };

export const platformApps = [
  {
    resourceKind: 'THINGSBOARD',
    // The single-node image with its own PostgreSQL inside, as ThingsBoard ships it.
    image: 'thingsboard/tb-postgres:4.0.1',
    ports: [
      { name: 'web', port: 9090, protocol: 'TCP' },
      { name: 'mqtt', port: 1883, protocol: 'TCP' },
      { name: 'coap', port: 5683, protocol: 'UDP' },
    ],
    webPort: 9090,
    needs: [],
    dataPath: '/data',
  },
  {
    resourceKind: 'ChirpStack',
    image: 'chirpstack/chirpstack:4.11.0',
    ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
    webPort: 8080,
    needs: [
      postgres,
      redis,
      mqtt,
      {
        name: 'chirpstack-gateway-bridge',
        image: 'chirpstack/chirpstack-gateway-bridge:4.0.11',
        port: 1700,
      },
    ],
    dataPath: '/etc/chirpstack',
  },
  {
    resourceKind: 'HomeAssistant',
    image: 'ghcr.io/home-assistant/home-assistant:2025.1.4',
    ports: [{ name: 'web', port: 8123, protocol: 'TCP' }],
    webPort: 8123,
    needs: [mqtt],
    dataPath: '/config',
  },
  {
    resourceKind: 'JUPYTERHUB',
    image: 'quay.io/jupyterhub/jupyterhub:5.2.1',
    ports: [{ name: 'web', port: 8000, protocol: 'TCP' }],
    webPort: 8000,
    needs: [],
    dataPath: '/srv/jupyterhub',
  },
] as const satisfies readonly PlatformApp[];

/** The platform application of a resource kind, if it is one. */
export function platformAppOf(kind: ResourceKind): PlatformApp | undefined {
  return platformApps.find((app) => app.resourceKind === kind);
}

/** The image an environment of this kind starts with; empty for kinds the platform runs itself. */
export function defaultImageOf(kind: ResourceKind): string {
  return platformAppOf(kind)?.image ?? '';
}

/** An image reference pinned to an exact tag or a digest: no `latest`, no bare name. */
export function isPinnedImage(ref: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(ref)) return true;
  const tag = /:([\w][\w.-]{0,127})$/.exec(ref.slice(ref.lastIndexOf('/') + 1))?.[1];
  return !!tag && tag !== 'latest' && /\d/.test(tag);
}
