import {
  ResponseCode,
  labLimits,
  runtimeStates,
  storageKeys,
  type ContainerState,
  type LabStopReason,
  type RuntimeState,
  type StartRequest,
} from '@platform/contract';

/**
 * `LabController` drives one environment's lab for its user from the browser (spec platform §4,
 * §8, §9), without React: start (retried after 5 s on code 601), the containers' states as the
 * server pushes them, container polling as the fallback (5 s, then 10 s once every container
 * runs), heartbeat (60 s while active), stop, reset, and the container
 * ids kept in local storage (comma-joined) so a reload gets the same lab back. A lab stopped
 * elsewhere (another tab, a script, the idle sweep, an exam's end) ends here as soon as the
 * server says so, with the reason it gives. The hook `useLabRuntime` wires it to the UI.
 */

export interface ContainerStatus {
  state: ContainerState;
  message: string | null;
  /** A warning of a running lab, such as the school's balance running out. */
  warning?: string | null;
  /** Why a stopping or stopped container stops; a reset starts it again. */
  stopReason?: LabStopReason | null;
}

export interface LabRuntimeApi {
  /** Answers the ids of the started containers; rejects with code 601 when the host is busy. */
  start(body: StartRequest): Promise<string[]>;
  stop(envId: string): Promise<unknown>;
  checkState(containerId: string): Promise<ContainerStatus>;
  heartbeat(envId: string, containerId?: string): Promise<unknown>;
  reset(body: { envId: string; containerId?: string }): Promise<unknown>;
  /** Calls `onStatus` as the containers' states change, until the returned function is called. */
  follow?(
    containerIds: readonly string[],
    onStatus: (status: ContainerStatus & { id: string }) => void,
  ): () => void;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LabRuntimeOptions {
  envId: string | null | undefined;
  api: LabRuntimeApi;
  storage?: KeyValueStorage | null;
  /** Where errors that are only logged go (heartbeat failures, a missing environment id). */
  log?: (message: string, error?: unknown) => void;
}

export interface LabRuntimeSnapshot {
  state: RuntimeState;
  containerIds: readonly string[];
  containers: Readonly<Record<string, ContainerStatus>>;
  /** A start request is in flight or waiting for its retry. */
  starting: boolean;
  /** The host answered 601; the start is retried in 5 s. */
  waitingRetry: boolean;
  /** This page's stop is on its way, or the server is stopping the lab for another reason. */
  stopping: boolean;
  /** The reset's in-progress flag. */
  resetting: boolean;
  /** The last state poll failed for want of a network; polling goes on (reconnecting). */
  connectionLost: boolean;
  /** The lab stopped on the server (idle timeout, another tab, an exam's end) while it was shown. */
  stoppedRemotely: boolean;
  /** Why, when the server said; null when it no longer knows the lab. */
  stopReason: LabStopReason | null;
  /** Still starting after `startSlowMs` (the terminal startup timeout message). */
  slow: boolean;
}

export type ActionFailure = 'missing-env-id' | 'in-progress' | 'cancelled' | 'failed';
export type ActionResult = { ok: true } | { ok: false; reason: ActionFailure; error?: unknown };

export const missingEnvIdMessage = 'missing environment id';

/** How long a lab may take to start before the user is told it is slow (checked at each poll). */
export const startSlowMs = 60_000;

const initial: LabRuntimeSnapshot = {
  state: runtimeStates.stopped,
  containerIds: [],
  containers: {},
  starting: false,
  waitingRetry: false,
  stopping: false,
  resetting: false,
  connectionLost: false,
  stoppedRemotely: false,
  stopReason: null,
  slow: false,
};

export function isBusyError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === ResponseCode.BUSY
  );
}

function isNetworkError(error: unknown): boolean {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'network' || kind === 'timeout';
}

function isGone(error: unknown): boolean {
  return (error as { errorKey?: unknown } | null)?.errorKey === 'labs.not_found';
}

export function isRunning(state: string | undefined): boolean {
  return state?.toLowerCase() === 'running';
}

