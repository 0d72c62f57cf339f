import { spawn, type ChildProcess } from 'node:child_process';
import type { ExecRequest, ExecResult } from '../driver';
import { CappedOutput } from '../exec-output';
import type { LaunchCommand } from './sandbox-launch';
import { PtySession } from './terminal';

/** A process started in a lab's sandbox with its streams open. */
export interface SandboxProcess {
  write(data: Buffer): void;
  endInput(): void;
  resize(cols: number, rows: number): void;
  onStdout(listener: (data: Buffer) => void): void;
  onStderr(listener: (data: Buffer) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** Kills a process started in its own group, with everything it started. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Runs a launched script to its end (or its timeout) and keeps its output up to the cap. */
export function runScript(launch: LaunchCommand, request: ExecRequest): Promise<ExecResult> {
  return new Promise((resolve) => {
    const child = spawn(launch.file, launch.args, {
      env: launch.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const output = new CappedOutput(request.maxOutputBytes);
    let timedOut = false;
    for (const name of ['stdout', 'stderr'] as const) child[name].on('data', output.keep(name));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, request.timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      resolve({
        exitCode: timedOut ? null : exitCode,
        stdout: output.text('stdout'),
        stderr: output.text('stderr'),
        timedOut,
        truncated: output.truncated,
      });
    };
    child.once('error', () => finish(null));
    child.once('close', (code) => finish(code));
  });
}

/**
 * Starts a launched command with its streams open, the way a container runtime's exec does: on
 * a pseudo-terminal with `tty`, else with separate pipes.
 */
export function startSandboxProcess(
  id: string,
  launch: LaunchCommand,
  options: { tty: boolean },
): SandboxProcess {
  const stdout = new Set<(data: Buffer) => void>();
  const stderr = new Set<(data: Buffer) => void>();
  const exit = new Set<(code: number | null) => void>();
  let exited = false;
  const finish = (code: number | null) => {
    if (exited) return;
    exited = true;
    for (const listener of exit) listener(code);
  };
  const listeners = {
    onStdout: (l: (data: Buffer) => void) => void stdout.add(l),
    onStderr: (l: (data: Buffer) => void) => void stderr.add(l),
    onExit: (l: (code: number | null) => void) => void exit.add(l),
  };
  if (options.tty) {
    const pty = new PtySession(
      id,
      { file: launch.file, args: launch.args, env: launch.env, cwd: '/' },
      0,
    );
    pty.onData((data) => {
      for (const l of stdout) l(Buffer.from(data));
    });
    pty.onExit((code) => finish(code));
    return {
      ...listeners,
      write: (data) => pty.write(data.toString()),
      endInput: () => pty.write('\x04'),
      resize: (cols, rows) => pty.resize(cols, rows),
      kill: () => pty.kill(),
    };
  }
  const child = spawn(launch.file, launch.args, {
    env: launch.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (data: Buffer) => {
    for (const l of stdout) l(data);
  });
  child.stderr.on('data', (data: Buffer) => {
    for (const l of stderr) l(data);
  });
  child.stdin.on('error', () => {});
  child.once('error', () => finish(null));
  child.once('close', (code) => finish(code));
  return {
    ...listeners,
    write: (data) => void child.stdin.write(data),
    endInput: () => child.stdin.end(),
    resize: () => {},
    kill: () => killGroup(child),
  };
}
