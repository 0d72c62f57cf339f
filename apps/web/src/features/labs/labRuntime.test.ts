import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@platform/contract';
import {
  LabController,
  missingEnvIdMessage,
  startSlowMs,
  type ContainerStatus,
  type KeyValueStorage,
  type LabRuntimeApi,
} from './labRuntime';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const busy = () => Object.assign(new Error('busy'), { code: 601, kind: 'busy' });
const failure = (message = 'boom') => Object.assign(new Error(message), { code: 9999 });

function fakeApi() {
  const states = new Map<string, ContainerStatus['state']>();
  const api = {
    start: vi.fn<LabRuntimeApi['start']>(async () => ['a']),
    stop: vi.fn<LabRuntimeApi['stop']>(async () => null),
    checkState: vi.fn<LabRuntimeApi['checkState']>(async (id) => ({
      state: states.get(id) ?? 'Starting',
      message: null,
    })),
    heartbeat: vi.fn<LabRuntimeApi['heartbeat']>(async () => null),
    reset: vi.fn<LabRuntimeApi['reset']>(async () => null),
  };
  return { api, states };
}

function setup(options: { envId?: string | null; stored?: string } = {}) {
  const { api, states } = fakeApi();
  const storage = memoryStorage(
    options.stored === undefined ? {} : { [storageKeys.containerId]: options.stored },
  );
  const log = vi.fn();
  const runtime = new LabController({
    envId: options.envId === undefined ? '7' : options.envId,
    api,
    storage,
    log,
  });
  return { runtime, api, states, storage, log };
}

