import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContainerState, Enforcement } from '@platform/contract';
import type { LabErrorInfo, LabNote } from '@platform/labs';
import type { AppContext } from '../../lib/context';
import * as repo from './labs.repo';
import type { ContainerEntry, LabRegistry, LabWarning, StopReason } from './labs.registry';

/**
 * What the process that runs the labs tells the others of a container whose state changed, or of
 * containers removed. Channel `lab_states`.
 */
interface StateMessage {
  from: string;
  id?: string;
  desired?: 0 | 1;
  state?: ContainerState;
  error?: LabErrorInfo | null;
  stopReason?: StopReason | null;
  enforced?: Enforcement;
  notes?: LabNote[];
  startedAt?: string | null;
  schoolWarning?: LabWarning | null;
  removed?: string[];
}

const stateChannel = 'lab_states';

export interface ReplicationOptions {
  ctx: AppContext;
  registry: LabRegistry;
  log: FastifyBaseLogger;
  /** Whether this process runs the labs now. */
  leads: () => boolean;
  /** Called with each container a message from the leading process changed. */
  applied: (entry: ContainerEntry) => void;
}

/**
 * Keeps the processes' containers in step: the leading process tells each change on the bus, the
 * others apply what they hear one message after another and read every container again when
 * they may have missed some.
 */
export class LabReplication {
  private readonly processId = randomBytes(8).toString('hex');
  /** Messages from the leading process, applied one after another. */
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly options: ReplicationOptions) {}

  /** Hears the leading process's changes; answers what stops hearing them. */
  async listen(): Promise<(() => unknown)[]> {
    const { bus } = this.options.ctx;
    const unsubscribe = await bus.subscribe(stateChannel, (payload) => this.receive(payload));
    const offGap = bus.onGap(() => {
      if (!this.options.leads()) this.enqueue(() => this.reload());
    });
    return [unsubscribe, offGap];
  }

  /** Reads every container again, with the states the leading process last wrote. */
  async reload(): Promise<void> {
    const { ctx, registry } = this.options;
    const rows = await repo.allContainers(ctx.db);
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.container.id);
      registry.remember(row, true);
    }
    for (const id of registry.ids()) if (!seen.has(id)) registry.forget(id);
  }

  /** Reads every container again once the messages already heard are applied. */
  reloadLater(): void {
    this.enqueue(() => this.reload());
  }

  /** Resolves once the messages heard so far are applied. */
  applied(): Promise<void> {
    return this.applying;
  }

  /** Tells the other processes the container's state, while this process leads. */
  tell(entry: ContainerEntry): void {
    const { registry } = this.options;
    this.publish({
      id: entry.id,
      desired: entry.desired,
      state: entry.state,
      error: entry.error,
      stopReason: entry.stopReason,
      enforced: entry.enforced,
      notes: entry.notes,
      startedAt: entry.startedAt?.toISOString() ?? null,
      schoolWarning: entry.schoolId ? (registry.schoolWarning(entry.schoolId) ?? null) : null,
    });
  }

  /** Tells the other processes that the containers are gone, while this process leads. */
  tellRemoved(ids: string[]): void {
    this.publish({ removed: ids });
  }

  private enqueue(work: () => Promise<void>): void {
    this.applying = this.applying
      .then(work)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'lab state not applied'));
  }

  private publish(message: Omit<StateMessage, 'from'>): void {
    if (!this.options.leads()) return;
    this.options.ctx.bus
      .publish(stateChannel, JSON.stringify({ from: this.processId, ...message }))
      .catch((error: unknown) => this.options.log.error({ err: error }, 'lab state not sent'));
  }

  private receive(payload: string): void {
    const { ctx, registry, leads, applied } = this.options;
    let message: StateMessage;
    try {
      message = JSON.parse(payload) as StateMessage;
    } catch {
      return;
    }
    if (message.from === this.processId || leads()) return;
    this.enqueue(async () => {
      if (leads()) return;
      for (const id of message.removed ?? []) registry.forget(id);
      if (!message.id) return;
      let entry = registry.get(message.id);
      if (!entry) {
        const [row] = await repo.containersOf(ctx.db, [message.id]);
        if (!row) return;
        entry = registry.remember(row, true);
      }
      if (message.desired !== undefined) entry.desired = message.desired;
      if (message.state) entry.state = message.state;
      if (message.error !== undefined) entry.error = message.error;
      if (message.stopReason !== undefined) entry.stopReason = message.stopReason;
      if (message.enforced) entry.enforced = message.enforced;
      if (message.notes) entry.notes = message.notes;
      if (message.startedAt !== undefined)
        entry.startedAt = message.startedAt ? new Date(message.startedAt) : null;
      if (entry.schoolId && message.schoolWarning !== undefined)
        registry.setSchoolWarning(entry.schoolId, message.schoolWarning);
      applied(entry);
    });
  }
}
