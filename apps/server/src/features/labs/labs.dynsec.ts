import { createHmac, randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { labTopics } from '@platform/contract';
import { labUsername } from './labs.broker';

/** The dynamic security plugin's control topic and the topic it answers on. */
export const dynsecTopic = '$CONTROL/dynamic-security/v1';
export const dynsecResponseTopic = `${dynsecTopic}/response`;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export type DynsecResponse = {
  command?: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
};

export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`dynamic security ${command} failed: ${reason}`);
  }
}

export type DynsecOptions = {
  /** `mqtt://host:port` of the Mosquitto broker that loads the dynamic security plugin. */
  url: string;
  /** A client of the plugin allowed to publish on and subscribe to `$CONTROL/dynamic-security/#`. */
  username: string;
  password: string;
  /** How long one batch of commands may wait for its answers. */
  timeoutMs?: number;
};

/** The role that lets a lab publish and subscribe in its own namespace only. */
export const labRoleName = (labId: string) => `lab-${labId}`;

/** The platform's own client and its role, allowed in every lab's namespace. */
export const platformClientName = 'lab-platform';

const alreadyThere = /already exists/i;
const gone = /not found/i;

/**
 * Labs' MQTT credentials kept in an external Mosquitto through its dynamic security plugin:
 * each lab gets a client `lab-<labId>` with its password and a role allowing publish and
 * subscribe under `labs/<labId>/#` only; removing the lab deletes both, and the plugin
 * disconnects the client's open sessions.
 */
export class DynsecLabCredentials {
  private readonly pending = new Map<
    string,
    { resolve: (r: DynsecResponse) => void; reject: (e: Error) => void }
  >();

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== dynsecResponseTopic) return;
      let responses: DynsecResponse[];
      try {
        responses =
          (JSON.parse(payload.toString()) as { responses?: DynsecResponse[] }).responses ?? [];
      } catch {
        return;
      }
      for (const response of responses) {
        const id = response.correlationData;
        const waiter = id ? this.pending.get(id) : undefined;
        if (!id || !waiter) continue;
        this.pending.delete(id);
        waiter.resolve(response);
      }
    });
  }

  static async connect(options: DynsecOptions): Promise<DynsecLabCredentials> {
    const client = await mqtt.connectAsync(options.url, {
      protocolVersion: 5,
      username: options.username,
      password: options.password,
      clientId: `platform-dynsec-${randomUUID()}`,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
    });
    const self = new DynsecLabCredentials(client, options.timeoutMs ?? 10_000);
    try {
      const [granted] = await client.subscribeAsync(dynsecResponseTopic, { qos: 1 });
      if (!granted || granted.qos >= 0x80)
        throw new DynsecError('subscribe', `${dynsecResponseTopic} refused`);
    } catch (error) {
      await client.endAsync(true);
      throw error;
    }
    return self;
  }

  /** Sends commands in one batch (the plugin runs them in order) and answers their responses. */
  async send(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) =>
          this.pending.set(c.correlationData, { resolve, reject }),
        ),
    );
    const timer = setTimeout(() => {
      for (const c of tagged) {
        this.pending.get(c.correlationData)?.reject(new DynsecError(c.command, 'no answer'));
        this.pending.delete(c.correlationData);
      }
    }, this.timeoutMs);
    try {
      await this.client.publishAsync(dynsecTopic, JSON.stringify({ commands: tagged }), {
        qos: 1,
      });
      return await Promise.all(answers);
    } finally {
      clearTimeout(timer);
      for (const c of tagged) this.pending.delete(c.correlationData);
    }
  }

  /**
   * Gives the lab its client and role; called again for a lab that exists, it sets the password
   * and gives the client its role if it lacks it.
   */
  async registerLab(labId: string, password: string): Promise<void> {
    const username = labUsername(labId);
    const rolename = labRoleName(labId);
    const namespace = `${labTopics.root(labId)}/#`;
    const acl = (acltype: string) => ({
      command: 'addRoleACL',
      rolename,
      acltype,
      topic: namespace,
      allow: true,
    });
    const created = await this.apply(
      [
        { command: 'createRole', rolename },
        acl('publishClientSend'),
        acl('subscribePattern'),
        { command: 'createClient', username, password },
      ],
      alreadyThere,
    );
    if (created[3]!.error) {
      const [, client] = await this.apply([
        { command: 'setClientPassword', username, password },
        { command: 'getClient', username },
      ]);
      const roles = (client!.data as { client?: { roles?: { rolename: string }[] } } | undefined)
        ?.client?.roles;
      if (roles?.some((r) => r.rolename === rolename)) return;
    }
    await this.apply([{ command: 'addClientRole', username, rolename }]);
  }

  /**
   * The platform's own client, which publishes and subscribes in every lab's namespace (the
   * plugin's `admin` role may not publish there, and changing the roles of a connected client
   * disconnects it). Its password is derived from the admin's, so every replica arrives at the
   * same one.
   */
  async platformClient(adminPassword: string): Promise<{ username: string; password: string }> {
    const username = platformClientName;
    const password = createHmac('sha256', adminPassword).update(username).digest('base64url');
    const everyLab = `${labTopics.root('+')}/#`;
    const acl = (acltype: string) => ({ acltype, topic: everyLab, allow: true });
    await this.apply(
      [
        {
          command: 'createRole',
          rolename: platformClientName,
          acls: [acl('publishClientSend'), acl('subscribePattern')],
        },
      ],
      alreadyThere,
    );
    const [created] = await this.apply(
      [{ command: 'createClient', username, password, roles: [{ rolename: platformClientName }] }],
      alreadyThere,
    );
    if (created!.error) {
      const [client] = await this.apply([{ command: 'getClient', username }]);
      const roles = (client!.data as { client?: { roles?: { rolename: string }[] } } | undefined)
        ?.client?.roles;
      const commands: DynsecCommand[] = [{ command: 'setClientPassword', username, password }];
      if (!roles?.some((r) => r.rolename === platformClientName))
        commands.push({ command: 'addClientRole', username, rolename: platformClientName });
      await this.apply(commands);
    }
    return { username, password };
  }

  /** Deletes the lab's client and role; a lab already gone is not an error. */
  async unregisterLab(labId: string): Promise<void> {
    await this.apply(
      [
        { command: 'deleteClient', username: labUsername(labId) },
        { command: 'deleteRole', rolename: labRoleName(labId) },
      ],
      gone,
    );
  }

  /** Sends the commands; any error other than those matching `tolerated` is thrown. */
  private async apply(
    commands: readonly DynsecCommand[],
    tolerated?: RegExp,
  ): Promise<DynsecResponse[]> {
    const responses = await this.send(commands);
    responses.forEach(({ error }, i) => {
      if (error && !tolerated?.test(error)) throw new DynsecError(commands[i]!.command, error);
    });
    return responses;
  }

  async close(): Promise<void> {
    for (const [id, waiter] of this.pending) {
      waiter.reject(new DynsecError('close', 'connection closed'));
      this.pending.delete(id);
    }
    await this.client.endAsync();
  }
}
