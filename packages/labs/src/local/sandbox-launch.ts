import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LabSpec } from '../driver';
import type { Owner } from './home-files';
import { brokerEnv, withBrokerForward } from './lab-broker';
import type { LabFolders } from './lab-folders';
import { bwrapArgs, groupFile, hostsFile, passwdFile } from './sandbox';

/** Joins the lab's cgroups, opens the syscall filter for bubblewrap on fd 9, then runs it. */
const launcherScript =
  'IFS=:; for f in $LAB_CGROUP_PROCS; do echo $$ 2>/dev/null > "$f" || :; done; ' +
  'if [ -n "$LAB_SECCOMP" ]; then exec 9<"$LAB_SECCOMP" || exit 1; fi; ' +
  'unset LAB_CGROUP_PROCS LAB_SECCOMP IFS; exec "$@"';
const launcherSeccompFd = 9;

/** A program to start on the host, with its arguments and environment. */
export interface LaunchCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
}

/** What a command in a running lab's sandbox is started with. */
export interface LaunchContext {
  spec: LabSpec;
  folders: LabFolders;
  assets: string;
  seccompFile: string | null;
  /** The lab's uid to drop to; null keeps the platform's own. */
  owner: Owner | null;
  /** The `cgroup.procs` files of the lab's cgroups. */
  cgroupProcs: string[];
}

export const hostnameOf = (id: string) => `lab-${id.slice(-8)}`;

/** Writes the few files the sandbox sees under /etc besides the host's. */
export async function writeSandboxEtc(etcDir: string, hostname: string): Promise<void> {
  await mkdir(etcDir, { recursive: true });
  await writeFile(join(etcDir, 'passwd'), passwdFile());
  await writeFile(join(etcDir, 'group'), groupFile());
  await writeFile(join(etcDir, 'hosts'), hostsFile(hostname));
  await writeFile(join(etcDir, 'hostname'), `${hostname}\n`);
}

/** sh (joins the cgroups) → setpriv (drops to the lab's uid) → bwrap → command. */
export function launchCommand(
  context: LaunchContext,
  command: string[],
  extraEnv: Record<string, string> = {},
): LaunchCommand {
  const { spec, folders, seccompFile: seccomp, owner } = context;
  const sandbox = bwrapArgs({
    paths: {
      home: folders.home,
      ...(spec.runner === 'jupyter' ? { run: folders.run } : {}),
      sockets: folders.sockets,
      assets: context.assets,
      etcDir: folders.etc,
    },
    hostname: hostnameOf(spec.id),
    env: { ...(spec.env ?? {}), ...brokerEnv(spec), ...extraEnv },
    command: withBrokerForward(spec, command),
    limits: {
      seccompFd: seccomp ? launcherSeccompFd : null,
      tmpBytes: Math.max(64 * 1024 ** 2, spec.resources.memorySize * 1024 ** 3),
    },
  });
  const drop = owner
    ? ['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--']
    : [];
  return {
    file: '/bin/sh',
    args: ['-c', launcherScript, 'lab-launch', ...drop, 'bwrap', ...sandbox],
    env: {
      PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
      LAB_CGROUP_PROCS: context.cgroupProcs.join(':'),
      LAB_SECCOMP: seccomp ?? '',
    },
  };
}
