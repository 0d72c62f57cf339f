import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { labGatewayPaths, labOpenPath, pathOf, usersApi, labsApi } from '@platform/contract';
import { createEnvironment, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let port: number;
let student: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  student = await signedIn(h.app, h.ctx, {
    roles: ['student'],
    schoolId: (await createSchool(h.ctx)).id,
  });
  other = await signedIn(h.app, h.ctx, {
    roles: ['student'],
    schoolId: (await createSchool(h.ctx)).id,
  });
});
afterAll(() => h.close());

const labHost = (id: string) => `${id}.labs.localhost:8080`;

async function startLab(
  who: typeof student,
  overrides: Parameters<typeof createEnvironment>[1] = {},
) {
  const env = await createEnvironment(h.ctx, overrides);
  const res = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: who.headers,
    payload: { expEnvId: env.id },
  });
  await h.app.labs.runtime.settle();
  return { env, ids: res.json().data as string[] };
}

async function ticketUrl(who: typeof student, id: string): Promise<URL> {
  // As browsers often send it: JSON content type, empty body.
  const res = await h.app.inject({
    method: 'POST',
    url: pathOf(labsApi.ticket.path, { id }),
    headers: { ...who.headers, 'accept-language': 'en-US', 'content-type': 'application/json' },
    payload: '',
  });
  // The page that frames the lab must be on the public address, the lab's only frame ancestor.
  expect(res.json().data.embedOrigin).toBe(new URL(h.ctx.config.publicUrl).origin);
  return new URL(res.json().data.url as string);
}

/** Redeems a ticket like a browser would; answers the lab cookie. */
async function openLab(who: typeof student, id: string): Promise<string> {
  const url = await ticketUrl(who, id);
  const res = await h.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host: url.host },
  });
  expect(res.statusCode).toBe(302);
  return (res.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
}

function connect(id: string, cookie: string, path: string = labGatewayPaths.socket) {
  return new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { host: labHost(id), cookie, origin: `http://${labHost(id)}` },
  });
}

function collect(socket: WebSocket, until: (all: string) => boolean, timeoutMs = 10_000) {
  return new Promise<string>((resolve, reject) => {
    let all = '';
    const timer = setTimeout(() => reject(new Error(`timed out with: ${all}`)), timeoutMs);
    socket.on('message', (data) => {
      all += data.toString();
      if (until(all)) {
        clearTimeout(timer);
        resolve(all);
      }
    });
  });
}

