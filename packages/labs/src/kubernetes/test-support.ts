import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { KubeApiDouble, type ApiDoubleOptions } from './api-double';
import { KubernetesDriver, type KubernetesDriverOptions } from './kube-driver';

export const testImages = {
  terminal: 'registry.example/lab-terminal:1',
  jupyter: 'registry.example/lab-jupyter:1',
  iotShell: 'registry.example/lab-iot-shell:1',
};

export const testNamespace = 'labs';

export function kubeConfigFor(server: string, namespace = testNamespace): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'test', server, skipTLSVerify: true }],
    users: [{ name: 'test', token: 'test-token' }],
    contexts: [{ name: 'test', cluster: 'test', user: 'test', namespace }],
    currentContext: 'test',
  });
  return kc;
}

/** A started API double whose kubelet runs the test images with the local driver. */
export async function startDouble(options: Partial<ApiDoubleOptions> = {}): Promise<KubeApiDouble> {
  const double = new KubeApiDouble({
    root: join(mkdtempSync(join(tmpdir(), 'kube-double-')), 'labs'),
    namespace: testNamespace,
    images: {
      [testImages.terminal]: 'terminal',
      [testImages.iotShell]: 'terminal',
      [testImages.jupyter]: 'jupyter',
    },
    ...options,
  });
  await double.start();
  return double;
}

export function driverFor(
  server: string,
  options: Partial<KubernetesDriverOptions> = {},
): KubernetesDriver {
  return new KubernetesDriver({
    kubeConfig: kubeConfigFor(server),
    namespace: testNamespace,
    images: testImages,
    gatewaySelector: { 'app.kubernetes.io/name': 'platform-gateway' },
    readyTimeoutMs: 30_000,
    ...options,
  });
}
