import { spawn, type IPty } from 'node-pty';
import type { TerminalSession } from '../driver';

export interface PtyCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** A shell on a pseudo-terminal whose recent output is kept for reconnecting browsers. */
export class PtySession implements TerminalSession {
  private readonly pty: IPty;
  private buffer = '';
  private bufferBytes = 0;
  private readonly dataListeners = new Set<(data: string) => void>();
  private readonly exitListeners = new Set<(code: number) => void>();
  exited = false;

  constructor(
    readonly id: string,
    command: PtyCommand,
    private readonly replayBytes: number,
  ) {
    this.pty = spawn(command.file, command.args, {
      name: 'xterm-256color',
      cols: 80,
      rows: 24,
      cwd: command.cwd,
      env: command.env,
    });
    this.pty.onData((data) => {
      this.keep(data);
      for (const listener of this.dataListeners) listener(data);
    });
    this.pty.onExit(({ exitCode }) => {
      this.exited = true;
      for (const listener of this.exitListeners) listener(exitCode);
    });
  }

  get pid(): number {
    return this.pty.pid;
  }

  private keep(data: string): void {
    this.buffer += data;
    this.bufferBytes += Buffer.byteLength(data);
    if (this.bufferBytes > this.replayBytes * 2) {
      const bytes = Buffer.from(this.buffer);
      let tail = bytes.subarray(bytes.length - this.replayBytes);
      // Do not begin in the middle of a UTF-8 sequence.
      while (tail.length > 0 && (tail[0]! & 0xc0) === 0x80) tail = tail.subarray(1);
      this.buffer = tail.toString();
      this.bufferBytes = tail.length;
    }
  }

  replay(): string {
    if (this.bufferBytes <= this.replayBytes) return this.buffer;
    const bytes = Buffer.from(this.buffer);
    let tail = bytes.subarray(bytes.length - this.replayBytes);
    while (tail.length > 0 && (tail[0]! & 0xc0) === 0x80) tail = tail.subarray(1);
    return tail.toString();
  }

  write(data: string): void {
    if (!this.exited) this.pty.write(data);
  }

  resize(cols: number, rows: number): void {
    if (!this.exited) this.pty.resize(cols, rows);
  }

  onData(listener: (data: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  onExit(listener: (code: number) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  kill(): void {
    if (this.exited) return;
    try {
      this.pty.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }

  waitExit(timeoutMs: number): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.onExit(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
