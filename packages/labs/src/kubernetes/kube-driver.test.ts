import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLabDriver, shellResult, specFor } from '../conformance';
import { driverFor, startDouble } from './test-support';

const double = await startDouble();
afterAll(() => double.close());

describeLabDriver('kubernetes', () => driverFor(double.url));

describe('kubernetes driver against the API double', () => {
  it('drops an upload whose stream breaks off, leaving nothing behind', async () => {
    const driver = driverFor(double.url);
    const spec = specFor('terminal');
    await driver.start(spec);
    async function* broken() {
      yield Buffer.from('the first part');
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('connection reset');
    }
    await expect(
      driver.files.write(spec.id, 'part.txt', Readable.from(broken()), 1024),
    ).rejects.toMatchObject({ reason: 'aborted' });
    const left = await driver.exec(spec.id, {
      script: 'ls -A',
      timeoutMs: 5_000,
      maxOutputBytes: 1_000,
    });
    expect(left.stdout.split('\n').filter(Boolean).sort()).toEqual(['README.txt', 'src']);
    await driver.remove(spec.id);
    await driver.close();
  });

  it("gives the home the claim's size: writes past it fail with no space", async () => {
    const driver = driverFor(double.url);
    const spec = specFor('terminal', {
      resources: { cpuCore: 1, memorySize: 1, diskSize: 64 / 1024 },
    });
    await driver.start(spec);
    expect(double.get('persistentvolumeclaims', `lab-${spec.id}-home`)?.spec).toMatchObject({
      resources: { requests: { storage: '64Mi' } },
    });
    const shell = driver.terminal(spec.id);
    expect(
      await shellResult(shell, 'dd if=/dev/zero of=big bs=1M count=100 2>&1 | grep -c "No space"'),
    ).toBe('1');
    await expect(
      driver.files.write(
        spec.id,
        'more.bin',
        Readable.from([Buffer.alloc(4 * 1024 ** 2)]),
        16 * 1024 ** 2,
      ),
    ).rejects.toMatchObject({ reason: 'no_space' });
    expect((await driver.files.list(spec.id, '')).map((f) => f.name)).not.toContain('more.bin');
    await driver.remove(spec.id);
    await driver.close();
  });

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
