import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatMessage,
  labLimits,
  requestLimitsOf,
  ResponseCode,
  runnerOf,
  type CenterDetail,
  type CenterItem,
  type Container,
  type CostPreviewQuery,
  type JupyterInfo,
  type Lang,
  type Language,
  type MessageKey,
  type ResourceKind,
  type RuntimeState,
} from '@platform/contract';
import type { z } from 'zod';
import type {
  centerPageSchema,
  jupyterInfoSaveSchema,
  startRequestSchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { roleCodesOf, type Actor } from '../auth/auth.plugin';
import { readSetting } from '../settings/settings.service';
import * as environments from '../environments/environments.service';
import { labOrigin, type LabAccess } from './labs.access';
import { labOwnerOf, requireCentreEnvironment, requireOwnLab } from './labs.policy';
import * as repo from './labs.repo';
import type { ContainerEntry } from './labs.registry';
import type { LabRuntime } from './labs.runtime';
import { fileErrors } from './labs.files';
import { checkWithinLimits, resourcesFor, takesRequest } from './labs.resources';

type StartRequest = z.output<typeof startRequestSchema>;
type CenterPage = z.output<typeof centerPageSchema>;
type JupyterInfoSave = z.output<typeof jupyterInfoSaveSchema>;

const dayMs = 24 * 60 * 60 * 1000;

/** Combined runtime state of a user's environment (spec §4): 2 only when every part runs. */
export function runtimeStateOf(entries: ContainerEntry[]): RuntimeState {
  const active = entries.filter((e) => e.desired === 1);
  if (active.length === 0) return 0;
  return active.every((e) => e.state === 'Running') ? 2 : 1;
}

export class LabsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly runtime: LabRuntime,
    private readonly access: LabAccess,
  ) {}

  /** The caller's own container, as the policy decides. */
  own(actor: Actor, containerId: string): ContainerEntry {
    return requireOwnLab(actor, this.runtime.get(containerId));
  }

  private async partsOf(env: environments.EnvironmentRow): Promise<environments.EnvironmentRow[]> {
    if (env.type !== 4) return [env];
    const rows = await environments.findEnvironments(this.ctx.db, env.parts);
    return env.parts
      .map((id) => rows.find((r) => r.id === id))
      .filter((r): r is environments.EnvironmentRow => Boolean(r));
  }

  private async usableEnv(envId: string): Promise<environments.EnvironmentRow> {
    const env = await environments.findEnvironment(this.ctx.db, envId);
    if (!env) throw notFound('environments.not_found');
    if (env.state !== 1)
      throw new AppError('environments.not_available', { code: ResponseCode.FAILED });
    return env;
  }

  async start(actor: Actor, body: StartRequest): Promise<string[]> {
    const owner = labOwnerOf(actor);
    const env = await this.usableEnv(body.expEnvId);
    const parts = await this.partsOf(env);
    if (parts.length === 0)
      throw new AppError('environments.parts_required', { code: ResponseCode.FAILED });
    for (const part of parts) if (takesRequest(part)) checkWithinLimits(part, body);
    for (const part of parts) {
      if (!runnerOf(part.resourceKind as ResourceKind)) {
        throw new AppError('labs.unsupported_kind', {
          code: ResponseCode.FAILED,
          status: 422,
          params: { kind: part.resourceKind },
        });
      }
    }
    const existing = this.runtime.entriesOf(owner, env.id);
    const alive = existing.filter((e) => e.desired === 1 && e.state !== 'Failed');
    if (alive.length === parts.length && alive.length === existing.length) {
      return existing.sort((a, b) => a.id.localeCompare(b.id)).map((e) => e.id);
    }
    if (env.restartLimit > 0) {
      const since = new Date(this.ctx.now().getTime() - dayMs);
      const used = await repo.startsSince(this.ctx.db, owner, env.id, since);
      if (used >= env.restartLimit) {
        throw new AppError('labs.restart_limit', {
          code: ResponseCode.FAILED,
          status: 429,
          params: { limit: env.restartLimit },
        });
      }
    }
    const resources = parts.map((part) => resourcesFor(part, body));
    // A first start of a one-part environment takes a lab prepared ahead, when one is ready.
    const warm =
      parts.length === 1 && existing.length === 0
        ? this.runtime.pool.claim(parts[0]!.id, resources[0]!)
        : null;
    const needsDriver = parts.filter(
      (p) => runnerOf(p.resourceKind as ResourceKind) !== 'simulation',
    );
    if (!warm && this.runtime.startingCount + needsDriver.length > this.ctx.config.labMaxStarting) {
      throw new AppError('labs.busy', {
        code: ResponseCode.BUSY,
        status: 503,
        headers: { 'Retry-After': String(labLimits.startRetryMs / 1000) },
      });
    }
    const now = this.ctx.now();
    const written = this.ctx.db.transaction(async (tx) => {
      await this.runtime.admission.admit(tx, {
        schoolId: actor.schoolId,
        userId: owner,
        student: roleCodesOf(actor).includes('student'),
        parts: parts.map((part, i) => ({ kind: part.resourceKind, resources: resources[i]! })),
      });
      const written: string[] = [];
      for (const [position, part] of parts.entries()) {
        const sim = runnerOf(part.resourceKind as ResourceKind) === 'simulation';
        written.push(
          await repo.upsertContainer(tx, {
            id: warm && position === 0 ? warm.id : this.ctx.ids.next(),
            userId: owner,
            schoolId: actor.schoolId,
            envId: env.id,
            partEnvId: part.id,
            position,
            expScriptId: body.expScriptId ?? null,
            resources: resources[position]!,
            mqttPassword: sim ? randomBytes(18).toString('base64url') : null,
            now,
          }),
        );
      }
      return written;
    });
    const ids = await written.catch((error: unknown) => {
      if (warm) this.runtime.pool.release(warm);
      throw error;
    });
    if (warm && !ids.includes(warm.id)) this.runtime.pool.release(warm);
    const rows = await repo.containersOf(this.ctx.db, ids);
    const entries = rows.map((row) => this.runtime.remember(row));
    for (const entry of entries) {
      entry.lastHeartbeat = now.getTime();
      if (entry.state === 'Running' || entry.state === 'Starting') continue;
      await this.runtime.recordUsage(entry);
      if (warm && entry.id === warm.id) await this.runtime.adoptWarm(entry, warm);
      else this.runtime.launch(entry);
    }
    if (warm) void this.runtime.pool.tick();
    return ids.sort((a, b) => a.localeCompare(b));
  }

  private targets(actor: Actor, envId: string, containerId?: string): ContainerEntry[] {
    if (containerId) {
      const entry = this.own(actor, containerId);
      if (entry.envId !== envId) throw notFound('labs.not_found');
      return [entry];
    }
    return this.runtime.entriesOf(labOwnerOf(actor), envId);
  }

  async stop(actor: Actor, envId: string, containerId?: string): Promise<void> {
    const entries = this.targets(actor, envId, containerId);
    await Promise.all(entries.map((e) => this.runtime.stop(e, 'user')));
  }

  heartbeat(actor: Actor, envId: string, containerId?: string): number {
    const entries = this.targets(actor, envId, containerId).filter((e) => e.desired === 1);
    for (const e of entries) this.runtime.heartbeat(e);
    return entries.length;
  }

  state(actor: Actor, containerId: string, lang: Lang) {
    return this.stateOf(this.own(actor, containerId), lang);
  }

  private stateOf(entry: ContainerEntry, lang: Lang) {
    return {
      id: entry.id,
      state: entry.state,
      message: this.messageOf(entry, lang),
      warning: this.warningOf(entry, lang),
      stopReason: entry.desired === 1 ? null : entry.stopReason,
    };
  }

  /** The states of the caller's containers; refuses the whole list if one is not theirs. */
  states(actor: Actor, containerIds: readonly string[], lang: Lang) {
    return containerIds.map((id) => this.state(actor, id, lang));
  }

  /** Calls `send` with a container's state at each change, until the returned stop is called. */
  followStates(
    containerIds: readonly string[],
    lang: Lang,
    send: (state: ReturnType<LabsService['state']>) => void,
  ): () => void {
    const followed = new Set(containerIds);
    return this.runtime.onChange((entry) => {
      if (!followed.has(entry.id)) return;
      send(this.stateOf(entry, lang));
    });
  }

  private warningOf(entry: ContainerEntry, lang: Lang): string | null {
    const warning = this.runtime.warningOf(entry);
    return warning ? formatMessage(warning.key, lang, warning.params) : null;
  }

  /** What the lab of an environment would cost per hour, and what the school has left. */
  async costPreview(actor: Actor, query: CostPreviewQuery, lang: Lang) {
    const env = await this.usableEnv(query.expEnvId);
    const parts = await this.partsOf(env);
    return this.runtime.admission.preview(
      {
        schoolId: actor.schoolId,
        userId: labOwnerOf(actor),
        student: roleCodesOf(actor).includes('student'),
        parts: parts.map((part) => ({
          kind: part.resourceKind,
          resources: resourcesFor(part, query),
        })),
      },
      lang,
    );
  }

  private messageOf(entry: ContainerEntry, lang: Lang): string | null {
    if (!entry.error) return null;
    return formatMessage(entry.error.key, lang, entry.error.params);
  }

  detail(actor: Actor, containerId: string, lang: Lang): Container {
    return this.present(this.own(actor, containerId), lang);
  }

  present(entry: ContainerEntry, lang: Lang): Container {
    const notes = entry.notes.map((n) => formatMessage(`labs.note_${n}` as MessageKey, lang));
    if (entry.resources.gpuCount > 0) notes.push(formatMessage('labs.note_gpu', lang));
    return {
      id: entry.id,
      envId: entry.envId,
      name: entry.name,
      state: entry.state,
      serviceType: entry.kind,
      expScriptId: entry.expScriptId,
      url: labOrigin(this.ctx.config, entry.id),
      subUrl: entry.runner === 'jupyter' ? '/tree' : '/',
      openWith: entry.openWith,
      cpuCore: entry.resources.cpuCore,
      memorySize: entry.resources.memorySize,
      diskSize: entry.resources.diskSize,
      gpuCount: entry.resources.gpuCount,
      enforced: entry.enforced,
      notes,
      message: this.messageOf(entry, lang),
      warning: this.warningOf(entry, lang),
      startedAt: entry.startedAt?.toISOString() ?? null,
      idleTimeout: Math.round(entry.idleTimeoutMs / 1000),
    };
  }

  async restartLimit(actor: Actor, envId: string) {
    const owner = labOwnerOf(actor);
    const env = await environments.findEnvironment(this.ctx.db, envId);
    if (!env) throw notFound('environments.not_found');
    const since = new Date(this.ctx.now().getTime() - dayMs);
    const used = await repo.startsSince(this.ctx.db, owner, envId, since);
    return {
      limit: env.restartLimit,
      used,
      remaining: env.restartLimit > 0 ? Math.max(0, env.restartLimit - used) : null,
    };
  }

  /** Brings the files of the caller's lab back to the environment's initial files. */
  async reset(actor: Actor, envId: string, containerId?: string): Promise<void> {
    const entries = this.targets(actor, envId, containerId);
    if (entries.length === 0) {
      const env = await environments.findEnvironment(this.ctx.db, envId);
      if (!env) throw notFound('environments.not_found');
      throw notFound('labs.not_found');
    }
    if (entries.some((e) => e.state === 'Starting' || e.state === 'Stopping')) {
      throw new AppError('labs.preparing', { code: ResponseCode.FAILED, status: 409 });
    }
    for (const entry of entries) {
      const wasRunning = entry.desired === 1;
      if (entry.runner === 'simulation') {
        if (wasRunning) await this.runtime.stop(entry, 'reset');
      } else {
        if (wasRunning) await this.runtime.stop(entry, 'reset');
        await this.runtime.driver.reset(this.runtime.specOf(entry));
      }
      if (wasRunning) {
        entry.lastHeartbeat = this.ctx.now().getTime();
        await repo.setStates(this.ctx.db, entry.id, 1, 1);
        await this.runtime.recordUsage(entry);
        this.runtime.launch(entry);
      }
    }
  }

  ticket(actor: Actor, containerId: string, language: Language, next?: string) {
    const entry = this.own(actor, containerId);
    if (entry.state !== 'Running')
      throw new AppError('labs.not_running', { code: ResponseCode.FAILED });
    const path = next ? onOrigin(labOrigin(this.ctx.config, containerId), next) : null;
    if (next && !path) throw invalid('common.invalid_input', { next: 'invalid_format' });
    const { ticket, expiresIn } = this.access.issue(
      { containerId, userId: actor.userId, readOnly: false, language },
      path ?? (entry.runner === 'jupyter' ? '/tree' : '/'),
    );
    return {
      url: this.access.ticketUrl(this.ctx.config, containerId, ticket),
      expiresIn,
      embedOrigin: new URL(this.ctx.config.publicUrl).origin,
    };
  }

  async listFiles(actor: Actor, containerId: string, path: string) {
    const entry = this.own(actor, containerId);
    return fileErrors(() => this.runtime.driver.files.list(this.filesIdOf(entry), path));
  }

  async readFile(actor: Actor, containerId: string, path: string) {
    const entry = this.own(actor, containerId);
    return fileErrors(() => this.runtime.driver.files.read(this.filesIdOf(entry), path));
  }

  async writeFile(actor: Actor, containerId: string, path: string, data: Readable) {
    const entry = this.own(actor, containerId);
    return fileErrors(() =>
      this.runtime.driver.files.write(this.filesIdOf(entry), path, data, labLimits.uploadMaxBytes),
    );
  }

  /** Files live in a container with a home: a simulation's files are its lab's terminal's. */
  private filesIdOf(entry: ContainerEntry): string {
    if (entry.runner !== 'simulation') return entry.id;
    const sibling = this.runtime
      .entriesOf(entry.userId, entry.envId)
      .find((e) => e.runner !== 'simulation');
    if (!sibling) throw notFound('labs.file_not_found');
    return sibling.id;
  }

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
    const parts = env.type === 4 ? await this.partsOf(env) : [];
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

/** `next` as a path on `origin`, or null when it would lead anywhere else. */
function onOrigin(origin: string, next: string): string | null {
  const url = new URL(next, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
