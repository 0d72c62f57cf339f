import { CoreV1Api, NetworkingV1Api } from '@kubernetes/client-node';
import { afterAll, describe, expect, it } from 'vitest';
import { httpGet, shellResult, specFor } from '../conformance';
import type { LabStatus } from '../driver';
import { httpCode } from './kube-driver';
import { buildClaim, buildPod, buildPolicy, names } from './objects';
import { driverFor, kubeConfigFor, startDouble, testImages, testNamespace } from './test-support';

const double = await startDouble();
const driver = driverFor(double.url);
const kc = kubeConfigFor(double.url);
const core = kc.makeApiClient(CoreV1Api);
const networking = kc.makeApiClient(NetworkingV1Api);
afterAll(async () => {
  await driver.close();
  await double.close();
});

const objectOptions = {
  namespace: testNamespace,
  images: testImages,
  gatewaySelector: { 'app.kubernetes.io/name': 'platform-gateway' },
};

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function record(id: string): { states: string[]; stop: () => void; last: () => LabStatus } {
  const states: string[] = [];
  let last: LabStatus | null = null;
  const stop = driver.watch((s) => {
    if (s.id !== id) return;
    states.push(s.state);
    last = s;
  });
  return { states, stop, last: () => last! };
}

describe('the shared pod informer', () => {
  it('answers status polls from its cache without a single API call', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    const before = double.requests.length;
    for (let i = 0; i < 1_000; i += 1) {
      expect(driver.status(spec.id)?.state).toBe('running');
      expect(driver.status('never-started')).toBeNull();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(double.requests.slice(before)).toEqual([]);
    await driver.remove(spec.id);
  });

  it('relists after a watch answered 410 Gone, and its cache is right again', async () => {
    const kept = specFor('terminal');
    const lost = specFor('terminal');
    await Promise.all([driver.start(kept), driver.start(lost)]);
    const seen = record(lost.id);
    const lists = () =>
      double.requests.filter(
        (r) => r.method === 'GET' && /\/pods\?/.test(r.path) && !/watch=true/.test(r.path),
      ).length;
    const listsBefore = lists();

    double.holdWatches();
    double.endWatches();
    await core.deleteNamespacedPod({ name: names.pod(lost.id), namespace: testNamespace });
    await until(() => !double.get('pods', names.pod(lost.id)));
    double.compact();
    expect(driver.status(lost.id)?.state).toBe('running');
    double.releaseWatches();

    await until(() => driver.status(lost.id) === null);
    seen.stop();
    expect(seen.states).toEqual(['stopping', 'stopped']);
    expect(lists()).toBe(listsBefore + 1);
    expect(driver.status(kept.id)?.state).toBe('running');
    expect(await shellResult(driver.terminal(kept.id), 'echo still-here')).toBe('still-here');

    // The relisted informer keeps following: a change after it arrives through the new watch.
    const later = record(kept.id);
    await core.deleteNamespacedPod({ name: names.pod(kept.id), namespace: testNamespace });
    await until(() => driver.status(kept.id) === null);
    later.stop();
    expect(later.states).toEqual(['stopping', 'stopped']);
    await driver.remove(kept.id);
    await driver.remove(lost.id);
  });

  it('shows a pod deleted by someone else as stopping, then stopped', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    const seen = record(spec.id);
    await core.deleteNamespacedPod({ name: names.pod(spec.id), namespace: testNamespace });
    await until(() => driver.status(spec.id) === null);
    seen.stop();
    expect(seen.states).toEqual(['stopping', 'stopped']);
    expect(() => driver.terminal(spec.id)).toThrow();
    await driver.remove(spec.id);
  });

  it('shows a pod whose container died as failed, with the reason', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    const seen = record(spec.id);
    await double.crashPod(names.pod(spec.id), 'OOMKilled');
    await until(() => driver.status(spec.id)?.state === 'failed');
    seen.stop();
    expect(seen.states).toEqual(['failed']);
    expect(driver.status(spec.id)?.error).toEqual({
      key: 'labs.start_failed',
      params: { reason: 'the container exited: OOMKilled' },
    });
    await driver.remove(spec.id);
    expect(driver.status(spec.id)).toBeNull();
  });

  it('fails a start whose image cannot be pulled', async () => {
    const pulling = driverFor(double.url, {
      images: { ...testImages, terminal: 'registry.example/missing:1' },
    });
    const spec = specFor('terminal');
    await expect(pulling.start(spec)).rejects.toMatchObject({
      info: { key: 'labs.start_failed' },
    });
    expect(pulling.status(spec.id)).toMatchObject({ state: 'failed' });
    await pulling.remove(spec.id);
    await pulling.close();
  });
});

