import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { specFor } from '../conformance';
import { cgroupDirsOf } from './cgroups';
import { isMounted } from './disk';
import { LocalDriver } from './local-driver';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const root = join(mkdtempSync(join(tmpdir(), 'labs-crash-')), 'labs');
/** A cgroup of this test's own, so that no other lab on the host is touched. */
const group = `platform-labs-test-${randomBytes(4).toString('hex')}`;

/** A server process's driver: starts one terminal lab, says its id, then waits to be killed. */
const childScript = `
import { LocalDriver } from ${JSON.stringify(join(import.meta.dirname, 'local-driver.ts'))};
const driver = new LocalDriver({ root: ${JSON.stringify(root)}, cgroupGroup: ${JSON.stringify(group)} });
const id = String(Date.now()) + '999';
await driver.start({
  id,
  runner: 'terminal',
  resources: { cpuCore: 1, memorySize: 1, diskSize: 1 },
  initialFiles: [{ path: 'README.txt', content: 'lab of a process killed with -9\\n' }],
});
console.log(JSON.stringify({ id }));
setInterval(() => {}, 1000);
`;

async function startAndKill(): Promise<string> {
  const script = join(root, '..', 'child.mjs');
  writeFileSync(script, childScript);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const id = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /\{"id":"(\d+)"\}/.exec(out);
      if (line) done(line[1]!);
    });
    child.once('exit', (code) => fail(new Error(`the child exited (${code}): ${out}`)));
  });
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
  return id;
}

describe('what a process killed with -9 left', () => {
  const live = new LocalDriver({ root, cgroupGroup: group });
  const after = new LocalDriver({ root, cgroupGroup: group });
  afterAll(async () => {
    await live.close();
    await after.close();
    for (const controller of ['', 'memory', 'cpu', 'pids'])
      try {
        rmdirSync(join('/sys/fs/cgroup', controller, group));
      } catch {
        // not made on this host
      }
  });

  it('unmounts its homes and removes its cgroups at the next start, and leaves a live driver’s', async () => {
    const host = await live.host();
    const kept = specFor('terminal', { resources: { cpuCore: 1, memorySize: 1, diskSize: 1 } });
    await live.start(kept);
    const dead = await startAndKill();

    const homeOf = (id: string) => join(root, id, 'home');
    const cgroups = (id: string) => cgroupDirsOf(id, group);
    if (host.enforced.disk) {
      expect(await isMounted(homeOf(dead))).toBe(true);
      expect(await isMounted(homeOf(kept.id))).toBe(true);
    }
    if (host.enforced.memory) {
      expect(cgroups(dead).length).toBeGreaterThan(0);
      expect(cgroups(kept.id).length).toBeGreaterThan(0);
    }
    expect(host.enforced.disk || host.enforced.memory, 'nothing to sweep on this host').toBe(true);

    await after.warm();

    expect(await isMounted(homeOf(dead))).toBe(false);
    expect(cgroups(dead)).toEqual([]);
    // The live driver's lab keeps its home and its limits, and still runs.
    if (host.enforced.disk) expect(await isMounted(homeOf(kept.id))).toBe(true);
    if (host.enforced.memory) {
      const [dir] = cgroups(kept.id);
      expect(readFileSync(join(dir!, 'cgroup.procs'), 'utf8').trim()).not.toBe('');
    }
    const run = await live.exec(kept.id, {
      script: 'cat README.txt',
      timeoutMs: 5000,
      maxOutputBytes: 1024,
    });
    expect(run.stdout).toBe('welcome to the lab\n');
    // The dead process's home is whole: a new driver opens it again.
    const files = await after.files.list(dead, '');
    expect(files.map((f) => f.name)).toEqual(['README.txt']);
    expect(existsSync(join(root, dead, 'home.img'))).toBe(host.enforced.disk);
    await live.remove(kept.id);
    await after.remove(dead);
  }, 60_000);
});
