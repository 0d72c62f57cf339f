import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';
import { labEnvironments } from '../environments/environments.schema';

/**
 * One container of a user's lab: a part of an environment (the environment itself, or one part
 * of a combination). Desired and observed state are kept here; the runtime keeps them in memory.
 */
export const labContainers = pgTable(
  'lab_containers',
  {
    id: id('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: id('school_id').references(() => schools.id),
    /** The environment the user started (the combination, for its parts). */
    envId: id('env_id')
      .notNull()
      .references(() => labEnvironments.id),
    /** The environment this container runs. */
    partEnvId: id('part_env_id')
      .notNull()
      .references(() => labEnvironments.id),
    position: smallint('position').notNull().default(0),
    expScriptId: id('exp_script_id'),
    desiredState: smallint('desired_state').notNull().default(0),
    observedState: smallint('observed_state').notNull().default(0),
    resources: jsonb('resources')
      .$type<{ cpuCore: number; memorySize: number; diskSize: number; gpuCount: number }>()
      .notNull(),
    /** Per-lab MQTT password, for simulation and combination labs. */
    mqttPassword: text('mqtt_password'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_containers_user_part_key').on(t.userId, t.envId, t.partEnvId),
    index('lab_containers_desired_idx').on(t.desiredState),
  ],
);

/** Who used which environment, with what, and for how long. Feeds env/usage and billing. */
export const labUsage = pgTable(
  'lab_usage',
  {
    id: id('id').primaryKey(),
    containerId: id('container_id').notNull(),
    userId: id('user_id').notNull(),
    schoolId: id('school_id'),
    envId: id('env_id').notNull(),
    envName: text('env_name').notNull(),
    /** The resource kind of the part that ran, which prices are set per. */
    resourceKind: text('resource_kind'),
    resources: jsonb('resources')
      .$type<{ cpuCore: number; memorySize: number; diskSize: number; gpuCount: number }>()
      .notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
  },
  (t) => [
    index('lab_usage_school_billing_idx').on(t.schoolId, t.stoppedAt),
    index('lab_usage_env_idx').on(t.envId, t.startedAt),
    index('lab_usage_user_env_idx').on(t.userId, t.envId, t.startedAt),
    index('lab_usage_open_idx')
      .on(t.containerId)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/** A user's remembered Jupyter resource request, per environment. */
export const jupyterExpInfo = pgTable(
  'jupyter_exp_info',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    envId: id('env_id')
      .notNull()
      .references(() => labEnvironments.id, { onDelete: 'cascade' }),
    cpuCore: doublePrecision('cpu_core').notNull(),
    memorySize: integer('memory_size').notNull(),
    gpuCount: integer('gpu_count').notNull(),
    gpuMemory: integer('gpu_memory').notNull(),
    diskSize: integer('disk_size').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.envId] })],
);

/**
 * Where the process that runs the labs can be reached by the other server processes, written by
 * that process when it takes the lead. One row.
 */
export const labLeader = pgTable('lab_leader', {
  id: smallint('id').primaryKey().default(1),
  address: text('address').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
});
