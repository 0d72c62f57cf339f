import type {
  envAddSchema,
  envConfigSchema,
  envUpdateSchema,
  scriptSaveSchema,
} from '@platform/contract';
import {
  envRuntimeDefaults,
  formatMessage,
  type Lang,
  runnerOf,
  type Environment,
  type ResourceKind,
  type Script,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import * as repo from './environments.repo';

type EnvAdd = z.output<typeof envAddSchema>;
type EnvUpdate = z.output<typeof envUpdateSchema>;
type EnvConfig = z.output<typeof envConfigSchema>;
type ScriptSave = z.output<typeof scriptSaveSchema>;

/** Whether this platform's driver can run an environment (all its parts for a combination). */
export function runnableOf(row: repo.EnvironmentRow, parts: repo.EnvironmentRow[]): boolean {
  if (row.type === 4) {
    return (
      parts.length > 0 && parts.every((p) => runnerOf(p.resourceKind as ResourceKind) !== null)
    );
  }
  return runnerOf(row.resourceKind as ResourceKind) !== null;
}

export function presentEnvironment(row: repo.EnvironmentRow, runnable: boolean): Environment {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    state: row.state,
    hidden: row.hidden,
    openWith: row.openWith,
    accessMode: row.accessMode,
    experimentKind: row.experimentKind as Environment['experimentKind'],
    resourceKind: row.resourceKind as Environment['resourceKind'],
    image: row.image,
    labels: row.labels,
    description: row.description,
    manual: row.manual,
    cpuCore: row.cpuCore,
    memorySize: row.memorySize,
    diskSize: row.diskSize,
    maxCpuCore: row.maxCpuCore,
    maxMemorySize: row.maxMemorySize,
    maxDiskSize: row.maxDiskSize,
    maxGpuCount: row.maxGpuCount,
    restartLimit: row.restartLimit,
    idleTimeout: row.idleTimeout,
    warmPool: row.warmPool,
    devices: row.devices,
    parts: row.parts,
    initialFiles: row.initialFiles,
    runnable,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentScript(row: repo.ScriptRow & { envName: string }): Script {
  return {
    id: row.id,
    envId: row.envId,
    envName: row.envName,
    name: row.name,
    label: row.label,
    instructions: row.instructions,
    createdAt: row.createdAt.toISOString(),
  };
}

export class EnvironmentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly isRunning: (envId: string) => boolean,
  ) {}

  /** Parts of many environments at once, for presenting a page. */
  private async withRunnable(rows: repo.EnvironmentRow[]): Promise<Environment[]> {
    const partIds = [...new Set(rows.flatMap((r) => (r.type === 4 ? r.parts : [])))];
    const parts = new Map(
      (await repo.findEnvironments(this.ctx.db, partIds)).map((p) => [p.id, p]),
    );
    return rows.map((r) =>
      presentEnvironment(
        r,
        runnableOf(
          r,
          r.parts.map((id) => parts.get(id)).filter((p): p is repo.EnvironmentRow => Boolean(p)),
        ),
      ),
    );
  }

  async page(
    actor: Actor,
    q: repo.EnvFilter & { pageNum: number; pageSize: number; mine?: string },
  ) {
    const { records, total } = await repo.pageEnvironments(
      this.ctx.db,
      { ...q, createdBy: q.mine === 'true' ? actor.userId : undefined },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: await this.withRunnable(records),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async get(id: string): Promise<Environment> {
    const row = await repo.findEnvironment(this.ctx.db, id);
    if (!row) throw notFound('environments.not_found');
    return (await this.withRunnable([row]))[0]!;
  }

  async options() {
    return (await repo.listOptions(this.ctx.db)).map((o) => ({
      ...o,
      resourceKind: o.resourceKind as ResourceKind,
    }));
  }

  async labels(): Promise<string[]> {
    return repo.distinctLabels(this.ctx.db);
  }

  /** A combination needs 2 or more existing parts that are not combinations themselves. */
  private async checkParts(type: number, parts: string[], selfId?: string): Promise<void> {
    if (type !== 4) return;
    const unique = [...new Set(parts)];
    if (unique.length < 2) throw invalid('environments.parts_required', { parts: 'invalid_value' });
    const rows = await repo.findEnvironments(this.ctx.db, unique);
    if (rows.length !== unique.length || rows.some((r) => r.type === 4 || r.id === selfId)) {
      throw invalid('environments.part_invalid', { parts: 'invalid_value' });
    }
  }

  /** A request maximum is never below the environment's own value. */
  private checkRequestLimits(
    values: Pick<EnvConfig, 'cpuCore' | 'memorySize' | 'diskSize'> &
      Partial<Pick<EnvConfig, 'maxCpuCore' | 'maxMemorySize' | 'maxDiskSize'>>,
  ): void {
    const fields: Record<string, 'invalid_value'> = {};
    if (values.maxCpuCore != null && values.maxCpuCore < values.cpuCore) {
      fields.maxCpuCore = 'invalid_value';
    }
    if (values.maxMemorySize != null && values.maxMemorySize < values.memorySize) {
      fields.maxMemorySize = 'invalid_value';
    }
    if (values.maxDiskSize != null && values.maxDiskSize < values.diskSize) {
      fields.maxDiskSize = 'invalid_value';
    }
    if (Object.keys(fields).length) throw invalid('environments.max_below_value', fields);
  }

  private async checkCode(code: string, exceptId?: string): Promise<void> {
    if (await repo.codeTaken(this.ctx.db, code, exceptId)) {
      throw invalid('environments.code_taken', { code: 'invalid_value' });
    }
  }

  async add(actor: Actor, body: EnvAdd): Promise<Environment> {
    const parts = [...(body.parts ?? [])];
    await this.checkCode(body.code);
    await this.checkParts(body.type, parts);
    const resources = {
      cpuCore: body.cpuCore ?? envRuntimeDefaults.cpuCore,
      memorySize: body.memorySize ?? envRuntimeDefaults.memorySize,
      diskSize: body.diskSize ?? envRuntimeDefaults.diskSize,
      maxCpuCore: body.maxCpuCore ?? null,
      maxMemorySize: body.maxMemorySize ?? null,
      maxDiskSize: body.maxDiskSize ?? null,
      maxGpuCount: body.maxGpuCount ?? envRuntimeDefaults.maxGpuCount,
    };
    this.checkRequestLimits(resources);
    const now = this.ctx.now();
    const row = await repo.insertEnvironment(this.ctx.db, {
      ...body,
      ...resources,
      restartLimit: body.restartLimit ?? envRuntimeDefaults.restartLimit,
      idleTimeout: body.idleTimeout ?? envRuntimeDefaults.idleTimeout,
      warmPool: body.warmPool ?? envRuntimeDefaults.warmPool,
      devices: body.devices ?? [],
      parts: body.type === 4 ? [...new Set(parts)] : [],
      initialFiles: body.initialFiles ?? [],
      id: this.ctx.ids.next(),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    return (await this.withRunnable([row]))[0]!;
  }

  async update(body: EnvUpdate): Promise<Environment> {
    const existing = await repo.findEnvironment(this.ctx.db, body.id);
    if (!existing) throw notFound('environments.not_found');
    await this.checkCode(body.code, body.id);
    if (body.type === 4) await this.checkParts(4, existing.parts, body.id);
    const { id, ...set } = body;
    const row = await repo.updateEnvironment(this.ctx.db, id, {
      ...set,
      parts: body.type === 4 ? existing.parts : [],
      updatedAt: this.ctx.now(),
    });
    if (!row) throw notFound('environments.not_found');
    return (await this.withRunnable([row]))[0]!;
  }

  async config(body: EnvConfig): Promise<Environment> {
    const existing = await repo.findEnvironment(this.ctx.db, body.id);
    if (!existing) throw notFound('environments.not_found');
    await this.checkParts(existing.type, body.parts, body.id);
    this.checkRequestLimits(body);
    const { id, ...set } = body;
    const row = await repo.updateEnvironment(this.ctx.db, id, {
      ...set,
      parts: existing.type === 4 ? [...new Set(body.parts)] : [],
      updatedAt: this.ctx.now(),
    });
    if (!row) throw notFound('environments.not_found');
    return (await this.withRunnable([row]))[0]!;
  }

  async copy(actor: Actor, id: string, lang: Lang): Promise<Environment> {
    const source = await repo.findEnvironment(this.ctx.db, id);
    if (!source) throw notFound('environments.not_found');
    let code = '';
    for (let n = 1; n < 1000; n++) {
      code = `${source.code.slice(0, 56)}-copy${n === 1 ? '' : n}`;
      if (!(await repo.codeTaken(this.ctx.db, code))) break;
    }
    const now = this.ctx.now();
    const row = await repo.insertEnvironment(this.ctx.db, {
      ...source,
      id: this.ctx.ids.next(),
      code,
      name: `${source.name}${formatMessage('environments.copy_suffix', lang)}`.slice(0, 100),
      state: 2,
      createdBy: actor.userId,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    return (await this.withRunnable([row]))[0]!;
  }

  async remove(id: string): Promise<void> {
    const existing = await repo.findEnvironment(this.ctx.db, id);
    if (!existing) throw notFound('environments.not_found');
    if (this.isRunning(id)) throw new AppError('environments.in_use', { code: 9999, status: 409 });
    if ((await repo.combinationsUsing(this.ctx.db, id)).length > 0) {
      throw new AppError('environments.in_use', { code: 9999, status: 409 });
    }
    await repo.updateEnvironment(this.ctx.db, id, {
      deletedAt: this.ctx.now(),
      updatedAt: this.ctx.now(),
    });
  }

  async scripts(q: {
    envId?: string | undefined;
    name?: string | undefined;
    pageNum: number;
    pageSize: number;
  }) {
    const { records, total } = await repo.pageScripts(this.ctx.db, q, q.pageNum, q.pageSize);
    return { records: records.map(presentScript), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async scriptsByLabel(label: string): Promise<Script[]> {
    const { records } = await repo.pageScripts(this.ctx.db, { label }, 1, 100);
    return records.map(presentScript);
  }

  async saveScript(body: ScriptSave): Promise<Script> {
    if (!(await repo.findEnvironment(this.ctx.db, body.envId))) {
      throw invalid('environments.not_found', { envId: 'invalid_value' });
    }
    if (body.id && !(await repo.findScript(this.ctx.db, body.id)))
      throw notFound('environments.script_not_found');
    const now = this.ctx.now();
    const saved = await repo.upsertScript(this.ctx.db, {
      id: body.id ?? this.ctx.ids.next(),
      envId: body.envId,
      name: body.name,
      label: body.label,
      instructions: body.instructions,
      createdAt: now,
      updatedAt: now,
    });
    return presentScript((await repo.findScript(this.ctx.db, saved.id))!);
  }

  async removeScript(id: string): Promise<void> {
    if (!(await repo.deleteScript(this.ctx.db, id)))
      throw notFound('environments.script_not_found');
  }
}

/** What the lab runtime reads of environments and their scripts, and what the demo data writes. */
export function codeTaken(
  ...args: Parameters<typeof repo.codeTaken>
): ReturnType<typeof repo.codeTaken> {
  return repo.codeTaken(...args);
}
export function envIdsByCode(
  ...args: Parameters<typeof repo.envIdsByCode>
): ReturnType<typeof repo.envIdsByCode> {
  return repo.envIdsByCode(...args);
}
export function findEnvironment(
  ...args: Parameters<typeof repo.findEnvironment>
): ReturnType<typeof repo.findEnvironment> {
  return repo.findEnvironment(...args);
}
export function findEnvironments(
  ...args: Parameters<typeof repo.findEnvironments>
): ReturnType<typeof repo.findEnvironments> {
  return repo.findEnvironments(...args);
}
export function pageEnvironments(
  ...args: Parameters<typeof repo.pageEnvironments>
): ReturnType<typeof repo.pageEnvironments> {
  return repo.pageEnvironments(...args);
}
export function insertEnvironment(
  ...args: Parameters<typeof repo.insertEnvironment>
): ReturnType<typeof repo.insertEnvironment> {
  return repo.insertEnvironment(...args);
}
export function pageScripts(
  ...args: Parameters<typeof repo.pageScripts>
): ReturnType<typeof repo.pageScripts> {
  return repo.pageScripts(...args);
}
export function upsertScript(
  ...args: Parameters<typeof repo.upsertScript>
): ReturnType<typeof repo.upsertScript> {
  return repo.upsertScript(...args);
}
export function updateEnvironment(
  ...args: Parameters<typeof repo.updateEnvironment>
): ReturnType<typeof repo.updateEnvironment> {
  return repo.updateEnvironment(...args);
}
export function warmPoolEnvironments(
  ...args: Parameters<typeof repo.warmPoolEnvironments>
): ReturnType<typeof repo.warmPoolEnvironments> {
  return repo.warmPoolEnvironments(...args);
}
export type EnvironmentRow = repo.EnvironmentRow;
