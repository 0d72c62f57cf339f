import type { AuthorizationV1Api, CoreV1Api, VersionApi } from '@kubernetes/client-node';
import type { HostCheck, HostReport } from '../driver';
import type { KubernetesImages } from './objects';
import { httpCode } from './pod-view';

/** Everything is enforced by the cluster; network assumes a CNI that enforces NetworkPolicy. */
export const clusterEnforced = {
  cpu: true,
  memory: true,
  disk: true,
  uid: true,
  network: true,
  syscalls: true,
};

/** The cluster clients and settings the host report asks. */
export interface ClusterAccess {
  core: CoreV1Api;
  authorization: AuthorizationV1Api;
  version: VersionApi;
  namespace: string;
  images: KubernetesImages;
}

/** Checks that the API server answers, the namespace exists and the driver may do its work. */
export async function clusterHostReport(
  driver: string,
  cluster: ClusterAccess,
): Promise<HostReport> {
  const checks: HostCheck[] = [];
  const { namespace } = cluster;
  const reachable = await cluster.version.getCode().then(
    (info) => ({ ok: true, detail: `Kubernetes ${info.gitVersion}` }),
    (error: unknown) => ({ ok: false, detail: String((error as Error).message ?? error) }),
  );
  checks.push({
    name: 'api-server',
    ok: reachable.ok,
    detail: reachable.detail,
    install: reachable.ok ? null : 'Set KUBECONFIG or run in a pod with a service account',
  });
  const ns = await cluster.core.readNamespace({ name: namespace }).then(
    () => ({ ok: true, detail: namespace }),
    (error: unknown) => ({
      ok: false,
      detail: httpCode(error) === 404 ? `namespace ${namespace} not found` : String(error),
    }),
  );
  checks.push({
    name: 'namespace',
    ok: ns.ok,
    detail: ns.detail,
    install: ns.ok ? null : `kubectl create namespace ${namespace}`,
  });
  const needs: [string, string, string?, string?][] = [
    ['get', 'pods'],
    ['create', 'pods'],
    ['delete', 'pods'],
    ['list', 'pods'],
    ['watch', 'pods'],
    ['create', 'pods', 'exec'],
    ['get', 'pods', 'exec'],
    ['get', 'persistentvolumeclaims'],
    ['create', 'persistentvolumeclaims'],
    ['delete', 'persistentvolumeclaims'],
    ['create', 'networkpolicies', undefined, 'networking.k8s.io'],
    ['delete', 'networkpolicies', undefined, 'networking.k8s.io'],
  ];
  const reviews = await Promise.all(
    needs.map(([verb, resource, subresource, group]) =>
      cluster.authorization
        .createSelfSubjectAccessReview({
          body: {
            apiVersion: 'authorization.k8s.io/v1',
            kind: 'SelfSubjectAccessReview',
            spec: {
              resourceAttributes: {
                namespace,
                verb,
                resource,
                ...(group ? { group } : {}),
                ...(subresource ? { subresource } : {}),
              },
            },
          },
        })
        .then(
          (review) => ({ allowed: Boolean(review.status?.allowed), failure: null }),
          (error: unknown) => ({ allowed: false, failure: String(error) }),
        ),
    ),
  );
  needs.forEach(([verb, resource, subresource], i) => {
    const what = `${verb} ${resource}${subresource ? `/${subresource}` : ''}`;
    const { allowed, failure } = reviews[i]!;
    checks.push({
      name: `may ${what}`,
      ok: allowed,
      detail: allowed
        ? `allowed in ${namespace}`
        : (failure ?? `denied in ${namespace}`).slice(0, 300),
      install: allowed ? null : `Grant the service account "${what}" in ${namespace}`,
    });
  });
  const runner = (image: string) => ({ ok: Boolean(image), missing: image ? [] : ['image'] });
  return {
    driver,
    checks,
    runners: {
      terminal: runner(cluster.images.terminal),
      jupyter: runner(cluster.images.jupyter),
    },
    enforced: clusterEnforced,
  };
}
