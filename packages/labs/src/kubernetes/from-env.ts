import { isIP } from 'node:net';
import { delimiter } from 'node:path';
import { KubeConfig, type V1NetworkPolicyPeer } from '@kubernetes/client-node';
import { KubernetesDriver, type KubernetesDriverOptions } from './kube-driver';
import type { MqttBroker } from './objects';

type Env = Record<string, string | undefined>;

/** `a=b,c=d` as labels; an empty or malformed selector is refused. */
export function parseLabels(text: string, variable: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [key, value, extra] = part.split('=').map((s) => s.trim());
    if (!key || value === undefined || extra !== undefined) {
      throw new Error(`${variable} must be labels like "app=name,tier=web", not "${text}"`);
    }
    labels[key] = value;
  }
  return labels;
}

function brokerFromEnv(env: Env): MqttBroker | null {
  const host = env.LAB_K8S_MQTT_HOST?.trim();
  if (!host) return null;
  const port = Number(env.LAB_K8S_MQTT_PORT ?? '1883');
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`LAB_K8S_MQTT_PORT must be a port number, not "${env.LAB_K8S_MQTT_PORT}"`);
  }
  let peer: V1NetworkPolicyPeer;
  const [address, prefix] = host.split('/');
  if (isIP(address ?? '')) {
    const bits = prefix ?? (isIP(address!) === 4 ? '32' : '128');
    peer = { ipBlock: { cidr: `${address}/${bits}` } };
  } else if (env.LAB_K8S_MQTT_SELECTOR) {
    peer = {
      podSelector: {
        matchLabels: parseLabels(env.LAB_K8S_MQTT_SELECTOR, 'LAB_K8S_MQTT_SELECTOR'),
      },
      ...(env.LAB_K8S_MQTT_NAMESPACE
        ? {
            namespaceSelector: {
              matchLabels: { 'kubernetes.io/metadata.name': env.LAB_K8S_MQTT_NAMESPACE },
            },
          }
        : {}),
    };
  } else {
    throw new Error(
      'LAB_K8S_MQTT_HOST names a host: a NetworkPolicy cannot allow a name, so set ' +
        "LAB_K8S_MQTT_SELECTOR (the broker pods' labels) and LAB_K8S_MQTT_NAMESPACE, or give an address",
    );
  }
  return { host: address!, port, peer };
}

/** Credentials from KUBECONFIG when set, else the pod's service account. */
export function kubeConfigFromEnv(env: Env): KubeConfig {
  const kc = new KubeConfig();
  if (env.KUBECONFIG) {
    kc.loadFromFile(env.KUBECONFIG.split(delimiter)[0]!);
  } else if (env.KUBERNETES_SERVICE_HOST) {
    kc.loadFromCluster();
  } else {
    throw new Error('Set KUBECONFIG, or run the platform in a pod with a service account');
  }
  return kc;
}

/** The driver's options from the LAB_K8S_* variables. */
export function kubernetesOptionsFromEnv(env: Env = process.env): KubernetesDriverOptions {
  const namespace = env.LAB_K8S_NAMESPACE?.trim();
  if (!namespace) throw new Error("LAB_K8S_NAMESPACE must name the labs' namespace");
  const selector = env.LAB_K8S_GATEWAY_SELECTOR?.trim();
  if (!selector) {
    throw new Error('LAB_K8S_GATEWAY_SELECTOR must give the gateway pods\' labels, like "app=web"');
  }
  const gatewayNamespace = env.LAB_K8S_GATEWAY_NAMESPACE?.trim();
  return {
    kubeConfig: kubeConfigFromEnv(env),
    namespace,
    images: {
      terminal: env.LAB_K8S_IMAGE_TERMINAL?.trim() ?? '',
      jupyter: env.LAB_K8S_IMAGE_JUPYTER?.trim() ?? '',
      iotShell: env.LAB_K8S_IMAGE_IOT?.trim() || (env.LAB_K8S_IMAGE_TERMINAL?.trim() ?? ''),
    },
    gatewaySelector: parseLabels(selector, 'LAB_K8S_GATEWAY_SELECTOR'),
    gatewayNamespaceSelector: gatewayNamespace
      ? { 'kubernetes.io/metadata.name': gatewayNamespace }
      : null,
    mqtt: brokerFromEnv(env),
    storageClassName: env.LAB_K8S_STORAGE_CLASS?.trim() || null,
  };
}

export function kubernetesDriverFromEnv(env: Env = process.env): KubernetesDriver {
  return new KubernetesDriver(kubernetesOptionsFromEnv(env));
}
