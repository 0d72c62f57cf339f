import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { Enforcement } from '@platform/contract';
import {
  LabError,
  nothingEnforced,
  type HostReport,
  type ExecRequest,
  type ExecResult,
  type HttpEndpoint,
  type LabDriver,
  type LabFiles,
  type LabNote,
  type LabSpec,
  type LabStatus,
  type TerminalSession,
} from '../driver';
import {
  createCgroup,
  defaultCgroupGroup,
  removeOwnerCgroup,
  type Cgroup,
  type CgroupPlace,
} from './cgroups';
import { isRoot, probeHost } from './host';
import { holdHostLock } from './host-lock';
import { openBroker } from './lab-broker';
import { labFiles } from './lab-files';
import { ownByDescriptor } from './lab-folders';
import { defaultDiskGib, LabHomes, type HeldHome } from './lab-homes';
import {
  assetsIn,
  ownerLockName,
  prepareLabsRoot,
  seccompFileIn,
  sweepLeftBehind,
} from './labs-root';
import {
  notebookCommand,
  notebookEnv,
  notebookSocket,
  removeRun,
  secretHeader,
  spawnNotebookServer,
  waitForNotebookServer,
} from './notebook-server';
import { inside } from './sandbox';
import { hostnameOf, launchCommand, writeSandboxEtc, type LaunchCommand } from './sandbox-launch';
import { runScript, startSandboxProcess, type SandboxProcess } from './sandbox-processes';
import { PtySession, waitForOutput } from './terminal';
import { defaultUidRegistry, UidRegistry } from './uids';

export type { HomePreparation } from './lab-homes';
export type { SandboxProcess } from './sandbox-processes';

export interface LocalDriverOptions {
  /** Folder for the labs' homes; the server's data directory holds it. */
  root: string;
  replayBytes?: number;
  /** The host-wide uid registry, shared by every platform process on this host. */
  uidRegistry?: string;
  uidBase?: number;
  uidCount?: number;
  /** Give each home a file system of the lab's disk size where the host can (default true). */
  diskCap?: boolean;
  /** The platform's cgroup, under the cgroup root (default `platform-labs`). */
  cgroupGroup?: string;
  readyTimeoutMs?: { terminal: number; jupyter: number };
}

interface LabRecord {
  spec: LabSpec;
  status: LabStatus;
  cgroup: Cgroup | null;
  shell: PtySession | null;
  process: ChildProcess | null;
  secret: string | null;
  starting: Promise<LabStatus> | null;
  closeBroker: (() => Promise<void>) | null;
  home: HeldHome | null;
}

function statusOf(id: string, state: LabStatus['state']): LabStatus {
  return {
    id,
    state,
    error: null,
    enforced: nothingEnforced,
    notes: [],
    startedAt: null,
  };
}

/** Runs each lab in a bubblewrap sandbox on this host. */
export class LocalDriver implements LabDriver {
  readonly name = 'local';
  private readonly labs = new Map<string, LabRecord>();
  private readonly listeners = new Set<(status: LabStatus) => void>();
  private report: Promise<HostReport> | null = null;
  private prepared: Promise<void> | null = null;
  private readonly replayBytes: number;
  private readonly readyTimeoutMs: { terminal: number; jupyter: number };
  private readonly assets: string;
  private readonly seccompFile: string | null;
  private readonly homes: LabHomes;
  /**
   * This driver's key: its labs' cgroups and mounted homes are recorded under it, and it holds
   * the host lock of that name while it lives, so another process can tell what a dead one left.
   */
  private readonly ownerKey = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private ownerLock: (() => Promise<void>) | null = null;
  readonly files: LabFiles;

  constructor(private readonly options: LocalDriverOptions) {
    this.replayBytes = options.replayBytes ?? 64 * 1024;
    this.readyTimeoutMs = options.readyTimeoutMs ?? { terminal: 10_000, jupyter: 30_000 };
    this.assets = assetsIn(options.root);
    this.seccompFile = seccompFileIn(this.assets);
    this.homes = new LabHomes({
      root: options.root,
      ownerKey: this.ownerKey,
      uids: new UidRegistry({
        dir: options.uidRegistry ?? defaultUidRegistry,
        base: options.uidBase ?? 200_000,
        count: options.uidCount ?? 1_000_000,
      }),
      seccompFile: this.seccompFile,
      diskCapped: async () => (await this.host()).enforced.disk,
      ready: () => this.prepare(),
    });
    this.files = labFiles(this.homes);
  }

  host(): Promise<HostReport> {
    this.report ??= probeHost(this.options.root, this.options.diskCap !== false);
    return this.report;
  }

  async warm(): Promise<void> {
    await this.host();
    await this.prepare();
  }

