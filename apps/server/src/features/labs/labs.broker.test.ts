import { describe, expect, it } from 'vitest';
import type { LabDriver, LabSpec, LabStatus } from '@platform/labs';
import { CredentialQueue, startAfterCredentials, type LabBroker } from './labs.broker';

function recordingDriver(log: string[]): LabDriver {
  return {
    name: 'recording',
    start: async (spec: LabSpec) => {
      log.push(`start ${spec.id}`);
      return { id: spec.id } as LabStatus;
    },
    stop: async (id: string) => void log.push(`stop ${id}`),
  } as unknown as LabDriver;
}

const spec = (id: string, mqttLab?: string): LabSpec =>
  ({
    id,
    runner: 'terminal',
    env: mqttLab ? { MQTT_USERNAME: `lab-${mqttLab}` } : {},
  }) as unknown as LabSpec;

describe('lab credentials before lab starts', () => {
  it("starts a lab only once its broker lab's credentials are in force", async () => {
    const log: string[] = [];
    const queue = new CredentialQueue();
    const broker = { ready: (id: string) => queue.ready(id) } as LabBroker;
    const driver = startAfterCredentials(recordingDriver(log), broker);
    let release!: () => void;
    queue.push('7', () =>
      new Promise<void>((resolve) => (release = resolve)).then(() => void log.push('registered 7')),
    );
    const started = driver.start(spec('8', '7'));
    const plain = driver.start(spec('9'));
    await plain;
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['start 9']);
    release();
    await started;
    expect(log).toEqual(['start 9', 'registered 7', 'start 8']);
    await driver.stop('8');
    expect(log.at(-1)).toBe('stop 8');
  });

  it("fails the start when the registration failed, and runs each lab's changes in order", async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const queue = new CredentialQueue((error, labId) =>
      errors.push(`${labId}: ${(error as Error).message}`),
    );
    const driver = startAfterCredentials(recordingDriver(log), {
      ready: (id: string) => queue.ready(id),
    } as LabBroker);
    queue.push('7', async () => {
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('broker said no');
    });
    await expect(driver.start(spec('8', '7'))).rejects.toThrow('broker said no');
    expect(log).toEqual([]);
    expect(errors).toEqual(['7: broker said no']);

    queue.push('7', async () => {
      await new Promise((r) => setTimeout(r, 20));
      log.push('register');
    });
    queue.push('7', async () => void log.push('unregister'));
    await queue.drain();
    expect(log).toEqual(['register', 'unregister']);
  });
});
