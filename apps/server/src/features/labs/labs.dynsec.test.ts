import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mosquitto, refused, startDynsecMosquitto, subscribeOutcome } from '../../test/mosquitto';
import { labUsername } from './labs.broker';
import { DynsecLabCredentials } from './labs.dynsec';

const admin = { username: 'platform-admin', password: 'Admin_secret_42' };

describe.skipIf(!mosquitto)('labs on Mosquitto with dynamic security', () => {
  let server: Awaited<ReturnType<typeof startDynsecMosquitto>> | undefined;
  let url: string;
  let credentials: DynsecLabCredentials;
  const clients: MqttClient[] = [];

  const connect = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 5,
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    clients.push(client);
    return client;
  };

  /** The reason code of a CONNECT that the broker refused, or 'connected'. */
  const connectOutcome = async (username: string, password: string) => {
    try {
      await connect(username, password);
      return 'connected';
    } catch (error) {
      return (error as { code?: number }).code ?? (error as Error).message;
    }
  };

  const subscribe = subscribeOutcome;

  const received = (client: MqttClient, topic: string, within = 1_000) =>
    new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => (client.off('message', onMessage), resolve(null)), within);
      const onMessage = (t: string, payload: Buffer) => {
        if (t !== topic) return;
        clearTimeout(timer);
        client.off('message', onMessage);
        resolve(payload.toString());
      };
      client.on('message', onMessage);
    });

  beforeAll(async () => {
    server = await startDynsecMosquitto(admin);
    url = server.url;
    credentials = await DynsecLabCredentials.connect({ url, ...admin });
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await credentials?.close();
    await server?.close();
  });

  it('keeps each lab to its own namespace and forgets it on removal', async () => {
    await credentials.registerLab('101', 'Secret_a_101');
    await credentials.registerLab('202', 'Secret_b_202');

    const a = await connect(labUsername('101'), 'Secret_a_101');
    const b = await connect(labUsername('202'), 'Secret_b_202');
    const observer = await connect(admin.username, admin.password);
    expect(await subscribe(observer, '#')).toBe(1);

    expect(await subscribe(a, 'labs/101/#')).toBe(1);
    const echo = received(a, 'labs/101/devices/d1/telemetry');
    await a.publishAsync('labs/101/devices/d1/telemetry', 'own', { qos: 1 });
    expect(await echo).toBe('own');

    expect(await subscribe(a, 'labs/202/#')).toBe(refused);
    expect(await subscribe(a, 'labs/#')).toBe(refused);

    expect(await subscribe(b, 'labs/202/#')).toBe(1);
    const intoB = received(b, 'labs/202/x');
    await expect(a.publishAsync('labs/202/x', 'intrusion', { qos: 1 })).rejects.toThrow(
      /not authorized/i,
    );
    expect(await intoB).toBeNull();

    const outside = received(observer, 'elsewhere/x');
    await expect(a.publishAsync('elsewhere/x', 'outside', { qos: 1 })).rejects.toThrow(
      /not authorized/i,
    );
    expect(await outside).toBeNull();

    expect(await connectOutcome(labUsername('101'), 'Wrong_password')).toBe(refused);
    expect(await connectOutcome(labUsername('303'), 'Secret_a_101')).toBe(refused);

    const kicked = new Promise<void>((resolve) => a.once('close', () => resolve()));
    await credentials.unregisterLab('101');
    await kicked;
    expect(await connectOutcome(labUsername('101'), 'Secret_a_101')).toBe(refused);

    const stillB = received(b, 'labs/202/y');
    await b.publishAsync('labs/202/y', 'b lives', { qos: 1 });
    expect(await stillB).toBe('b lives');
  });

  it('registers a lab again with a new password and unregisters twice without error', async () => {
    await credentials.registerLab('404', 'First_pass_1');
    await credentials.registerLab('404', 'Second_pass_2');
    expect(await connectOutcome(labUsername('404'), 'First_pass_1')).toBe(refused);
    const c = await connect(labUsername('404'), 'Second_pass_2');
    expect(await subscribe(c, 'labs/404/#')).toBe(1);
    await credentials.unregisterLab('404');
    await credentials.unregisterLab('404');
    expect(await connectOutcome(labUsername('404'), 'Second_pass_2')).toBe(refused);
  });
});
