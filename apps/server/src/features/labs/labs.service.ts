import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatMessage,
  labLimits,
  ResponseCode,
  runnerOf,
  type Container,
  type CostPreviewQuery,
  type Lang,
  type Language,
  type MessageKey,
  type ResourceKind,
} from '@platform/contract';
import type { z } from 'zod';
import type { startRequestSchema } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { roleCodesOf, type Actor } from '../auth/auth.plugin';
import * as environments from '../environments/environments.service';
import { labOrigin, type LabAccess } from './labs.access';
import { environmentParts } from './labs.center';
import { labOwnerOf, requireOwnLab } from './labs.policy';
import * as repo from './labs.repo';
import type { ContainerEntry } from './labs.registry';
import type { LabRuntime } from './labs.runtime';
import { fileErrors } from './labs.files';
import { checkWithinLimits, resourcesFor, takesRequest } from './labs.resources';

type StartRequest = z.output<typeof startRequestSchema>;

const dayMs = 24 * 60 * 60 * 1000;

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
    const parts = await environmentParts(this.ctx.db, env);
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
    const parts = await environmentParts(this.ctx.db, env);
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
}

/** `next` as a path on `origin`, or null when it would lead anywhere else. */
function onOrigin(origin: string, next: string): string | null {
  const url = new URL(next, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
