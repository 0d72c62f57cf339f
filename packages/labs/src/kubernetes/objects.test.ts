import { ObjectSerializer } from '@kubernetes/client-node/dist/serializer.js';
import { NetworkPolicy, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import {
  PersistentVolumeClaim,
  Pod,
  type IPersistentVolumeClaim,
  type IPod,
} from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { specFor } from '../conformance';
import type { LabSpec } from '../driver';
import { buildClaim, buildPod, buildPolicy, type ObjectOptions } from './objects';

const options: ObjectOptions = {
  namespace: 'labs',
  images: { terminal: 'img/terminal:1', jupyter: 'img/jupyter:1', iotShell: 'img/iot:1' },
  gatewaySelector: { 'app.kubernetes.io/name': 'platform-gateway' },
  mqtt: {
    host: 'mosquitto.platform.svc',
    port: 1883,
    peer: {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'platform' } },
      podSelector: { matchLabels: { app: 'mosquitto' } },
    },
  },
};

/** The objects as the client sends them over the wire. */
const wire = {
  pod: (spec: LabSpec, secret: string | null): IPod =>
    ObjectSerializer.serialize(buildPod(spec, options, secret), 'V1Pod') as IPod,
  claim: (spec: LabSpec): IPersistentVolumeClaim =>
    ObjectSerializer.serialize(
      buildClaim(spec, options),
      'V1PersistentVolumeClaim',
    ) as IPersistentVolumeClaim,
  policy: (spec: LabSpec): INetworkPolicy =>
    ObjectSerializer.serialize(buildPolicy(spec, options), 'V1NetworkPolicy') as INetworkPolicy,
};

const specs = {
  terminal: specFor('terminal', { resources: { cpuCore: 0.5, memorySize: 2, diskSize: 5 } }),
  jupyter: specFor('jupyter', { frameAncestors: ['https://platform.example'] }),
  iot: specFor('terminal', { env: { MQTT_USERNAME: 'lab-1', MQTT_TOPIC_PREFIX: 'labs/1/' } }),
};

describe('the objects of a lab', () => {
  for (const [kind, spec] of Object.entries(specs)) {
    it(`${kind}: the Pod runs locked down, with the lab's limits, home and labels`, () => {
      const secret = spec.runner === 'jupyter' ? 'gateway-secret' : null;
      const pod = wire.pod(spec, secret);
      const podSpec = pod.spec!;
      expect(() => new Pod(pod).validate()).not.toThrow();
      expect(pod.metadata!.labels).toEqual({
        'lab.platform/id': spec.id,
        'lab.platform/runner': spec.runner,
      });
      expect(podSpec.automountServiceAccountToken).toBe(false);
      expect(podSpec.securityContext).toEqual({
        runAsNonRoot: true,
        runAsUser: 1000,
        runAsGroup: 1000,
        fsGroup: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(podSpec.containers).toHaveLength(1);
      const container = podSpec.containers[0]!;
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      const cpu = `${spec.resources.cpuCore * 1000}m`;
      const memory = `${spec.resources.memorySize * 1024}Mi`;
      expect(container.resources).toEqual({
        requests: { cpu, memory },
        limits: { cpu, memory },
      });
      expect(container.volumeMounts).toEqual([
        { name: 'home', mountPath: '/home/lab' },
        { name: 'tmp', mountPath: '/tmp' },
      ]);
      expect(podSpec.volumes).toContainEqual({
        name: 'home',
        persistentVolumeClaim: { claimName: `lab-${spec.id}-home` },
      });
      expect(podSpec.volumes!.find((v) => v.name === 'tmp')).toHaveProperty('emptyDir');
      const env = Object.fromEntries(container.env!.map((e) => [e.name, e.value]));
      if (kind === 'jupyter') {
        expect(container.image).toBe('img/jupyter:1');
        expect(env.LAB_GATEWAY_SECRET).toBe('gateway-secret');
        expect(env.LAB_FRAME_ANCESTORS).toBe('https://platform.example');
        expect(container.ports).toEqual([{ name: 'http', containerPort: 8888, protocol: 'TCP' }]);
      } else if (kind === 'iot') {
        expect(container.image).toBe('img/iot:1');
        expect(env).toEqual({
          MQTT_USERNAME: 'lab-1',
          MQTT_TOPIC_PREFIX: 'labs/1/',
          MQTT_HOST: 'mosquitto.platform.svc',
          MQTT_PORT: '1883',
        });
        expect(container.ports).toBeUndefined();
      } else {
        expect(container.image).toBe('img/terminal:1');
        expect(env).toEqual({});
        expect(container.ports).toBeUndefined();
      }
    });

    it(`${kind}: the claim holds the home at the lab's disk size`, () => {
      const claim = wire.claim(spec);
      expect(() => new PersistentVolumeClaim(claim).validate()).not.toThrow();
      expect(claim.metadata!.name).toBe(`lab-${spec.id}-home`);
      expect(claim.spec).toEqual({
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: `${spec.resources.diskSize * 1024}Mi` } },
      });
    });

    it(`${kind}: the NetworkPolicy lets in the gateway only where needed and out only DNS${kind === 'iot' ? ' and the broker' : ''}`, () => {
      const policy = wire.policy(spec);
      expect(() => new NetworkPolicy(policy).validate()).not.toThrow();
      expect(policy.spec!.podSelector).toEqual({ matchLabels: { 'lab.platform/id': spec.id } });
      expect(policy.spec!.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(policy.spec!.ingress).toEqual(
        kind === 'jupyter'
          ? [
              {
                from: [{ podSelector: { matchLabels: options.gatewaySelector } }],
                ports: [{ protocol: 'TCP', port: 8888 }],
              },
            ]
          : [],
      );
      const dns = {
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
      };
      expect(policy.spec!.egress).toEqual(
        kind === 'iot'
          ? [dns, { to: [options.mqtt!.peer], ports: [{ protocol: 'TCP', port: 1883 }] }]
          : [dns],
      );
    });
  }

  it('fails schema validation when a field has the wrong type', () => {
    const pod = wire.pod(specs.terminal, null);
    pod.spec!.securityContext = { runAsUser: 'lab' as unknown as number };
    expect(() => new Pod(pod).validate()).toThrow(/runAsUser/);
  });
});
