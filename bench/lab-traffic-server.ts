/**
 * The server side of `bench/lab-traffic.ts`: the platform on a fresh PostgreSQL database with
 * 10,000 running labs (100 students × 100 environments), plus Fastify's hello-world on a second
 * port in the same process as the baseline. Prints one JSON line describing what it serves.
 * The labs are running as far as the runtime's memory and the database are concerned; no
 * sandboxes are started, because what is measured is the heartbeat and poll traffic.
 */
import Fastify from 'fastify';
import { labContainers } from '../apps/server/src/db/schema';
import { createEnvironment, signedIn } from '../apps/server/src/test/factories';
import { createHarness } from '../apps/server/src/test/harness';
import { allContainers } from '../apps/server/src/features/labs/labs.repo';

const users = 100;
const envs = 100;

const h = await createHarness();
const students: Awaited<ReturnType<typeof signedIn>>[] = [];
for (let i = 0; i < users; i++) students.push(await signedIn(h.app, h.ctx, { roles: ['student'] }));
const environments: Awaited<ReturnType<typeof createEnvironment>>[] = [];
for (let i = 0; i < envs; i++) environments.push(await createEnvironment(h.ctx));

const now = h.ctx.now();
const rows = students.flatMap((s) =>
  environments.map((e) => ({
    id: h.ctx.ids.next(),
    userId: s.id,
    envId: e.id,
    partEnvId: e.id,
    desiredState: 1,
    observedState: 2,
    resources: { cpuCore: 1, memorySize: 1, diskSize: 10, gpuCount: 0 },
    startedAt: now,
    lastHeartbeatAt: now,
  })),
);
for (let i = 0; i < rows.length; i += 1000)
  await h.ctx.db.insert(labContainers).values(rows.slice(i, i + 1000));
for (const row of await allContainers(h.ctx.db)) {
  const entry = h.app.labs.runtime.remember(row);
  entry.desired = 1;
  entry.state = 'Running';
}

await h.app.listen({ port: 0, host: '127.0.0.1' });
const hello = Fastify();
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const port = (h.app.server.address() as { port: number }).port;
const helloPort = (hello.server.address() as { port: number }).port;
const token = new Map(students.map((s) => [s.id, s.token]));
const labs = rows.map((r) => ({ token: token.get(r.userId)!, envId: r.envId, containerId: r.id }));
process.stdout.write(`${JSON.stringify({ port, helloPort, database: h.database.kind, labs })}\n`);

process.on('SIGTERM', () => {
  void Promise.all([hello.close(), h.close()]).then(() => process.exit(0));
});
