import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { mosquitto, startMosquitto } from '../../test/mosquitto';
import { RawClient } from '../../test/mqtt-raw';

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * The external broker path (MQTT_URL): a lab's clients are piped to Mosquitto, so Mosquitto's own
 * limits are what bound them. These run Mosquitto with deploy/mosquitto/limits.conf.
 */
describe.skipIf(!mosquitto || process.env.TEST_DATABASE === 'postgres')(
  'Mosquitto with the deployment limits',
  () => {
    it('disconnects a client that sends a packet over max_packet_size', async () => {
      const broker = await startMosquitto(() => ['allow_anonymous true']);
      try {
        const client = await RawClient.open(broker.port, null, '', 'big');
        client.publish('labs/1/big', Buffer.alloc(70 * 1024));
        expect(await client.closedWithin(3_000)).toBe(true);
        const fine = await RawClient.open(broker.port, null, '', 'fine');
        fine.publish('labs/1/fine', Buffer.alloc(60 * 1024));
        expect(await fine.closedWithin(500)).toBe(false);
        fine.end();
      } finally {
        await broker.close();
      }
    });

    it('holds a bounded amount for a subscriber that never reads while 64 KiB messages flood in', async () => {
      const broker = await startMosquitto(() => ['allow_anonymous true']);
      try {
        const slow = await RawClient.open(broker.port, null, '', 'slow');
        for (const qos of [0, 1] as const) {
          slow.send({
            cmd: 'subscribe',
            messageId: qos + 1,
            subscriptions: [{ topic: `labs/1/q${qos}/#`, qos }],
          });
        }
        await slow.until((p) => p.cmd === 'suback' && p.messageId === 2);
        slow.socket.pause();
        const publisher = await RawClient.open(broker.port, null, '', 'flood');
        const before = await rssOf(broker.pid);
        let peak = 0;
        const payload = Buffer.alloc(64 * 1024 - 100, 1);
        const until = Date.now() + 6_000;
        let i = 0;
        while (Date.now() < until) {
          while (
            publisher.send({
              cmd: 'publish',
              topic: `labs/1/q${i % 2}/x`,
              payload,
              qos: (i % 2) as 0 | 1,
              messageId: (i % 60_000) + 1,
              retain: false,
              dup: false,
            })
          )
            i++;
          await new Promise((r) => setTimeout(r, 20));
          peak = Math.max(peak, (await rssOf(broker.pid)) - before);
        }
        console.info(
          `mosquitto under a 64 KiB flood to a subscriber that never reads: ${i} publishes, RSS growth peak ${(peak / 1048576).toFixed(1)} MiB`,
        );
        expect(i).toBeGreaterThan(100);
        expect(peak).toBeLessThan(64 * 1024 * 1024);
        publisher.end();
        slow.end();
      } finally {
        await broker.close();
      }
    }, 30_000);
  },
);
