import { request } from 'node:http';
import { Readable } from 'node:stream';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLabDriver, shellResult, specFor } from '../conformance';
import { endpointTarget, endpointWebSocketUrl, type HttpEndpoint } from '../driver';
import { driverFor, startDouble } from './test-support';

const double = await startDouble();
afterAll(() => double.close());

describeLabDriver('kubernetes', () => driverFor(double.url));

function send(
  endpoint: HttpEndpoint,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...endpointTarget(endpoint), method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('kubernetes driver against the API double', () => {
  it("runs Python in a Jupyter lab's kernel over a WebSocket to the pod's address", async () => {
    const driver = driverFor(double.url);
    const spec = specFor('jupyter');
    await driver.start(spec);
    const endpoint = driver.http(spec.id)!;
    expect(endpoint).toMatchObject({ port: 8888 });
    const secret = { [endpoint.secretHeader.name]: endpoint.secretHeader.value, host: 'lab' };
    const tree = await send(endpoint, 'GET', '/tree', secret);
    const xsrf = /_xsrf=([^;]+)/.exec(String(tree.headers['set-cookie']))![1]!;
    const cookie = `_xsrf=${xsrf}`;
    const kernel = await send(
      endpoint,
      'POST',
      '/api/kernels',
      { ...secret, cookie, 'x-xsrftoken': xsrf, 'content-type': 'application/json' },
      JSON.stringify({ name: 'python3' }),
    );
    expect(kernel.status).toBe(201);
    const kernelId = (JSON.parse(kernel.body) as { id: string }).id;
    const url = endpointWebSocketUrl(endpoint, `/api/kernels/${kernelId}/channels?session_id=s1`);
    const refused = new WebSocket(url, { headers: { cookie } });
    expect(
      await new Promise((r) => refused.once('unexpected-response', (_q, res) => r(res.statusCode))),
    ).toBe(403);
    const socket = new WebSocket(url, { headers: { ...secret, cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const result = new Promise<string>((resolve) => {
      socket.on('message', (raw: Buffer) => {
        const msg = JSON.parse(raw.toString()) as {
          msg_type: string;
          content: { data?: Record<string, string> };
        };
        if (msg.msg_type === 'execute_result') resolve(msg.content.data!['text/plain']!);
      });
    });
    socket.send(
      JSON.stringify({
        header: {
          msg_id: 'm1',
          username: 'lab',
          session: 's1',
          msg_type: 'execute_request',
          version: '5.3',
          date: new Date().toISOString(),
        },
        parent_header: {},
        metadata: {},
        content: {
          code: '6*7',
          silent: false,
          store_history: true,
          user_expressions: {},
          allow_stdin: false,
          stop_on_error: true,
        },
        channel: 'shell',
        buffers: [],
      }),
    );
    expect(await result).toBe('42');
    socket.close();
    await driver.remove(spec.id);
    await driver.close();
  });

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
