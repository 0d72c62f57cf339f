import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLabDriver, shellResult, specFor } from '../conformance';
import { cgroupDirsOf } from './cgroups';
import { LocalDriver } from './local-driver';

const dataDir = mkdtempSync(join(tmpdir(), 'labs-test-'));
const root = join(dataDir, 'labs');
writeFileSync(join(dataDir, 'server-secret.txt'), 'database password');

describeLabDriver('local', () => new LocalDriver({ root }));

describe('local driver sandbox', () => {
  const driver = new LocalDriver({ root });
  afterAll(() => driver.close());

  it("keeps another lab's home, the data directory and the database out of reach", async () => {
    const a = specFor('terminal');
    const b = specFor('terminal', { initialFiles: [{ path: 'secret.txt', content: 'b-only' }] });
    await Promise.all([driver.start(a), driver.start(b)]);
    const shell = driver.terminal(a.id);
    const bHome = join(root, b.id, 'home');

    expect(await shellResult(shell, `cat ${bHome}/secret.txt 2>&1 || echo refused`)).toContain(
      'refused',
    );
    expect(await shellResult(shell, `ls ${dataDir} 2>&1 || echo refused`)).toContain('refused');
    expect(
      await shellResult(shell, `cat ${dataDir}/server-secret.txt 2>&1 || echo refused`),
    ).toContain('refused');
    expect(await shellResult(shell, 'ls /home')).toBe('lab');
    expect(await shellResult(shell, 'ls -a / | tr "\\n" " "')).not.toMatch(
      /\b(root|work|var\/lib)\b/,
    );
    const db = await shellResult(
      shell,
      `python3 -c "import socket; s=socket.socket(); s.settimeout(2); print('open' if s.connect_ex(('127.0.0.1',5432))==0 else 'closed')"`,
    );
    expect(db).toBe('closed');
    expect(
      await shellResult(shell, 'ls /var/run/postgresql /run/postgresql 2>&1 | grep -c "No such"'),
    ).toBe('2');
    expect(await shellResult(shell, 'id -un')).toBe('lab');
    await shellResult(shell, 'touch made-inside');
    const owner = statSync(join(root, a.id, 'home', 'made-inside')).uid;
    if (driver.status(a.id)!.enforced.uid) expect(owner).not.toBe(0);
    expect(owner).not.toBe(statSync(join(root, b.id, 'home')).uid);
    await driver.remove(a.id);
    await driver.remove(b.id);
  });

  it('puts the lab in its cgroups and says plainly which limits are not enforced', async () => {
    const spec = specFor('terminal', { resources: { cpuCore: 0.5, memorySize: 1, diskSize: 10 } });
    const status = await driver.start(spec);
    const host = await driver.host();
    expect(status.enforced.memory).toBe(host.enforced.memory);
    expect(status.enforced.disk).toBe(host.enforced.disk);
    if (!status.enforced.disk) expect(status.notes).toContain('disk');
    if (status.enforced.memory) {
      const [dir] = cgroupDirsOf(spec.id, 'platform-labs', 'memory');
      const v1 = dir!.startsWith('/sys/fs/cgroup/memory/');
      const procs = readFileSync(join(dir!, 'cgroup.procs'), 'utf8').trim().split('\n');
      expect(procs.length).toBeGreaterThanOrEqual(2);
      const limit = readFileSync(join(dir!, v1 ? 'memory.limit_in_bytes' : 'memory.max'), 'utf8');
      expect(Number(limit)).toBe(1024 ** 3);
    } else {
      expect(status.notes).toContain('memory');
    }
    await driver.remove(spec.id);
  });

  it('caps the home at its disk size: writes past it fail with "No space left on device"', async () => {
    const spec = specFor('terminal', {
      resources: { cpuCore: 1, memorySize: 1, diskSize: 64 / 1024 },
    });
    const status = await driver.start(spec);
    expect(status.enforced.disk).toBe(true);
    expect(status.notes).not.toContain('disk');
    const shell = driver.terminal(spec.id);
    expect(
      await shellResult(shell, 'dd if=/dev/zero of=big bs=1M count=100 2>&1 | grep -c "No space"'),
    ).toBe('1');
    const image = statSync(join(root, spec.id, 'home.img'));
    expect(image.blocks * 512).toBeLessThanOrEqual(64 * 1024 ** 2);
    await expect(
      driver.files.write(
        spec.id,
        'more.bin',
        Readable.from([Buffer.alloc(4 * 1024 ** 2)]),
        16 * 1024 ** 2,
      ),
    ).rejects.toMatchObject({ reason: 'no_space' });
    expect((await driver.files.list(spec.id, '')).map((f) => f.name)).not.toContain('more.bin');
    await driver.remove(spec.id);
    expect(existsSync(join(root, spec.id))).toBe(false);
  });

  it('lets a download in flight finish before a reset replaces the home', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    const file = await driver.files.read(spec.id, 'README.txt');
    const reset = driver.reset(spec);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('welcome to the lab\n');
    await reset;
    expect((await driver.files.list(spec.id, '')).map((f) => f.name)).toEqual([
      'src',
      'README.txt',
    ]);
    await driver.remove(spec.id);
  });

  it('says plainly when the host cannot cap the disk, and the home still works', async () => {
    const uncapped = new LocalDriver({ root, diskCap: false });
    const spec = specFor('terminal');
    const status = await uncapped.start(spec);
    expect(status.enforced.disk).toBe(false);
    expect(status.notes).toContain('disk');
    expect(await shellResult(uncapped.terminal(spec.id), 'cat README.txt')).toBe(
      'welcome to the lab',
    );
    await uncapped.remove(spec.id);
    expect(existsSync(join(root, spec.id))).toBe(false);
    await uncapped.close();
  });

  it('gives the labs of two platforms on one host different uids', async () => {
    const other = new LocalDriver({ root: join(dataDir, 'other-platform', 'labs') });
    const a = specFor('terminal');
    const b = specFor('terminal');
    await Promise.all([driver.start(a), other.start(b)]);
    const uidA = statSync(join(root, a.id, 'home')).uid;
    const uidB = statSync(join(dataDir, 'other-platform', 'labs', b.id, 'home')).uid;
    if (driver.status(a.id)!.enforced.uid) expect(uidA).not.toBe(uidB);
    await driver.remove(a.id);
    await other.remove(b.id);
    await other.close();
  });

  it('replays the recent output to a reconnecting terminal, bounded in size', async () => {
    const small = new LocalDriver({ root, replayBytes: 1024 });
    const spec = specFor('terminal');
    await small.start(spec);
    const shell = small.terminal(spec.id);
    await shellResult(shell, 'for i in $(seq 1 400); do echo line-$i; done');
    const replay = shell.replay();
    expect(Buffer.byteLength(replay)).toBeLessThanOrEqual(1024);
    expect(replay).toContain('line-400');
    expect(replay).not.toContain('line-1\r');
    expect(small.terminal(spec.id).replay()).toBe(replay);
    await small.remove(spec.id);
    await small.close();
  });

  it('gives a new shell when the old one exits while the lab runs', async () => {
    const spec = specFor('terminal');
    await driver.start(spec);
    const first = driver.terminal(spec.id);
    first.write('exit\r');
    await new Promise<void>((resolve) => first.onExit(() => resolve()));
    const second = driver.terminal(spec.id);
    expect(second).not.toBe(first);
    expect(await shellResult(second, 'echo again')).toBe('again');
    await driver.remove(spec.id);
  });
});
