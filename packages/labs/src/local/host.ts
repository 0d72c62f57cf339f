import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Enforcement } from '@platform/contract';
import type { HostCheck, HostReport } from '../driver';
import { createCgroup, defaultCgroupGroup, removeOwnerCgroup } from './cgroups';
import { probeDiskCap } from './disk';
import { seccompArch } from './seccomp';
import { isRoot } from './root';

export { isRoot };

const run = promisify(execFile);

async function output(file: string, args: string[]): Promise<string | null> {
  try {
    const { stdout, stderr } = await run(file, args, { timeout: 15_000 });
    return (stdout || stderr).trim();
  } catch {
    return null;
  }
}

/**
 * What this host has for each lab kind, and how to get what it lacks (Debian package names).
 * `labsRoot` is where a disk-cap probe may make a small image; without it the cap is not probed.
 */
export async function probeHost(labsRoot?: string, diskCap = true): Promise<HostReport> {
  const checks: HostCheck[] = [];
  const bwrapVersion = await output('bwrap', ['--version']);
  checks.push({
    name: 'bubblewrap',
    ok: Boolean(bwrapVersion),
    detail: bwrapVersion ?? 'bwrap was not found on PATH',
    install: bwrapVersion ? null : 'apt-get install bubblewrap',
  });
  /** Echoes `word` from a minimal sandbox made with `flags`, or answers null. */
  const sandboxSays = (flags: string[], word: string) =>
    bwrapVersion
      ? output('bwrap', [
          ...flags,
          '--ro-bind',
          '/usr',
          '/usr',
          ...['bin', 'lib', 'lib64'].flatMap((dir) => ['--symlink', `usr/${dir}`, `/${dir}`]),
          '--',
          '/bin/echo',
          word,
        ])
      : Promise.resolve(null);
  const userns = await sandboxSays(
    ['--unshare-user', '--unshare-net', '--unshare-pid', '--proc', '/proc'],
    'sandbox-ok',
  );
  checks.push({
    name: 'user namespaces',
    ok: userns === 'sandbox-ok',
    detail:
      userns === 'sandbox-ok'
        ? 'bubblewrap can make a sandbox without privileges'
        : 'bubblewrap could not create a user namespace',
    install:
      userns === 'sandbox-ok'
        ? null
        : 'sysctl -w kernel.unprivileged_userns_clone=1 (or run as root)',
  });
  let pty = false;
  try {
    await import('node-pty');
    pty = true;
  } catch {
    pty = false;
  }
  checks.push({
    name: 'node-pty',
    ok: pty,
    detail: pty ? 'terminals can be opened' : 'the node-pty addon did not load',
    install: pty ? null : 'apt-get install g++ make python3 && npm rebuild node-pty',
  });
  const notebook = await output('/usr/bin/python3', [
    '-c',
    'import notebook, ipykernel; print(notebook.__version__)',
  ]);
  const hasNotebook = Boolean(notebook) && existsSync('/usr/bin/jupyter-notebook');
  checks.push({
    name: 'jupyter-notebook',
    ok: hasNotebook,
    detail: hasNotebook
      ? `notebook ${notebook}`
      : "Debian's notebook server or ipykernel is missing",
    install: hasNotebook ? null : 'apt-get install jupyter-notebook python3-ipykernel',
  });
  const mqttClients = existsSync('/usr/bin/mosquitto_sub');
  checks.push({
    name: 'mosquitto-clients',
    ok: mqttClients,
    detail: mqttClients
      ? 'students can use mosquitto_sub and mosquitto_pub in their shells'
      : 'no command-line MQTT client for students (optional)',
    install: mqttClients ? null : 'apt-get install mosquitto-clients',
  });
  const paho = await output('/usr/bin/python3', ['-c', 'import paho.mqtt; print("ok")']);
  checks.push({
    name: 'python3-paho-mqtt',
    ok: paho === 'ok',
    detail:
      paho === 'ok' ? 'students can use MQTT from Python' : 'no MQTT library for Python (optional)',
    install: paho === 'ok' ? null : 'apt-get install python3-paho-mqtt',
  });
  const root = isRoot();
  checks.push({
    name: 'own uid per lab',
    ok: root,
    detail: root
      ? 'the server runs as root and gives each lab its own uid'
      : 'the server is not root: labs share its uid and are kept apart by their mount namespaces only',
    install: root ? null : 'run the server as root to give each lab its own uid',
  });
  const place = { group: defaultCgroupGroup, owner: `probe-${process.pid}` };
  const probe = await createCgroup('probe', { cpuCore: 1, memorySize: 1 }, place);
  await probe.remove();
  await removeOwnerCgroup(place);
  checks.push({
    name: 'cgroups',
    ok: probe.cpu && probe.memory,
    detail:
      probe.cpu && probe.memory
        ? 'CPU and memory limits are enforced'
        : 'CPU and memory limits cannot be enforced (needs a writable cgroup hierarchy)',
    install:
      probe.cpu && probe.memory ? null : 'run the server as root with /sys/fs/cgroup writable',
  });
  const disk =
    labsRoot && diskCap
      ? await probeDiskCap(labsRoot)
      : { ok: false, detail: 'disk caps are turned off for this driver' };
  checks.push({
    name: 'disk cap',
    ok: disk.ok,
    detail: disk.ok ? disk.detail : `a lab's disk use is not capped: ${disk.detail}`,
    install: disk.ok ? null : 'run the server as root on a host with loop devices and e2fsprogs',
  });
  const noNestedUserns = await sandboxSays(['--unshare-user', '--disable-userns'], 'no-userns');
  const syscalls = noNestedUserns === 'no-userns' && seccompArch() !== null;
  checks.push({
    name: 'syscall filter',
    ok: syscalls,
    detail: syscalls
      ? 'labs run under a seccomp filter and cannot create user namespaces'
      : seccompArch()
        ? 'bubblewrap cannot turn off user namespaces inside labs (needs bubblewrap 0.8 or newer)'
        : `no syscall filter for the ${process.arch} architecture`,
    install: syscalls ? null : 'apt-get install bubblewrap (0.8 or newer) on x86_64 or arm64',
  });
  const sandbox = Boolean(bwrapVersion) && userns === 'sandbox-ok';
  const missing = (ok: boolean, what: string) => (ok ? [] : [what]);
  const enforced: Enforcement = {
    cpu: probe.cpu,
    memory: probe.memory,
    disk: disk.ok,
    uid: root,
    network: sandbox,
    syscalls,
  };
  return {
    driver: 'local',
    checks,
    runners: {
      terminal: {
        ok: sandbox && pty,
        missing: [...missing(sandbox, 'bubblewrap'), ...missing(pty, 'node-pty')],
      },
      jupyter: {
        ok: sandbox && hasNotebook,
        missing: [...missing(sandbox, 'bubblewrap'), ...missing(hasNotebook, 'jupyter-notebook')],
      },
    },
    enforced,
  };
}
