/**
 * Heartbeat and state-poll traffic of 10,000 running labs on PostgreSQL. Each lab sends a
 * heartbeat every 60 s and polls its state every 10 s (spec §4): 10,000/60 + 10,000/10 ≈ 1,167
 * requests per second. Reports p99 latency and errors at that rate, and the heartbeat route's
 * top throughput as a ratio to Fastify's hello-world measured in the same run.
 * Usage: npm run bench:lab-traffic   (needs DATABASE_URL; DURATION=seconds of the steady run)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';
import { paced } from './paced';

const duration = Number(process.env.DURATION ?? 30);
const { server, setup } = await startBenchServer<{
  port: number;
  helloPort: number;
  database: string;
  labs: { token: string; envId: string; containerId: string }[];
}>('bench/lab-traffic-server.ts');
const { labs } = setup;
const base = `http://127.0.0.1:${setup.port}`;
let next = 0;
const heartbeat = (lab: (typeof labs)[number]) => ({
  method: 'PUT' as const,
  path: `/api-experiment/containers/heartbeat?envId=${lab.envId}&containerId=${lab.containerId}`,
  headers: { authorization: `Bearer ${lab.token}` },
});
const poll = (lab: (typeof labs)[number]) => ({
  method: 'POST' as const,
  path: `/api-experiment/container/check/state/${lab.containerId}`,
  headers: { authorization: `Bearer ${lab.token}` },
});

const check = await fetch(`${base}${poll(labs[0]!).path}`, {
  method: 'POST',
  headers: poll(labs[0]!).headers,
});
const body = (await check.json()) as { code: number; data: { state: string } };
if (body.code !== 200 || body.data.state !== 'Running')
  throw new Error(`unexpected answer ${JSON.stringify(body)}`);

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(opts, (err, result) => (err ? reject(err as Error) : resolve(result))),
  );

const helloResult = await run({
  url: `http://127.0.0.1:${setup.helloPort}/hello`,
  connections: 50,
  duration: 10,
});
const heartbeatResult = await run({
  url: base,
  connections: 50,
  duration: 10,
  requests: [{ setupRequest: (req) => ({ ...req, ...heartbeat(labs[next++ % labs.length]!) }) }],
});
const rate = Math.round(labs.length / 60 + labs.length / 10);
const steady = await paced(setup.port, rate, duration, (n) => {
  const lab = labs[next++ % labs.length]!;
  return n % 7 === 6 ? heartbeat(lab) : poll(lab);
});
server.kill('SIGTERM');

const ratio = heartbeatResult.requests.average / helloResult.requests.average;
console.log(
  `\nLab traffic, ${labs.length} running labs (${os.cpus().length} cores, Node ${process.version}, ${setup.database})`,
);
console.log(
  `steady ${rate} req/s for ${duration} s, evenly paced: ${steady.total} requests, p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms, max ${steady.max.toFixed(1)} ms, errors ${steady.errors}`,
);
console.log(
  `heartbeat top throughput ${heartbeatResult.requests.average.toFixed(0)} req/s (p99 ${heartbeatResult.latency.p99} ms, non-2xx ${heartbeatResult.non2xx}); Fastify hello-world ${helloResult.requests.average.toFixed(0)} req/s; ratio ${ratio.toFixed(2)}`,
);
