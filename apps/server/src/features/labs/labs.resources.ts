import { requestLimitsOf, runnerOf, type ResourceKind } from '@platform/contract';
import type { startRequestSchema } from '@platform/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type * as environments from '../environments/environments.service';

type StartRequest = z.output<typeof startRequestSchema>;

/** Only a Jupyter environment takes a user's resource request (the Jupyter resource form). */
export function takesRequest(env: environments.EnvironmentRow): boolean {
  return runnerOf(env.resourceKind as ResourceKind) === 'jupyter';
}

type ResourceRequest = Partial<
  Pick<StartRequest, 'cpuCore' | 'memorySize' | 'diskSize' | 'gpuCount'>
>;

/** Refuses a request above the environment's maxima, naming the fields and the maxima. */
export function checkWithinLimits(env: environments.EnvironmentRow, asked: ResourceRequest): void {
  const limits = requestLimitsOf(env);
  const fields: Record<string, 'above_limit'> = {};
  for (const key of ['cpuCore', 'memorySize', 'diskSize', 'gpuCount'] as const) {
    const value = asked[key];
    if (value !== undefined && value > limits[key]) fields[key] = 'above_limit';
  }
  if (Object.keys(fields).length) {
    throw new AppError('labs.resources_above_max', { fields, params: limits });
  }
}

/**
 * What a part runs with: its environment's own resources, or, for a Jupyter environment, the
 * user's request within the maxima its operator set.
 */
export function resourcesFor(part: environments.EnvironmentRow, body: ResourceRequest) {
  if (!takesRequest(part)) {
    return {
      cpuCore: part.cpuCore,
      memorySize: part.memorySize,
      diskSize: part.diskSize,
      gpuCount: 0,
    };
  }
  checkWithinLimits(part, body);
  return {
    cpuCore: body.cpuCore ?? part.cpuCore,
    memorySize: body.memorySize ?? part.memorySize,
    diskSize: body.diskSize ?? part.diskSize,
    gpuCount: body.gpuCount ?? 0,
  };
}
