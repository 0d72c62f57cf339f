import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellResult, specFor } from '../conformance';
import { LocalDriver } from './local-driver';
import {
  clone3,
  deniedFamilies,
  flagCheckedCalls,
  namespaceFlags,
  seccompArch,
  seccompProgram,
  syscallNumber,
} from './seccomp';

const target = seccompArch()!;
const dir = mkdtempSync(join(tmpdir(), 'labs-seccomp-'));
const filterFile = join(dir, 'filter.bpf');
writeFileSync(filterFile, seccompProgram(target));

/**
 * Arguments that make each call fail harmlessly without the filter (a bad pointer, descriptor,
 * flag or command), so EPERM can only come from the filter.
 */
const badArgs: Record<string, number[]> = {
  add_key: [0, 0, 0, 0, 0],
  request_key: [0, 0, 0, 0],
  keyctl: [9999, 0, 0, 0, 0],
  bpf: [9999, 0, 0],
  perf_event_open: [0, 0, -1, -1, 0],
  userfaultfd: [0xffff],
  mount: [1, 1, 1, 0, 0],
  umount2: [1, 0xffff],
  pivot_root: [1, 1],
  open_tree: [-1, 1, 0xffffff],
  move_mount: [-1, 1, -1, 1, 0xffffff],
  fsopen: [1, 0xffffff],
  fsconfig: [-1, 0, 0, 0, 0],
  fsmount: [-1, 0xffffff, 0],
  fspick: [-1, 1, 0xffffff],
  mount_setattr: [-1, 1, 0xffffff, 0, 0],
  setns: [-1, 0],
  init_module: [0, 0, 0],
  finit_module: [-1, 0, 0xffff],
  delete_module: [1, 0],
  clock_settime: [9999, 1],
  clock_adjtime: [9999, 1],
  settimeofday: [1, 1],
  adjtimex: [1],
  kexec_load: [0, 0, 0, 0xffffffff],
  kexec_file_load: [-1, -1, 0, 0, 0xffffffff],
  reboot: [0, 0, 0, 0],
  swapon: [1, 0],
  swapoff: [1],
  acct: [1],
  quotactl: [0xffffffff, 1, 0, 1],
  syslog: [9999, 0, 0],
  open_by_handle_at: [-1, 1, 0],
  lookup_dcookie: [0, 1, 0],
  vhangup: [],
  io_uring_setup: [0, 0],
  io_uring_enter: [-1, 0, 0, 0, 0, 0],
  io_uring_register: [-1, 0, 0, 0],
  iopl: [99],
  ioperm: [0xffffffff, 1, 1],
  clone: [namespaceFlags | 0x200, 0, 0, 0, 0],
  unshare: [0x10000000 | 0x1],
  clone3: [0, 0],
};

/** Calls that would act if they succeeded without the filter: only their filtered answer is read. */
const noUnfilteredCall = new Set(['vhangup']);

const probe = `
import ctypes, json, sys
libc = ctypes.CDLL(None, use_errno=True)
calls = json.loads(sys.argv[2])
def run(skip):
    out = {}
    for name, (nr, args) in calls.items():
        if name in skip:
            continue
        ctypes.set_errno(0)
        libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
        out[name] = ctypes.get_errno()
    return out
before = run(set(json.loads(sys.argv[3])))
class Prog(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]
data = open(sys.argv[1], 'rb').read()
buf = ctypes.create_string_buffer(data, len(data))
prog = Prog(len(data) // 8, ctypes.cast(buf, ctypes.c_void_p))
assert libc.prctl(38, 1, 0, 0, 0) == 0
assert libc.prctl(22, 2, ctypes.byref(prog), 0, 0) == 0, ctypes.get_errno()
print(json.dumps({'before': before, 'after': run(set()), 'getpid': libc.getpid() > 0}))
`;

function errnosOf(names: string[], numbers: Record<string, readonly [number, number]>) {
  const calls: Record<string, [number, number[]]> = {};
  for (const name of names) {
    const nr = syscallNumber(numbers[name]!, target);
    if (nr >= 0) calls[name] = [nr, badArgs[name] ?? []];
  }
  const out = execFileSync('python3', [
    '-c',
    probe,
    filterFile,
    JSON.stringify(calls),
    JSON.stringify([...noUnfilteredCall]),
  ]).toString();
  return {
    calls,
    ...(JSON.parse(out) as {
      before: Record<string, number>;
      after: Record<string, number>;
      getpid: boolean;
    }),
  };
}

const EPERM = 1;
const ENOSYS = 38;

describe('the lab syscall filter', () => {
  it.each(Object.entries(deniedFamilies))(
    'denies the %s family with EPERM where the call would otherwise answer differently',
    (_family, calls) => {
      const result = errnosOf(Object.keys(calls), calls);
      expect(Object.keys(result.calls).length).toBeGreaterThan(0);
      for (const name of Object.keys(result.calls)) {
        expect(result.after[name], name).toBe(EPERM);
        if (!noUnfilteredCall.has(name)) expect(result.before[name], name).not.toBe(EPERM);
      }
      expect(result.getpid).toBe(true);
    },
  );

  it('denies namespace flags of clone and unshare, and answers clone3 with ENOSYS', () => {
    const result = errnosOf(['clone', 'unshare', 'clone3'], { ...flagCheckedCalls, clone3 });
    expect(result.after).toEqual({ clone: EPERM, unshare: EPERM, clone3: ENOSYS });
    expect(result.before.clone).not.toBe(EPERM);
    expect(result.before.unshare).not.toBe(EPERM);
    expect(result.before.clone3).not.toBe(ENOSYS);
  });
});

describe('a running lab', () => {
  const driver = new LocalDriver({ root: join(dir, 'labs') });
  const spec = specFor('terminal');
  beforeAll(() => driver.start(spec));
  afterAll(async () => {
    await driver.remove(spec.id);
    await driver.close();
  });

  it('runs under the filter, and says so', async () => {
    expect(driver.status(spec.id)!.enforced.syscalls).toBe(true);
    expect(driver.status(spec.id)!.notes).not.toContain('syscalls');
    const shell = driver.terminal(spec.id);
    expect(await shellResult(shell, 'grep ^Seccomp: /proc/self/status')).toMatch(/Seccomp:\s+2/);
    const addKey = syscallNumber(deniedFamilies.keyring.add_key, target);
    expect(
      await shellResult(
        shell,
        `python3 -c "import ctypes; l=ctypes.CDLL(None, use_errno=True); print(l.syscall(${addKey}, b'user', b'k', b'v', 1, -3), ctypes.get_errno())"`,
      ),
    ).toBe('-1 1');
  });

  it('cannot make user or mount namespaces', async () => {
    const shell = driver.terminal(spec.id);
    expect(
      await shellResult(shell, 'unshare -U true 2>/dev/null && echo made || echo refused'),
    ).toBe('refused');
    expect(
      await shellResult(shell, 'unshare -Ur true 2>/dev/null && echo made || echo refused'),
    ).toBe('refused');
    expect(
      await shellResult(shell, 'unshare -m true 2>/dev/null && echo made || echo refused'),
    ).toBe('refused');
  });
});
