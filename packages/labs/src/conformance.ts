import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  endpointTarget,
  LabPathError,
  type HttpEndpoint,
  type LabDriver,
  type LabSpec,
  type TerminalSession,
} from './driver';

/** Runs `command` in a lab's shell and resolves with the output once `marker` appears. */
export function runInShell(
  shell: TerminalSession,
  command: string,
  marker: string,
  timeoutMs = 10_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no "${marker}" in: ${JSON.stringify(shell.replay())}`));
    }, timeoutMs);
    const stop = shell.onData((data) => {
      seen += data;
      if (seen.includes(marker)) {
        clearTimeout(timer);
        stop();
        resolve(seen);
      }
    });
    shell.write(`${command}\r`);
  });
}

// eslint-disable-next-line no-control-regex
const ansiEscape = /\x1b\[[?0-9;]*[A-Za-z]/g;

/** `echo` whose marker only appears in output, never in the echoed command line. */
export async function shellResult(shell: TerminalSession, command: string): Promise<string> {
  const tag = `R${Math.random().toString(36).slice(2, 8)}`;
  const out = await runInShell(shell, `${command}; echo "${tag}_END$((6*7))"`, `${tag}_END42`);
  const start = out.lastIndexOf(`${tag}_END$((6*7))"`);
  const body = out.slice(start + `${tag}_END$((6*7))"`.length, out.lastIndexOf(`${tag}_END42`));
  return body.replace(ansiEscape, '').replace(/\r/g, '').trim();
}

