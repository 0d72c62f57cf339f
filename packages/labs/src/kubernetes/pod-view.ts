import type { V1Pod } from '@kubernetes/client-node';

/** The HTTP status of a failed API call (client-node's ApiException carries it as `code`). */
export function httpCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

export function ignoreNotFound(error: unknown): void {
  if (httpCode(error) !== 404) throw error;
}

/** What the informer's copy of a pod says about the lab. */
export type PodView =
  | { kind: 'pending' }
  | { kind: 'ready'; ip: string | null }
  | { kind: 'deleting' }
  | { kind: 'failed'; reason: string };

const failingWaits = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'CrashLoopBackOff',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
]);

export function viewOf(pod: V1Pod): PodView {
  if (pod.metadata?.deletionTimestamp) return { kind: 'deleting' };
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') {
    return { kind: 'failed', reason: pod.status?.message ?? pod.status?.reason ?? phase };
  }
  for (const container of pod.status?.containerStatuses ?? []) {
    const waiting = container.state?.waiting;
    if (waiting?.reason && failingWaits.has(waiting.reason)) {
      return { kind: 'failed', reason: waiting.message ?? waiting.reason };
    }
    if (container.state?.terminated) {
      return {
        kind: 'failed',
        reason: container.state.terminated.message ?? container.state.terminated.reason ?? 'exited',
      };
    }
  }
  const ready = pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
  if (phase === 'Running' && ready) return { kind: 'ready', ip: pod.status?.podIP ?? null };
  return { kind: 'pending' };
}
