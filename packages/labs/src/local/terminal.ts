import { spawn, type IPty } from 'node-pty';
import { LabError, type TerminalSession } from '../driver';
import { ReplayBuffer } from '../replay';

export interface PtyCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** A shell on a pseudo-terminal whose recent output is kept for reconnecting browsers. */
export class PtySession implements TerminalSession {
  private readonly pty: IPty;
  private readonly output: ReplayBuffer;
  private readonly dataListeners = new Set<(data: string) => void>();
  private readonly exitListeners = new Set<(code: number) => void>();
  exited = false;

  constructor(
    readonly id: string,
    command: PtyCommand,
    replayBytes: number,
  ) {
    this.output = new ReplayBuffer(replayBytes);
    this.pty = spawn(command.file, command.args, {
      name: 'xterm-256color',
      cols: 80,
      rows: 24,
      cwd: command.cwd,
      env: command.env,
    });
    this.pty.onData((data) => {
      this.output.append(data);
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

  replay(): string {
    return this.output.text();
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

/** Resolves at the shell's first output; fails if it exits or stays silent until the timeout. */
export function waitForOutput(shell: PtySession, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stopData();
      stopExit();
      reject(new LabError({ key: 'labs.terminal_timeout' }));
    }, timeoutMs);
    const stopData = shell.onData(() => {
      clearTimeout(timer);
      stopData();
      stopExit();
      resolve();
    });
    const stopExit = shell.onExit((code) => {
      clearTimeout(timer);
      stopData();
      stopExit();
      reject(
        new LabError({
          key: 'labs.start_failed',
          params: { reason: `${shell.replay().trim() || 'the shell'} exited with ${code}` },
        }),
      );
    });
  });
}
