import type { LabDriver } from '@platform/labs';
import { mustRunOnLabLeader } from '../../lib/route-scope';

/**
 * The driver as routes reach it: every call made while a route is answered is refused unless
 * the route declares `runsOn: 'lab-leader'`, so a route acting on labs cannot forget to say so.
 */
export function leaderOnlyDriver(driver: LabDriver): LabDriver {
  const guard = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        const own = Reflect.getOwnPropertyDescriptor(object, key);
        // A proxy must answer a fixed property as it is.
        if (own && !own.configurable && !own.writable) return value;
        if (typeof value === 'function')
          return (...args: unknown[]) => {
            mustRunOnLabLeader(`driver.${prefix}${String(key)}`);
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        if (key === 'files' && typeof value === 'object' && value !== null)
          return guard(value, 'files.');
        return value;
      },
    });
  return guard(driver, '');
}
