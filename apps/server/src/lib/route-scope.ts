import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnyRoute } from '@platform/contract';

const scope = new AsyncLocalStorage<AnyRoute>();

/** Runs a route's handler with its declaration known to everything the handler calls. */
export function inRoute<T>(def: AnyRoute, run: () => T): T {
  return scope.run(def, run);
}

/**
 * Refuses an act on labs inside a route that does not declare `runsOn: 'lab-leader'`: on a
 * process that does not run the labs, such a route would act where no lab is. Work outside any
 * route (timers, jobs, start-up) is not asked.
 */
export function mustRunOnLabLeader(act: string): void {
  const def = scope.getStore();
  if (def && def.runsOn !== 'lab-leader')
    throw new Error(
      `${def.method} ${def.path} acts on labs (${act}) but does not declare runsOn: 'lab-leader'`,
    );
}

/** Runs work that outlives the request that set it off (a job, a timer) as no route's. */
export function outsideRoute<T>(run: () => T): T {
  return scope.exit(run);
}
