import type { Readable } from 'node:stream';
import type { Enforcement, FileEntry, InitialFile, LabRunner } from '@platform/contract';

/** What a driver needs to run one lab container. */
export interface LabSpec {
  /** The container id; also names its home and its sandbox. */
  id: string;
  runner: Exclude<LabRunner, 'simulation'>;
  /** Limits from the environment; disk size in GiB is the home's hard size. */
  resources: { cpuCore: number; memorySize: number; diskSize: number };
  initialFiles: InitialFile[];
  /** Extra environment variables inside the sandbox. */
  env?: Record<string, string>;
  /**
   * Opens the lab's way to its MQTT namespace: the driver names a host socket path, the runtime
   * listens there, and the lab reaches it as 127.0.0.1:1883. Resolves to its own closer.
   */
  broker?: ((socketPath: string) => Promise<() => Promise<void>>) | null;
  /** Origins that may embed the lab's pages in a frame. */
  frameAncestors?: string[];
}

export type ObservedState = 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

export interface LabStatus {
  id: string;
  state: ObservedState;
  /** Why the lab failed, as an error key of the contract's messages. */
  error: LabErrorInfo | null;
  enforced: Enforcement;
  /** Message keys for limits the host does not enforce. */
  notes: LabNote[];
  startedAt: Date | null;
}

export type LabNote = 'cpu' | 'memory' | 'disk' | 'uid' | 'syscalls';

/** A lab before the host has enforced anything for it. */
export const nothingEnforced: Enforcement = {
  cpu: false,
  memory: false,
  disk: false,
  uid: false,
  network: false,
  syscalls: false,
};

export interface LabErrorInfo {
  key:
    | 'labs.host_missing'
    | 'labs.start_failed'
    | 'labs.terminal_timeout'
    | 'labs.not_running'
    | 'labs.idle_stopped';
  params?: Record<string, string>;
}

export class LabError extends Error {
  constructor(readonly info: LabErrorInfo) {
    super(`${info.key}${info.params ? ' ' + JSON.stringify(info.params) : ''}`);
  }
}

/** A path given by a user that leaves the lab's home or names nothing, or a write that failed. */
/**
 * A file request the lab's home refuses: `conflict` when the lab changed the path while the
 * platform worked on it, `occupied` when a folder, link or file stands where the path leads.
 */
export class LabPathError extends Error {
  constructor(
    readonly reason:
      'outside' | 'not_found' | 'too_large' | 'no_space' | 'aborted' | 'conflict' | 'occupied',
  ) {
    super(`lab path ${reason}`);
  }
}

/** A shell in the lab. Output is kept so a reconnecting browser can replay it. */
export interface TerminalSession {
  readonly id: string;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Output since the start, at most the replay buffer's size. */
  replay(): string;
  onData(listener: (data: string) => void): () => void;
  onExit(listener: (code: number) => void): () => void;
  readonly exited: boolean;
}

/** What `exec` runs in a lab, and how long and how much of its output it takes. */
export interface ExecRequest {
  /** A bash script, run in the lab's sandbox as the lab's user, from the lab's home. */
  script: string;
  timeoutMs: number;
  /** Output kept per stream; the rest is dropped and `truncated` set. */
  maxOutputBytes: number;
}

export interface ExecResult {
  /** The script's exit code; null when it was killed (timed out). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
}

/** Header the gateway adds to every upstream request; never sent to the browser. */
export interface SecretHeader {
  name: string;
  value: string;
}

/** How the gateway reaches a lab's HTTP service: a Unix socket on this host, or a TCP address. */
export type HttpEndpoint =
  | { socketPath: string; secretHeader: SecretHeader }
  | { host: string; port: number; secretHeader: SecretHeader };

/** Where `http.request` connects for an endpoint. */
export function endpointTarget(
  endpoint: HttpEndpoint,
): { socketPath: string } | { host: string; port: number } {
  return 'socketPath' in endpoint
    ? { socketPath: endpoint.socketPath }
    : { host: endpoint.host, port: endpoint.port };
}

/** The WebSocket address of `path` at an endpoint, as the `ws` library takes it. */
export function endpointWebSocketUrl(endpoint: HttpEndpoint, path: string): string {
  if ('socketPath' in endpoint) return `ws+unix://${endpoint.socketPath}:${path}`;
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `ws://${host}:${endpoint.port}${path}`;
}

export interface LabFiles {
  list(id: string, path: string): Promise<FileEntry[]>;
  read(id: string, path: string): Promise<{ stream: Readable; size: number; name: string }>;
  write(id: string, path: string, data: Readable, maxBytes: number): Promise<FileEntry>;
}

export interface HostCheck {
  name: string;
  ok: boolean;
  detail: string;
  install: string | null;
}

export interface HostReport {
  driver: string;
  checks: HostCheck[];
  runners: Record<Exclude<LabRunner, 'simulation'>, { ok: boolean; missing: string[] }>;
  enforced: Enforcement;
}

/** The lab runtime's view of a place labs run. Every driver passes the conformance suite. */
export interface LabDriver {
  readonly name: string;
  host(): Promise<HostReport>;
  /** Readies what every start needs (the host's probe, shared files) before the first start. */
  warm?(): Promise<void>;
  /** Starts the lab and resolves once it is ready; idempotent for a running lab. */
  start(spec: LabSpec): Promise<LabStatus>;
  stop(id: string): Promise<void>;
  /** Brings the lab's home back to its initial files. The lab is stopped first. */
  reset(spec: LabSpec): Promise<void>;
  /** Removes the lab's home and everything the driver keeps for it. */
  remove(id: string): Promise<void>;
  /** The ids of every lab whose home the driver keeps, running or not. */
  stored?(): Promise<string[]>;
  status(id: string): LabStatus | null;
  watch(listener: (status: LabStatus) => void): () => void;
  terminal(id: string): TerminalSession;
  /**
   * Runs a script in a running lab beside the student's own processes (checks of a training
   * step): same sandbox, user, home, limits and broker; killed at the timeout.
   */
  exec(id: string, request: ExecRequest): Promise<ExecResult>;
  http(id: string): HttpEndpoint | null;
  files: LabFiles;
  close(): Promise<void>;
}
