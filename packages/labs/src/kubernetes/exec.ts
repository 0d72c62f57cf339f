import { PassThrough, Writable, type Readable } from 'node:stream';
import type { Exec, V1Status } from '@kubernetes/client-node';
import type { ExecRequest, ExecResult, TerminalSession } from '../driver';
import { CappedOutput } from '../exec-output';
import { ReplayBuffer } from '../replay';
import { containerName } from './objects';

/** The exit code an exec's closing Status carries (Kubernetes sends it as a cause). */
export function exitCodeOf(status: V1Status): number {
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  const code = Number(cause?.message);
  return Number.isInteger(code) ? code : 1;
}

export interface ExecTarget {
  exec: Exec;
  namespace: string;
  pod: string;
}

export interface RunningExec {
  /** The exit code, or null when the connection closed without a Status. */
  done: Promise<number | null>;
  close(): void;
}

/** Starts a command in the lab's container; output arrives through the listeners as it comes. */
export async function startExec(
  target: ExecTarget,
  command: string[],
  streams: {
    stdin?: Readable | null;
    tty?: boolean;
    onStdout: (data: Buffer) => void;
    onStderr?: (data: Buffer) => void;
  },
): Promise<RunningExec & { send(channel: number, data: Buffer): void }> {
  let settle: (code: number | null) => void = () => {};
  const done = new Promise<number | null>((resolve) => (settle = resolve));
  const sink = (listener: (data: Buffer) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        listener(chunk);
        callback();
      },
    });
  const socket = await target.exec.exec(
    target.namespace,
    target.pod,
    containerName,
    command,
    sink(streams.onStdout),
    streams.tty ? null : sink(streams.onStderr ?? (() => {})),
    streams.stdin ?? null,
    streams.tty ?? false,
    (status) => settle(exitCodeOf(status)),
  );
  const ws = socket as unknown as {
    on(event: 'close', listener: () => void): void;
    send(data: Buffer): void;
    close(): void;
    readyState: number;
  };
  ws.on('close', () => settle(null));
  return {
    done,
    close: () => ws.close(),
    send: (channel, data) => {
      if (ws.readyState === 1) ws.send(Buffer.concat([Buffer.from([channel]), data]));
    },
  };
}

/**
 * The script runs under `timeout`, which puts it in its own process group and kills the whole
 * group at the deadline, so nothing it started outlives it.
 */
export async function runScript(target: ExecTarget, request: ExecRequest): Promise<ExecResult> {
  const seconds = (Math.max(1, request.timeoutMs) / 1000).toFixed(3);
  const wrapper = 'cd ~ || exit 1; exec timeout -s KILL "$1" bash -c "$2"';
  const output = new CappedOutput(request.maxOutputBytes);
  const started = Date.now();
  const running = await startExec(
    target,
    ['bash', '-c', wrapper, 'lab-exec', seconds, request.script],
    { onStdout: output.keep('stdout'), onStderr: output.keep('stderr') },
  );
  // The pod kills the script at the deadline; the connection is given a little longer.
  const hardStop = setTimeout(() => running.close(), request.timeoutMs + 5_000);
  let code = await running.done;
  clearTimeout(hardStop);
  running.close();
  const timedOut = (code === null || code === 137) && Date.now() - started >= request.timeoutMs;
  if (timedOut) code = null;
  return {
    exitCode: code,
    stdout: output.text('stdout'),
    stderr: output.text('stderr'),
    timedOut,
    truncated: output.truncated,
  };
}

/** A login shell in the lab's container over the exec WebSocket, with a replay buffer. */
export class ExecTerminal implements TerminalSession {
  private readonly output: ReplayBuffer;
  private readonly input = new PassThrough();
  private readonly dataListeners = new Set<(data: string) => void>();
  private readonly exitListeners = new Set<(code: number) => void>();
  private connection: Awaited<ReturnType<typeof startExec>> | null = null;
  private pendingSize: { cols: number; rows: number } | null = null;
  private readonly decoder = new TextDecoder();
  exited = false;

  constructor(
    readonly id: string,
    target: ExecTarget,
    replayBytes: number,
  ) {
    this.output = new ReplayBuffer(replayBytes);
    startExec(target, ['bash', '-l'], {
      stdin: this.input,
      tty: true,
      onStdout: (data) => {
        const text = this.decoder.decode(data, { stream: true });
        if (!text) return;
        this.output.append(text);
        for (const listener of this.dataListeners) listener(text);
      },
    }).then(
      (connection) => {
        this.connection = connection;
        if (this.pendingSize) this.resize(this.pendingSize.cols, this.pendingSize.rows);
        void connection.done.then((code) => this.finish(code ?? 1));
      },
      () => this.finish(1),
    );
  }

  private finish(code: number): void {
    if (this.exited) return;
    this.exited = true;
    this.input.end();
    for (const listener of this.exitListeners) listener(code);
  }

  replay(): string {
    return this.output.text();
  }

  write(data: string): void {
    if (!this.exited) this.input.write(data);
  }

  resize(cols: number, rows: number): void {
    if (this.exited) return;
    if (!this.connection) {
      this.pendingSize = { cols, rows };
      return;
    }
    this.connection.send(4, Buffer.from(JSON.stringify({ Width: cols, Height: rows })));
  }

  onData(listener: (data: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  onExit(listener: (code: number) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  close(): void {
    this.connection?.close();
    this.finish(0);
  }
}
