import {
  isSensor,
  labTopics,
  sensorRanges,
  type Device,
  type PanelDevice,
  type PanelServerMessage,
} from '@platform/contract';
import type { LabBroker } from './labs.broker';

type Listener = (message: PanelServerMessage) => void;

/** Parses an actuator command: `on`/`off`, `1`/`0`, `true`/`false` or `{"on": true}`. */
export function parseCommand(payload: string): boolean | null {
  const text = payload.trim().toLowerCase();
  if (['on', '1', 'true'].includes(text)) return true;
  if (['off', '0', 'false'].includes(text)) return false;
  try {
    const json = JSON.parse(payload) as unknown;
    if (json && typeof json === 'object' && typeof (json as { on?: unknown }).on === 'boolean') {
      return (json as { on: boolean }).on;
    }
  } catch {
    // Not JSON.
  }
  return null;
}

/**
 * The virtual devices of one simulation lab: sensors publish telemetry on their own timers,
 * actuators follow commands on their `set` topic and publish their state (retained).
 */
export class DeviceSimulation {
  private readonly devices: PanelDevice[];
  private readonly config = new Map<string, Device>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly listeners = new Set<Listener>();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    readonly labId: string,
    devices: Device[],
    private readonly broker: LabBroker,
    private readonly random: () => number = Math.random,
  ) {
    this.devices = devices.map((d) => {
      this.config.set(d.id, d);
      const sensor = isSensor(d.type);
      const range = sensor ? this.rangeOf(d) : null;
      return {
        id: d.id,
        type: d.type,
        name: d.name,
        unit: sensor ? sensorRanges[d.type as keyof typeof sensorRanges].unit : '',
        value: range
          ? round(range.min + (range.max - range.min) * (0.3 + 0.4 * this.random()))
          : null,
        on: sensor ? null : false,
        ts: null,
      };
    });
  }

  private rangeOf(d: Device): { min: number; max: number } {
    const base = sensorRanges[d.type as keyof typeof sensorRanges];
    return { min: d.min ?? base.min, max: d.max ?? base.max };
  }

  get topicPrefix(): string {
    return labTopics.root(this.labId);
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.broker.subscribe(
      labTopics.command(this.labId, '+'),
      (topic, payload) => {
        const id = topic.split('/')[3] ?? '';
        const on = parseCommand(payload.toString());
        if (on !== null) void this.apply(id, on);
      },
    );
    for (const device of this.devices) {
      if (device.on !== null) {
        await this.broker.publish(
          labTopics.state(this.labId, device.id),
          JSON.stringify({ on: device.on, ts: Date.now() }),
          true,
        );
        continue;
      }
      const config = this.config.get(device.id)!;
      const timer = setInterval(() => void this.tick(device, config), config.intervalMs);
      timer.unref();
      this.timers.push(timer);
      void this.tick(device, config);
    }
  }

  private async tick(device: PanelDevice, config: Device): Promise<void> {
    const { min, max } = this.rangeOf(config);
    const step = (max - min) * 0.05 * (this.random() - 0.5) * 2;
    const value = round(Math.min(max, Math.max(min, (device.value ?? min) + step)));
    const ts = Date.now();
    device.value = value;
    device.ts = ts;
    this.emit({ type: 'telemetry', id: device.id, value, ts });
    await this.broker
      .publish(
        labTopics.telemetry(this.labId, device.id),
        JSON.stringify({ value, unit: device.unit, ts }),
      )
      .catch(() => {});
  }

  private async apply(id: string, on: boolean): Promise<void> {
    const device = this.devices.find((d) => d.id === id && d.on !== null);
    if (!device) return;
    device.on = on;
    device.ts = Date.now();
    this.emit({ type: 'state', id, on, ts: device.ts });
    await this.broker
      .publish(labTopics.state(this.labId, id), JSON.stringify({ on, ts: device.ts }), true)
      .catch(() => {});
  }

  /** A command from the panel goes through the broker, so the lab's subscribers see it too. */
  async command(id: string, on: boolean): Promise<boolean> {
    const device = this.devices.find((d) => d.id === id && d.on !== null);
    if (!device) return false;
    await this.broker.publish(labTopics.command(this.labId, id), JSON.stringify({ on }));
    return true;
  }

  snapshot(): PanelDevice[] {
    return this.devices.map((d) => ({ ...d }));
  }

  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(message: PanelServerMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await this.unsubscribe?.();
    this.unsubscribe = null;
    this.listeners.clear();
  }
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