describe('lab gateway', () => {
  it('trades a single-use ticket for a host-only HttpOnly cookie and refuses everyone else', async () => {
    const { ids } = await startLab(student);
    const id = ids[0]!;
    const url = await ticketUrl(student, id);
    expect(url.host).toBe(labHost(id));
    expect(url.searchParams.get('t')).toBeTruthy();
    expect(url.toString()).not.toContain(student.token);

    const first = await h.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
    });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/');
    const [partitioned, plain] = first.headers['set-cookie'] as string[];
    expect(partitioned).toMatch(
      /^lab_session=[\w-]+; HttpOnly; Path=\/; SameSite=None; Secure; Partitioned$/,
    );
    expect(plain).toMatch(/^lab_session_t=[\w-]+; HttpOnly; Path=\/; SameSite=None; Secure$/);
    expect(`${partitioned}${plain}`).not.toMatch(/Domain=/i);
    const cookie = partitioned!.split(';')[0]!;
    const plainInfo = await h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: url.host, cookie: plain!.split(';')[0]! },
    });
    expect(plainInfo.statusCode).toBe(200);

    const replay = await h.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
    });
    expect(replay.statusCode).toBe(403);

    const info = await h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: url.host, cookie },
    });
    expect(info.json()).toEqual({
      containerId: id,
      envName: expect.any(String),
      runner: 'terminal',
      language: 'en-US',
      readOnly: false,
    });
    const anonymous = await h.app.inject({ method: 'GET', url: '/', headers: { host: url.host } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({
      errorKey: 'labs.ticket_invalid',
      requestId: expect.any(String),
    });
    for (const [method, path, status] of [
      ['GET', '/nothing-here', 404],
      ['POST', '/', 405],
      ['GET', '/assets/none.js', 404],
    ] as const) {
      const res = await h.app.inject({ method, url: path, headers: { host: url.host, cookie } });
      expect(res.statusCode, path).toBe(status);
      expect(res.json(), path).toMatchObject({
        code: 9000,
        message: expect.any(String),
        requestId: expect.any(String),
      });
    }

    const { ids: otherIds } = await startLab(other);
    const elsewhere = await h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: labHost(otherIds[0]!), cookie },
    });
    expect(elsewhere.statusCode).toBe(403);
    const otherTicket = await h.app.inject({
      method: 'POST',
      url: pathOf(labsApi.ticket.path, { id }),
      headers: other.headers,
    });
    expect(otherTicket.statusCode).toBe(404);

    const api = await h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
      headers: { host: url.host, ...student.headers },
    });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain(student.username);
  });

  it('runs a shell over the WebSocket, replays output on reconnect, and ends with the lab', async () => {
    const { env, ids } = await startLab(student);
    const id = ids[0]!;
    const cookie = await openLab(student, id);

    const first = connect(id, cookie);
    await new Promise((r) => first.once('open', r));
    first.send(JSON.stringify({ type: 'resize', cols: 100, rows: 30 }));
    const output = collect(first, (all) => all.includes('hello42'));
    first.send(JSON.stringify({ type: 'input', data: 'echo hello$((40+2))\r' }));
    await output;
    first.close();

    const second = connect(id, cookie);
    const replay = await collect(second, (all) => all.includes('hello42'));
    expect(replay).toContain('hello42');
    const size = collect(second, (all) => /\b30 100\b/.test(all));
    second.send(JSON.stringify({ type: 'input', data: 'stty size\r' }));
    await size;

    const closed = new Promise<number>((r) => second.once('close', (code) => r(code)));
    await h.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${env.id}`,
      headers: student.headers,
    });
    expect(await closed).toBe(4404);
    const after = await h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: labHost(id), cookie },
    });
    expect(after.statusCode).toBe(403);
  });

  it('gives a read-only session the output but not the keyboard', async () => {
    const { ids } = await startLab(student);
    const id = ids[0]!;
    const owner = connect(id, await openLab(student, id));
    await new Promise((r) => owner.once('open', r));
    const { ticket } = h.app.labs.access.issue(
      { containerId: id, userId: student.id, readOnly: true, language: 'zh-CN' },
      '/',
    );
    const redeemed = await h.app.inject({
      method: 'GET',
      url: `${labGatewayPaths.ticket}?t=${ticket}`,
      headers: { host: labHost(id) },
    });
    const viewerCookie = (redeemed.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    const info = await h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: labHost(id), cookie: viewerCookie },
    });
    expect(info.json().readOnly).toBe(true);
    const viewer = connect(id, viewerCookie);
    await new Promise((r) => viewer.once('open', r));
    const entered: string[] = [];
    const off = h.app.labs.runtime.onCommandLine((entry, line) => {
      if (entry.id === id) entered.push(line);
    });
    const viewerSaw = collect(viewer, (all) => all.includes('owner63'));
    viewer.send(JSON.stringify({ type: 'resize', cols: 20, rows: 5 }));
    viewer.send(JSON.stringify({ type: 'input', data: 'echo viewer$((60+2))\r' }));
    owner.send(JSON.stringify({ type: 'input', data: 'echo owner$((60+3))\r' }));
    const seen = await viewerSaw;
    off();
    expect(seen).not.toContain('viewer62');
    expect(h.app.labs.runtime.driver.terminal(id).replay()).not.toContain('viewer');
    expect(entered).toEqual(['echo owner$((60+3))']);
    owner.close();
    viewer.close();
  });

  it('accepts a lab WebSocket only from the lab’s own origin', async () => {
    const { ids } = await startLab(student);
    const id = ids[0]!;
    const cookie = await openLab(student, id);
    const { ids: otherIds } = await startLab(other);
    const origins = [
      'http://evil.example',
      `http://${labHost(otherIds[0]!)}`,
      'http://localhost:8080',
      `https://${labHost(id)}`,
      'null',
      undefined,
    ];
    for (const origin of origins) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${labGatewayPaths.socket}`, {
        headers: { host: labHost(id), cookie, ...(origin ? { origin } : {}) },
      });
      const code = await new Promise<number>((r) => socket.once('close', (c) => r(c)));
      expect(code, String(origin)).toBe(4403);
    }
    const own = connect(id, cookie);
    const output = collect(own, (all) => all.includes('own-origin7'));
    await new Promise((r) => own.once('open', r));
    own.send(JSON.stringify({ type: 'input', data: 'echo own-origin$((3+4))\r' }));
    await output;
    own.close();
  });

  it('leads a ticket only to a path on the lab’s own origin', async () => {
    const { ids } = await startLab(student);
    const id = ids[0]!;
    const ticket = (next: string) =>
      h.app.inject({
        method: 'POST',
        url: pathOf(labsApi.ticket.path, { id }),
        headers: student.headers,
        payload: { next },
      });
    for (const next of [
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
      '/\t/evil.example',
      'javascript:alert(1)',
      'evil.example',
    ]) {
      const res = await ticket(next);
      expect(res.statusCode, next).toBe(400);
      expect(res.json()).toMatchObject({ code: 9000, fields: { next: expect.any(String) } });
    }
    const ok = new URL((await ticket('/files?path=src#top')).json().data.url as string);
    const redeemed = await h.app.inject({
      method: 'GET',
      url: `${ok.pathname}${ok.search}`,
      headers: { host: ok.host },
    });
    expect(redeemed.headers.location).toBe('/files?path=src#top');
  });

  it('sends a tab that opens a lab page without the lab’s cookie to the platform for a ticket', async () => {
    const { ids } = await startLab(student);
    const id = ids[0]!;
    const navigate = (dest: string) =>
      h.app.inject({
        method: 'GET',
        url: '/notebooks/hello.ipynb?kernel_name=python3',
        headers: { host: labHost(id), 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': dest },
      });
    const tab = await navigate('document');
    expect(tab.statusCode).toBe(302);
    const to = new URL(tab.headers.location as string);
    expect(to.origin).toBe(new URL(h.ctx.config.publicUrl).origin);
    expect(to.pathname).toBe(`${labOpenPath}/${id}`);
    expect(to.searchParams.get('next')).toBe('/notebooks/hello.ipynb?kernel_name=python3');
    // The platform page then asks for a ticket to that path, as the student only.
    const ticket = await h.app.inject({
      method: 'POST',
      url: pathOf(labsApi.ticket.path, { id }),
      headers: student.headers,
      payload: { next: to.searchParams.get('next') },
    });
    const redeemed = new URL(ticket.json().data.url as string);
    const landed = await h.app.inject({
      method: 'GET',
      url: `${redeemed.pathname}${redeemed.search}`,
      headers: { host: redeemed.host },
    });
    expect(landed.headers.location).toBe('/notebooks/hello.ipynb?kernel_name=python3');
    // Frames, scripts and other methods still get the refusal.
    expect((await navigate('iframe')).statusCode).toBe(403);
    const script = await h.app.inject({
      method: 'GET',
      url: '/api/contents',
      headers: { host: labHost(id), 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
    });
    expect(script.statusCode).toBe(403);
  });

  it('refuses a WebSocket without the lab’s cookie', async () => {
    const { ids } = await startLab(student);
    const socket = connect(ids[0]!, 'lab_session=forged');
    const code = await new Promise<number>((r) => socket.once('close', (c) => r(c)));
    expect(code).toBe(4403);
  });

  it('serves Jupyter through the gateway with its secret added and never shown, and runs 1+1', async () => {
    const { env, ids } = await startLab(student, { experimentKind: '3', resourceKind: 'JUPYTER' });
    const id = ids[0]!;
    const secret = h.app.labs.runtime.driver.http(id)!.secretHeader.value;
    const cookie = await openLab(student, id);
    const host = labHost(id);

    const tree = await h.app.inject({ method: 'GET', url: '/tree', headers: { host, cookie } });
    expect(tree.statusCode).toBe(200);
    expect(tree.body).toContain('Jupyter');
    expect(tree.body).not.toContain(secret);
    expect(JSON.stringify(tree.headers)).not.toContain(secret);
    expect(tree.headers['content-security-policy']).toContain('frame-ancestors');
    expect(tree.headers['content-security-policy']).toContain('http://localhost:8080');
    const xsrf = /_xsrf=([^;]+)/.exec(String(tree.headers['set-cookie']))![1]!;

    const withoutCookie = await h.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { host },
    });
    expect(withoutCookie.statusCode).toBe(403);

    const kernel = await h.app.inject({
      method: 'POST',
      url: '/api/kernels',
      headers: {
        host,
        cookie: `${cookie}; _xsrf=${xsrf}`,
        'x-xsrftoken': xsrf,
        'content-type': 'application/json',
      },
      payload: { name: 'python3' },
    });
    expect(kernel.statusCode).toBe(201);
    const kernelId = kernel.json().id as string;

    const foreign = new WebSocket(
      `ws://127.0.0.1:${port}/api/kernels/${kernelId}/channels?session_id=s0`,
      { headers: { host, cookie: `${cookie}; _xsrf=${xsrf}`, origin: 'http://evil.example' } },
    );
    expect(await new Promise<number>((r) => foreign.once('close', (c) => r(c)))).toBe(4403);
    const socket = connect(
      id,
      `${cookie}; _xsrf=${xsrf}`,
      `/api/kernels/${kernelId}/channels?session_id=s1`,
    );
    await new Promise((r, j) => {
      socket.once('open', r);
      socket.once('error', j);
    });
    const result = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no execute_result')), 20_000);
      socket.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as {
          msg_type: string;
          content: { data?: Record<string, string> };
        };
        if (msg.msg_type === 'execute_result') {
          clearTimeout(timer);
          resolve(msg.content.data!['text/plain']!);
        }
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
          code: '1+1',
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
    expect(await result).toBe('2');
    socket.close();
    await h.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${env.id}`,
      headers: student.headers,
    });
  });
});
