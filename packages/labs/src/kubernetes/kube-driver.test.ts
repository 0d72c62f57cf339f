import { afterAll, describe, expect, it } from 'vitest';
import { describeLabDriver } from '../conformance';
import { driverFor, startDouble } from './test-support';

const double = await startDouble();
afterAll(() => double.close());

describeLabDriver('kubernetes', () => driverFor(double.url));

describe('kubernetes driver against the API double', () => {
  it('had every object it created or changed validated against the Kubernetes schemas', () => {
    const created = double.requests.filter(
      (r) => r.method === 'POST' && !r.path.includes('selfsubjectaccessreviews'),
    );
    const changed = double.requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH');
    expect(created.length).toBeGreaterThan(0);
    expect(double.validated.length).toBe(created.length + changed.length);
    const kinds = new Set(double.validated.map((v) => v.kind));
    expect(kinds).toEqual(new Set(['Pod', 'PersistentVolumeClaim', 'NetworkPolicy']));
  });
});
