import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedBroker, type LabBroker } from './labs.broker';
import { brokerLimits, TokenBucket } from './labs.broker-limits';
import { RawClient } from '../../test/mqtt-raw';

let dir: string;
let broker: LabBroker;
let refusals: string[];
const detach: Array<() => Promise<void>> = [];

async function lab(labId: string): Promise<string> {
  const path = join(dir, `lab-${labId}.sock`);
  broker.registerLab(labId, `secret-${labId}`);
  detach.push(await broker.attach(path, labId));
  return path;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broker-limits-'));
  refusals = [];
  broker = await embeddedBroker({
    onRefused: (labId, reason) => refusals.push(`${labId} ${reason}`),
  });
});

afterEach(async () => {
  for (const stop of detach.splice(0)) await stop();
  await broker.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE === 'postgres')(
  'the embedded broker under a lab that floods it',
  () => {
    it('a subscriber that never reads while another client publishes 64 KiB messages: memory stays flat, the reader is cut off, other labs carry on', async () => {
      const attacked = await lab('1');
      const neighbour = await lab('2');
      const atServer: string[] = [];
      const stopServer = await broker.subscribe('labs/+/#', (topic) => atServer.push(topic));

      const slow = await RawClient.open(attacked, '1', 'secret-1', 'slow');
      await slow.subscribe('labs/1/#');
      slow.socket.pause();
      const publisher = await RawClient.open(attacked, '1', 'secret-1', 'flood');

      const reader = await RawClient.open(neighbour, '2', 'secret-2', 'reader');
      await reader.subscribe('labs/2/#');
      const device = await RawClient.open(neighbour, '2', 'secret-2', 'device');

      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const before = process.memoryUsage();
      let peak = 0;
      const payload = Buffer.alloc(64 * 1024 - 64, 7);
      const until = Date.now() + 8_000;
      let sent = 0;
      let neighbourSent = 0;
      while (Date.now() < until) {
        while (publisher.publish('labs/1/flood', payload)) sent++;
        device.publish('labs/2/tick', String(neighbourSent++));
        await new Promise((r) => setTimeout(r, 50));
        const now = process.memoryUsage();
        peak = Math.max(
          peak,
          now.rss - before.rss,
          now.heapUsed + now.external - before.heapUsed - before.external,
        );
      }
      loop.disable();
      await stopServer();

      expect(sent).toBeGreaterThan(0);
      slow.socket.resume();
      expect(await slow.closedWithin(3_000)).toBe(true);
      expect(refusals).toContain('1 slow_reader');
      expect(peak).toBeLessThan(48 * 1024 * 1024);
      expect(loop.percentile(99) / 1e6).toBeLessThan(100);
      const ticks = reader.packets.filter((p) => p.cmd === 'publish' && p.topic === 'labs/2/tick');
      expect(ticks.length).toBeGreaterThan(neighbourSent * 0.9);
      expect(atServer.filter((t) => t === 'labs/2/tick').length).toBeGreaterThan(
        neighbourSent * 0.9,
      );
      for (const c of [slow, publisher, reader, device]) c.end();
    }, 30_000);

    it('holds publishes past the lab’s rate until its budget allows them', async () => {
      const path = await lab('3');
      const atServer: number[] = [];
      const stop = await broker.subscribe('labs/3/#', () => atServer.push(Date.now()));
      const client = await RawClient.open(path, '3', 'secret-3', 'chatty');
      const started = Date.now();
      for (let i = 0; i < 600; i++) client.publish('labs/3/n', String(i));
      await new Promise((r) => setTimeout(r, 2_000));
      const elapsed = (Date.now() - started) / 1000;
      const allowed = brokerLimits.publishBurst + brokerLimits.publishesPerSecond * elapsed;
      expect(atServer.length).toBeGreaterThan(brokerLimits.publishBurst);
      expect(atServer.length).toBeLessThanOrEqual(Math.ceil(allowed) + 5);
      expect(client.closed).toBe(false);
      await stop();
      client.end();
    });

    it('cuts a client that sends a packet over the size limit', async () => {
      const path = await lab('4');
      const client = await RawClient.open(path, '4', 'secret-4', 'big');
      client.publish('labs/4/big', Buffer.alloc(brokerLimits.packetBytes + 1));
      expect(await client.closedWithin(2_000)).toBe(true);
      expect(refusals).toContain('4 packet_too_large');
    });

    it('refuses connections past the lab’s number', async () => {
      const path = await lab('5');
      const clients: RawClient[] = [];
      for (let i = 0; i < brokerLimits.connectionsPerLab; i++)
        clients.push(await RawClient.open(path, '5', 'secret-5', `c${i}`));
      await expect(RawClient.open(path, '5', 'secret-5', 'one-more')).rejects.toThrow();
      expect(refusals).toContain('5 connections');
      for (const c of clients) c.end();
    });

    it('refuses subscriptions past the client’s number and retained topics past the lab’s number', async () => {
      const path = await lab('6');
      const client = await RawClient.open(path, '6', 'secret-6', 'many');
      for (let i = 0; i < brokerLimits.subscriptionsPerClient; i++) {
        const ack = await client.subscribe(`labs/6/s${i}`, i + 1);
        expect(ack).toMatchObject({ granted: [0] });
      }
      const refused = await client.subscribe('labs/6/one-more', 999);
      expect(refused).toMatchObject({ granted: [128] });

      for (let i = 0; i < brokerLimits.retainedTopicsPerLab; i++)
        client.publish(`labs/6/r${i}`, 'x', true);
      await new Promise((r) => setTimeout(r, 200));
      expect(client.closed).toBe(false);
      client.publish('labs/6/r-one-more', 'x', true);
      expect(await client.closedWithin(2_000)).toBe(true);
      expect(refusals).toContain('6 retained_topics');
    });

    it('keeps no session for a lab client that asks for a persistent one', async () => {
      const path = await lab('7');
      const first = await RawClient.open(path, '7', 'secret-7', 'keeper', false);
      first.send({
        cmd: 'subscribe',
        messageId: 1,
        subscriptions: [{ topic: 'labs/7/#', qos: 1 }],
      });
      await first.until((p) => p.cmd === 'suback');
      first.end();
      await new Promise((r) => setTimeout(r, 100));
      await broker.publish('labs/7/while-away', 'x');
      const again = await RawClient.open(path, '7', 'secret-7', 'keeper', false);
      expect(again.packets[0]).toMatchObject({ cmd: 'connack', sessionPresent: false });
      await new Promise((r) => setTimeout(r, 200));
      expect(again.packets.filter((p) => p.cmd === 'publish')).toHaveLength(0);
      again.end();
    });
  },
);

describe('token bucket', () => {
  it('lets its burst through, then refills at its rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 5, () => now);
    for (let i = 0; i < 10; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    expect(bucket.wait()).toBe(200);
    now = 1_000;
    for (let i = 0; i < 5; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });
});
