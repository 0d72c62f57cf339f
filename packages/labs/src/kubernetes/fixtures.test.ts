import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, describe, expect, it } from 'vitest';
import { httpCode } from './kube-driver';
import { buildClaim } from './objects';
import { driverFor, kubeConfigFor, testImages, testNamespace } from './test-support';

/**
 * Plays back fixtures written by hand from the Kubernetes API documentation (they are not
 * recordings): a PodList, a watch stream with ADDED, MODIFIED, BOOKMARK and DELETED lines, a
 * 410 Expired Status on the next watch, the list after it, and a 409 AlreadyExists Status.
 */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

const seen: string[] = [];
let lists = 0;
let watches = 0;
const held: ServerResponse[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fixture');
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  const json = (code: number, body: string) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(body);
  };
  if (req.method === 'POST' && url.pathname.endsWith('/persistentvolumeclaims')) {
    return json(409, fixture('status-409.json'));
  }
  if (url.pathname !== `/api/v1/namespaces/${testNamespace}/pods`) return json(404, '{}');
  if (url.searchParams.get('watch') !== 'true') {
    lists += 1;
    return json(200, fixture(lists === 1 ? 'pod-list.json' : 'pod-list-after-410.json'));
  }
  watches += 1;
  if (watches === 1) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const lines = fixture('pod-watch.jsonl').trim().split('\n');
    let i = 0;
    const next = () => {
      if (i === lines.length) return res.end();
      res.write(`${lines[i++]}\n`);
      setTimeout(next, 30);
    };
    return next();
  }
  if (watches === 2) return json(410, fixture('status-410.json'));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
  held.push(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address() as { port: number };
const url = `http://127.0.0.1:${address.port}`;
const driver = driverFor(url);

afterAll(async () => {
  await driver.close();
  for (const res of held) res.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the driver against fixtures shaped like a real API server', () => {
  it('follows a pod list, a watch stream, a 410 Expired and the relist after it', async () => {
    await driver.watchPods();
    expect(driver.status('fixture-a')?.state).toBe('running');
    expect(driver.status('fixture-b')?.state).toBe('starting');
    expect(seen[0]).toBe(
      `GET /api/v1/namespaces/${testNamespace}/pods?labelSelector=lab.platform%2Fid`,
    );

    await until(() => driver.status('fixture-a') === null);
    expect(driver.status('fixture-b')?.state).toBe('running');
    expect(driver.status('fixture-c')?.state).toBe('starting');
    expect(seen).toContain(
      `GET /api/v1/namespaces/${testNamespace}/pods?watch=true&resourceVersion=100&labelSelector=lab.platform%2Fid`,
    );

    await until(() => lists === 2 && watches === 3);
    // The watch after the bookmark and the deletion resumed from the deletion's version.
    expect(seen).toContain(
      `GET /api/v1/namespaces/${testNamespace}/pods?watch=true&resourceVersion=104&labelSelector=lab.platform%2Fid`,
    );
    expect(seen.at(-1)).toBe(
      `GET /api/v1/namespaces/${testNamespace}/pods?watch=true&resourceVersion=200&labelSelector=lab.platform%2Fid`,
    );
    expect(driver.status('fixture-b')?.state).toBe('stopping');
    expect(driver.status('fixture-c')).toMatchObject({
      state: 'failed',
      error: {
        key: 'labs.start_failed',
        params: { reason: 'Back-off pulling image "registry.example/lab-terminal:1"' },
      },
    });
    expect(driver.status('fixture-a')).toBeNull();
  });

  it('reads a 409 AlreadyExists Status as a conflict', async () => {
    const core = kubeConfigFor(url).makeApiClient(CoreV1Api);
    const error: unknown = await core
      .createNamespacedPersistentVolumeClaim({
        namespace: testNamespace,
        body: buildClaim(
          {
            id: 'fixture-a',
            runner: 'terminal',
            resources: { cpuCore: 1, memorySize: 1, diskSize: 1 },
            initialFiles: [],
          },
          { namespace: testNamespace, images: testImages, gatewaySelector: {} },
        ),
      })
      .catch((e: unknown) => e);
    expect(httpCode(error)).toBe(409);
    expect(JSON.parse((error as { body: string }).body)).toMatchObject({
      reason: 'AlreadyExists',
      details: { name: 'lab-fixture-a-home' },
    });
  });
});