/** Container ids as kept in local storage: comma-joined. */
export function readStoredIds(storage: KeyValueStorage | null | undefined): string[] {
  try {
    const raw = storage?.getItem(storageKeys.containerId) ?? '';
    return raw
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** A container on its way down for good: stopping or stopped for any reason but a reset. */
function goingDown(status: ContainerStatus | undefined): boolean {
  return (
    (status?.state === 'Stopping' || status?.state === 'Stopped') &&
    status.stopReason != null &&
    status.stopReason !== 'reset'
  );
}

/**
 * Where the containers of a lab stand together: ended when every one has stopped for good,
 * stopping while any is going down, running when every one runs, else starting (a reset, a
 * container being created or restarted).
 */
export function phaseOf(
  statuses: readonly (ContainerStatus | undefined)[],
): 'ended' | 'stopping' | 'running' | 'starting' {
  if (statuses.length && statuses.every((s) => s?.state === 'Stopped' && goingDown(s)))
    return 'ended';
  if (statuses.some(goingDown)) return 'stopping';
  if (statuses.every((s) => isRunning(s?.state))) return 'running';
  return 'starting';
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

export class LabController {
  private snapshot: LabRuntimeSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly envId: string | null;
  private readonly api: LabRuntimeApi;
  private readonly storage: KeyValueStorage | null;
  private readonly log: (message: string, error?: unknown) => void;
  /** Bumped by every stop, adoption and disposal: answers of older work are dropped. */
  private generation = 0;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private cancelRetry: (() => void) | null = null;
  private unfollow: (() => void) | null = null;
  /** Pushes counted, and the count at each container's last: a poll sent before it does not undo it. */
  private pushes = 0;
  private readonly pushedAt = new Map<string, number>();
  /** The generation of the work the last stop cancelled. */
  private stoppedGeneration = -1;
  /** This page's own stop is on its way: the states it passes through are not someone else's. */
  private ownStop = false;
  private startingSince = 0;

  constructor(options: LabRuntimeOptions) {
    this.envId = options.envId || null;
    this.api = options.api;
    this.storage = options.storage ?? null;
    this.log = options.log ?? ((message, error) => console.error(message, error));
    const restored = readStoredIds(this.storage);
    this.snapshot = restored.length
      ? { ...initial, state: runtimeStates.starting, containerIds: restored }
      : initial;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LabRuntimeSnapshot => this.snapshot;

  /**
   * Starts the timers. `serverIds`, the server's word for the running containers, wins over the
   * ids restored from storage (those may belong to another environment or a lab long stopped).
   */
  attach(serverIds?: readonly string[]): void {
    if (serverIds && !sameIds(serverIds, this.snapshot.containerIds)) {
      if (serverIds.length) this.adopt(serverIds);
      else this.clear();
      return;
    }
    if (this.snapshot.containerIds.length) this.activate(this.snapshot.containerIds);
  }

  /** Stops every timer; the lab keeps running on the server. */
  dispose(): void {
    this.generation++;
    this.clearTimers();
  }

  /** The reset button's decision: please wait while something is in progress, else confirm. */
  resetIntent(): 'please-wait' | 'confirm' {
    return this.snapshot.resetting || this.snapshot.starting ? 'please-wait' : 'confirm';
  }

  async start(options: Omit<StartRequest, 'expEnvId'> = {}): Promise<ActionResult> {
    if (!this.envId) {
      this.log(missingEnvIdMessage);
      return { ok: false, reason: 'missing-env-id' };
    }
    if (this.snapshot.starting) return { ok: false, reason: 'in-progress' };
    const generation = ++this.generation;
    this.clearTimers();
    this.update({
      state: runtimeStates.starting,
      starting: true,
      waitingRetry: false,
      stoppedRemotely: false,
      stopReason: null,
    });
    return this.attemptStart(generation, { ...options, expEnvId: this.envId });
  }

  async stop(): Promise<ActionResult> {
    if (!this.envId) {
      this.log(missingEnvIdMessage);
      return { ok: false, reason: 'missing-env-id' };
    }
    if (this.snapshot.stopping) return { ok: false, reason: 'in-progress' };
    this.update({ stopping: true });
    this.ownStop = true;
    this.stoppedGeneration = this.generation;
    try {
      await this.api.stop(this.envId);
    } catch (error) {
      this.update({ stopping: false });
      return { ok: false, reason: 'failed', error };
    } finally {
      this.ownStop = false;
    }
    this.clear();
    return { ok: true };
  }

  async reset(): Promise<ActionResult> {
    if (!this.envId) {
      this.log(missingEnvIdMessage);
      return { ok: false, reason: 'missing-env-id' };
    }
    if (this.resetIntent() === 'please-wait') return { ok: false, reason: 'in-progress' };
    const ids = this.snapshot.containerIds;
    this.update({ resetting: true });
    try {
      await this.api.reset({
        envId: this.envId,
        ...(ids.length === 1 && ids[0] ? { containerId: ids[0] } : {}),
      });
    } catch (error) {
      this.update({ resetting: false });
      return { ok: false, reason: 'failed', error };
    }
    this.update({ resetting: false });
    // The reset lab starts again: poll it at the starting cadence until it runs.
    if (this.snapshot.containerIds.length) {
      this.generation++;
      this.clearTimers();
      this.adopt(this.snapshot.containerIds);
    }
    return { ok: true };
  }

  private async attemptStart(generation: number, body: StartRequest): Promise<ActionResult> {
    let ids: string[];
    try {
      ids = await this.api.start(body);
    } catch (error) {
      if (generation !== this.generation) return { ok: false, reason: 'cancelled' };
      if (isBusyError(error)) {
        this.update({ waitingRetry: true });
        if (!(await this.waitForRetry(generation))) return { ok: false, reason: 'cancelled' };
        this.update({ waitingRetry: false });
        return this.attemptStart(generation, body);
      }
      this.update({ state: runtimeStates.stopped, starting: false, waitingRetry: false });
      return { ok: false, reason: 'failed', error };
    }
    if (generation !== this.generation) {
      // Stopped while the start was on its way: do not leave the new lab running.
      if (generation === this.stoppedGeneration)
        this.api.stop(body.expEnvId).catch((error: unknown) => this.log('stop failed', error));
      return { ok: false, reason: 'cancelled' };
    }
    this.update({ starting: false, waitingRetry: false });
    if (ids.length) this.adopt(ids);
    else {
      this.update({ state: runtimeStates.running });
      this.startHeartbeat();
    }
    return { ok: true };
  }

  private waitForRetry(generation: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.cancelRetry = () => resolve(false);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.cancelRetry = null;
        resolve(generation === this.generation);
      }, labLimits.startRetryMs);
    });
  }

  /** Containers known to exist: save them, poll them and keep them alive. */
  private adopt(ids: readonly string[]): void {
    this.update({
      state: runtimeStates.starting,
      containerIds: [...ids],
      containers: {},
      connectionLost: false,
      slow: false,
    });
    try {
      this.storage?.setItem(storageKeys.containerId, ids.join(','));
    } catch {
      // storage unavailable: the lab is still found through the environment's detail
    }
    this.activate(ids);
  }

  private activate(ids: readonly string[]): void {
    this.startingSince = Date.now();
    this.startHeartbeat();
    const generation = this.generation;
    this.unfollow =
      this.api.follow?.(ids, (status) => this.pushed(generation, ids, status)) ?? null;
    void this.poll(generation, ids);
  }

  /** A state the server pushed: taken at once; polling goes on beside it. */
  private pushed(
    generation: number,
    ids: readonly string[],
    { id, ...status }: ContainerStatus & { id: string },
  ): void {
    if (generation !== this.generation || !ids.includes(id)) return;
    this.pushedAt.set(id, ++this.pushes);
    this.update({
      containers: { ...this.snapshot.containers, [id]: status },
      connectionLost: false,
    });
    this.settle(ids, this.snapshot.containers);
  }

  /**
   * Takes the containers' states: ends the lab when it stopped for good, says it is stopping
   * while it goes down, else running or starting. The states this page's own stop and reset
   * pass through are theirs: they end nothing here.
   */
  private settle(
    ids: readonly string[],
    containers: Readonly<Record<string, ContainerStatus>>,
  ): 'ended' | 'stopping' | 'running' | 'starting' {
    const statuses = ids.map((i) => containers[i]);
    const own = this.ownStop || this.snapshot.resetting;
    let phase = phaseOf(statuses);
    if (own && (phase === 'ended' || phase === 'stopping'))
      phase = this.ownStop ? 'stopping' : 'starting';
    if (phase === 'ended') {
      const reason = statuses.find((s) => s?.stopReason)?.stopReason ?? null;
      this.end(reason);
      return phase;
    }
    if (phase === 'stopping') {
      // Whatever showed stays until it is gone: the lab is not starting.
      this.update({ stopping: true, slow: false });
      return phase;
    }
    const state = phase === 'running' ? runtimeStates.running : runtimeStates.starting;
    if (state === runtimeStates.starting && this.snapshot.state === runtimeStates.running)
      this.startingSince = Date.now();
    this.update({ state, ...(this.ownStop ? {} : { stopping: false }) });
    return phase;
  }

  /** The lab stopped on the server, not through this page. */
  private end(reason: LabStopReason | null): void {
    this.clear();
    this.update({ stoppedRemotely: true, stopReason: reason });
  }

  private async poll(generation: number, ids: readonly string[]): Promise<void> {
    const sentAt = this.pushes;
    const answers = await Promise.all(
      ids.map((id) =>
        this.api.checkState(id).then(
          (status) => ({ id, status, error: null as unknown }),
          (error: unknown) => ({ id, status: null, error }),
        ),
      ),
    );
    if (generation !== this.generation) return;
    const results = answers.map((r) =>
      (this.pushedAt.get(r.id) ?? 0) > sentAt
        ? { id: r.id, status: this.snapshot.containers[r.id] ?? r.status, error: null }
        : r,
    );
    const containers: Record<string, ContainerStatus> = { ...this.snapshot.containers };
    for (const { id, status } of results) if (status) containers[id] = status;
    // Gone: the server no longer knows the containers.
    if (results.length > 0 && results.every(({ status, error }) => !status && isGone(error))) {
      this.end(null);
      return;
    }
    const failed = results.some(({ error }) => error !== null);
    const connectionLost = results.some(({ error }) => error !== null && isNetworkError(error));
    this.update({ containers, connectionLost });
    // A failed check changes nothing; otherwise the states decide (running: case-insensitive).
    const phase = failed ? null : this.settle(ids, containers);
    if (phase === 'ended') return;
    const { state, stopping } = this.snapshot;
    const slow =
      state === runtimeStates.starting &&
      !stopping &&
      Date.now() - this.startingSince >= startSlowMs;
    this.update({ slow });
    this.pollTimer = setTimeout(
      () => void this.poll(generation, ids),
      state === runtimeStates.running ? labLimits.pollRunningMs : labLimits.pollMs,
    );
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.beat(), labLimits.heartbeatMs);
  }

  private beat(): void {
    const envId = this.envId;
    if (!envId) return;
    const ids = this.snapshot.containerIds;
    const calls = ids.length
      ? ids.map((id) => this.api.heartbeat(envId, id))
      : [this.api.heartbeat(envId)];
    for (const call of calls) call.catch((error: unknown) => this.log('heartbeat failed', error));
  }

  /** Stopped: state 0, no containers, no polling, no heartbeat, nothing stored. */
  private clear(): void {
    this.generation++;
    this.clearTimers();
    try {
      this.storage?.removeItem(storageKeys.containerId);
    } catch {
      // storage unavailable
    }
    this.update({ ...initial });
  }

  private clearTimers(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cancelRetry?.();
    this.unfollow?.();
    this.unfollow = null;
    this.pollTimer = null;
    this.heartbeatTimer = null;
    this.retryTimer = null;
    this.cancelRetry = null;
  }

  private update(patch: Partial<LabRuntimeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
