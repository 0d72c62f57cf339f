import { labTopics } from '@platform/contract';
import type { LabBroker } from './labs.broker';

export interface TopicMessage {
  payload: string;
  at: number;
}

const topicsPerLab = 500;
const payloadMax = 4096;

/**
 * The last message on each topic of every lab's namespace (`labs/<labId>/…`), kept while the
 * lab runs, so a check can ask whether a device published or an actuator was switched.
 */
export class LabTopicLog {
  private readonly labs = new Map<string, Map<string, TopicMessage>>();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly now: () => Date) {}

  async start(broker: LabBroker): Promise<void> {
    this.unsubscribe = await broker.subscribe(`${labTopics.root('+')}/#`, (topic, payload) =>
      this.record(topic, payload),
    );
  }

  record(topic: string, payload: Buffer | string): void {
    const match = /^labs\/(\d+)\/(.+)$/.exec(topic);
    if (!match) return;
    const [, labId, rest] = match as unknown as [string, string, string];
    let topics = this.labs.get(labId);
    if (!topics) this.labs.set(labId, (topics = new Map()));
    if (!topics.has(rest) && topics.size >= topicsPerLab) {
      const oldest = topics.keys().next().value;
      if (oldest !== undefined) topics.delete(oldest);
    }
    topics.delete(rest);
    const text = typeof payload === 'string' ? payload : payload.subarray(0, payloadMax).toString();
    topics.set(rest, { payload: text.slice(0, payloadMax), at: this.now().getTime() });
  }

  /** The last message on a topic under the lab's namespace (`devices/d1/state`), if any. */
  last(labId: string, topic: string): TopicMessage | null {
    return this.labs.get(labId)?.get(topic) ?? null;
  }

  forget(labId: string): void {
    this.labs.delete(labId);
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.labs.clear();
  }
}
