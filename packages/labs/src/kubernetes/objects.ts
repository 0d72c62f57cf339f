import { createHash } from 'node:crypto';
import type {
  V1NetworkPolicy,
  V1NetworkPolicyEgressRule,
  V1NetworkPolicyPeer,
  V1PersistentVolumeClaim,
  V1Pod,
} from '@kubernetes/client-node';
import type { LabSpec } from '../driver';

export const labels = { id: 'lab.platform/id', runner: 'lab.platform/runner' } as const;
/** The pod's annotation naming what it was built from, its secret left out. */
export const specHashAnnotation = 'lab.platform/spec-hash';
export const managedSelector = labels.id;
export const homePath = '/home/lab';
export const jupyterPort = 8888;
export const secretHeaderName = 'X-Lab-Secret';
export const containerName = 'lab';

export interface KubernetesImages {
  terminal: string;
  jupyter: string;
  /** The shell image of IoT labs: a terminal with the MQTT clients. */
  iotShell: string;
}

/** Where the MQTT broker is, for labs that have one. */
export interface MqttBroker {
  /** What the lab connects to (`MQTT_HOST`): a Service name or an address. */
  host: string;
  port: number;
  /** Who the NetworkPolicy lets the lab reach on `port`: an address block or broker pods. */
  peer: V1NetworkPolicyPeer;
}

export interface ObjectOptions {
  namespace: string;
  images: KubernetesImages;
  /** Labels of the platform gateway's pods: the only ingress a lab accepts. */
  gatewaySelector: Record<string, string>;
  /** Labels of the gateway's namespace when it runs outside the labs' namespace. */
  gatewayNamespaceSelector?: Record<string, string> | null;
  mqtt?: MqttBroker | null;
  storageClassName?: string | null;
}

export const names = {
  pod: (id: string) => `lab-${id}`,
  claim: (id: string) => `lab-${id}-home`,
  policy: (id: string) => `lab-${id}`,
};

export function hasBroker(spec: LabSpec): boolean {
  return Boolean(spec.broker) || Object.keys(spec.env ?? {}).some((k) => k.startsWith('MQTT_'));
}

export function imageFor(spec: LabSpec, images: KubernetesImages): string {
  if (spec.runner === 'jupyter') return images.jupyter;
  return hasBroker(spec) ? images.iotShell : images.terminal;
}

function labelsOf(spec: LabSpec): Record<string, string> {
  return { [labels.id]: spec.id, [labels.runner]: spec.runner };
}

/** Kubernetes quantities: cores as millicores, GiB as Mi so fractions stay integers. */
export function cpuQuantity(cores: number): string {
  return `${Math.max(1, Math.round(cores * 1000))}m`;
}

export function gibQuantity(gib: number): string {
  return `${Math.max(1, Math.round(gib * 1024))}Mi`;
}

export function buildPod(spec: LabSpec, options: ObjectOptions, secret: string | null): V1Pod {
  const pod = podWithout(spec, options, secret);
  const hash = createHash('sha256')
    .update(JSON.stringify(podWithout(spec, options, null)))
    .digest('hex')
    .slice(0, 32);
  return { ...pod, metadata: { ...pod.metadata, annotations: { [specHashAnnotation]: hash } } };
}

function podWithout(spec: LabSpec, options: ObjectOptions, secret: string | null): V1Pod {
  const env: Record<string, string> = { ...(spec.env ?? {}) };
  if (hasBroker(spec) && options.mqtt) {
    env.MQTT_HOST = options.mqtt.host;
    env.MQTT_PORT = String(options.mqtt.port);
  }
  if (secret) env.LAB_GATEWAY_SECRET = secret;
  if (spec.runner === 'jupyter' && spec.frameAncestors?.length) {
    env.LAB_FRAME_ANCESTORS = spec.frameAncestors.join(' ');
  }
  const resources = {
    cpu: cpuQuantity(spec.resources.cpuCore),
    memory: gibQuantity(spec.resources.memorySize),
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: names.pod(spec.id), namespace: options.namespace, labels: labelsOf(spec) },
    spec: {
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      restartPolicy: 'Never',
      hostname: `lab-${spec.id.slice(-8)}`,
      securityContext: {
        runAsNonRoot: true,
        runAsUser: 1000,
        runAsGroup: 1000,
        fsGroup: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      },
      containers: [
        {
          name: containerName,
          image: imageFor(spec, options.images),
          workingDir: homePath,
          env: Object.entries(env).map(([name, value]) => ({ name, value })),
          resources: { requests: resources, limits: resources },
          ...(spec.runner === 'jupyter'
            ? { ports: [{ name: 'http', containerPort: jupyterPort, protocol: 'TCP' }] }
            : {}),
          securityContext: {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            capabilities: { drop: ['ALL'] },
            seccompProfile: { type: 'RuntimeDefault' },
          },
          volumeMounts: [
            { name: 'home', mountPath: homePath },
            { name: 'tmp', mountPath: '/tmp' },
          ],
        },
      ],
      volumes: [
        { name: 'home', persistentVolumeClaim: { claimName: names.claim(spec.id) } },
        {
          name: 'tmp',
          emptyDir: { sizeLimit: gibQuantity(Math.max(1 / 16, spec.resources.memorySize)) },
        },
      ],
    },
  };
}

export function buildClaim(spec: LabSpec, options: ObjectOptions): V1PersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: names.claim(spec.id), namespace: options.namespace, labels: labelsOf(spec) },
    spec: {
      accessModes: ['ReadWriteOnce'],
      ...(options.storageClassName ? { storageClassName: options.storageClassName } : {}),
      resources: { requests: { storage: gibQuantity(spec.resources.diskSize || 10) } },
    },
  };
}

/** Ingress from the gateway only (and only to Jupyter's port); egress to DNS and the broker. */
export function buildPolicy(spec: LabSpec, options: ObjectOptions): V1NetworkPolicy {
  const gateway: V1NetworkPolicyPeer = {
    podSelector: { matchLabels: options.gatewaySelector },
    ...(options.gatewayNamespaceSelector
      ? { namespaceSelector: { matchLabels: options.gatewayNamespaceSelector } }
      : {}),
  };
  const egress: V1NetworkPolicyEgressRule[] = [
    {
      to: [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
          podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        },
      ],
      ports: [
        { protocol: 'UDP', port: 53 },
        { protocol: 'TCP', port: 53 },
      ],
    },
  ];
  if (hasBroker(spec) && options.mqtt) {
    egress.push({
      to: [options.mqtt.peer],
      ports: [{ protocol: 'TCP', port: options.mqtt.port }],
    });
  }
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: names.policy(spec.id), namespace: options.namespace, labels: labelsOf(spec) },
    spec: {
      podSelector: { matchLabels: { [labels.id]: spec.id } },
      policyTypes: ['Ingress', 'Egress'],
      ingress:
        spec.runner === 'jupyter'
          ? [{ _from: [gateway], ports: [{ protocol: 'TCP', port: jupyterPort }] }]
          : [],
      egress,
    },
  };
}