/** Lets pending promise callbacks run without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lab runtime: start and polling', () => {
  it('starts (state 1), saves the ids comma-joined and polls every 5 s, then 10 s once running', async () => {
    const { runtime, api, states, storage } = setup();
    api.start.mockResolvedValueOnce(['a', 'b']);
    const result = runtime.start({ expScriptId: '3' });
    expect(runtime.getSnapshot().state).toBe(1);
    await expect(result).resolves.toEqual({ ok: true });
    expect(api.start).toHaveBeenCalledWith({ expEnvId: '7', expScriptId: '3' });
    expect(storage.data.get(storageKeys.containerId)).toBe('a,b');
    await flush();
    // First check at once, for each container.
    expect(api.checkState.mock.calls.map((c) => c[0])).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.checkState).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.checkState).toHaveBeenCalledTimes(4);
    expect(runtime.getSnapshot().state).toBe(1);

    // One container running is not enough; both running (any case) is.
    states.set('a', 'Running');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runtime.getSnapshot().state).toBe(1);
    states.set('b', 'RUNNING' as ContainerStatus['state']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.checkState).toHaveBeenCalledTimes(8);
    expect(runtime.getSnapshot().state).toBe(2);
    expect(runtime.getSnapshot().containers.a?.state).toBe('Running');

    // Running: the next check comes after 10 s, not 5 s.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(api.checkState).toHaveBeenCalledTimes(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.checkState).toHaveBeenCalledTimes(10);
  });

  it('goes straight to state 2 when the server answers no container ids', async () => {
    const { runtime, api } = setup();
    api.start.mockResolvedValueOnce([]);
    await runtime.start();
    expect(runtime.getSnapshot().state).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.checkState).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.heartbeat).toHaveBeenCalledWith('7');
  });

  it('retries the start 5 s after code 601, not before', async () => {
    const { runtime, api } = setup();
    api.start.mockRejectedValueOnce(busy()).mockRejectedValueOnce(busy());
    const result = runtime.start();
    await flush();
    expect(api.start).toHaveBeenCalledTimes(1);
    expect(runtime.getSnapshot()).toMatchObject({ state: 1, starting: true, waitingRetry: true });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.start).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ ok: true });
    expect(runtime.getSnapshot()).toMatchObject({
      containerIds: ['a'],
      starting: false,
      waitingRetry: false,
    });
  });

  it('fails back to state 0 on any other error', async () => {
    const { runtime, api, storage } = setup();
    const error = failure('quota');
    api.start.mockRejectedValueOnce(error);
    await expect(runtime.start()).resolves.toEqual({ ok: false, reason: 'failed', error });
    expect(runtime.getSnapshot()).toMatchObject({ state: 0, starting: false, containerIds: [] });
    expect(storage.data.has(storageKeys.containerId)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.start).toHaveBeenCalledTimes(1);
  });

  it('needs an environment id: a missing one is logged and the start fails', async () => {
    const { runtime, api, log } = setup({ envId: null });
    await expect(runtime.start()).resolves.toEqual({ ok: false, reason: 'missing-env-id' });
    expect(log).toHaveBeenCalledWith(missingEnvIdMessage);
    expect(api.start).not.toHaveBeenCalled();
    expect(runtime.getSnapshot().state).toBe(0);
  });

  it('keeps the state and says "reconnecting" when a poll fails for want of a network', async () => {
    const { runtime, api, states } = setup();
    states.set('a', 'Running');
    await runtime.start();
    await flush();
    expect(runtime.getSnapshot().state).toBe(2);
    api.checkState.mockRejectedValueOnce(Object.assign(new Error('net'), { kind: 'network' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runtime.getSnapshot()).toMatchObject({ state: 2, connectionLost: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runtime.getSnapshot()).toMatchObject({ state: 2, connectionLost: false });
  });

  it('clears the lab when the server no longer knows it', async () => {
    const { runtime, api, storage } = setup();
    await runtime.start();
    await flush();
    api.checkState.mockRejectedValueOnce(
      Object.assign(new Error('gone'), { errorKey: 'labs.not_found' }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runtime.getSnapshot()).toMatchObject({
      state: 0,
      containerIds: [],
      stoppedRemotely: true,
    });
    expect(storage.data.has(storageKeys.containerId)).toBe(false);
  });

  it('calls a start slow after a minute without running', async () => {
    const { runtime } = setup();
    await runtime.start();
    await vi.advanceTimersByTimeAsync(startSlowMs - 5_000);
    expect(runtime.getSnapshot().slow).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runtime.getSnapshot().slow).toBe(true);
  });
});

describe('lab runtime: heartbeat', () => {
  it('beats every 60 s for each container; a failure is logged and the beat goes on', async () => {
    const { runtime, api, log } = setup();
    api.start.mockResolvedValueOnce(['a', 'b']);
    await runtime.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(api.heartbeat).not.toHaveBeenCalled();
    api.heartbeat.mockRejectedValueOnce(failure('offline'));
    await vi.advanceTimersByTimeAsync(1);
    expect(api.heartbeat.mock.calls).toEqual([
      ['7', 'a'],
      ['7', 'b'],
    ]);
    expect(log).toHaveBeenCalledWith('heartbeat failed', expect.any(Error));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.heartbeat).toHaveBeenCalledTimes(4);
  });
});

describe('lab runtime: stop', () => {
  it('stops: state 0, no ids, nothing stored, no more polling or heartbeat', async () => {
    const { runtime, api, storage } = setup();
    await runtime.start();
    await flush();
    await expect(runtime.stop()).resolves.toEqual({ ok: true });
    expect(api.stop).toHaveBeenCalledWith('7');
    expect(runtime.getSnapshot()).toMatchObject({ state: 0, containerIds: [], containers: {} });
    expect(storage.data.has(storageKeys.containerId)).toBe(false);
    const checks = api.checkState.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.checkState).toHaveBeenCalledTimes(checks);
    expect(api.heartbeat).not.toHaveBeenCalled();
  });

  it('keeps the lab when the server refuses to stop it', async () => {
    const { runtime, api } = setup();
    await runtime.start();
    api.stop.mockRejectedValueOnce(failure());
    await expect(runtime.stop()).resolves.toMatchObject({ ok: false, reason: 'failed' });
    expect(runtime.getSnapshot()).toMatchObject({ state: 1, containerIds: ['a'], stopping: false });
  });

  it('cancels a start waiting for its retry', async () => {
    const { runtime, api } = setup();
    api.start.mockRejectedValueOnce(busy());
    const result = runtime.start();
    await flush();
    await runtime.stop();
    await expect(result).resolves.toEqual({ ok: false, reason: 'cancelled' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.start).toHaveBeenCalledTimes(1);
    expect(runtime.getSnapshot()).toMatchObject({ state: 0, starting: false });
  });
});

describe('lab runtime: restore after a reload', () => {
  it('restores the ids kept in local storage and polls them', async () => {
    const { runtime, api, states } = setup({ stored: 'a,b' });
    expect(runtime.getSnapshot()).toMatchObject({ state: 1, containerIds: ['a', 'b'] });
    states.set('a', 'Running');
    states.set('b', 'Running');
    runtime.attach();
    await flush();
    expect(api.checkState.mock.calls.map((c) => c[0])).toEqual(['a', 'b']);
    expect(runtime.getSnapshot().state).toBe(2);
    expect(api.start).not.toHaveBeenCalled();
  });

  it("takes the server's running containers over stored ones", async () => {
    const { runtime, api, storage } = setup({ stored: 'old' });
    runtime.attach(['c']);
    await flush();
    expect(runtime.getSnapshot().containerIds).toEqual(['c']);
    expect(storage.data.get(storageKeys.containerId)).toBe('c');
    expect(api.checkState.mock.calls.map((c) => c[0])).toEqual(['c']);
  });

  it('forgets stored ids when the server runs nothing for this environment', async () => {
    const { runtime, api, storage } = setup({ stored: 'old' });
    runtime.attach([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runtime.getSnapshot()).toMatchObject({ state: 0, containerIds: [] });
    expect(storage.data.has(storageKeys.containerId)).toBe(false);
    expect(api.checkState).not.toHaveBeenCalled();
  });

  it('stops its timers when disposed, leaving the stored lab alone', async () => {
    const { runtime, api, storage } = setup({ stored: 'a' });
    runtime.attach();
    await flush();
    runtime.dispose();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.checkState).toHaveBeenCalledTimes(1);
    expect(api.heartbeat).not.toHaveBeenCalled();
    expect(api.stop).not.toHaveBeenCalled();
    expect(storage.data.get(storageKeys.containerId)).toBe('a');
  });
});

describe('lab runtime: reset', () => {
  it('asks for confirmation, then says please wait while a reset is in progress', async () => {
    const { runtime, api, states } = setup();
    states.set('a', 'Running');
    await runtime.start();
    await flush();
    expect(runtime.resetIntent()).toBe('confirm');
    let finish: (value: unknown) => void = () => {};
    api.reset.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const result = runtime.reset();
    expect(runtime.getSnapshot().resetting).toBe(true);
    expect(runtime.resetIntent()).toBe('please-wait');
    await expect(runtime.reset()).resolves.toEqual({ ok: false, reason: 'in-progress' });
    expect(api.reset).toHaveBeenCalledTimes(1);
    expect(api.reset).toHaveBeenCalledWith({ envId: '7', containerId: 'a' });
    finish(null);
    await expect(result).resolves.toEqual({ ok: true });
    expect(runtime.getSnapshot()).toMatchObject({ resetting: false });
    expect(runtime.resetIntent()).toBe('confirm');
  });

  it('polls the reset lab at the starting cadence until it runs again', async () => {
    const { runtime, api, states } = setup();
    states.set('a', 'Running');
    await runtime.start();
    await flush();
    expect(runtime.getSnapshot().state).toBe(2);
    states.set('a', 'Starting');
    await runtime.reset();
    await flush();
    expect(runtime.getSnapshot().state).toBe(1);
    const checks = api.checkState.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.checkState).toHaveBeenCalledTimes(checks + 1);
  });

  it('says please wait while a start is on its way', async () => {
    const { runtime, api } = setup();
    api.start.mockRejectedValueOnce(busy());
    void runtime.start();
    await flush();
    expect(runtime.resetIntent()).toBe('please-wait');
  });

  it('clears the in-progress flag when the reset fails', async () => {
    const { runtime, api } = setup();
    await runtime.start();
    api.reset.mockRejectedValueOnce(failure());
    await expect(runtime.reset()).resolves.toMatchObject({ ok: false, reason: 'failed' });
    expect(runtime.getSnapshot().resetting).toBe(false);
  });
});

describe('lab runtime: pushed states', () => {
  function withPush() {
    const made = setup();
    const pushers: ((status: ContainerStatus & { id: string }) => void)[] = [];
    const closed = vi.fn();
    const follow = vi.fn<NonNullable<LabRuntimeApi['follow']>>((_ids, onStatus) => {
      pushers.push(onStatus);
      return closed;
    });
    Object.assign(made.api, { follow });
    const push = (
      id: string,
      state: ContainerStatus['state'],
      stopReason: ContainerStatus['stopReason'] = null,
    ) => pushers.at(-1)!({ id, state, message: null, warning: null, stopReason });
    return { ...made, follow, push, closed };
  }

  it('follows the started containers and runs as soon as every one is pushed running', async () => {
    const { runtime, api, follow, push } = withPush();
    api.start.mockResolvedValueOnce(['a', 'b']);
    await runtime.start();
    await flush();
    expect(follow.mock.calls[0]![0]).toEqual(['a', 'b']);
    push('a', 'Running');
    expect(runtime.getSnapshot().state).toBe(1);
    push('b', 'Running');
    // At once, not at the next poll.
    expect(runtime.getSnapshot().state).toBe(2);
    expect(api.checkState).toHaveBeenCalledTimes(2);
    // Polling goes on as the fallback, and a poll sent before the push does not undo it.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.checkState).toHaveBeenCalledTimes(4);
  });

  it('keeps a pushed state over a poll answer that was sent before it', async () => {
    const { runtime, api, push } = withPush();
    let answer: (s: ContainerStatus) => void = () => {};
    api.checkState.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await runtime.start();
    push('a', 'Running');
    answer({ state: 'Starting', message: null });
    await flush();
    expect(runtime.getSnapshot().state).toBe(2);
  });

  it('ends the lab when another hand stops it, as the server says it, with the reason', async () => {
    const { runtime, push, closed, storage } = withPush();
    await runtime.start();
    push('a', 'Running');
    // The server says Stopping first: the lab is going, not starting.
    push('a', 'Stopping', 'user');
    expect(runtime.getSnapshot()).toMatchObject({ state: 2, stopping: true, slow: false });
    push('a', 'Stopped', 'user');
    expect(runtime.getSnapshot()).toMatchObject({
      state: 0,
      stopping: false,
      containerIds: [],
      stoppedRemotely: true,
      stopReason: 'user',
    });
    expect(closed).toHaveBeenCalled();
    expect(storage.data.has(storageKeys.containerId)).toBe(false);
    // A new start forgets the reason.
    const again = runtime.start();
    expect(runtime.getSnapshot()).toMatchObject({ stoppedRemotely: false, stopReason: null });
    await again;
  });

  it('ends a lab stopped while it was still starting', async () => {
    const { runtime, push } = withPush();
    await runtime.start();
    push('a', 'Starting');
    push('a', 'Stopping', 'deadline');
    push('a', 'Stopped', 'deadline');
    expect(runtime.getSnapshot()).toMatchObject({
      state: 0,
      stoppedRemotely: true,
      stopReason: 'deadline',
    });
  });

  it('waits for a lab reset elsewhere to come back, and ends nothing on its own stop or reset', async () => {
    const { runtime, push, api } = withPush();
    await runtime.start();
    push('a', 'Running');
    push('a', 'Stopping', 'reset');
    push('a', 'Stopped', 'reset');
    expect(runtime.getSnapshot()).toMatchObject({ state: 1, stoppedRemotely: false });
    push('a', 'Starting');
    push('a', 'Running');
    expect(runtime.getSnapshot().state).toBe(2);

    const resetting = runtime.reset();
    push('a', 'Stopping', 'reset');
    push('a', 'Stopped', 'reset');
    expect(runtime.getSnapshot().stoppedRemotely).toBe(false);
    await resetting;
    push('a', 'Running');
    expect(runtime.getSnapshot().state).toBe(2);

    let answer: () => void = () => {};
    api.stop.mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve(null))));
    const stopping = runtime.stop();
    push('a', 'Stopping', 'user');
    push('a', 'Stopped', 'user');
    expect(runtime.getSnapshot()).toMatchObject({ stopping: true, stoppedRemotely: false });
    answer();
    await stopping;
    expect(runtime.getSnapshot()).toMatchObject({ state: 0, stoppedRemotely: false });
  });

  it('ends the lab at the poll that finds it stopped, when nothing is pushed', async () => {
    const { runtime, api } = setup();
    await runtime.start();
    await flush();
    api.checkState.mockResolvedValue({ state: 'Running', message: null, stopReason: null });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runtime.getSnapshot().state).toBe(2);
    api.checkState.mockResolvedValue({ state: 'Stopping', message: null, stopReason: 'idle' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runtime.getSnapshot()).toMatchObject({ state: 2, stopping: true });
    api.checkState.mockResolvedValue({ state: 'Stopped', message: null, stopReason: 'idle' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runtime.getSnapshot()).toMatchObject({
      state: 0,
      stoppedRemotely: true,
      stopReason: 'idle',
    });
    const checks = api.checkState.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.checkState).toHaveBeenCalledTimes(checks);
  });
});
