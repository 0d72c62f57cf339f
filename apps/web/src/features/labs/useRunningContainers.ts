import { useQueries } from '@tanstack/react-query';
import { runtimeStates, type Container } from '@platform/contract';
import { containerDetailQueryOptions } from './api';
import type { LabRuntimeSnapshot } from './labRuntime';

export interface RunningContainers {
  status: 'idle' | 'pending' | 'error' | 'ready';
  containers: Container[];
  error: unknown;
  refetch: () => void;
}

/**
 * The details of the lab's containers, once the lab runs. They are fetched while it starts, so
 * that the frames open the moment it runs.
 */
export function useRunningContainers(snapshot: LabRuntimeSnapshot): RunningContainers {
  const running = snapshot.state === runtimeStates.running;
  const results = useQueries({
    queries: snapshot.containerIds.map((id) => ({
      ...containerDetailQueryOptions(id),
      enabled: running || snapshot.state === runtimeStates.starting,
    })),
  });
  const failed = results.find((r) => r.isError);
  const refetch = () => {
    for (const r of results) if (r.isError) void r.refetch();
  };
  if (!running) return { status: 'idle', containers: [], error: null, refetch };
  if (failed) return { status: 'error', containers: [], error: failed.error, refetch };
  if (results.some((r) => r.isPending)) {
    return { status: 'pending', containers: [], error: null, refetch };
  }
  return {
    status: 'ready',
    containers: results.flatMap((r) => (r.data ? [r.data] : [])),
    error: null,
    refetch,
  };
}
