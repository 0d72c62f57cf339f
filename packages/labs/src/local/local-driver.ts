import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Enforcement } from '@platform/contract';
import {
  LabError,
  type HostReport,
  type HttpEndpoint,
  type LabDriver,
  type LabFiles,
  type LabNote,
  type LabSpec,
  type LabStatus,
  type TerminalSession,
} from '../driver';
import { createCgroup, type Cgroup } from './cgroups';
import { freshHome, listFiles, openFile, ownHome, writeFileIn, type Owner } from './home';
import { isRoot, probeHost } from './host';
import { bwrapArgs, groupFile, hostsFile, inside, passwdFile } from './sandbox';
import { PtySession } from './terminal';

const assetsSource = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const secretHeader = 'X-Lab-Secret';
const launcherScript =
  'IFS=:; for f in $LAB_CGROUP_PROCS; do echo $$ 2>/dev/null > "$f" || :; done; unset LAB_CGROUP_PROCS IFS; exec "$@"';

export interface LocalDriverOptions {
  /** Folder for the labs' homes; the server's data directory holds it. */
  root: string;
  replayBytes?: number;
  uidBase?: number;
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
}

function statusOf(id: string, state: LabStatus['state']): LabStatus {
  return {
    id,
    state,
    error: null,
    enforced: { cpu: false, memory: false, disk: false, uid: false, network: false },
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
  private readonly uidBase: number;
  private readonly readyTimeoutMs: { terminal: number; jupyter: number };

  constructor(private readonly options: LocalDriverOptions) {
    this.replayBytes = options.replayBytes ?? 64 * 1024;
    this.uidBase = options.uidBase ?? 200_000;
    this.readyTimeoutMs = options.readyTimeoutMs ?? { terminal: 10_000, jupyter: 30_000 };
  }

  host(): Promise<HostReport> {
    this.report ??= probeHost();
    return this.report;
  }

  private get assets(): string {
    return join(this.options.root, '.assets');
  }

  private prepare(): Promise<void> {
    this.prepared ??= (async () => {
      await mkdir(this.options.root, { recursive: true });
      await chmod(this.options.root, 0o711);
      if (isRoot()) await allowTraverse(dirname(this.options.root));
      await mkdir(this.assets, { recursive: true });
      await chmod(this.assets, 0o755);
      for (const name of await readdir(assetsSource)) {
        await copyFile(join(assetsSource, name), join(this.assets, name));
        await chmod(join(this.assets, name), 0o644);
      }
    })();
    return this.prepared;
  }

  private dirs(id: string) {
    const base = join(this.options.root, id);
    return { base, home: join(base, 'home'), run: join(base, 'run'), etc: join(base, 'etc') };
  }

  private owner(slot: number): Owner {
    if (isRoot()) return { uid: this.uidBase + slot, gid: this.uidBase + slot };
    return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
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
    const dirs = this.dirs(spec.id);
    const owner = this.owner(spec.slot);
    await mkdir(dirs.base, { recursive: true });
    await chmod(dirs.base, 0o711);
    const homeExists = await readdir(dirs.home).then(
      () => true,
      () => false,
    );
    if (homeExists) await ownHome(dirs.home, owner);
    else await freshHome(dirs.home, spec.initialFiles, owner);
    await rm(dirs.run, { recursive: true, force: true });
    await mkdir(dirs.run, { mode: 0o700 });
    await chown(dirs.run, owner.uid, owner.gid).catch(() => {});
    await mkdir(dirs.etc, { recursive: true });
    const hostname = `lab-${spec.id.slice(-8)}`;
    await writeFile(join(dirs.etc, 'passwd'), passwdFile());
    await writeFile(join(dirs.etc, 'group'), groupFile());
    await writeFile(join(dirs.etc, 'hosts'), hostsFile(hostname));
    await writeFile(join(dirs.etc, 'hostname'), `${hostname}\n`);
    if (spec.broker) {
      const socketPath = join(dirs.run, 'mqtt.sock');
      record.closeBroker = await spec.broker(socketPath);
      await chmod(socketPath, 0o666);
    }

    record.cgroup = await createCgroup(spec.id, spec.resources);
    const enforced: Enforcement = {
      cpu: record.cgroup.cpu,
      memory: record.cgroup.memory,
      disk: false,
      uid: isRoot(),
      network: true,
    };
    const notes: LabNote[] = [];
    if (!enforced.cpu) notes.push('cpu');
    if (!enforced.memory) notes.push('memory');
    notes.push('disk');
    if (!enforced.uid) notes.push('uid');
    record.status = { ...record.status, enforced, notes };

    if (spec.runner === 'terminal') {
      record.shell = this.spawnShell(record);
      await this.waitForOutput(record.shell, this.readyTimeoutMs.terminal);
    } else {
      await this.startJupyter(record);
    }
  }

  private sandboxEnv(record: LabRecord): Record<string, string> {
    const env: Record<string, string> = { ...(record.spec.env ?? {}) };
    if (record.spec.broker) {
      env.MQTT_HOST = '127.0.0.1';
      env.MQTT_PORT = '1883';
    }
    return env;
  }

  /** sh (joins the cgroups) → setpriv (drops to the lab's uid) → bwrap → command. */
  private launcher(record: LabRecord, command: string[], extraEnv: Record<string, string> = {}) {
    const { spec } = record;
    const dirs = this.dirs(spec.id);
    const withBroker = spec.broker
      ? ['/bin/sh', '-c', `node ${inside.assets}/mqtt-forward.mjs & exec "$@"`, 'lab', ...command]
      : command;
    const sandbox = bwrapArgs({
      paths: { home: dirs.home, run: dirs.run, assets: this.assets, etcDir: dirs.etc },
      hostname: `lab-${spec.id.slice(-8)}`,
      env: { ...this.sandboxEnv(record), ...extraEnv },
      command: withBroker,
    });
    const owner = this.owner(spec.slot);
    const drop = isRoot()
      ? ['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--']
      : [];
    return {
      file: '/bin/sh',
      args: ['-c', launcherScript, 'lab-launch', ...drop, 'bwrap', ...sandbox],
      env: {
        PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
        LAB_CGROUP_PROCS: (record.cgroup?.procsFiles ?? []).join(':'),
      },
    };
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

  private waitForOutput(shell: PtySession, timeoutMs: number): Promise<void> {
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

  private async startJupyter(record: LabRecord): Promise<void> {
    const { spec } = record;
    const dirs = this.dirs(spec.id);
    record.secret = randomBytes(24).toString('hex');
    const socketPath = join(dirs.run, 'jupyter.sock');
    const launch = this.launcher(
      record,
      [
        '/usr/bin/jupyter-notebook',
        `--config=${inside.assets}/jupyter_notebook_config.py`,
        `--sock=${inside.run}/jupyter.sock`,
      ],
      {
        LAB_GATEWAY_SECRET: record.secret,
        LAB_FRAME_ANCESTORS: (spec.frameAncestors ?? []).join(' '),
      },
    );
    const log = openSync(join(dirs.base, 'jupyter.log'), 'w');
    const child = spawn(launch.file, launch.args, { env: launch.env, stdio: ['ignore', log, log] });
    closeSync(log);
    record.process = child;
    let exited = false;
    child.on('exit', () => {
      exited = true;
      if (record.process === child && record.status.state === 'running') {
        record.status = {
          ...record.status,
          state: 'failed',
          error: { key: 'labs.start_failed', params: { reason: 'the notebook server stopped' } },
        };
        this.emit(record.status);
      }
    });
    const deadline = Date.now() + this.readyTimeoutMs.jupyter;
    while (Date.now() < deadline) {
      if (exited) {
        throw new LabError({
          key: 'labs.start_failed',
          params: { reason: 'the notebook server exited while starting' },
        });
      }
      if (await probeStatus(socketPath, record.secret)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new LabError({ key: 'labs.terminal_timeout' });
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
    await rm(this.dirs(record.spec.id).run, { recursive: true, force: true }).catch(() => {});
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
    const dirs = this.dirs(spec.id);
    await mkdir(dirs.base, { recursive: true });
    await freshHome(dirs.home, spec.initialFiles, this.owner(spec.slot));
  }

  async remove(id: string): Promise<void> {
    await this.stop(id);
    await rm(this.dirs(id).base, { recursive: true, force: true });
  }

  terminal(id: string): TerminalSession {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || record.spec.runner !== 'terminal') {
      throw new LabError({ key: 'labs.not_running' });
    }
    if (!record.shell || record.shell.exited) record.shell = this.spawnShell(record);
    return record.shell;
  }

  http(id: string): HttpEndpoint | null {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.secret) return null;
    return {
      socketPath: join(this.dirs(id).run, 'jupyter.sock'),
      secretHeader: { name: secretHeader, value: record.secret },
    };
  }

  readonly files: LabFiles = {
    list: (id, path) => listFiles(this.dirs(id).home, path),
    read: (id, path) => openFile(this.dirs(id).home, path),
    write: async (id, path, data, maxBytes) => {
      const home = this.dirs(id).home;
      await mkdir(home, { recursive: true, mode: 0o700 });
      const slot = this.labs.get(id)?.spec.slot;
      const owner = slot === undefined ? await ownerOfHome(home) : this.owner(slot);
      return writeFileIn(home, path, data, maxBytes, owner);
    },
  };

  async close(): Promise<void> {
    await Promise.all([...this.labs.keys()].map((id) => this.stop(id)));
  }
}

/**
 * bubblewrap resolves the folders it mounts as the lab's uid, so every folder above the labs'
 * root must be searchable (x) by others. Only that bit is added: nothing becomes listable.
 */
async function allowTraverse(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const s = await stat(current);
    if ((s.mode & 0o001) === 0) await chmod(current, (s.mode & 0o7777) | 0o001);
    if (dirname(current) === current) return;
  }
}

async function ownerOfHome(home: string): Promise<Owner> {
  const s = await stat(home);
  return { uid: s.uid, gid: s.gid };
}

function probeStatus(socketPath: string, secret: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { socketPath, path: '/api/status', headers: { [secretHeader]: secret, Host: 'lab' } },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.setTimeout(2_000, () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}
