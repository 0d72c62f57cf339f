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

/** How many of each sensor's last telemetry messages the simulation remembers (decision 0042). */
export const telemetryKept = 1024;

/** The last telemetry messages of one sensor, as sent: their times and values. */
class TelemetryRing {
  private readonly ts = new Float64Array(telemetryKept);
  private readonly values = new Float64Array(telemetryKept);
  private next = 0;
  private size = 0;

  push(ts: number, value: number): void {
    this.ts[this.next] = ts;
    this.values[this.next] = value;
    this.next = (this.next + 1) % telemetryKept;
    this.size = Math.min(this.size + 1, telemetryKept);
  }

  has(ts: number, value: number): boolean {
    for (let i = 0; i < this.size; i++)
      if (this.ts[i] === ts && this.values[i] === value) return true;
    return false;
  }
}

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
  /** What the simulation itself published last on each of its topics (`devices/fan/state`). */
  private readonly published = new Map<string, { payload: string; at: number }>();
  private readonly sent = new Map<string, TelemetryRing>();

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
        await this.send(
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
    let ring = this.sent.get(device.id);
    if (!ring) this.sent.set(device.id, (ring = new TelemetryRing()));
    ring.push(ts, value);
    await this.send(
      labTopics.telemetry(this.labId, device.id),
      JSON.stringify({ value, unit: device.unit, ts }),
    ).catch(() => {});
  }

  private async apply(id: string, on: boolean): Promise<void> {
    const device = this.devices.find((d) => d.id === id && d.on !== null);
    if (!device) return;
    device.on = on;
    device.ts = Date.now();
    this.emit({ type: 'state', id, on, ts: device.ts });
    await this.send(
      labTopics.state(this.labId, id),
      JSON.stringify({ on, ts: device.ts }),
      true,
    ).catch(() => {});
  }

  private send(topic: string, payload: string, retain = false): Promise<void> {
    const own = topic.slice(this.topicPrefix.length + 1);
    this.published.set(own, { payload, at: Date.now() });
    return this.broker.publish(topic, payload, retain);
  }

  /*
   * The simulation's own word, which checks trust (decision 0042): anyone with the lab's
   * credentials may publish on its topics, but only the simulation changes what it holds.
   */

  /** Whether the simulation publishes on `topic` of its namespace: a device's state or telemetry. */
  owns(topic: string): boolean {
    const match = /^devices\/([^/]+)\/(state|telemetry)$/.exec(topic);
    if (!match) return false;
    const device = this.devices.find((d) => d.id === match[1]);
    return Boolean(device) && (match[2] === 'state') === (device!.on !== null);
  }

  /** The last message the simulation itself published on one of its topics. */
  lastPublished(topic: string): { payload: string; at: number } | null {
    return this.published.get(topic) ?? null;
  }

  /** Whether an actuator is switched on; null when the simulation has no such actuator. */
  switchedOn(id: string): boolean | null {
    return this.devices.find((d) => d.id === id)?.on ?? null;
  }

  /** Whether the sensor `id` (any sensor, when null) published `value` at `ts` recently. */
  publishedTelemetry(id: string | null, ts: number, value: number): boolean {
    if (id !== null) return this.sent.get(id)?.has(ts, value) ?? false;
    for (const ring of this.sent.values()) if (ring.has(ts, value)) return true;
    return false;
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
