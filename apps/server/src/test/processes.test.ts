import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, usersApi } from '@platform/contract';
import { WEB_BASIC } from './harness';
import { startServers, type ServerProcess, type Servers } from './processes';

const PASSWORD = 'Procs_pass1';
let s: Servers;
let a: ServerProcess;
let b: ServerProcess;

async function until<T>(what: string, ms: number, probe: () => Promise<T | null> | T | null) {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function signIn(on: ServerProcess, username: string, password = PASSWORD) {
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

async function current(on: ServerProcess, token: string) {
  const res = await fetch(`${on.url}${usersApi.current.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'two server processes on one database',
  () => {
    beforeAll(async () => {
      s = await startServers(2, { env: { SEED_PASSWORD: PASSWORD } });
      [a, b] = s.servers as [ServerProcess, ServerProcess];
    }, 120_000);
    afterAll(() => s?.close());

    it('both started together, migrated and seeded once', async () => {
      for (const server of s.servers) expect(server.exited).toBe(false);
      const db = new pg.Client({ connectionString: s.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ schools: number; accounts: number }>(
          `select (select count(*)::int from schools where url = 'sch_edu') as schools,
                  (select count(*)::int from users where username = 'student01') as accounts`,
        );
        expect(rows[0]).toEqual({ schools: 1, accounts: 1 });
      } finally {
        await db.end();
      }
    });

    it('a token from one works on the other; logging out on one is refused by the other within 1 s', async () => {
      const signed = await signIn(a, 'student01');
      expect(signed.body.code).toBe(200);
      const token = signed.body.data.access_token;
      expect(await current(b, token)).toBe(200);
      // Again, so that B answers from its cache.
      expect(await current(b, token)).toBe(200);

      const out = await fetch(`${a.url}${authApi.logout.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.status).toBe(200);
      const refused = await until('B refuses the token', 1_000, async () =>
        (await current(b, token)) === 401 ? true : null,
      );
      expect(refused.ms).toBeLessThan(1_000);
      expect(await current(a, token)).toBe(401);
    });

    it('counts sign-in attempts on both: after the limit on A, B refuses too', async () => {
      // student02 from new addresses: a bucket of 10 for unknown devices (decision 0013).
      let allowed = 0;
      for (let i = 0; i < 12; i++) {
        const res = await signIn(a, 'student02', `Wrong_pass${i}`);
        if (res.status !== 429) allowed++;
      }
      expect(allowed).toBe(10);
      expect((await signIn(b, 'student02', 'Wrong_pass_b')).status).toBe(429);
    });

    it('exactly one leads; when it is killed the other leads within a few seconds', async () => {
      await until('a leader', 5_000, () => (a.leads() || b.leads() ? true : null));
      const leaders = s.servers.filter((server) => server.leads());
      expect(leaders).toHaveLength(1);
      const [leader] = leaders as [ServerProcess];
      const follower = leader === a ? b : a;
      expect(follower.leads()).toBe(false);

      await leader.kill('SIGKILL');
      const took = await until('the other leads', 5_000, () => (follower.leads() ? true : null));
      expect(took.ms).toBeLessThan(5_000);
    });
  },
);
