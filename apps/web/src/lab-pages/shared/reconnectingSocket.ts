import { labCloseCodes } from '@platform/contract';

/** The part of `WebSocket` the helper uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  binaryType: BinaryType;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export type SocketState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  /** Waiting `delayMs` before attempt number `attempt` after an abnormal close. */
  | { kind: 'reconnecting'; attempt: number; delayMs: number; code: number }
  /** Final: the gateway refused (forbidden), the lab stopped (gone), or `close()` was called. */
  | { kind: 'stopped'; reason: 'forbidden' | 'gone' | 'closed' };

export interface ReconnectingSocketOptions {
  url: string;
  onMessage: (data: string | ArrayBuffer) => void;
  onState?: (state: SocketState) => void;
  factory?: SocketFactory;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A handshake that has not finished by then is abandoned and retried. */
  connectTimeoutMs?: number;
}

const OPEN = 1;

/** 1 s, 2 s, 4 s, 8 s, then 10 s: `attempt` counts the reconnects since the last open. */
export function backoffDelay(attempt: number, baseDelayMs = 1_000, maxDelayMs = 10_000): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * A WebSocket to the lab gateway that reconnects with backoff after any close except the
 * gateway's final ones (`labCloseCodes.forbidden`, `labCloseCodes.gone`).
 */
export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private current: SocketState = { kind: 'connecting', attempt: 0 };
  private readonly factory: SocketFactory;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.factory = options.factory ?? ((url) => new WebSocket(url));
  }

  get state(): SocketState {
    return this.current;
  }

  get isOpen(): boolean {
    return this.current.kind === 'open' && this.socket?.readyState === OPEN;
  }

  start(): void {
    if (this.socket || this.timer || this.current.kind === 'stopped') return;
    this.connect();
  }

  /** Sends a text frame when connected; returns whether it was sent. */
  send(text: string): boolean {
    if (!this.isOpen || !this.socket) return false;
    this.socket.send(text);
    return true;
  }

  /** Skips the remaining wait (the "reconnect now" button, the browser going online). */
  reconnectNow(): void {
    if (this.current.kind !== 'reconnecting') return;
    this.clearTimer();
    this.connect();
  }

  close(): void {
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close(1000, 'page closed');
    }
    this.setState({ kind: 'stopped', reason: 'closed' });
  }

  private connect(): void {
    this.setState({ kind: 'connecting', attempt: this.attempt });
    let socket: SocketLike;
    try {
      socket = this.factory(this.options.url);
    } catch {
      this.scheduleReconnect(1006);
      return;
    }
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.socket !== socket) return;
      detach(socket);
      this.socket = null;
      socket.close();
      this.scheduleReconnect(1006);
    }, this.options.connectTimeoutMs ?? 15_000);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimer();
      this.attempt = 0;
      this.setState({ kind: 'open' });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const data: unknown = event.data;
      if (typeof data === 'string' || isArrayBuffer(data)) this.options.onMessage(data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.clearTimer();
      detach(socket);
      this.socket = null;
      if (event.code === labCloseCodes.forbidden) {
        this.setState({ kind: 'stopped', reason: 'forbidden' });
      } else if (event.code === labCloseCodes.gone) {
        this.setState({ kind: 'stopped', reason: 'gone' });
      } else {
        this.scheduleReconnect(event.code);
      }
    };
  }

  private scheduleReconnect(code: number): void {
    this.attempt += 1;
    const delayMs = backoffDelay(this.attempt, this.options.baseDelayMs, this.options.maxDelayMs);
    this.setState({ kind: 'reconnecting', attempt: this.attempt, delayMs, code });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SocketState): void {
    this.current = state;
    this.options.onState?.(state);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

/** Realm-independent (a buffer made in another frame or test realm is still a buffer). */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}