  private get cgroupPlace(): CgroupPlace {
    return { group: this.options.cgroupGroup ?? defaultCgroupGroup, owner: this.ownerKey };
  }

  private prepare(): Promise<void> {
    this.prepared ??= (async () => {
      this.ownerLock ??= await holdHostLock(ownerLockName(this.ownerKey));
      await prepareLabsRoot(this.options.root);
      await sweepLeftBehind(this.options.root, this.cgroupPlace);
    })();
    return this.prepared;
  }

  private emit(status: LabStatus): void {
    for (const listener of this.listeners) listener(status);
  }

  watch(listener: (status: LabStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(id: string): LabStatus | null {
    return this.labs.get(id)?.status ?? null;
  }

  async start(spec: LabSpec): Promise<LabStatus> {
    const existing = this.labs.get(spec.id);
    if (existing?.starting) return existing.starting;
    if (existing && existing.status.state === 'running') return existing.status;
    const record: LabRecord = existing ?? {
      spec,
      status: statusOf(spec.id, 'starting'),
      cgroup: null,
      shell: null,
      process: null,
      secret: null,
      starting: null,
      closeBroker: null,
      home: null,
    };
    record.spec = spec;
    record.status = statusOf(spec.id, 'starting');
    this.labs.set(spec.id, record);
    this.emit(record.status);
    record.starting = this.launch(record)
      .then(() => {
        record.status = { ...record.status, state: 'running', startedAt: new Date() };
        this.emit(record.status);
        return record.status;
      })
      .catch(async (error: unknown) => {
        await this.kill(record);
        const info =
          error instanceof LabError
            ? error.info
            : {
                key: 'labs.start_failed' as const,
                params: { reason: String((error as Error).message) },
              };
        record.status = { ...record.status, state: 'failed', error: info };
        this.emit(record.status);
        throw error instanceof LabError ? error : new LabError(info);
      })
      .finally(() => {
        record.starting = null;
      });
    return record.starting;
  }

  private async launch(record: LabRecord): Promise<void> {
    const { spec } = record;
    const report = await this.host();
    const runner = report.runners[spec.runner];
    if (!runner.ok) {
      throw new LabError({ key: 'labs.host_missing', params: { what: runner.missing.join(', ') } });
    }
    await this.prepare();
    const dirs = this.homes.folders(spec.id);
    record.home = await this.homes.open(spec.id, {
      diskGib: spec.resources.diskSize || defaultDiskGib,
      initialFiles: spec.initialFiles,
    });
    const owner = record.home.access.owner;
    await removeRun(dirs, owner, this.seccompFile);
    await rm(dirs.sockets, { recursive: true, force: true });
    await mkdir(dirs.sockets, { mode: 0o755 });
    await chmod(dirs.sockets, 0o755);
    if (spec.runner === 'jupyter') {
      await mkdir(dirs.run, { mode: 0o700 });
      if (owner) await ownByDescriptor(dirs.run, owner, 0o700);
    }
    await writeSandboxEtc(dirs.etc, hostnameOf(spec.id));
    record.closeBroker = await openBroker(spec, dirs.sockets);

    record.cgroup = await createCgroup(spec.id, spec.resources, this.cgroupPlace);
    const enforced: Enforcement = {
      cpu: record.cgroup.cpu,
      memory: record.cgroup.memory,
      disk: record.home.capped,
      uid: isRoot(),
      network: true,
      syscalls: report.enforced.syscalls,
    };
    const notes: LabNote[] = [];
    if (!enforced.cpu) notes.push('cpu');
    if (!enforced.memory) notes.push('memory');
    if (!enforced.disk) notes.push('disk');
    if (!enforced.uid) notes.push('uid');
    if (!enforced.syscalls) notes.push('syscalls');
    record.status = { ...record.status, enforced, notes };

    if (spec.runner === 'terminal') {
      record.shell = this.spawnShell(record);
      await waitForOutput(record.shell, this.readyTimeoutMs.terminal);
    } else {
      await this.startJupyter(record);
    }
  }

  private launcher(
    record: LabRecord,
    command: string[],
    extraEnv: Record<string, string> = {},
  ): LaunchCommand {
    return launchCommand(
      {
        spec: record.spec,
        folders: this.homes.folders(record.spec.id),
        assets: this.assets,
        seccompFile: this.seccompFile,
        owner: record.home?.access.owner ?? null,
        cgroupProcs: record.cgroup?.procsFiles ?? [],
      },
      command,
      extraEnv,
    );
  }

  private spawnShell(record: LabRecord): PtySession {
    const launch = this.launcher(record, [
      '/bin/bash',
      '--rcfile',
      `${inside.assets}/lab-profile.sh`,
      '-i',
    ]);
    return new PtySession(
      record.spec.id,
      { file: launch.file, args: launch.args, env: launch.env, cwd: '/' },
      this.replayBytes,
    );
  }

  private async startJupyter(record: LabRecord): Promise<void> {
    const { spec } = record;
    const secret = randomBytes(24).toString('hex');
    record.secret = secret;
    const folders = this.homes.folders(spec.id);
    const launch = this.launcher(record, notebookCommand, notebookEnv(spec, secret));
    const child = spawnNotebookServer(launch, folders);
    record.process = child;
    child.on('exit', () => {
      if (record.process === child && record.status.state === 'running') {
        record.status = {
          ...record.status,
          state: 'failed',
          error: { key: 'labs.start_failed', params: { reason: 'the notebook server stopped' } },
        };
        this.emit(record.status);
      }
    });
    await waitForNotebookServer(child, {
      folders,
      owner: record.home?.access.owner ?? null,
      secret,
      timeoutMs: this.readyTimeoutMs.jupyter,
    });
  }

  private async kill(record: LabRecord): Promise<void> {
    const shell = record.shell;
    const child = record.process;
    record.shell = null;
    record.process = null;
    if (shell) {
      shell.kill();
      await shell.waitExit(5_000);
    }
    if (child && child.exitCode === null && child.signalCode === null) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await Promise.race([done, new Promise((r) => setTimeout(r, 5_000))]);
    }
    await record.closeBroker?.().catch(() => {});
    record.closeBroker = null;
    await record.cgroup?.remove();
    record.cgroup = null;
    record.secret = null;
    const dirs = this.homes.folders(record.spec.id);
    await removeRun(dirs, record.home?.access.owner ?? null, this.seccompFile).catch(() => {});
    await rm(dirs.sockets, { recursive: true, force: true }).catch(() => {});
    const home = record.home;
    record.home = null;
    await home?.release();
  }

  async stop(id: string): Promise<void> {
    const record = this.labs.get(id);
    if (!record) return;
    if (record.starting) await record.starting.catch(() => {});
    record.status = { ...record.status, state: 'stopping' };
    this.emit(record.status);
    await this.kill(record);
    record.status = { ...record.status, state: 'stopped', startedAt: null };
    this.emit(record.status);
    this.labs.delete(id);
  }

  async reset(spec: LabSpec): Promise<void> {
    await this.stop(spec.id);
    await this.prepare();
    await this.homes.wipe(spec.id);
    const home = await this.homes.open(spec.id, {
      diskGib: spec.resources.diskSize || defaultDiskGib,
      initialFiles: spec.initialFiles,
    });
    await home.release();
  }

  async stored(): Promise<string[]> {
    const names = await readdir(this.options.root, { withFileTypes: true }).catch(() => []);
    return names.filter((e) => e.isDirectory() && /^\d{1,20}$/.test(e.name)).map((e) => e.name);
  }

  async remove(id: string): Promise<void> {
    await this.stop(id);
    const dirs = this.homes.folders(id);
    const exists = await stat(dirs.base).then(
      () => true,
      () => false,
    );
    if (!exists) return;
    await this.homes.wipe(id);
    await removeRun(dirs, await this.homes.ownerOf(id), this.seccompFile);
    await this.homes.releaseUid(id);
    await rm(dirs.base, { recursive: true, force: true });
  }

  terminal(id: string): TerminalSession {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || record.spec.runner !== 'terminal') {
      throw new LabError({ key: 'labs.not_running' });
    }
    if (!record.shell || record.shell.exited) record.shell = this.spawnShell(record);
    return record.shell;
  }

  exec(id: string, request: ExecRequest): Promise<ExecResult> {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.home) {
      return Promise.reject(new LabError({ key: 'labs.not_running' }));
    }
    return runScript(
      this.launcher(record, ['/bin/bash', '-c', `cd ~ && ${request.script}`]),
      request,
    );
  }

  /**
   * Starts `command` in a running lab's sandbox with its streams open, the way a container
   * runtime's exec does: on a pseudo-terminal with `tty`, else with separate pipes.
   */
  spawnIn(id: string, command: string[], options: { tty: boolean }): SandboxProcess {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.home) {
      throw new LabError({ key: 'labs.not_running' });
    }
    return startSandboxProcess(id, this.launcher(record, command), options);
  }

  http(id: string): HttpEndpoint | null {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.secret) return null;
    return {
      socketPath: notebookSocket(this.homes.folders(id)),
      secretHeader: { name: secretHeader, value: record.secret },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.labs.keys()].map((id) => this.stop(id)));
    await removeOwnerCgroup(this.cgroupPlace);
  }
}
