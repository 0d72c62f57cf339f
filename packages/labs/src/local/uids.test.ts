import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UidRegistry } from './uids';

const run = promisify(execFile);
const here = import.meta.dirname;

const allocator = `
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { UidRegistry } from ${JSON.stringify(join(here, 'uids.ts'))};
const [registry, root, count] = process.argv.slice(2);
const uids = new UidRegistry({ dir: registry, base: 300000, count: 1000 });
const dirs = Array.from({ length: Number(count) }, (_, i) => join(root, String(i)));
for (const dir of dirs) mkdirSync(dir, { recursive: true });
const got = await Promise.all(dirs.map((dir) => uids.uidOf(dir)));
console.log(JSON.stringify(got));
`;

describe('the host-wide lab uid registry', () => {
  it('never gives two labs one uid, even to two processes allocating at once', async () => {
    const base = mkdtempSync(join(tmpdir(), 'labs-uids-'));
    const registry = join(base, 'registry');
    const script = join(base, 'allocate.mts');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(script, allocator);
    const outputs = await Promise.all(
      ['one', 'two'].map((name) =>
        run(process.execPath, ['--import', 'tsx', script, registry, join(base, name), '40'], {
          cwd: join(here, '..', '..'),
        }),
      ),
    );
    const all = outputs.flatMap((o) => JSON.parse(o.stdout) as number[]);
    expect(all).toHaveLength(80);
    expect(new Set(all).size).toBe(80);
    expect(readdirSync(registry)).toHaveLength(80);
    rmSync(base, { recursive: true, force: true });
  });

  it('keeps a uid with its lab, gives it back on release and reclaims those of deleted labs', async () => {
    const base = mkdtempSync(join(tmpdir(), 'labs-uids-'));
    const uids = new UidRegistry({ dir: join(base, 'registry'), base: 400000, count: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((n) => join(base, n));
    for (const dir of [a, b, c]) mkdirSync(dir!);
    const uidA = await uids.uidOf(a!);
    expect(await uids.uidOf(a!)).toBe(uidA);
    const uidB = await uids.uidOf(b!);
    expect(uidB).not.toBe(uidA);
    await expect(uids.uidOf(c!)).rejects.toThrow(/no free lab uid/);
    await uids.release(a!);
    expect(await uids.uidOf(c!)).toBe(uidA);
    rmSync(b!, { recursive: true });
    const d = join(base, 'd');
    mkdirSync(d);
    expect(await uids.uidOf(d)).toBe(uidB);
    rmSync(base, { recursive: true, force: true });
  });

  it('keeps the uid a home made before the registry already has, when it is free', async () => {
    const base = mkdtempSync(join(tmpdir(), 'labs-uids-'));
    const uids = new UidRegistry({ dir: join(base, 'registry'), base: 500000, count: 100 });
    const old = join(base, 'old');
    mkdirSync(old);
    expect(await uids.uidOf(old, 500042)).toBe(500042);
    const other = join(base, 'other');
    mkdirSync(other);
    expect(await uids.uidOf(other, 500042)).not.toBe(500042);
    rmSync(base, { recursive: true, force: true });
  });
});
