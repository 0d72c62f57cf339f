import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import type { LabSpec } from '../driver';
import { inside } from './sandbox';

/**
 * Opens the lab's MQTT broker on a socket in the folder of sockets the platform offers the lab,
 * and returns how to close it; null for a lab without one.
 */
export async function openBroker(
  spec: LabSpec,
  socketsDir: string,
): Promise<(() => Promise<void>) | null> {
  if (!spec.broker) return null;
  const socketPath = join(socketsDir, 'mqtt.sock');
  const close = await spec.broker(socketPath);
  await chmod(socketPath, 0o666);
  return close;
}

/** Where programs in the lab find the broker: a forwarder inside the sandbox listens there. */
export function brokerEnv(spec: LabSpec): Record<string, string> {
  return spec.broker ? { MQTT_HOST: '127.0.0.1', MQTT_PORT: '1883' } : {};
}

/** `command`, with the forwarder to the broker's socket started beside it when the lab has one. */
export function withBrokerForward(spec: LabSpec, command: string[]): string[] {
  return spec.broker
    ? ['/bin/sh', '-c', `node ${inside.assets}/mqtt-forward.mjs & exec "$@"`, 'lab', ...command]
    : command;
}
