import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { labGatewayPaths, labsApi, pathOf } from '@platform/contract';
import { startDouble, testImages, testNamespace } from '@platform/labs/kubernetes/test-support';
import { loadConfig } from '../../config';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

/** The server configured as the chart configures it, against the in-process API double. */
describe('labs on the Kubernetes driver (LAB_DRIVER=kubernetes)', () => {
  let double: Awaited<ReturnType<typeof startDouble>>;
  let dir: string;
  let h: Harness;
  let port: number;

  beforeAll(async () => {
    double = await startDouble();
    dir = await mkdtemp(join(tmpdir(), 'kubeconfig-'));
    const kubeconfig = join(dir, 'config');
    await writeFile(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          { name: 'double', cluster: { server: double.url, 'insecure-skip-tls-verify': true } },
        ],
        users: [{ name: 'double', user: { token: 'test-token' } }],
        contexts: [
          {
            name: 'double',
            context: { cluster: 'double', user: 'double', namespace: testNamespace },
          },
        ],
        'current-context': 'double',
      }),
    );
    const { labDriver } = loadConfig({
      LAB_DRIVER: 'kubernetes',
      KUBECONFIG: kubeconfig,
      LAB_K8S_NAMESPACE: testNamespace,
      LAB_K8S_IMAGE_TERMINAL: testImages.terminal,
      LAB_K8S_IMAGE_JUPYTER: testImages.jupyter,
      LAB_K8S_IMAGE_IOT: testImages.iotShell,
      LAB_K8S_GATEWAY_SELECTOR: 'app.kubernetes.io/name=lab-platform',
      LAB_K8S_GATEWAY_NAMESPACE: 'platform',
      LAB_K8S_STORAGE_CLASS: 'fast-ssd',
    });
    h = await createHarness({ config: { labDriver } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await double?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts a terminal lab as a pod through the API and answers its terminal through the gateway', async () => {
    const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
    const env = await createEnvironment(h.ctx);
    const started = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: student.headers,
      payload: { expEnvId: env.id },
    });
    expect(started.json().code).toBe(200);
    const [id] = started.json().data as string[];
    await h.app.labs.runtime.settle();
    const state = await h.app.inject({
      method: 'POST',
      url: pathOf(labsApi.checkState.path, { id: id! }),
      headers: student.headers,
    });
    expect(state.json().data, JSON.stringify(h.app.labs.runtime.get(id!)?.error)).toMatchObject({
      state: 'Running',
    });
    expect(h.app.labs.runtime.driver.name).toBe('kubernetes');

    const pod = double.get('pods', `lab-${id}`) as unknown as {
      spec: { containers: { image: string }[] };
    };
    expect(pod.spec.containers[0]!.image).toBe(testImages.terminal);
    expect(double.get('persistentvolumeclaims', `lab-${id}-home`)).toMatchObject({
      spec: { storageClassName: 'fast-ssd' },
    });
    expect(double.get('networkpolicies', `lab-${id}`)).toBeDefined();

    const ticket = await h.app.inject({
      method: 'POST',
      url: pathOf(labsApi.ticket.path, { id: id! }),
      headers: student.headers,
    });
    const url = new URL(ticket.json().data.url as string);
    const redeemed = await h.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
    });
    const cookie = (redeemed.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${labGatewayPaths.socket}`, {
      headers: { host: url.host, cookie, origin: url.origin },
    });
    let output = '';
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer in: ${output}`)), 15_000);
      socket.on('message', (data) => {
        output += data.toString();
        if (output.includes('pod says 42') && output.includes('hello lab')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await new Promise((r) => socket.once('open', r));
    socket.send(
      JSON.stringify({ type: 'input', data: 'echo "pod says $((40+2))"; cat ~/README.txt\r' }),
    );
    await answered;
    socket.close();

    await h.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${env.id}`,
      headers: student.headers,
    });
    await h.app.labs.runtime.settle();
    expect(double.get('pods', `lab-${id}`)).toBeUndefined();
  });
});
