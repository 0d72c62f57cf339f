import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labCloseCodes } from '@platform/contract';
import { FakeSocket, fakeSocketFactory } from './fakeSocket';
import { backoffDelay, ReconnectingSocket } from './reconnectingSocket';
import type { SocketState } from './reconnectingSocket';

const url = 'ws://lab-1.labs.localhost/__lab/ws';

function setup() {
  const states: SocketState[] = [];
  const messages: (string | ArrayBuffer)[] = [];
  const socket = new ReconnectingSocket({
    url,
    factory: fakeSocketFactory,
    onMessage: (data) => messages.push(data),
    onState: (state) => states.push(state),
  });
  socket.start();
  return { socket, states, messages, kinds: () => states.map((s) => s.kind) };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('ReconnectingSocket', () => {
  it('connects to the url, reports the states and passes messages on', () => {
    const { socket, messages, kinds } = setup();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.url).toBe(url);
    expect(FakeSocket.last.binaryType).toBe('arraybuffer');
    expect(kinds()).toEqual(['connecting']);
    expect(socket.send('too early')).toBe(false);

    FakeSocket.last.open();
    expect(kinds()).toEqual(['connecting', 'open']);
    FakeSocket.last.receive('hello');
    const bytes = new TextEncoder().encode('bin').buffer;
    FakeSocket.last.receive(bytes);
    expect(messages).toEqual(['hello', bytes]);

    expect(socket.send('{"type":"input","data":"x"}')).toBe(true);
    expect(FakeSocket.last.sent).toEqual(['{"type":"input","data":"x"}']);
  });

  it('reconnects after an abnormal close with a growing delay: 1 s, 2 s, 4 s … at most 10 s', () => {
    const { states, socket } = setup();
    FakeSocket.last.open();
    FakeSocket.last.drop(1006);
    expect(socket.send('lost')).toBe(false);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const state = states.at(-1);
      expect(state).toMatchObject({ kind: 'reconnecting', attempt, code: 1006 });
      const delay = (state as Extract<SocketState, { kind: 'reconnecting' }>).delayMs;
      delays.push(delay);
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(before + 1);
      expect(states.at(-1)).toEqual({ kind: 'connecting', attempt });
      FakeSocket.last.drop(1006);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('starts the backoff again at 1 s once a reconnect succeeded', () => {
    const { states } = setup();
    FakeSocket.last.drop(1011);
    vi.advanceTimersByTime(1_000);
    FakeSocket.last.drop(1011);
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', delayMs: 2_000 });
    vi.advanceTimersByTime(2_000);
    FakeSocket.last.open();
    expect(states.at(-1)).toEqual({ kind: 'open' });
    FakeSocket.last.drop(1001);
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1, delayMs: 1_000 });
  });

  it.each([
    [labCloseCodes.forbidden, 'forbidden'],
    [labCloseCodes.gone, 'gone'],
  ] as const)('stops for good on close code %i (%s)', (code, reason) => {
    const { states } = setup();
    FakeSocket.last.open();
    FakeSocket.last.drop(code);
    expect(states.at(-1)).toEqual({ kind: 'stopped', reason });
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('stops on 4403 even before the connection opened', () => {
    const { states } = setup();
    FakeSocket.last.drop(labCloseCodes.forbidden);
    vi.advanceTimersByTime(60_000);
    expect(states.at(-1)).toEqual({ kind: 'stopped', reason: 'forbidden' });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('close() ends the connection and any pending reconnect', () => {
    const { socket, states } = setup();
    FakeSocket.last.open();
    const first = FakeSocket.last;
    socket.close();
    expect(first.closedBy?.code).toBe(1000);
    expect(states.at(-1)).toEqual({ kind: 'stopped', reason: 'closed' });

    const second = setup();
    FakeSocket.last.drop(1006);
    second.socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    second.socket.start();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reconnectNow skips the remaining wait', () => {
    const { socket } = setup();
    FakeSocket.last.drop(1006);
    vi.advanceTimersByTime(200);
    socket.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    // The skipped timer does not fire a third connection.
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('abandons a handshake that hangs and tries again', () => {
    const { states } = setup();
    vi.advanceTimersByTime(14_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances[0]?.closedBy).not.toBeNull();
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('ignores events of a socket it has given up', () => {
    const { messages, states } = setup();
    const stale = FakeSocket.last;
    vi.advanceTimersByTime(15_000);
    const count = states.length;
    stale.open();
    stale.receive('late');
    stale.drop(labCloseCodes.gone);
    expect(messages).toEqual([]);
    expect(states).toHaveLength(count);
  });

  it('keeps trying when the socket cannot even be created', () => {
    const states: SocketState[] = [];
    let calls = 0;
    const socket = new ReconnectingSocket({
      url,
      onMessage: () => undefined,
      onState: (state) => states.push(state),
      factory: (u) => {
        calls += 1;
        if (calls === 1) throw new Error('SecurityError');
        return new FakeSocket(u);
      },
    });
    socket.start();
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(1_000);
    FakeSocket.last.open();
    expect(socket.isOpen).toBe(true);
  });
});