export function httpGet(
  endpoint: HttpEndpoint,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const target = endpointTarget(endpoint);
  return new Promise((resolve, reject) => {
    const req = request({ ...target, path, headers: { Host: 'lab', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let counter = 0;
export function specFor(runner: LabSpec['runner'], overrides: Partial<LabSpec> = {}): LabSpec {
  counter += 1;
  const id = `${Date.now()}${String(counter).padStart(3, '0')}`;
  return {
    id,
    runner,
    resources: { cpuCore: 1, memorySize: 1, diskSize: 10 },
    initialFiles: [
      { path: 'README.txt', content: 'welcome to the lab\n' },
      { path: 'src/main.py', content: 'print(1 + 1)\n' },
    ],
    ...overrides,
  };
}

/** What every lab driver must do. */
export function describeLabDriver(name: string, makeDriver: () => LabDriver): void {
  describe(`lab driver conformance: ${name}`, () => {
    const driver = makeDriver();
    afterAll(() => driver.close());

    it('reports the host and what each runner needs', async () => {
      const report = await driver.host();
      expect(report.driver).toBe(driver.name);
      expect(report.checks.length).toBeGreaterThan(0);
      expect(report.runners.terminal.ok).toBe(true);
      expect(report.runners.jupyter.ok).toBe(true);
    });

    it('starts a terminal lab, runs a command, keeps output for replay, and stops it', async () => {
      const spec = specFor('terminal');
      const states: string[] = [];
      const unwatch = driver.watch((s) => s.id === spec.id && states.push(s.state));
      const status = await driver.start(spec);
      expect(status.state).toBe('running');
      expect((await driver.start(spec)).state).toBe('running');
      const shell = driver.terminal(spec.id);
      expect(await shellResult(shell, 'echo hello')).toBe('hello');
      expect(driver.terminal(spec.id)).toBe(shell);
      expect(shell.replay()).toContain('hello');
      expect(await shellResult(shell, 'cat README.txt')).toBe('welcome to the lab');
      await driver.stop(spec.id);
      unwatch();
      expect(driver.status(spec.id)).toBeNull();
      expect(states).toEqual(['starting', 'running', 'stopping', 'stopped']);
      expect(() => driver.terminal(spec.id)).toThrow();
      if (driver.stored) expect(await driver.stored()).toContain(spec.id);
      await driver.remove(spec.id);
      if (driver.stored) expect(await driver.stored()).not.toContain(spec.id);
    });

    it('runs a script in the lab as its user, from its home, killed whole at the timeout, with an output cap', async () => {
      const spec = specFor('terminal');
      await expect(
        driver.exec(spec.id, { script: 'true', timeoutMs: 5_000, maxOutputBytes: 1_000 }),
      ).rejects.toThrow();
      await driver.start(spec);
      const shell = driver.terminal(spec.id);
      await shellResult(shell, 'echo from-the-shell > mark.txt');
      const run = await driver.exec(spec.id, {
        script: 'cat mark.txt; cat README.txt; echo oops >&2; id -u; exit 3',
        timeoutMs: 10_000,
        maxOutputBytes: 10_000,
      });
      expect(run).toMatchObject({
        exitCode: 3,
        stderr: 'oops\n',
        timedOut: false,
        truncated: false,
      });
      const [mark, readme, uid] = run.stdout.trim().split('\n');
      expect([mark, readme]).toEqual(['from-the-shell', 'welcome to the lab']);
      expect(Number(uid)).toBeGreaterThan(0);

      const started = Date.now();
      const slow = await driver.exec(spec.id, {
        script: 'echo begun; sleep 30; echo never',
        timeoutMs: 500,
        maxOutputBytes: 1_000,
      });
      expect(slow).toMatchObject({ exitCode: null, timedOut: true, stdout: 'begun\n' });
      expect(Date.now() - started).toBeLessThan(10_000);
      await driver.exec(spec.id, {
        script: '(sleep 1; echo late > late.txt) & sleep 1; echo late > late.txt',
        timeoutMs: 300,
        maxOutputBytes: 1_000,
      });
      await new Promise((r) => setTimeout(r, 2_000));
      const left = await driver.exec(spec.id, {
        script: 'test -e late.txt && echo left || echo gone',
        timeoutMs: 5_000,
        maxOutputBytes: 100,
      });
      expect(left.stdout).toBe('gone\n');

      const loud = await driver.exec(spec.id, {
        script: 'head -c 100000 /dev/zero | tr "\\0" x',
        timeoutMs: 10_000,
        maxOutputBytes: 1_000,
      });
      expect(loud.stdout).toBe('x'.repeat(1_000));
      expect(loud).toMatchObject({ exitCode: 0, truncated: true });
      await driver.stop(spec.id);
      await driver.remove(spec.id);
    });

    it('lists, writes and reads files only inside the home', async () => {
      const spec = specFor('terminal');
      await driver.start(spec);
      const root = await driver.files.list(spec.id, '');
      expect(root.map((f) => [f.name, f.isDir])).toEqual([
        ['src', true],
        ['README.txt', false],
      ]);
      const written = await driver.files.write(
        spec.id,
        'data/upload.txt',
        Readable.from([Buffer.from('uploaded')]),
        1024,
      );
      expect(written).toMatchObject({ path: 'data/upload.txt', size: 8 });
      const shell = driver.terminal(spec.id);
      expect(await shellResult(shell, 'cat data/upload.txt')).toBe('uploaded');
      const file = await driver.files.read(spec.id, '/home/lab/data/upload.txt');
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('uploaded');

      await shellResult(shell, 'ln -s / escape; ln -s /etc/passwd pw');
      for (const bad of ['../x', '../../etc/passwd', '/etc/passwd', 'escape/etc', 'pw']) {
        await expect(driver.files.read(spec.id, bad), bad).rejects.toBeInstanceOf(LabPathError);
      }
      await expect(driver.files.list(spec.id, 'escape')).rejects.toMatchObject({
        reason: 'outside',
      });
      await expect(
        driver.files.write(spec.id, 'escape/tmp/x', Readable.from([Buffer.from('x')]), 10),
      ).rejects.toMatchObject({ reason: 'outside' });
      await expect(
        driver.files.write(spec.id, 'big.bin', Readable.from([Buffer.alloc(2048)]), 1024),
      ).rejects.toMatchObject({ reason: 'too_large' });
      expect((await driver.files.list(spec.id, '')).some((f) => f.name === 'big.bin')).toBe(false);
      await driver.remove(spec.id);
    });

    it('resets the home to its initial files', async () => {
      const spec = specFor('terminal');
      await driver.start(spec);
      await shellResult(
        driver.terminal(spec.id),
        'echo changed > README.txt; rm -r src; touch extra',
      );
      await driver.reset(spec);
      expect(driver.status(spec.id)).toBeNull();
      await driver.start(spec);
      const shell = driver.terminal(spec.id);
      expect(await shellResult(shell, 'cat README.txt; ls')).toBe(
        'welcome to the lab\nREADME.txt  src',
      );
      await driver.remove(spec.id);
    });

    it('starts a Jupyter lab that answers only requests carrying its secret', async () => {
      const spec = specFor('jupyter');
      const status = await driver.start(spec);
      expect(status.state).toBe('running');
      const endpoint = driver.http(spec.id);
      expect(endpoint).not.toBeNull();
      const ok = await httpGet(endpoint!, '/api/status', {
        [endpoint!.secretHeader.name]: endpoint!.secretHeader.value,
      });
      expect(ok.status).toBe(200);
      const refused = await httpGet(endpoint!, '/api/status', {});
      expect(refused.status).toBe(403);
      const page = await httpGet(endpoint!, '/tree', {
        [endpoint!.secretHeader.name]: endpoint!.secretHeader.value,
      });
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(endpoint!.secretHeader.value);
      await driver.stop(spec.id);
      expect(driver.http(spec.id)).toBeNull();
      await driver.remove(spec.id);
    });
  });
}