describe('objects left from an earlier run', () => {
  it('answers 409 on their create: the home is adopted, an older pod and policy replaced', async () => {
    const spec = specFor('jupyter');
    await core.createNamespacedPersistentVolumeClaim({
      namespace: testNamespace,
      body: buildClaim(spec, objectOptions),
    });
    const stalePolicy = buildPolicy(spec, objectOptions);
    stalePolicy.spec!.ingress = [];
    await networking.createNamespacedNetworkPolicy({ namespace: testNamespace, body: stalePolicy });
    const olderSpec = { ...spec, resources: { ...spec.resources, memorySize: 2 } };
    await core.createNamespacedPod({
      namespace: testNamespace,
      body: buildPod(olderSpec, objectOptions, 'secret-of-an-earlier-run'),
    });
    await until(
      () =>
        (double.get('pods', names.pod(spec.id))?.status as { phase?: string })?.phase === 'Running',
    );
    const claimUid = double.get('persistentvolumeclaims', names.claim(spec.id))!.metadata.uid;
    const podUid = double.get('pods', names.pod(spec.id))!.metadata.uid;
    await expect(
      core.createNamespacedPod({
        namespace: testNamespace,
        body: buildPod(spec, objectOptions, 'x'),
      }),
    ).rejects.toSatisfy((e) => httpCode(e) === 409);
    const since = double.requests.length;

    const status = await driver.start(spec);
    expect(status.state).toBe('running');
    const creates = double.requests.slice(since).filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.code)).toEqual([409, 409, 201, 409, 201]);
    expect(double.get('persistentvolumeclaims', names.claim(spec.id))!.metadata.uid).toBe(claimUid);
    expect(double.get('pods', names.pod(spec.id))!.metadata.uid).not.toBe(podUid);
    const policy = double.get('networkpolicies', names.policy(spec.id))!;
    expect((policy.spec as { ingress: unknown[] }).ingress).toHaveLength(1);

    const endpoint = driver.http(spec.id)!;
    const old = await httpGet(endpoint, '/api/status', {
      'X-Lab-Secret': 'secret-of-an-earlier-run',
    });
    expect(old.status).toBe(403);
    const fresh = await httpGet(endpoint, '/api/status', {
      [endpoint.secretHeader.name]: endpoint.secretHeader.value,
    });
    expect(fresh.status).toBe(200);
    // The adopted home was empty, so the initial files were written into it.
    const listed = await driver.files.list(spec.id, '');
    expect(listed.map((f) => f.name).filter((name) => !name.startsWith('.'))).toEqual([
      'src',
      'README.txt',
    ]);
    await driver.remove(spec.id);
  });

  it('adopts a running pod of the same spec after a restart of the platform', async () => {
    const spec = specFor('jupyter');
    const before = driverFor(double.url);
    await before.start(spec);
    const secret = before.http(spec.id)!.secretHeader.value;
    const podUid = double.get('pods', names.pod(spec.id))!.metadata.uid;
    await before.close();
    expect(double.get('pods', names.pod(spec.id))).toBeDefined();

    const after = driverFor(double.url);
    expect((await after.start(spec)).state).toBe('running');
    expect(double.get('pods', names.pod(spec.id))!.metadata.uid).toBe(podUid);
    const endpoint = after.http(spec.id)!;
    expect(endpoint.secretHeader.value).toBe(secret);
    expect((await httpGet(endpoint, '/api/status', { 'X-Lab-Secret': secret })).status).toBe(200);
    await after.remove(spec.id);
    await after.close();
  });

  it('keeps what an adopted home holds', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    await driver.exec(spec.id, {
      script: 'rm README.txt; echo mine > notes.txt',
      timeoutMs: 5_000,
      maxOutputBytes: 100,
    });
    await driver.stop(spec.id);
    await driver.start(spec);
    const run = await driver.exec(spec.id, { script: 'ls', timeoutMs: 5_000, maxOutputBytes: 100 });
    expect(run.stdout).toBe('notes.txt\nsrc\n');
    await driver.remove(spec.id);
  });
});

describe('the API double', () => {
  it('refuses a malformed Pod with 422 Invalid', async () => {
    const pod = buildPod(specFor('terminal'), objectOptions, null);
    delete (pod.spec!.containers[0] as { name?: string }).name;
    const error: unknown = await core
      .createNamespacedPod({ namespace: testNamespace, body: pod })
      .catch((e: unknown) => e);
    expect(httpCode(error)).toBe(422);
    expect(JSON.parse((error as { body: string }).body)).toMatchObject({
      kind: 'Status',
      reason: 'Invalid',
      code: 422,
    });
    expect(double.get('pods', pod.metadata!.name!)).toBeUndefined();

    const badName = buildPod(specFor('terminal', { id: 'Not_A_Name' }), objectOptions, null);
    const refused: unknown = await core
      .createNamespacedPod({ namespace: testNamespace, body: badName })
      .catch((e: unknown) => e);
    expect(httpCode(refused)).toBe(422);
  });

  it('answers 409 Conflict to an update with a stale resourceVersion', async () => {
    const spec = specFor('terminal');
    const claim = await core.createNamespacedPersistentVolumeClaim({
      namespace: testNamespace,
      body: buildClaim(spec, objectOptions),
    });
    const labelled = { ...claim, metadata: { ...claim.metadata, labels: { x: '1' } } };
    await core.replaceNamespacedPersistentVolumeClaim({
      name: claim.metadata!.name!,
      namespace: testNamespace,
      body: labelled,
    });
    const error: unknown = await core
      .replaceNamespacedPersistentVolumeClaim({
        name: claim.metadata!.name!,
        namespace: testNamespace,
        body: labelled,
      })
      .catch((e: unknown) => e);
    expect(httpCode(error)).toBe(409);
    expect(JSON.parse((error as { body: string }).body)).toMatchObject({ reason: 'Conflict' });
    await core.deleteNamespacedPersistentVolumeClaim({
      name: claim.metadata!.name!,
      namespace: testNamespace,
    });
  });

  it('reports denied permissions in the host checks', async () => {
    const strict = await startDouble({ denied: ['create pods/exec'] });
    const report = await driverFor(strict.url).host();
    const failing = report.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failing).toEqual(['may create pods/exec']);
    await strict.close();
  });
});
