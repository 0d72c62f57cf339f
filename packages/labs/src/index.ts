import type { KubernetesDriver } from './kubernetes/kube-driver';

export * from './driver';
export { LocalDriver, type LocalDriverOptions } from './local/local-driver';
export { probeHost } from './local/host';

export type { KubernetesDriver, KubernetesDriverOptions } from './kubernetes/kube-driver';
export type { KubernetesImages, MqttBroker } from './kubernetes/objects';

/**
 * The Kubernetes driver from the LAB_K8S_* variables. The Kubernetes client is loaded only here,
 * so a platform running labs locally does not pay for it at start.
 */
export async function kubernetesDriverFromEnv(
  env: Record<string, string | undefined> = process.env,
): Promise<KubernetesDriver> {
  const { kubernetesDriverFromEnv: fromEnv } = await import('./kubernetes/from-env');
  return fromEnv(env);
}
