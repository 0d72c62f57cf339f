import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, importsApi, pathOf, usersApi, type ImportJob } from '@platform/contract';
import { multipart, xlsxOf } from '../features/imports/imports.fixtures';
import {
  signIn as signInOn,
  startServers,
  until,
  type ServerProcess,
  type Servers,
} from './processes';

const PASSWORD = 'Procs_pass1';
let s: Servers;
let a: ServerProcess;
let b: ServerProcess;

const signIn = (on: ServerProcess, username: string, password = PASSWORD) =>
  signInOn(on, username, password);

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

describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'import jobs on two server processes',
  () => {
    let pair: Servers;
    let db: pg.Client;
    let className: string;
    let headers: Record<string, string>;

    beforeAll(async () => {
      pair = await startServers(2, { env: { SEED_PASSWORD: PASSWORD, JOB_LEASE_MS: '1000' } });
      db = new pg.Client({ connectionString: pair.databaseUrl });
      await db.connect();
      const { rows } = await db.query<{ name: string }>(
        `select c.name from classes c join schools s on s.id = c.school_id
          where s.url = 'sch_edu' and c.archived_at is null order by c.id limit 1`,
      );
      className = rows[0]!.name;
      await db.query(`update schools set max_students = 0 where url = 'sch_edu'`);
      const signed = await signIn(pair.servers[0]!, 'schooladmin01');
      headers = { authorization: `Bearer ${signed.body.data.access_token}` };
    }, 120_000);
    afterAll(async () => {
      await db?.end();
      await pair?.close();
    });

    async function submit(on: ServerProcess, rows: number, prefix: string) {
      const file = await xlsxOf([
        ['姓名', '学号', '性别', '手机号', '班级', '密码'],
        ...Array.from({ length: rows }, (_, i) => [
          `学生${i}`,
          `${prefix}${i}`,
          '男',
          '',
          className,
          '',
        ]),
      ]);
      const body = multipart('students.xlsx', file);
      const res = await fetch(`${on.url}${importsApi.studentsImport.path}`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: new Uint8Array(body.payload),
      });
      const json = (await res.json()) as { code: number; data: ImportJob };
      expect(json.code, JSON.stringify(json)).toBe(200);
      return json.data.id;
    }

    async function jobOn(on: ServerProcess, id: string) {
      const res = await fetch(`${on.url}${pathOf(importsApi.job.path, { id })}`, { headers });
      return ((await res.json()) as { data: ImportJob }).data;
    }

    async function queueRow(id: string) {
      const { rows } = await db.query<{ status: string; attempts: number; locked_by: string }>(
        'select status, attempts, locked_by from jobs where id = $1',
        [id],
      );
      return rows[0];
    }

    it('an import submitted on A is run by one of them; B shows its progress and result', async () => {
      const [a, b] = pair.servers as [ServerProcess, ServerProcess];
      const id = await submit(a, 2000, 'PA');
      const { value: job } = await until('the import ends, as B sees it', 60_000, async () => {
        const j = await jobOn(b, id);
        return j.status === 'running' ? null : j;
      });
      expect(job).toMatchObject({ status: 'done', total: 2000, succeeded: 2000, failed: 0 });
      expect(await jobOn(a, id)).toMatchObject({ status: 'done', succeeded: 2000 });
      expect(await queueRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    });

    it('a job whose process is killed -9 mid-run is finished by the other', async () => {
      const id = await submit(pair.servers[0]!, 6000, 'PK');
      const { value: runner } = await until('the job runs and has progress', 30_000, async () => {
        const row = await queueRow(id);
        const { rows } = await db.query<{ processed: number }>(
          'select processed from import_jobs where id = $1',
          [id],
        );
        if (row?.status !== 'running' || !(rows[0]!.processed > 0)) return null;
        return pair.servers.find((s) => row.locked_by.split(':')[1] === String(s.pid)) ?? null;
      });
      const other = pair.servers.find((s) => s !== runner)!;
      await runner.kill('SIGKILL');

      const { value: job } = await until('the other finishes it', 60_000, async () => {
        const j = await jobOn(other, id);
        return j.status === 'running' ? null : j;
      });
      expect(await queueRow(id)).toMatchObject({ status: 'done', attempts: 2 });
      // The other goes on after the rows the killed one inserted, with their outcomes.
      expect(job).toMatchObject({ status: 'done', total: 6000, succeeded: 6000, errorCount: 0 });
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from users where stu_no like 'PK%'`,
      );
      expect(rows[0]!.n).toBe(6000);
    });
  },
);
