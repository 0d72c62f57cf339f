import {
  formatMessage,
  requestLimitsOf,
  runnerOf,
  type CenterDetail,
  type CenterItem,
  type JupyterInfo,
  type Lang,
  type ResourceKind,
  type RuntimeState,
} from '@platform/contract';
import type { z } from 'zod';
import type { centerPageSchema, jupyterInfoSaveSchema } from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { readSetting } from '../settings/settings.service';
import * as environments from '../environments/environments.service';
import { labOwnerOf, requireCentreEnvironment } from './labs.policy';
import * as repo from './labs.repo';
import type { LabRuntime } from './labs.runtime';
import { checkWithinLimits, takesRequest } from './labs.resources';
import type { ContainerEntry } from './labs.registry';

type CenterPage = z.output<typeof centerPageSchema>;
type JupyterInfoSave = z.output<typeof jupyterInfoSaveSchema>;

/** Combined runtime state of a user's environment (spec §4): 2 only when every part runs. */
export function runtimeStateOf(entries: ContainerEntry[]): RuntimeState {
  const active = entries.filter((e) => e.desired === 1);
  if (active.length === 0) return 0;
  return active.every((e) => e.state === 'Running') ? 2 : 1;
}

/** The environments a combination (type 4) is made of, in its order; an environment alone. */
export async function environmentParts(
  db: Db,
  env: environments.EnvironmentRow,
): Promise<environments.EnvironmentRow[]> {
  if (env.type !== 4) return [env];
  const rows = await environments.findEnvironments(db, env.parts);
  return env.parts
    .map((id) => rows.find((r) => r.id === id))
    .filter((r): r is environments.EnvironmentRow => Boolean(r));
}

/**
 * The environment centre: what a student may start and its details, the student's own resource
 * requests, and for operators the use of an environment and the disk alarm's setting.
 */
export class LabCenter {
  constructor(
    private readonly ctx: AppContext,
    private readonly runtime: LabRuntime,
  ) {}

  async saveJupyterInfo(actor: Actor, body: JupyterInfoSave): Promise<JupyterInfo> {
    const owner = labOwnerOf(actor);
    const env = await environments.findEnvironment(this.ctx.db, body.expEnvId);
    if (!env) throw invalid('environments.not_found', { expEnvId: 'invalid_value' });
    checkWithinLimits(env, body);
    const row = {
      userId: owner,
      envId: env.id,
      cpuCore: body.cpuCore,
      memorySize: body.memorySize,
      gpuCount: body.gpuCount,
      gpuMemory: body.gpuMemory,
      diskSize: body.diskSize,
      updatedAt: this.ctx.now(),
    };
    await repo.saveJupyterInfo(this.ctx.db, row);
    return { resourceExpEnvId: env.id, ...pickResources(row) };
  }

  async jupyterInfo(actor: Actor, envId: string): Promise<JupyterInfo | null> {
    const row = await repo.findJupyterInfo(this.ctx.db, labOwnerOf(actor), envId);
    return row ? { resourceExpEnvId: envId, ...pickResources(row) } : null;
  }

  async usage(envId: string, pageNum: number, pageSize: number) {
    const env = await environments.findEnvironment(this.ctx.db, envId);
    if (!env) throw notFound('environments.not_found');
    const page = await repo.usagePage(this.ctx.db, envId, pageNum, pageSize);
    const now = this.ctx.now().getTime();
    return {
      envId,
      starts: page.total,
      totalSeconds: Math.round(page.seconds),
      running: page.running,
      records: page.records.map(({ usage, userName, name }) => ({
        id: usage.id,
        userId: usage.userId,
        userName: name ?? userName ?? '',
        schoolId: usage.schoolId,
        envId: usage.envId,
        envName: usage.envName,
        containerId: usage.containerId,
        cpuCore: usage.resources.cpuCore,
        memorySize: usage.resources.memorySize,
        diskSize: usage.resources.diskSize,
        startedAt: usage.startedAt.toISOString(),
        stoppedAt: usage.stoppedAt?.toISOString() ?? null,
        durationSeconds: Math.round(
          ((usage.stoppedAt?.getTime() ?? now) - usage.startedAt.getTime()) / 1000,
        ),
        stopReason: usage.stopReason,
      })),
      total: page.total,
      pageNum,
      pageSize,
    };
  }

  async centerPage(actor: Actor, q: CenterPage) {
    const owner = labOwnerOf(actor);
    const { records, total } = await environments.pageEnvironments(
      this.ctx.db,
      { ...q, visibleOnly: true },
      q.pageNum,
      q.pageSize,
    );
    const partIds = [...new Set(records.flatMap((r) => (r.type === 4 ? r.parts : [])))];
    const parts = await environments.findEnvironments(this.ctx.db, partIds);
    const items = records.map((r) =>
      centerItemOf(
        r,
        environments.runnableOf(
          r,
          parts.filter((p) => r.parts.includes(p.id)),
        ),
        runtimeStateOf(this.runtime.entriesOf(owner, r.id)),
      ),
    );
    return { records: items, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async centerDetail(actor: Actor, envId: string, lang: Lang): Promise<CenterDetail> {
    const env = requireCentreEnvironment(
      actor,
      await environments.findEnvironment(this.ctx.db, envId),
    );
    const parts = env.type === 4 ? await environmentParts(this.ctx.db, env) : [];
    const runnable = environments.runnableOf(env, parts);
    const unsupported = (env.type === 4 ? parts : [env]).find(
      (p) => !runnerOf(p.resourceKind as ResourceKind),
    );
    const scripts = await environments.pageScripts(this.ctx.db, { envId }, 1, 100);
    const entries = this.runtime.entriesOf(labOwnerOf(actor), envId);
    return {
      ...centerItemOf(env, runnable, runtimeStateOf(entries)),
      manual: env.manual,
      cpuCore: env.cpuCore,
      memorySize: env.memorySize,
      diskSize: env.diskSize,
      restartLimit: env.restartLimit,
      idleTimeout: env.idleTimeout,
      parts: parts.map((p) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        type: p.type,
        resourceKind: p.resourceKind as ResourceKind,
      })),
      scripts: scripts.records.map(environments.presentScript),
      containerIds: entries
        .filter((e) => e.desired === 1)
        .map((e) => e.id)
        .sort((a, b) => a.localeCompare(b)),
      unrunnableReason: unsupported
        ? formatMessage('labs.unsupported_kind', lang, { kind: unsupported.resourceKind })
        : null,
      requestLimits: takesRequest(env) ? requestLimitsOf(env) : null,
    };
  }

  async diskAlarm() {
    const value = (await readSetting(this.ctx.db, 'disk.alarm')) as
      { phone?: string; status?: number } | undefined;
    return { phone: value?.phone ?? '', status: value?.status ?? 0 };
  }
}

function centerItemOf(
  r: environments.EnvironmentRow,
  runnable: boolean,
  runtimeState: RuntimeState,
): CenterItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    experimentKind: r.experimentKind as CenterItem['experimentKind'],
    resourceKind: r.resourceKind as CenterItem['resourceKind'],
    labels: r.labels,
    description: r.description,
    openWith: r.openWith,
    runnable,
    runtimeState,
  };
}

function pickResources(row: {
  cpuCore: number;
  memorySize: number;
  gpuCount: number;
  gpuMemory: number;
  diskSize: number;
}) {
  return {
    cpuCore: row.cpuCore,
    memorySize: row.memorySize,
    gpuCount: row.gpuCount,
    gpuMemory: row.gpuMemory,
    diskSize: row.diskSize,
  };
}
