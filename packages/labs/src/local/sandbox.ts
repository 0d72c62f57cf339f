import { existsSync, lstatSync } from 'node:fs';

/** Where things are inside every sandbox. */
export const inside = {
  home: '/home/lab',
  run: '/run/lab',
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
  run: string;
  assets: string;
  etcDir: string;
}

export interface SandboxOptions {
  paths: SandboxPaths;
  hostname: string;
  env: Record<string, string>;
  command: string[];
}

/** The bubblewrap command line for one lab. No network namespace is shared with the host. */
export function bwrapArgs(options: SandboxOptions): string[] {
  const { paths } = options;
  const args = [
    '--unshare-user',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-uts',
    '--unshare-net',
    '--unshare-cgroup-try',
    '--uid',
    String(inside.uid),
    '--gid',
    String(inside.gid),
    '--hostname',
    options.hostname,
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const dir of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const host = `/${dir}`;
    if (!existsSync(host)) continue;
    if (lstatSync(host).isSymbolicLink()) args.push('--symlink', `usr/${dir}`, host);
    else args.push('--ro-bind', host, host);
  }
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
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/var/tmp',
    '--tmpfs',
    '/run',
    '--bind',
    paths.run,
    inside.run,
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

export function passwdFile(): string {
  return `${inside.user}:x:${inside.uid}:${inside.gid}:Lab user:${inside.home}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`;
}

export function groupFile(): string {
  return `${inside.user}:x:${inside.gid}:\nnogroup:x:65534:\n`;
}

export function hostsFile(hostname: string): string {
  return `127.0.0.1\tlocalhost ${hostname}\n::1\tlocalhost ip6-localhost ip6-loopback\n`;
}
