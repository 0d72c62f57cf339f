import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubernetesDriverFromEnv as loadDriver } from '../index';
import { kubernetesDriverFromEnv, kubernetesOptionsFromEnv } from './from-env';

const kubeconfig = join(mkdtempSync(join(tmpdir(), 'kubeconfig-')), 'config');
writeFileSync(
  kubeconfig,
  `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: https://cluster.example:6443
users:
- name: u
  user:
    token: t
contexts:
- name: x
  context: { cluster: c, user: u }
current-context: x
`,
);

const base = {
  KUBECONFIG: kubeconfig,
  LAB_K8S_NAMESPACE: 'labs',
  LAB_K8S_IMAGE_TERMINAL: 'img/terminal:1',
  LAB_K8S_IMAGE_JUPYTER: 'img/jupyter:1',
  LAB_K8S_IMAGE_IOT: 'img/iot:1',
  LAB_K8S_GATEWAY_SELECTOR: 'app.kubernetes.io/name=lab-platform, app.kubernetes.io/component=api',
};

describe('the Kubernetes driver from the environment', () => {
  it('reads the namespace, images, gateway, broker and credentials', () => {
    const options = kubernetesOptionsFromEnv({
      ...base,
      LAB_K8S_GATEWAY_NAMESPACE: 'platform',
      LAB_K8S_MQTT_HOST: 'mosquitto.platform.svc',
      LAB_K8S_MQTT_PORT: '8883',
      LAB_K8S_MQTT_SELECTOR: 'app=mosquitto',
      LAB_K8S_MQTT_NAMESPACE: 'platform',
    });
    expect(options).toMatchObject({
      namespace: 'labs',
      images: { terminal: 'img/terminal:1', jupyter: 'img/jupyter:1', iotShell: 'img/iot:1' },
      gatewaySelector: {
        'app.kubernetes.io/name': 'lab-platform',
        'app.kubernetes.io/component': 'api',
      },
      gatewayNamespaceSelector: { 'kubernetes.io/metadata.name': 'platform' },
      mqtt: {
        host: 'mosquitto.platform.svc',
        port: 8883,
        peer: {
          podSelector: { matchLabels: { app: 'mosquitto' } },
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'platform' } },
        },
      },
    });
    expect(options.kubeConfig.getCurrentCluster()?.server).toBe('https://cluster.example:6443');
    expect(kubernetesDriverFromEnv(base).name).toBe('kubernetes');
  });

  it('is loaded on demand from the package entry', async () => {
    expect((await loadDriver(base)).name).toBe('kubernetes');
  });

  it('lets an IoT lab reach a broker address as a /32 block', () => {
    const options = kubernetesOptionsFromEnv({ ...base, LAB_K8S_MQTT_HOST: '10.96.0.20' });
    expect(options.mqtt).toEqual({
      host: '10.96.0.20',
      port: 1883,
      peer: { ipBlock: { cidr: '10.96.0.20/32' } },
    });
  });

  it('refuses settings that would open more than intended or name nothing', () => {
    expect(() => kubernetesOptionsFromEnv({ ...base, LAB_K8S_GATEWAY_SELECTOR: '' })).toThrow(
      /LAB_K8S_GATEWAY_SELECTOR/,
    );
    expect(() => kubernetesOptionsFromEnv({ ...base, LAB_K8S_NAMESPACE: undefined })).toThrow(
      /LAB_K8S_NAMESPACE/,
    );
    expect(() =>
      kubernetesOptionsFromEnv({ ...base, LAB_K8S_MQTT_HOST: 'mosquitto.platform.svc' }),
    ).toThrow(/LAB_K8S_MQTT_SELECTOR/);
    expect(() => kubernetesOptionsFromEnv({ ...base, KUBECONFIG: undefined })).toThrow(
      /KUBECONFIG/,
    );
  });
});
