import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, openSync, closeSync } from 'node:fs';
import {
  chmod,
  copyFile,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Enforcement } from '@platform/contract';
import {
  LabError,
  LabPathError,
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
import { CappedOutput } from '../exec-output';
import {
  createCgroup,
  defaultCgroupGroup,
  removeOwnerCgroup,
  sweepCgroups,
  type Cgroup,
  type CgroupPlace,
} from './cgroups';
import {
  createImage,
  growImage,
  isMounted,
  mountImage,
  mountPointsUnder,
  unmountImage,
} from './disk';
import {
  clearIn,
  copyInto,
  listIn,
  readIn,
  writeIn,
  type HomeAccess,
  type Owner,
} from './home-files';
import { isRoot, probeHost } from './host';
import { holdHostLock } from './host-lock';
import { bwrapArgs, groupFile, hostsFile, inside, passwdFile } from './sandbox';
import { seccompArch, seccompProgram } from './seccomp';
import { PtySession } from './terminal';
import { defaultUidRegistry, UidRegistry } from './uids';

const assetsSource = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const secretHeader = 'X-Lab-Secret';
/** Joins the lab's cgroups, opens the syscall filter for bubblewrap on fd 9, then runs it. */
const launcherScript =
  'IFS=:; for f in $LAB_CGROUP_PROCS; do echo $$ 2>/dev/null > "$f" || :; done; ' +
  'if [ -n "$LAB_SECCOMP" ]; then exec 9<"$LAB_SECCOMP" || exit 1; fi; ' +
  'unset LAB_CGROUP_PROCS LAB_SECCOMP IFS; exec "$@"';
const launcherSeccompFd = 9;
const defaultDiskGib = 10;

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

/** A lab's home while something uses it: a running lab, or a file request. */
interface OpenHome {
  refs: number;
  capped: boolean;
  owner: Owner | null;
}

export interface HomePreparation {
  diskGib: number;
  initialFiles: LabSpec['initialFiles'];
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
  home: { access: HomeAccess; capped: boolean; release: () => Promise<void> } | null;
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
  private readonly uids: UidRegistry;
  private readonly readyTimeoutMs: { terminal: number; jupyter: number };
  private readonly homes = new Map<string, OpenHome>();
  private readonly homeQueues = new Map<string, Promise<unknown>>();
  /**
   * This driver's key: its labs' cgroups and mounted homes are recorded under it, and it holds
   * the host lock of that name while it lives, so another process can tell what a dead one left.
   */
  private readonly ownerKey = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private ownerLock: (() => Promise<void>) | null = null;

  constructor(private readonly options: LocalDriverOptions) {
    this.replayBytes = options.replayBytes ?? 64 * 1024;
    this.uids = new UidRegistry({
      dir: options.uidRegistry ?? defaultUidRegistry,
      base: options.uidBase ?? 200_000,
      count: options.uidCount ?? 1_000_000,
    });
    this.readyTimeoutMs = options.readyTimeoutMs ?? { terminal: 10_000, jupyter: 30_000 };
  }

  host(): Promise<HostReport> {
    this.report ??= probeHost(this.options.root, this.options.diskCap !== false);
    return this.report;
  }

  async warm(): Promise<void> {
    await this.host();
    await this.prepare();
  }

  private get seccompFile(): string | null {
    return seccompArch() ? join(this.assets, 'seccomp.bpf') : null;
  }

  private get assets(): string {
    return join(this.options.root, '.assets');
  }

  private get cgroupPlace(): CgroupPlace {
    return { group: this.options.cgroupGroup ?? defaultCgroupGroup, owner: this.ownerKey };
  }

  private prepare(): Promise<void> {
    this.prepared ??= (async () => {
      this.ownerLock ??= await holdHostLock(ownerLockName(this.ownerKey));
      await mkdir(this.options.root, { recursive: true });
      await chmod(this.options.root, 0o711);
      if (isRoot()) await allowTraverse(dirname(this.options.root));
      await mkdir(this.assets, { recursive: true });
      await chmod(this.assets, 0o755);
      for (const name of await readdir(assetsSource)) {
        await copyFile(join(assetsSource, name), join(this.assets, name));
        await chmod(join(this.assets, name), 0o644);
      }
      const target = seccompArch();
      if (target) await writeFile(join(this.assets, 'seccomp.bpf'), seccompProgram(target));
      await this.sweep();
    })();
    return this.prepared;
  }

  /**
   * Removes what a process that died left on this host: its labs' homes still mounted under
   * this driver's root and its labs' cgroups. What a live driver holds (its host lock taken) is
   * left alone, so processes sharing the host never undo each other's labs (decision 0037).
   */
  private async sweep(): Promise<{ unmounted: string[]; cgroups: string[] }> {
    const unmounted: string[] = [];
    if (isRoot()) {
      for (const mountpoint of await mountPointsUnder(this.options.root)) {
        const release = await this.leftBehind(mountpoint);
        if (!release) continue;
        try {
          await unmountImage(mountpoint);
          unmounted.push(mountpoint);
        } finally {
          await release();
        }
      }
    }
    const cgroups = await sweepCgroups(this.cgroupPlace.group, this.ownerKey, (owner) =>
      holdHostLock(ownerLockName(owner)),
    );
    return { unmounted, cgroups };
  }

  /**
   * Whether a mount under the root was left by a process gone: a lab's home whose recorded
   * owner's lock is free (held until released), or a disk probe of a process that exited.
   */
  private async leftBehind(mountpoint: string): Promise<(() => Promise<void>) | null> {
    const relative = mountpoint.slice(this.options.root.length + 1);
    const probe = /^\.disk-probe-(\d+)$/.exec(relative);
    if (probe) return processAlive(Number(probe[1])) ? null : async () => {};
    const home = /^(\d{1,20})\/home$/.exec(relative);
    if (!home) return null;
    const owner = await readFile(join(this.dirs(home[1]!).base, ownerFile), 'utf8').catch(
      () => null,
    );
    if (owner === this.ownerKey) return null;
    // A home mounted before owners were recorded has no owner: no live driver claims it.
    return owner === null ? async () => {} : holdHostLock(ownerLockName(owner));
  }

  /** Mounts the lab's home image, recording this driver as what holds it. */
  private async mountHomeImage(id: string, fresh: boolean): Promise<void> {
    const dirs = this.dirs(id);
    await writeFile(join(dirs.base, ownerFile), this.ownerKey, { mode: 0o600 });
    await mountImage(dirs.image, dirs.home, fresh);
  }

  private dirs(id: string) {
    const base = join(this.options.root, id);
    return {
      base,
      home: join(base, 'home'),
      image: join(base, 'home.img'),
      previous: join(base, 'home.previous'),
      run: join(base, 'run'),
      sockets: join(base, 'sockets'),
      etc: join(base, 'etc'),
    };
  }

  /** The lab's own uid from the host's registry; null when the platform is not root. */
  private async ownerOf(id: string): Promise<Owner | null> {
    if (!isRoot()) return null;
    const { base, home } = this.dirs(id);
    const claim = await lstat(home).then(
      (s) => (s.isDirectory() && s.uid !== 0 ? s.uid : undefined),
      () => undefined,
    );
    const uid = await this.uids.uidOf(base, claim);
    return { uid, gid: uid };
  }

  /** Runs `work` after every earlier home operation of the same lab. */
  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.homeQueues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.homeQueues.set(id, settled);
    void settled.then(() => {
      if (this.homeQueues.get(id) === settled) this.homeQueues.delete(id);
    });
    return next;
  }

  private async diskCapped(): Promise<boolean> {
    return (await this.host()).enforced.disk;
  }

  /**
   * Makes the lab's home ready and holds it open (mounted) until released. With `prepare`, a
   * missing home is made with the lab's disk size and initial files; without, it is not found.
   */
  private openHome(
    id: string,
    prepare: HomePreparation | null,
  ): Promise<{ access: HomeAccess; capped: boolean; release: () => Promise<void> }> {
    return this.serial(id, async () => {
      await this.prepare();
      const dirs = this.dirs(id);
      let open = this.homes.get(id);
      if (!open) {
        const baseExists = await stat(dirs.base).then(
          () => true,
          () => false,
        );
        if (!baseExists && !prepare) throw new LabPathError('not_found');
        await mkdir(dirs.base, { recursive: true });
        await chmod(dirs.base, 0o711);
        const owner = await this.ownerOf(id);
        const made = await this.mountHome(id, owner, prepare);
        open = { refs: 0, capped: made.capped, owner };
        this.homes.set(id, open);
        if (made.fresh && prepare) {
          const access = this.accessOf(id, owner);
          for (const file of prepare.initialFiles) {
            await writeIn(access, file.path, Readable.from([Buffer.from(file.content)]), Infinity);
          }
        }
      }
      open.refs += 1;
      const held = open;
      let released = false;
      return {
        access: this.accessOf(id, held.owner),
        capped: held.capped,
        release: () => {
          if (released) return Promise.resolve();
          released = true;
          return this.serial(id, async () => {
            held.refs -= 1;
            if (held.refs > 0 || this.homes.get(id) !== held) return;
            this.homes.delete(id);
            if (held.capped) await unmountImage(dirs.home);
          });
        },
      };
    });
  }

  private accessOf(id: string, owner: Owner | null): HomeAccess {
    return { home: this.dirs(id).home, owner, seccompFile: this.seccompFile };
  }

  /** Mounts (or makes) the home's file system; a plain folder where the host cannot. */
  private async mountHome(
    id: string,
    owner: Owner | null,
    prepare: HomePreparation | null,
  ): Promise<{ capped: boolean; fresh: boolean }> {
    const dirs = this.dirs(id);
    const imageExists = await stat(dirs.image).then(
      () => true,
      () => false,
    );
    const plainHome = await readdir(dirs.home).then(
      (names) => names.length > 0,
      () => false,
    );
    if (owner && (await this.diskCapped()) && !(await isMounted(dirs.home))) {
      if (imageExists) {
        await this.mountHomeImage(id, false);
        if (prepare) await growImage(dirs.image, dirs.home, prepare.diskGib);
        return { capped: true, fresh: false };
      }
      if (plainHome) return { capped: await this.moveIntoImage(id, owner, prepare), fresh: false };
      if (!prepare) throw new LabPathError('not_found');
      await createImage(dirs.image, prepare.diskGib, owner);
      await this.mountHomeImage(id, true);
      await ownByDescriptor(dirs.home, owner, 0o700);
      return { capped: true, fresh: true };
    }
    if (await isMounted(dirs.home)) return { capped: true, fresh: false };
    const exists = await stat(dirs.home).then(
      () => true,
      () => false,
    );
    if (!exists) {
      if (!prepare) throw new LabPathError('not_found');
      await mkdir(dirs.home, { mode: 0o700 });
    }
    if (owner) await ownByDescriptor(dirs.home, owner, 0o700);
    return { capped: false, fresh: !exists };
  }

  /**
   * A home made before homes had their own file system moves into one, copied by the lab's uid
   * inside a sandbox. If it does not fit, it stays a plain folder and the lab says so.
   */
  private async moveIntoImage(
    id: string,
    owner: Owner,
    prepare: HomePreparation | null,
  ): Promise<boolean> {
    const dirs = this.dirs(id);
    await rename(dirs.home, dirs.previous);
    try {
      await createImage(dirs.image, prepare?.diskGib ?? defaultDiskGib, owner);
      await this.mountHomeImage(id, true);
      await ownByDescriptor(dirs.home, owner, 0o700);
      await copyInto(this.accessOf(id, owner), dirs.previous);
    } catch {
      if (await isMounted(dirs.home)) await unmountImage(dirs.home);
      await rm(dirs.image, { force: true });
      await rmdir(dirs.home).catch(() => {});
      await rename(dirs.previous, dirs.home);
      return false;
    }
    await clearIn({ home: dirs.previous, owner, seccompFile: this.seccompFile });
    await rmdir(dirs.previous);
    return true;
  }

  /** Deletes the home: its image, or (a plain folder) its files as the lab's uid. */
  private async wipeHome(id: string): Promise<void> {
    for (let waited = 0; this.homes.has(id) && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.serial(id, async () => {
      if (this.homes.has(id)) throw new Error('the lab home is still in use');
      const dirs = this.dirs(id);
      if (await isMounted(dirs.home)) await unmountImage(dirs.home);
      if (await isMounted(dirs.home)) throw new Error('the lab home could not be unmounted');
      const hadImage = await stat(dirs.image).then(
        () => true,
        () => false,
      );
      if (hadImage) {
        await rm(dirs.image, { force: true });
        await rmdir(dirs.home).catch(() => {});
        return;
      }
      const plain = await readdir(dirs.home).then(
        () => true,
        () => false,
      );
      if (plain) {
        await clearIn(this.accessOf(id, await this.ownerOf(id)));
        await rmdir(dirs.home);
      }
    });
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
    const dirs = this.dirs(spec.id);
    record.home = await this.openHome(spec.id, {
      diskGib: spec.resources.diskSize || defaultDiskGib,
      initialFiles: spec.initialFiles,
    });
    const owner = record.home.access.owner;
    await this.removeRun(spec.id, owner);
    await rm(dirs.sockets, { recursive: true, force: true });
    await mkdir(dirs.sockets, { mode: 0o755 });
    await chmod(dirs.sockets, 0o755);
    if (spec.runner === 'jupyter') {
      await mkdir(dirs.run, { mode: 0o700 });
      if (owner) await ownByDescriptor(dirs.run, owner, 0o700);
    }
    await mkdir(dirs.etc, { recursive: true });
    const hostname = `lab-${spec.id.slice(-8)}`;
    await writeFile(join(dirs.etc, 'passwd'), passwdFile());
    await writeFile(join(dirs.etc, 'group'), groupFile());
    await writeFile(join(dirs.etc, 'hosts'), hostsFile(hostname));
    await writeFile(join(dirs.etc, 'hostname'), `${hostname}\n`);
    if (spec.broker) {
      const socketPath = join(dirs.sockets, 'mqtt.sock');
      record.closeBroker = await spec.broker(socketPath);
      await chmod(socketPath, 0o666);
    }

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
    const seccomp = this.seccompFile;
    const sandbox = bwrapArgs({
      paths: {
        home: dirs.home,
        ...(spec.runner === 'jupyter' ? { run: dirs.run } : {}),
        sockets: dirs.sockets,
        assets: this.assets,
        etcDir: dirs.etc,
      },
      hostname: `lab-${spec.id.slice(-8)}`,
      env: { ...this.sandboxEnv(record), ...extraEnv },
      command: withBroker,
      limits: {
        seccompFd: seccomp ? launcherSeccompFd : null,
        tmpBytes: Math.max(64 * 1024 ** 2, spec.resources.memorySize * 1024 ** 3),
      },
    });
    const owner = record.home?.access.owner;
    const drop = owner
      ? ['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--']
      : [];
    return {
      file: '/bin/sh',
      args: ['-c', launcherScript, 'lab-launch', ...drop, 'bwrap', ...sandbox],
      env: {
        PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
        LAB_CGROUP_PROCS: (record.cgroup?.procsFiles ?? []).join(':'),
        LAB_SECCOMP: seccomp ?? '',
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
    let frozen = false;
    while (Date.now() < deadline) {
      if (exited) {
        throw new LabError({
          key: 'labs.start_failed',
          params: { reason: 'the notebook server exited while starting' },
        });
      }
      if (!frozen && (await lstat(socketPath).catch(() => null))?.isSocket()) {
        await this.freezeRun(record);
        frozen = true;
      }
      if (frozen && (await probeStatus(socketPath, record.secret))) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new LabError({ key: 'labs.terminal_timeout' });
  }

  /**
   * Once the notebook server has made its socket, the folder holding it becomes root's, so the
   * lab cannot swap the socket for a link to a host socket that the gateway would then reach.
   */
  private async freezeRun(record: LabRecord): Promise<void> {
    const dirs = this.dirs(record.spec.id);
    const owner = record.home?.access.owner;
    if (owner) await ownByDescriptor(dirs.run, { uid: 0, gid: 0 }, 0o755);
    const socket = await lstat(join(dirs.run, 'jupyter.sock'));
    const names = await readdir(dirs.run);
    if (
      !socket.isSocket() ||
      (owner && socket.uid !== owner.uid) ||
      names.length !== 1 ||
      names[0] !== 'jupyter.sock'
    ) {
      throw new LabError({
        key: 'labs.start_failed',
        params: { reason: 'the notebook server socket was replaced' },
      });
    }
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
    const dirs = this.dirs(record.spec.id);
    await this.removeRun(record.spec.id, record.home?.access.owner ?? null).catch(() => {});
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
    await this.wipeHome(spec.id);
    const home = await this.openHome(spec.id, {
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
    const dirs = this.dirs(id);
    const exists = await stat(dirs.base).then(
      () => true,
      () => false,
    );
    if (!exists) return;
    await this.wipeHome(id);
    await this.removeRun(id, await this.ownerOf(id));
    await this.uids.release(dirs.base);
    await rm(dirs.base, { recursive: true, force: true });
  }

  /**
   * Removes Jupyter's socket folder without root ever walking what the lab made: a frozen
   * folder (root's, see freezeRun) holds only the socket; one the lab still owns is emptied by
   * the lab's uid in the file helper's sandbox.
   */
  private async removeRun(id: string, owner: Owner | null): Promise<void> {
    const { run } = this.dirs(id);
    const info = await lstat(run).catch(() => null);
    if (!info) return;
    // Without root the lab has the platform's own uid: nothing here is more than it could do.
    if (!owner || !info.isDirectory()) return rm(run, { recursive: true, force: true });
    if (info.uid !== 0) {
      await clearIn({ home: run, owner, seccompFile: this.seccompFile });
    } else {
      for (const name of await readdir(run)) await unlink(join(run, name));
    }
    await rmdir(run);
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
    const launch = this.launcher(record, ['/bin/bash', '-c', `cd ~ && ${request.script}`]);
    return new Promise((resolve) => {
      const child = spawn(launch.file, launch.args, {
        env: launch.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const output = new CappedOutput(request.maxOutputBytes);
      let timedOut = false;
      for (const name of ['stdout', 'stderr'] as const) child[name].on('data', output.keep(name));
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
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
   * Starts `command` in a running lab's sandbox with its streams open, the way a container
   * runtime's exec does: on a pseudo-terminal with `tty`, else with separate pipes.
   */
  spawnIn(id: string, command: string[], options: { tty: boolean }): SandboxProcess {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.home) {
      throw new LabError({ key: 'labs.not_running' });
    }
    const launch = this.launcher(record, command);
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
      kill: () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      },
    };
  }

  http(id: string): HttpEndpoint | null {
    const record = this.labs.get(id);
    if (!record || record.status.state !== 'running' || !record.secret) return null;
    return {
      socketPath: join(this.dirs(id).run, 'jupyter.sock'),
      secretHeader: { name: secretHeader, value: record.secret },
    };
  }

  /** Every file request runs as the lab's uid in a sandbox that sees only the lab's home. */
  readonly files: LabFiles = {
    list: (id, path) => this.withHome(id, (access) => listIn(access, path)),
    read: async (id, path) => {
      const home = await this.openHome(id, null);
      try {
        const file = await readIn(home.access, path);
        file.stream.once('close', () => void home.release());
        return file;
      } catch (error) {
        await home.release();
        throw error;
      }
    },
    write: (id, path, data, maxBytes) =>
      this.withHome(id, (access) => writeIn(access, path, data, maxBytes)),
  };

  private async withHome<T>(id: string, work: (access: HomeAccess) => Promise<T>): Promise<T> {
    const home = await this.openHome(id, null);
    try {
      return await work(home.access);
    } finally {
      await home.release();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.labs.keys()].map((id) => this.stop(id)));
    await removeOwnerCgroup(this.cgroupPlace);
  }
}

/** Where a lab folder records the driver that mounted its home. */
const ownerFile = 'home.owner';
const ownerLockName = (key: string) => `labs-owner:${key}`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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

/** Gives a folder the platform made to `owner` through its descriptor, never by path. */
async function ownByDescriptor(dir: string, owner: Owner, mode: number): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    await handle.chown(owner.uid, owner.gid);
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
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
