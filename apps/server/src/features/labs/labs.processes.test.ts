import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { WebSocket } from 'ws';
import { labGatewayPaths, labsApi, pathOf } from '@platform/contract';
import {
  signIn,
  startServers,
  until as waitFor,
  type ServerProcess,
  type Servers,
} from '../../test/processes';

const PASSWORD = 'Procs_pass1';
const PUBLIC_URL = 'http://platform.test';
let s: Servers;
let db: pg.Client;
let leader: ServerProcess;
let follower: ServerProcess;
let token: string;
let envId: string;
let containerId: string;

const until = <T>(what: string, ms: number, probe: () => Promise<T | null> | T | null) =>
  waitFor(what, ms, probe, () => `(last answer: ${last})`);

async function api<T>(on: ServerProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: T } };
}

const stateOn = async (on: ServerProcess, id: string) => {
  const res = await api<{ state: string }>(on, 'POST', pathOf(labsApi.checkState.path, { id }));
  last = JSON.stringify(res.body);
  return res.body.data?.state;
};
let last = '';

/** A request to a lab origin, sent to one process's port. */
function labRequest(on: ServerProcess, url: URL, cookie?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: new URL(on.url).port,
          path: `${url.pathname}${url.search}`,
          headers: { host: url.host, ...(cookie ? { cookie } : {}) },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** Opens the lab through `on`: a ticket, the cookie it becomes, and the page's own information. */
async function open(on: ServerProcess, id: string) {
  const ticket = await api<{ url: string }>(on, 'POST', pathOf(labsApi.ticket.path, { id }), {});
  expect(ticket.body.code, JSON.stringify(ticket.body)).toBe(200);
  const url = new URL(ticket.body.data.url);
  const redeemed = await labRequest(on, url);
  expect(redeemed.status).toBe(302);
  const cookie = (redeemed.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
  const info = await labRequest(on, new URL(labGatewayPaths.info, url.origin), cookie);
  expect(info.status).toBe(200);
  expect(JSON.parse(info.body)).toMatchObject({ containerId: id, runner: 'terminal' });
  return { origin: url.origin, cookie };
}

/** Types a command in the lab's terminal through `on` and waits for its answer. */
async function typeThrough(on: ServerProcess, origin: string, cookie: string, word: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${new URL(on.url).port}${labGatewayPaths.socket}`, {
    headers: { host: new URL(origin).host, origin, cookie },
  });
  try {
    const output = new Promise<string>((resolve, reject) => {
      let all = '';
      const timer = setTimeout(() => reject(new Error(`no answer, got: ${all}`)), 10_000);
      socket.on('message', (data) => {
        all += data.toString();
        if (all.includes(`${word}42`)) {
          clearTimeout(timer);
          resolve(all);
        }
      });
      socket.on('close', (code) => reject(new Error(`closed with ${code}: ${all}`)));
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'input', data: `echo ${word}$((40+2))\r` }));
    return await output;
  } finally {
    socket.close();
  }
}

/** The states the follower's stream pushes for `id` while `act` runs, until `until` holds. */
async function pushed(on: ServerProcess, id: string, until: string, act: () => Promise<unknown>) {
  const controller = new AbortController();
  const res = await fetch(`${on.url}${labsApi.stateEvents.path}?ids=${id}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const states: string[] = [];
  const reasons: (string | null)[] = [];
  const parser = createParser({
    onEvent: (e) => {
      if (e.event !== 'state') return;
      const data = JSON.parse(e.data) as { state: string; stopReason: string | null };
      states.push(data.state);
      reasons.push(data.stopReason);
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  // The stream's first event is the state as it is; the act comes after it.
  let acted: Promise<unknown> | null = null;
  const deadline = setTimeout(() => controller.abort(), 15_000);
  try {
    while (!states.slice(1).includes(until)) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (states.length > 0 && !acted) acted = act();
    }
  } catch {
    // Aborted at the deadline: the assertion says what was missing.
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  await acted;
  return { states, reasons };
}

const labDirOf = (server: ServerProcess, id: string) =>
  path.join(s.dataDir, `labs-${server.name}`, id);

describe.runIf(process.env.TEST_DATABASE === 'postgres')('labs on two server processes', () => {
  beforeAll(async () => {
    s = await startServers(2, {
      env: {
        SEED_PASSWORD: PASSWORD,
        PUBLIC_URL,
        LAB_HEARTBEAT_FLUSH_MS: '200',
      },
    });
    const { value } = await until('a process runs the labs', 10_000, () => {
      const leading = s.servers.filter((server) => server.leads());
      return leading.length === 1 ? leading[0]! : null;
    });
    leader = value;
    follower = s.servers.find((server) => server !== leader)!;
    db = new pg.Client({ connectionString: s.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `select id::text from lab_environments
        where resource_kind = 'TERMINAL' and type <> 4 and state = 1 order by id limit 1`,
    );
    envId = rows[0]!.id;
    token = (await signIn(follower, 'student01', PASSWORD)).body.data.access_token;
  }, 120_000);
  beforeEach(() => {
    onTestFailed(() => {
      for (const server of s.servers)
        console.error(
          `--- ${server.name}\n${server.lines
            .filter((line) => !/"msg":"(incoming request|request completed)"/.test(line))
            .slice(-40)
            .join('\n')}`,
        );
    });
  });
  afterAll(async () => {
    await db?.end();
    await s?.close();
  });

  it('starts through the follower; it polls, beats and opens the lab the leader runs', async () => {
    const started = await api<string[]>(follower, 'POST', labsApi.start.path, { expEnvId: envId });
    expect(started.body.code, JSON.stringify(started.body)).toBe(200);
    containerId = started.body.data[0]!;

    // The follower answers polls from its own memory, told of each change by the leader.
    const running = await until('Running on the follower', 15_000, async () =>
      (await stateOn(follower, containerId)) === 'Running' ? true : null,
    );
    expect(running.ms).toBeLessThan(15_000);
    expect(await stateOn(leader, containerId)).toBe('Running');
    expect(existsSync(labDirOf(leader, containerId))).toBe(true);
    expect(existsSync(labDirOf(follower, containerId))).toBe(false);

    const before = new Date();
    const beat = await api<number>(
      follower,
      'PUT',
      `${labsApi.heartbeat.path}?envId=${envId}&containerId=${containerId}`,
    );
    expect(beat.body.code).toBe(200);
    await until('the heartbeat reaches the database', 3_000, async () => {
      const { rows } = await db.query<{ at: Date | null }>(
        'select last_heartbeat_at as at from lab_containers where id = $1',
        [containerId],
      );
      return rows[0]?.at && rows[0].at.getTime() >= before.getTime() - 1_000 ? true : null;
    });

    // A file streamed up through the follower lands in the home the leader keeps, and comes back.
    const bytes = randomBytes(3 * 1024 * 1024);
    const form = new FormData();
    form.append('containerId', containerId);
    form.append('path', 'data');
    form.append('file', new Blob([bytes]), 'sample.bin');
    const uploaded = await fetch(`${follower.url}${labsApi.uploadFile.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(await uploaded.json()).toMatchObject({ code: 200, data: { size: bytes.length } });
    expect(existsSync(path.join(labDirOf(leader, containerId), 'home'))).toBe(true);
    const downloaded = await fetch(
      `${follower.url}${labsApi.downloadFile.path}?containerId=${containerId}&path=data/sample.bin`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);

    const { origin, cookie } = await open(follower, containerId);
    const output = await typeThrough(follower, origin, cookie, 'through-follower');
    expect(output).toContain('through-follower42');
    // The same session works on the leader, which holds it.
    expect(await typeThrough(leader, origin, cookie, 'on-leader')).toContain('on-leader42');
  });

  it('pushes to a stream on the follower what the leader does', async () => {
    const stopped = await pushed(follower, containerId, 'Stopped', () =>
      api(leader, 'GET', `${labsApi.stop.path}?envId=${envId}&containerId=${containerId}`),
    );
    expect(stopped.states).toEqual(['Running', 'Stopping', 'Stopped']);
    // Why it stopped reaches the follower's stream too.
    expect(stopped.reasons).toEqual([null, 'user', 'user']);
    const started = await pushed(follower, containerId, 'Running', () =>
      api(leader, 'POST', labsApi.start.path, { expEnvId: envId }),
    );
    expect(started.states).toEqual(['Stopped', 'Starting', 'Running']);
    expect(started.reasons).toEqual(['user', null, null]);
  });

  it('when the leader is killed, the other runs the lab again and opens it', async () => {
    const openUsage = async () =>
      (
        await db.query<{ id: string }>(
          'select id::text from lab_usage where container_id = $1 and stopped_at is null',
          [containerId],
        )
      ).rows.map((r) => r.id);
    const before = await openUsage();
    expect(before).toHaveLength(1);
    await leader.kill('SIGKILL');
    await until('the follower leads', 10_000, () => (follower.leads() ? true : null));
    // Until the follower has started the lab itself, it may still answer the state the dead
    // leader last published: the lab runs again once it runs in the follower's own folder.
    const back = await until('the lab runs again', 20_000, async () =>
      existsSync(labDirOf(follower, containerId)) &&
      (await stateOn(follower, containerId)) === 'Running'
        ? true
        : null,
    );
    expect(back.ms).toBeLessThan(20_000);
    const { rows } = await db.query<{ address: string }>('select address from lab_leader');
    expect(rows[0]!.address).toBe(follower.url);
    expect(existsSync(labDirOf(follower, containerId))).toBe(true);
    // One run, one usage record, across the takeover.
    expect(await openUsage()).toEqual(before);

    const { origin, cookie } = await open(follower, containerId);
    expect(await typeThrough(follower, origin, cookie, 'after-takeover')).toContain(
      'after-takeover42',
    );
  });
});
