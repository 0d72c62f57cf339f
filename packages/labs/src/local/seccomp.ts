import { arch } from 'node:process';

/**
 * The system calls a lab never needs, by family, with their numbers on the architectures the
 * local driver supports (from the kernel's unistd tables: x86_64 `asm/unistd_64.h`, arm64 the
 * generic `asm-generic/unistd.h`). A lab that makes one gets EPERM; `clone3` answers ENOSYS so
 * the C library falls back to `clone`, whose namespace flags are checked.
 */
export const deniedFamilies = {
  keyring: { add_key: [248, 217], request_key: [249, 218], keyctl: [250, 219] },
  bpf: { bpf: [321, 280] },
  perf: { perf_event_open: [298, 241] },
  userfaultfd: { userfaultfd: [323, 282] },
  mount: {
    mount: [165, 40],
    umount2: [166, 39],
    pivot_root: [155, 41],
    open_tree: [428, 428],
    move_mount: [429, 429],
    fsopen: [430, 430],
    fsconfig: [431, 431],
    fsmount: [432, 432],
    fspick: [433, 433],
    mount_setattr: [442, 442],
  },
  namespace: { setns: [308, 268] },
  module: { init_module: [175, 105], finit_module: [313, 273], delete_module: [176, 106] },
  clock: {
    clock_settime: [227, 112],
    clock_adjtime: [305, 266],
    settimeofday: [164, 170],
    adjtimex: [159, 171],
  },
  host: {
    kexec_load: [246, 104],
    kexec_file_load: [320, 294],
    reboot: [169, 142],
    swapon: [167, 224],
    swapoff: [168, 225],
    acct: [163, 89],
    quotactl: [179, 60],
    syslog: [103, 116],
    open_by_handle_at: [304, 265],
    lookup_dcookie: [212, 18],
    vhangup: [153, 58],
  },
  io_uring: {
    io_uring_setup: [425, 425],
    io_uring_enter: [426, 426],
    io_uring_register: [427, 427],
  },
  ports: { iopl: [172, -1], ioperm: [173, -1] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;

/** Calls whose namespace flags (first argument) are refused, and `clone3`, answered ENOSYS. */
export const flagCheckedCalls = { clone: [56, 220], unshare: [272, 97] } as const;
export const clone3 = [435, 435] as const;

/** CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, and NEWTIME for unshare. */
export const namespaceFlags = 0x7e020000;
const newTime = 0x80;

export type SeccompArch = 'x64' | 'arm64';
const auditArch: Record<SeccompArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };
const column: Record<SeccompArch, 0 | 1> = { x64: 0, arm64: 1 };

export function seccompArch(): SeccompArch | null {
  return arch === 'x64' || arch === 'arm64' ? arch : null;
}

/** The number of a call on an architecture, or -1 when it has none there. */
export function syscallNumber(pair: readonly [number, number], target: SeccompArch): number {
  return pair[column[target]];
}

const LD_W_ABS = 0x20;
const JEQ = 0x15;
const JGE = 0x35;
const JSET = 0x45;
const RET = 0x06;
const ALLOW = 0x7fff0000;
const errno = (n: number) => 0x00050000 | n;
const EPERM = 1;
const ENOSYS = 38;
const offsetNr = 0;
const offsetArch = 4;
const offsetArg0Low = 16;

interface Insn {
  code: number;
  jt: number | string;
  jf: number | string;
  k: number;
  label?: string;
}

/**
 * A classic BPF program for seccomp (what bubblewrap's `--seccomp FD` loads): other
 * architectures (32-bit compatibility calls included) and x32 calls are refused, the denied
 * calls answer EPERM, and everything else is allowed.
 */
export function seccompProgram(target: SeccompArch): Buffer {
  const insns: Insn[] = [];
  const emit = (code: number, k: number, jt: number | string = 0, jf: number | string = 0) =>
    insns.push({ code, jt, jf, k });
  const label = (name: string) => {
    insns.push({ code: -1, jt: 0, jf: 0, k: 0, label: name });
  };

  emit(LD_W_ABS, offsetArch);
  emit(JEQ, auditArch[target], 0, 'deny');
  emit(LD_W_ABS, offsetNr);
  if (target === 'x64') emit(JGE, 0x40000000, 'deny', 0);
  for (const family of Object.values(deniedFamilies)) {
    for (const pair of Object.values(family) as (readonly [number, number])[]) {
      const nr = syscallNumber(pair, target);
      if (nr >= 0) emit(JEQ, nr, 'deny', 0);
    }
  }
  emit(JEQ, syscallNumber(clone3, target), 'nosys', 0);
  emit(JEQ, syscallNumber(flagCheckedCalls.clone, target), 'clone', 0);
  emit(JEQ, syscallNumber(flagCheckedCalls.unshare, target), 'unshare', 0);
  emit(RET, ALLOW);
  label('clone');
  emit(LD_W_ABS, offsetArg0Low);
  emit(JSET, namespaceFlags, 'deny', 0);
  emit(RET, ALLOW);
  label('unshare');
  emit(LD_W_ABS, offsetArg0Low);
  emit(JSET, namespaceFlags | newTime, 'deny', 0);
  emit(RET, ALLOW);
  label('nosys');
  emit(RET, errno(ENOSYS));
  label('deny');
  emit(RET, errno(EPERM));

  const positions = new Map<string, number>();
  const program: Insn[] = [];
  for (const insn of insns) {
    if (insn.label) positions.set(insn.label, program.length);
    else program.push(insn);
  }
  const out = Buffer.alloc(program.length * 8);
  program.forEach((insn, index) => {
    const jump = (target: number | string) => {
      if (typeof target === 'number') return target;
      const offset = positions.get(target)! - index - 1;
      if (offset < 0 || offset > 255) throw new Error(`seccomp jump to ${target} out of range`);
      return offset;
    };
    out.writeUInt16LE(insn.code, index * 8);
    out.writeUInt8(jump(insn.jt), index * 8 + 2);
    out.writeUInt8(jump(insn.jf), index * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, index * 8 + 4);
  });
  return out;
}
