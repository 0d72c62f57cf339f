import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { Namespace, Service, ServiceAccount } from 'kubernetes-models/v1';
import { systemApi } from '@platform/contract';
import { loadConfig } from '../../apps/server/src/config';
import { helmBinary } from '../tools/helm';

const run = promisify(execFile);
const chart = join(import.meta.dirname, 'lab-platform');

/** The models generated from Kubernetes' OpenAPI spec, by apiVersion and kind. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
};

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
};

let helm: string;

async function render(...set: string[]): Promise<K8sObject[]> {
  const args = ['template', 'campus', chart, '--namespace', 'platform'];
  for (const s of set) args.push('--set', s);
  const { stdout } = await run(helm, args, { maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

async function renderError(...set: string[]): Promise<string> {
  try {
    await render(...set);
  } catch (error) {
    return (error as { stderr?: string }).stderr ?? String(error);
  }
  return '';
}

const one = (objects: K8sObject[], kind: string) => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]! as K8sObject & Record<string, never>;
};

type Container = {
  env: {
    name: string;
    value?: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string };
      fieldRef?: { fieldPath: string };
    };
  }[];
  securityContext: Record<string, unknown>;
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  startupProbe: { httpGet: { path: string; port: string } };
  ports: { name: string; containerPort: number }[];
  volumeMounts: { mountPath: string }[];
};

function podOf(objects: K8sObject[]) {
  const deployment = one(objects, 'Deployment') as unknown as {
    spec: {
      replicas: number;
      selector: { matchLabels: Record<string, string> };
      template: {
        metadata: { labels: Record<string, string> };
        spec: {
          serviceAccountName: string;
          securityContext: Record<string, unknown>;
          containers: Container[];
        };
      };
    };
  };
  return {
    deployment,
    pod: deployment.spec.template,
    container: deployment.spec.template.spec.containers[0]!,
  };
}

const envOf = (container: Container) => new Map(container.env.map((e) => [e.name, e]));

describe('the lab-platform Helm chart', () => {
  let objects: K8sObject[];

  beforeAll(async () => {
    helm = await helmBinary();
    objects = await render();
  }, 120_000);

  it('passes helm lint', async () => {
    const { stdout } = await run(helm, ['lint', chart, '--strict']);
    expect(stdout).toMatch(/0 chart\(s\) failed/);
  });

  it('renders only objects that the official Kubernetes schemas accept', async () => {
    const all = [
      ...objects,
      ...(await render('labs.createNamespace=true', 'ingress.className=nginx')),
    ];
    const kinds = new Set(all.map((o) => `${o.apiVersion}/${o.kind}`));
    expect([...kinds].sort()).toEqual(
      Object.keys(models)
        .filter((k) => !k.endsWith('NetworkPolicy'))
        .sort(),
    );
    for (const object of all) {
      const Model = models[`${object.apiVersion}/${object.kind}`]!;
      expect(
        () => new Model(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
    }
  });

  it('validates for real: a malformed object is refused', () => {
    const { deployment } = podOf(objects);
    const broken = structuredClone(deployment) as unknown as { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(() => new Deployment(broken as never).validate()).toThrow();
    const noContainers = structuredClone(deployment) as unknown as {
      spec: { template: { spec: { containers?: unknown } } };
    };
    delete noContainers.spec.template.spec.containers;
    expect(() => new Deployment(noContainers as never).validate()).toThrow();
  });

  it('runs two replicas by default and as many as asked', async () => {
    expect(podOf(objects).deployment.spec.replicas).toBe(2);
    expect(podOf(await render('replicaCount=3')).deployment.spec.replicas).toBe(3);
    const pdb = one(objects, 'PodDisruptionBudget') as unknown as {
      spec: { maxUnavailable: number; selector: { matchLabels: Record<string, string> } };
    };
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(pdb.spec.selector.matchLabels).toEqual(podOf(objects).pod.metadata.labels);
  });

  it('gives the driver exactly the verbs it needs in the labs namespace', () => {
    const role = one(objects, 'Role') as unknown as {
      metadata: { name: string; namespace: string };
      rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
    };
    expect(role.metadata.namespace).toBe('labs');
    const grants = role.rules.flatMap((r) =>
      r.apiGroups.flatMap((g) =>
        r.resources.map((res) => `${g || 'core'}/${res}: ${[...r.verbs].sort().join(',')}`),
      ),
    );
    expect(grants.sort()).toEqual([
      'core/persistentvolumeclaims: create,delete,get,list',
      'core/pods/exec: create,get',
      'core/pods: create,delete,get,list,watch',
      'networking.k8s.io/networkpolicies: create,delete,get,list',
    ]);
    const binding = one(objects, 'RoleBinding') as unknown as {
      metadata: { namespace: string };
      roleRef: { kind: string; name: string };
      subjects: { kind: string; name: string; namespace: string }[];
    };
    const account = one(objects, 'ServiceAccount');
    expect(binding.metadata.namespace).toBe('labs');
    expect(binding.roleRef).toMatchObject({ kind: 'Role', name: role.metadata.name });
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: account.metadata.name, namespace: 'platform' },
    ]);
    expect(podOf(objects).pod.spec.serviceAccountName).toBe(account.metadata.name);
    expect(objects.some((o) => o.kind === 'ClusterRole' || o.kind === 'ClusterRoleBinding')).toBe(
      false,
    );
  });

  it('serves the platform host and every lab host through one Service', () => {
    const ingress = one(objects, 'Ingress') as unknown as {
      spec: {
        tls: { hosts: string[]; secretName: string }[];
        rules: {
          host: string;
          http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
        }[];
      };
    };
    const service = one(objects, 'Service') as unknown as {
      metadata: { name: string };
      spec: { selector: Record<string, string>; ports: { targetPort: string }[] };
    };
    expect(ingress.spec.rules.map((r) => r.host)).toEqual([
      'platform.example.com',
      '*.labs.platform.example.com',
    ]);
    expect(ingress.spec.tls[0]!.hosts).toEqual([
      'platform.example.com',
      '*.labs.platform.example.com',
    ]);
    for (const rule of ingress.spec.rules)
      expect(rule.http.paths[0]!.backend.service).toEqual({
        name: service.metadata.name,
        port: { name: 'http' },
      });
    expect(service.spec.selector).toEqual(podOf(objects).pod.metadata.labels);
    expect(podOf(objects).container.ports).toEqual([
      { name: 'http', containerPort: 8080, protocol: 'TCP' },
    ]);
    const env = envOf(podOf(objects).container);
    expect(env.get('LAB_DOMAIN')?.value).toBe('labs.platform.example.com');
    expect(env.get('PUBLIC_URL')?.value).toBe('https://platform.example.com');
    // Each replica is reached by the others at its pod's address (when it runs the labs).
    expect(env.get('POD_IP')?.valueFrom?.fieldRef).toEqual({ fieldPath: 'status.podIP' });
    expect(env.get('INTERNAL_URL')?.value).toBe('http://$(POD_IP):8080');
    const names = podOf(objects).container.env.map((e) => e.name);
    expect(names.indexOf('POD_IP')).toBeLessThan(names.indexOf('INTERNAL_URL'));
  });

  it('takes the database and the broker credentials from Secrets, never from values', async () => {
    const env = envOf(
      podOf(await render('database.existingSecret=pg', 'mqtt.dynsec.existingSecret=mq')).container,
    );
    expect(env.get('DATABASE_URL')).toEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'pg', key: 'DATABASE_URL' } },
    });
    expect(env.get('MQTT_DYNSEC_USERNAME')?.valueFrom?.secretKeyRef).toEqual({
      name: 'mq',
      key: 'username',
    });
    expect(env.get('MQTT_DYNSEC_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
      name: 'mq',
      key: 'password',
    });
    expect(await renderError('database.existingSecret=')).toMatch(
      /database.existingSecret is required/,
    );
  });

  it('configures the Kubernetes lab driver', () => {
    const env = envOf(podOf(objects).container);
    const value = (name: string) => env.get(name)?.value;
    expect(value('LAB_DRIVER')).toBe('kubernetes');
    expect(value('LAB_K8S_NAMESPACE')).toBe('labs');
    expect(value('LAB_K8S_IMAGE_TERMINAL')).toMatch(/lab-terminal:\d/);
    expect(value('LAB_K8S_IMAGE_JUPYTER')).toMatch(/lab-jupyter:\d/);
    expect(value('LAB_K8S_IMAGE_IOT')).toMatch(/lab-iot-shell:\d/);
    expect(value('LAB_K8S_MQTT_HOST')).toBe('mosquitto.mqtt.svc.cluster.local');
    expect(value('LAB_K8S_MQTT_PORT')).toBe('1883');
    const selector = Object.fromEntries(
      value('LAB_K8S_GATEWAY_SELECTOR')!
        .split(',')
        .map((pair) => pair.split('=') as [string, string]),
    );
    const podLabels = podOf(objects).pod.metadata.labels;
    for (const [key, label] of Object.entries(selector)) expect(podLabels[key]).toBe(label);
    expect(value('LAB_K8S_GATEWAY_NAMESPACE')).toBe('platform');
    expect(value('MQTT_URL')).toBe('mqtt://mosquitto.mqtt.svc.cluster.local:1883');
    expect(value('LAB_K8S_MQTT_SELECTOR')).toBe('app.kubernetes.io/name=mosquitto');
    expect(value('LAB_K8S_MQTT_NAMESPACE')).toBe('mqtt');
    expect(env.has('LAB_K8S_STORAGE_CLASS')).toBe(false);
  });

  it("gives the server a configuration it accepts, the lab driver's included", async () => {
    /** The environment as the kubelet gives it: fields filled in, `$(NAME)` expanded. */
    const configOf = (container: Container) => {
      const vars: Record<string, string> = {};
      for (const e of container.env) {
        vars[e.name] =
          e.value?.replace(/\$\((\w+)\)/g, (_, name: string) => vars[name] ?? '') ??
          (e.valueFrom?.fieldRef ? '10.244.1.7' : `from-secret-${e.name.toLowerCase()}`);
      }
      return loadConfig({
        ...vars,
        DATABASE_URL: 'postgres://platform@db:5432/platform',
        KUBERNETES_SERVICE_HOST: '10.96.0.1',
      });
    };
    const config = configOf(podOf(objects).container);
    expect(config.internalUrl).toBe('http://10.244.1.7:8080');
    expect(config.labDriver).toEqual({
      kind: 'kubernetes',
      namespace: 'labs',
      images: {
        terminal: expect.stringMatching(/lab-terminal:\d/),
        jupyter: expect.stringMatching(/lab-jupyter:\d/),
        iot: expect.stringMatching(/lab-iot-shell:\d/),
      },
      gatewaySelector: 'app.kubernetes.io/name=lab-platform,app.kubernetes.io/instance=campus',
      gatewayNamespace: 'platform',
      mqtt: {
        host: 'mosquitto.mqtt.svc.cluster.local',
        port: 1883,
        selector: 'app.kubernetes.io/name=mosquitto',
        namespace: 'mqtt',
      },
      storageClass: undefined,
      kubeconfig: undefined,
    });
    expect(config.mqttUrl).toBe('mqtt://mosquitto.mqtt.svc.cluster.local:1883');
    expect(config.mqttDynsec).toEqual({
      username: 'from-secret-mqtt_dynsec_username',
      password: 'from-secret-mqtt_dynsec_password',
    });

    const other = configOf(
      podOf(
        await render(
          'labs.namespace=platform',
          'labs.storageClass=fast-ssd',
          'mqtt.host=10.20.0.5',
          'mqtt.podSelector=null',
          'mqtt.namespace=',
        ),
      ).container,
    );
    expect(other.labDriver).toMatchObject({
      namespace: 'platform',
      gatewayNamespace: undefined,
      storageClass: 'fast-ssd',
      mqtt: { host: '10.20.0.5', port: 1883, selector: undefined, namespace: undefined },
    });
  });

  it('creates the labs namespace only when asked', async () => {
    expect(objects.some((o) => o.kind === 'Namespace')).toBe(false);
    const created = await render('labs.createNamespace=true', 'labs.namespace=student-labs');
    expect(one(created, 'Namespace').metadata.name).toBe('student-labs');
    expect(one(created, 'Role').metadata.namespace).toBe('student-labs');
  });

  it('runs as a non-root user on a read-only root filesystem, probed on the health route', () => {
    const { pod, container } = podOf(objects);
    expect(pod.spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
      runAsGroup: 1000,
    });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.volumeMounts.map((m) => m.mountPath).sort()).toEqual([
      '/tmp',
      '/var/lib/lab-platform',
    ]);
    expect(systemApi.health.method).toBe('GET');
    for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe])
      expect(probe.httpGet).toEqual({ path: systemApi.health.path, port: 'http' });
  });
});
