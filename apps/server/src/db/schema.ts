import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import type { Device, InitialFile } from '@platform/contract';

/** A snowflake id: bigint in the database, decimal string in TypeScript and JSON. */
const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (v) => v,
  fromDriver: (v) => String(v),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const schools = pgTable(
  'schools',
  {
    id: id('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type'),
    url: text('url').notNull().default('sch_edu'),
    logo: text('logo'),
    clientLogo: text('client_logo'),
    clientTitle: text('client_title'),
    favicon: text('favicon'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** Region codes of the region dictionary (GB/T 2260). */
    province: text('province'),
    city: text('city'),
    intro: text('intro').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Money in fen; fed by billing. */
    totalBalance: bigint('total_balance', { mode: 'number' }).notNull().default(0),
    rechargeBalance: bigint('recharge_balance', { mode: 'number' }).notNull().default(0),
    giftBalance: bigint('gift_balance', { mode: 'number' }).notNull().default(0),
    tokenCount: bigint('token_count', { mode: 'number' }).notNull().default(0),
    pptCount: integer('ppt_count').notNull().default(0),
    maxStudents: integer('max_students').notNull().default(0),
    purchasedCourseCount: integer('purchased_course_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('schools_url_key').on(t.url), index('schools_name_idx').on(t.name)],
);

/** The region dictionary: provinces and cities keyed by their GB/T 2260 codes. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    pid: text('pid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_pid_idx').on(t.pid, t.sort)],
);

/** Departments of a school (organization management). */
export const departments = pgTable(
  'departments',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_school_name_key').on(t.schoolId, t.name)],
);

/** Majors of a school, each in a department. */
export const majors = pgTable(
  'majors',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    departmentId: id('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('majors_school_name_key').on(t.schoolId, t.name),
    index('majors_department_idx').on(t.departmentId),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    grade: text('grade'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('classes_school_idx').on(t.schoolId)],
);

/** The suitable majors of a class (at least one). */
export const classMajors = pgTable(
  'class_majors',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    majorId: id('major_id')
      .notNull()
      .references(() => majors.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.majorId] }),
    index('class_majors_major_idx').on(t.majorId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    classId: id('class_id').references(() => classes.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    avatar: text('avatar'),
    birthday: text('birthday'),
    province: text('province'),
    city: text('city'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    email: text('email'),
    kind: smallint('kind'),
    sex: smallint('sex'),
    stuNo: text('stu_no'),
    phone: text('phone'),
    language: text('language'),
    enabled: boolean('enabled').notNull().default(true),
    /** The password was set by someone else (default, reset, import): change it at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_school_idx').on(t.schoolId, t.kind),
    index('users_class_idx').on(t.classId),
    uniqueIndex('users_school_stu_no_key')
      .on(t.schoolId, t.stuNo)
      .where(sql`${t.deletedAt} is null and ${t.stuNo} is not null`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code_key').on(t.tenantId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const menus = pgTable(
  'menus',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id'),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    url: text('url').notNull().default(''),
    menuIndex: text('menu_index'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    icon: text('icon'),
    toJump: boolean('to_jump').notNull().default(false),
    customFields: text('custom_fields'),
    linkType: smallint('link_type').notNull().default(1),
    linkValue: text('link_value'),
    activeMenu: text('active_menu'),
    type: smallint('type').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_tenant_idx').on(t.tenantId), index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: id('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  grantTypes: text('grant_types').array().notNull(),
  accessTokenSeconds: integer('access_token_seconds').notNull(),
  refreshTokenSeconds: integer('refresh_token_seconds').notNull(),
  redirectUris: text('redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  firstParty: boolean('first_party').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('auth_sessions_access_key').on(t.accessHash),
    uniqueIndex('auth_sessions_refresh_key').on(t.refreshHash),
    index('auth_sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('auth_sessions_user_idx').on(t.userId),
  ],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: id('id').primaryKey(),
    userId: id('user_id'),
    schoolId: id('school_id'),
    username: text('username'),
    clientId: text('client_id'),
    source: text('source').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_user_idx').on(t.userId, t.createdAt),
    index('login_logs_school_idx').on(t.schoolId, t.createdAt),
  ],
);

export const siteConfigs = pgTable('site_configs', {
  clientCode: text('client_code').primaryKey(),
  name: text('name').notNull(),
  clientTitle: text('client_title').notNull(),
  clientLogo: text('client_logo'),
  favicon: text('favicon'),
  logo: text('logo'),
  url: text('url').notNull().default('sch_edu'),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export const whitelistUsers = pgTable('whitelist_users', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: id('school_id').references(() => schools.id),
  createdAt: createdAt(),
});

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
    resources: jsonb('resources')
      .$type<{ cpuCore: number; memorySize: number; diskSize: number; gpuCount: number }>()
      .notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
  },
  (t) => [
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

/** Customers of the platform (regular, experience, temporary) and their service time. */
export const customers = pgTable(
  'customers',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    serviceStart: timestamp('service_start', { withTimezone: true }).notNull(),
    serviceEnd: timestamp('service_end', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_school_idx').on(t.schoolId),
    index('customers_end_idx').on(t.serviceEnd),
  ],
);

/** The history of added service time. */
export const customerTimeLogs = pgTable(
  'customer_time_logs',
  {
    id: id('id').primaryKey(),
    customerId: id('customer_id')
      .notNull()
      .references(() => customers.id),
    hours: integer('hours').notNull(),
    reason: text('reason').notNull(),
    endBefore: timestamp('end_before', { withTimezone: true }).notNull(),
    endAfter: timestamp('end_after', { withTimezone: true }).notNull(),
    operatorId: id('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('customer_time_logs_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Teaching tasks, as far as accounts need them: who holds a task and whether it is archived.
 * The teaching-task feature extends this table.
 */
export const teachingTasks = pgTable(
  'teaching_tasks',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    teacherId: id('teacher_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teaching_tasks_school_idx').on(t.schoolId),
    index('teaching_tasks_teacher_idx').on(t.teacherId),
  ],
);

/** A student's work on a teaching task: the training data that archiving a class clears. */
export const studentTasks = pgTable(
  'student_tasks',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    taskId: id('task_id')
      .notNull()
      .references(() => teachingTasks.id, { onDelete: 'cascade' }),
    studentId: id('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    score: integer('score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_tasks_task_student_key').on(t.taskId, t.studentId),
    index('student_tasks_student_idx').on(t.studentId),
  ],
);

/** Spreadsheet imports: progress while running, the per-row error report afterwards. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors')
      .$type<{ row: number; field: string; errorKey: string; value: string }[]>()
      .notNull()
      .default([]),
    errorKey: text('error_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt)],
);
