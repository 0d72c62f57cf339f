import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Device, InitialFile } from '@platform/contract';
import { createdAt, id, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** Environment configurations (spec: Environment). Platform-wide; soft-deleted to keep usage. */
export const labEnvironments = pgTable(
  'lab_environments',
  {
    id: id('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    state: smallint('state').notNull(),
    hidden: smallint('hidden').notNull().default(0),
    openWith: smallint('open_with').notNull().default(1),
    accessMode: smallint('access_mode').notNull().default(1),
    experimentKind: text('experiment_kind').notNull(),
    resourceKind: text('resource_kind').notNull(),
    image: text('image').notNull().default(''),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    manual: text('manual').notNull().default(''),
    cpuCore: doublePrecision('cpu_core').notNull(),
    memorySize: integer('memory_size').notNull(),
    diskSize: integer('disk_size').notNull(),
    /** Jupyter resource request maxima; null keeps the environment's own value. */
    maxCpuCore: doublePrecision('max_cpu_core'),
    maxMemorySize: integer('max_memory_size'),
    maxDiskSize: integer('max_disk_size'),
    maxGpuCount: integer('max_gpu_count').notNull().default(0),
    restartLimit: integer('restart_limit').notNull().default(0),
    idleTimeout: integer('idle_timeout').notNull(),
    warmPool: integer('warm_pool').notNull().default(0),
    devices: jsonb('devices').$type<Device[]>().notNull().default([]),
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    initialFiles: jsonb('initial_files').$type<InitialFile[]>().notNull().default([]),
    createdBy: id('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_environments_code_key')
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Experiment scripts (cases): instructions a student follows in an environment. */
export const labScripts = pgTable(
  'lab_scripts',
  {
    id: id('id').primaryKey(),
    envId: id('env_id')
      .notNull()
      .references(() => labEnvironments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull(),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lab_scripts_env_idx').on(t.envId), index('lab_scripts_label_idx').on(t.label)],
);
