import { existsSync, lstatSync } from 'node:fs';

/** Where things are inside every sandbox. */
export const inside = {
  home: '/home/lab',
  run: '/run/lab',
  sockets: '/run/platform',
  assets: '/opt/lab',
  uid: 1000,
  gid: 1000,
  user: 'lab',
} as const;

/** Host files under /etc a shell and Python need; the rest of /etc stays out of sight. */
const etcFiles = [
  'alternatives',
  'bash.bashrc',
  'profile',
  'profile.d',
  'inputrc',
  'nsswitch.conf',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'localtime',
  'mime.types',
  'terminfo',
  'jupyter',
  'python3',
  'python3.11',
  'matplotlibrc',
  'vim',
  'nanorc',
  'mosquitto',
  'ssl',
  'ca-certificates',
  'ca-certificates.conf',
  'debian_version',
  'os-release',
  'issue',
  'lsb-release',
  'environment',
  'fonts',
];

export interface SandboxPaths {
  home: string;
  /** The lab's own socket folder (`/run/lab`): Jupyter listens there. */
  run?: string;
  /** Sockets the platform offers the lab (`/run/platform`), read-only. */
  sockets?: string;
  assets: string;
  etcDir: string;
}

/** Limits every sandbox gets: the seccomp filter's descriptor and the size of its /tmp. */
export interface SandboxLimits {
  /** Descriptor the filter program is readable from in bubblewrap, or null without one. */
  seccompFd: number | null;
  tmpBytes: number;
}

export interface SandboxOptions {
  paths: SandboxPaths;
  hostname: string;
  env: Record<string, string>;
  command: string[];
  limits: SandboxLimits;
}

/** Namespaces, no nested user namespaces, the syscall filter and the read-only system. */
function baseArgs(limits: SandboxLimits): string[] {
  const args = [
    '--unshare-user',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-uts',
    '--unshare-net',
    '--unshare-cgroup-try',
    '--disable-userns',
    '--uid',
    String(inside.uid),
    '--gid',
    String(inside.gid),
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  if (limits.seccompFd !== null) args.push('--seccomp', String(limits.seccompFd));
  for (const dir of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const host = `/${dir}`;
    if (!existsSync(host)) continue;
    if (lstatSync(host).isSymbolicLink()) args.push('--symlink', `usr/${dir}`, host);
    else args.push('--ro-bind', host, host);
  }
  return args;
}

const tmpfs = (bytes: number, path: string) => [
  '--size',
  String(Math.floor(bytes)),
  '--tmpfs',
  path,
];

/** The bubblewrap command line for one lab. No network namespace is shared with the host. */
export function bwrapArgs(options: SandboxOptions): string[] {
  const { paths, limits } = options;
  const args = [...baseArgs(limits), '--hostname', options.hostname];
  for (const name of etcFiles) {
    const host = `/etc/${name}`;
    if (existsSync(host)) args.push('--ro-bind', host, host);
  }
  args.push(
    '--ro-bind',
    `${paths.etcDir}/passwd`,
    '/etc/passwd',
    '--ro-bind',
    `${paths.etcDir}/group`,
    '/etc/group',
    '--ro-bind',
    `${paths.etcDir}/hosts`,
    '/etc/hosts',
    '--ro-bind',
    `${paths.etcDir}/hostname`,
    '/etc/hostname',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...tmpfs(limits.tmpBytes, '/tmp'),
    ...tmpfs(256 * 1024 ** 2, '/var/tmp'),
    ...tmpfs(16 * 1024 ** 2, '/run'),
  );
  if (paths.run) args.push('--bind', paths.run, inside.run);
  if (paths.sockets) args.push('--ro-bind', paths.sockets, inside.sockets);
  args.push(
    '--ro-bind',
    paths.assets,
    inside.assets,
    '--bind',
    paths.home,
    inside.home,
    '--chdir',
    inside.home,
    '--die-with-parent',
    '--clearenv',
  );
  const env: Record<string, string> = {
    HOME: inside.home,
    USER: inside.user,
    LOGNAME: inside.user,
    SHELL: '/bin/bash',
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  args.push('--', ...options.command);
  return args;
}

/**
 * A sandbox for the platform's own work on a home (listing, reading, writing files): the home
 * and the read-only system only, as the lab's uid, so the kernel keeps every path inside the
 * lab's own view whatever the lab does to its files meanwhile.
 */
export function helperArgs(
  home: string,
  limits: SandboxLimits,
  command: string[],
  extraBinds: { host: string; inside: string }[] = [],
): string[] {
  const args = [
    ...baseArgs(limits),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...tmpfs(1024 ** 2, '/tmp'),
    '--bind',
    home,
    inside.home,
  ];
  for (const bind of extraBinds) args.push('--bind', bind.host, bind.inside);
  args.push(
    '--chdir',
    inside.home,
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'LC_ALL',
    'C.UTF-8',
    '--',
    ...command,
  );
  return args;
}

export function passwdFile(): string {
  return `${inside.user}:x:${inside.uid}:${inside.gid}:Lab user:${inside.home}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`;
}

export function groupFile(): string {
  return `${inside.user}:x:${inside.gid}:\nnogroup:x:65534:\n`;
}

export function hostsFile(hostname: string): string {
  return `127.0.0.1\tlocalhost ${hostname}\n::1\tlocalhost ip6-localhost ip6-loopback\n`;
}
