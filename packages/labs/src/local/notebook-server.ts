import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { lstat, readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { LabError, type LabSpec } from '../driver';
import { clearIn, type Owner } from './home-files';
import { ownByDescriptor, type LabFolders } from './lab-folders';
import { inside } from './sandbox';
import type { LaunchCommand } from './sandbox-launch';

/** The header the gateway sends the lab's notebook server its secret in. */
export const secretHeader = 'X-Lab-Secret';

export const notebookSocket = (folders: LabFolders) => join(folders.run, 'jupyter.sock');

/** The notebook server's command line inside the sandbox. */
export const notebookCommand = [
  '/usr/bin/jupyter-notebook',
  `--config=${inside.assets}/jupyter_notebook_config.py`,
  `--sock=${inside.run}/jupyter.sock`,
];

export function notebookEnv(spec: LabSpec, secret: string): Record<string, string> {
  return {
    LAB_GATEWAY_SECRET: secret,
    LAB_FRAME_ANCESTORS: (spec.frameAncestors ?? []).join(' '),
  };
}

/** Starts the notebook server, its output written to `jupyter.log` in the lab's folder. */
export function spawnNotebookServer(launch: LaunchCommand, folders: LabFolders): ChildProcess {
  const log = openSync(join(folders.base, 'jupyter.log'), 'w');
  const child = spawn(launch.file, launch.args, { env: launch.env, stdio: ['ignore', log, log] });
  closeSync(log);
  return child;
}

/** Waits until the notebook server answers on its socket, freezing the socket's folder first. */
export async function waitForNotebookServer(
  child: ChildProcess,
  options: { folders: LabFolders; owner: Owner | null; secret: string; timeoutMs: number },
): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const socketPath = notebookSocket(options.folders);
  const deadline = Date.now() + options.timeoutMs;
  let frozen = false;
  while (Date.now() < deadline) {
    if (exited) {
      throw new LabError({
        key: 'labs.start_failed',
        params: { reason: 'the notebook server exited while starting' },
      });
    }
    if (!frozen && (await lstat(socketPath).catch(() => null))?.isSocket()) {
      await freezeRun(options.folders, options.owner);
      frozen = true;
    }
    if (frozen && (await probeStatus(socketPath, options.secret))) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new LabError({ key: 'labs.terminal_timeout' });
}

/**
 * Once the notebook server has made its socket, the folder holding it becomes root's, so the
 * lab cannot swap the socket for a link to a host socket that the gateway would then reach.
 */
async function freezeRun(folders: LabFolders, owner: Owner | null): Promise<void> {
  if (owner) await ownByDescriptor(folders.run, { uid: 0, gid: 0 }, 0o755);
  const socket = await lstat(notebookSocket(folders));
  const names = await readdir(folders.run);
  if (
    !socket.isSocket() ||
    (owner && socket.uid !== owner.uid) ||
    names.length !== 1 ||
    names[0] !== 'jupyter.sock'
  ) {
    throw new LabError({
      key: 'labs.start_failed',
      params: { reason: 'the notebook server socket was replaced' },
    });
  }
}

/**
 * Removes Jupyter's socket folder without root ever walking what the lab made: a frozen
 * folder (root's, see freezeRun) holds only the socket; one the lab still owns is emptied by
 * the lab's uid in the file helper's sandbox.
 */
export async function removeRun(
  folders: LabFolders,
  owner: Owner | null,
  seccompFile: string | null,
): Promise<void> {
  const { run } = folders;
  const info = await lstat(run).catch(() => null);
  if (!info) return;
  // Without root the lab has the platform's own uid: nothing here is more than it could do.
  if (!owner || !info.isDirectory()) return rm(run, { recursive: true, force: true });
  if (info.uid !== 0) {
    await clearIn({ home: run, owner, seccompFile });
  } else {
    for (const name of await readdir(run)) await unlink(join(run, name));
  }
  await rmdir(run);
}

function probeStatus(socketPath: string, secret: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { socketPath, path: '/api/status', headers: { [secretHeader]: secret, Host: 'lab' } },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.setTimeout(2_000, () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}
