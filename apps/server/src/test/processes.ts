import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { authApi } from '@platform/contract';
import { WEB_BASIC } from './harness';

const main = path.resolve(import.meta.dirname, '../main.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** One server process started by `startServers`. */
export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** Every line it wrote to standard output and error, in order. */
  lines: string[];
  /** Whether it leads, by the last line it logged about it (null before the first). */
  leads(): boolean | null;
  /** Kills it with `signal` and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  readonly exited: boolean;
}

export interface Servers {
  servers: ServerProcess[];
  databaseUrl: string;
  /** The directory the processes share for files (imports, uploads). */
  dataDir: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Lab homes the killed processes left mounted (the local driver's disk images). */
function unmountUnder(dir: string): void {
  const mounts = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) execFileSync('umount', ['-l', point]);
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `platform_procs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function healthy(url: string, child: ChildProcess, lines: string[], ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before it answered:\n${lines.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > end)
      throw new Error(`server did not answer in ${ms} ms:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function spawnServer(name: string, env: NodeJS.ProcessEnv, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let leader: boolean | null = null;
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('{')) {
          try {
            const entry = JSON.parse(line) as { leader?: unknown };
            if (typeof entry.leader === 'boolean') leader = entry.leader;
          } catch {
            // Not a log entry.
          }
        }
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    lines,
    leads: () => leader,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await ended;
    },
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
  };
  return { server, child };
}

/**
 * `count` real server processes (`node --import tsx main.ts`) on one new PostgreSQL database,
 * started at the same time. They share one data directory, so the files one stores the others
 * read, as they would on a shared volume or S3; each keeps its labs in a folder of its own.
 */
export async function startServers(
  count: number,
  opts: { env?: NodeJS.ProcessEnv; startupMs?: number } = {},
): Promise<Servers> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('startServers needs DATABASE_URL');
  const database = await createDatabase(adminUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-procs-'));
  const started: { server: ServerProcess; child: ChildProcess }[] = [];
  const close = async () => {
    await Promise.all(started.map((s) => s.server.kill('SIGKILL')));
    await database.drop();
    unmountUnder(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const name = String.fromCharCode(65 + i);
      const port = await freePort();
      started.push(
        spawnServer(
          name,
          {
            DATABASE_URL: database.url,
            DATA_DIR: dataDir,
            LABS_DIR: path.join(dataDir, `labs-${name}`),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'info',
            WORKER_ID: String(i + 1),
            ...opts.env,
          },
          port,
        ),
      );
    }
    await Promise.all(
      started.map(({ server, child }) =>
        healthy(server.url, child, server.lines, opts.startupMs ?? 60_000),
      ),
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { servers: started.map((s) => s.server), databaseUrl: database.url, dataDir, close };
}

/** Waits for `probe` to answer something other than null, and how long that took. */
export async function until<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null> | T | null,
  detail: () => string = () => '',
) {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Signs in with a password on one of the processes, as the web client does. */
export async function signIn(on: ServerProcess, username: string, password: string) {
  const res = await fetch(`${on.url}${authApi.token.path}`, {
    method: 'POST',
    headers: { authorization: WEB_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; data: { access_token: string } },
  };
}
