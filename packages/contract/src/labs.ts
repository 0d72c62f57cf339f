import { z } from 'zod';
import { idSchema } from './envelope';
import { labLimits } from './limits';
import { cpuSchema, deviceTypes, diskSchema, memorySchema, resourceKinds } from './environments';

/** Runtime state of an environment for its user (spec platform §4). */
export const runtimeStates = { stopped: 0, starting: 1, running: 2 } as const;
export type RuntimeState = 0 | 1 | 2;

/** State strings of a container; "Running" (any case) means ready. */
export const containerStates = ['Running', 'Starting', 'Stopping', 'Stopped', 'Failed'] as const;
export type ContainerState = (typeof containerStates)[number];

/**
 * Why a container stopped: its user (this page or another, a script), the idle sweep, a reset
 * (it starts again at once), a failed start, the server shutting down, the user's removal, an
 * exam's deadline, the school's balance running out.
 */
export const labStopReasons = [
  'user',
  'idle',
  'reset',
  'failed',
  'shutdown',
  'removed',
  'deadline',
  'balance',
] as const;
export type LabStopReason = (typeof labStopReasons)[number];

/** MQTT topics of a lab's namespace. */
export const labTopics = {
  root: (labId: string) => `labs/${labId}`,
  telemetry: (labId: string, deviceId: string) => `labs/${labId}/devices/${deviceId}/telemetry`,
  command: (labId: string, deviceId: string) => `labs/${labId}/devices/${deviceId}/set`,
  state: (labId: string, deviceId: string) => `labs/${labId}/devices/${deviceId}/state`,
};

/** `POST containers/start` (spec platform §7). */
export const startRequestSchema = z.object({
  expEnvId: idSchema,
  expScriptId: idSchema.optional(),
  cpuCore: cpuSchema.optional(),
  memorySize: memorySchema.optional(),
  gpuCount: z.coerce.number().int().min(0).max(8).optional(),
  gpuMemory: z.coerce.number().int().min(0).max(80).optional(),
  diskSize: diskSchema.optional(),
});
export type StartRequest = z.input<typeof startRequestSchema>;

export const envContainerQuerySchema = z.object({
  envId: idSchema,
  containerId: idSchema.optional(),
});

/** Limits of a running lab and whether this host enforces them. */
export const enforcementSchema = z.object({
  cpu: z.boolean(),
  memory: z.boolean(),
  disk: z.boolean(),
  uid: z.boolean(),
  network: z.boolean(),
  /** The syscall filter and no nested user namespaces. */
  syscalls: z.boolean(),
});
export type Enforcement = z.infer<typeof enforcementSchema>;

/** A container (spec platform §3) with what the lab detail shows. */
export const containerSchema = z.object({
  id: z.string(),
  envId: z.string(),
  name: z.string(),
  state: z.enum(containerStates),
  serviceType: z.enum(resourceKinds),
  expScriptId: z.string().nullable(),
  /** The lab's own origin; opening it needs a ticket (`container/ticket/{id}`). */
  url: z.string(),
  subUrl: z.string(),
  openWith: z.number().int(),
  cpuCore: z.number(),
  memorySize: z.number(),
  diskSize: z.number(),
  gpuCount: z.number().int(),
  enforced: enforcementSchema,
  /** Plain-words notes about limits this host cannot enforce, in the caller's language. */
  notes: z.array(z.string()),
  message: z.string().nullable(),
  warning: z.string().nullable(),
  startedAt: z.string().nullable(),
  idleTimeout: z.number().int(),
});
export type Container = z.infer<typeof containerSchema>;

export const containerStateSchema = z.object({
  id: z.string(),
  state: z.enum(containerStates),
  message: z.string().nullable(),
  /** A warning for a running lab, such as the school's balance running out; null when none. */
  warning: z.string().nullable(),
  /** Why a stopping or stopped container stops; null while it starts or runs. */
  stopReason: z.enum(labStopReasons).nullable(),
});
export type ContainerStateInfo = z.infer<typeof containerStateSchema>;

/** The containers a state stream follows: comma-joined ids, at most `stateStreamIdsMax`. */
export const stateEventsQuerySchema = z.object({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(','))])
    .pipe(z.array(idSchema).min(1, 'required').max(labLimits.stateStreamIdsMax, 'too_long')),
});

export const restartLimitSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type RestartLimit = z.infer<typeof restartLimitSchema>;
export const restartLimitQuerySchema = z.object({ envId: idSchema });

export const resetRequestSchema = z.object({ envId: idSchema, containerId: idSchema.optional() });

export const ticketSchema = z.object({
  url: z.string(),
  expiresIn: z.number().int(),
  /** The one origin a page may show the lab in a frame from (the platform's public address). */
  embedOrigin: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * Where a lab ticket leads once redeemed: a path on the lab's own origin. `//host` and `/\host`
 * (which browsers read as another host) and control characters are refused.
 */
export const labNextPathSchema = z
  .string()
  .max(1024, 'too_long')
  .refine(
    (path) =>
      /^\/(?![/\\])/.test(path) &&
      !path.includes('\\') &&
      ![...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    'invalid_format',
  );
export const ticketRequestSchema = z.object({ next: labNextPathSchema.optional() });

export const diskAlarmSchema = z.object({ phone: z.string(), status: z.number().int() });

/** Jupyter resource request (spec platform §3), keyed by resourceExpEnvId. */
export const jupyterInfoSaveSchema = z.object({
  expEnvId: idSchema,
  expScriptId: idSchema.optional(),
  cpuCore: cpuSchema,
  memorySize: memorySchema,
  gpuCount: z.coerce.number().int().min(0, 'invalid_value').max(8, 'invalid_value'),
  gpuMemory: z.coerce.number().int().min(0, 'invalid_value').max(80, 'invalid_value'),
  diskSize: diskSchema,
});
export type JupyterInfoSave = z.input<typeof jupyterInfoSaveSchema>;
export const jupyterInfoSchema = z.object({
  resourceExpEnvId: z.string(),
  cpuCore: z.number(),
  memorySize: z.number(),
  gpuCount: z.number().int(),
  gpuMemory: z.number().int(),
  diskSize: z.number(),
});
export type JupyterInfo = z.infer<typeof jupyterInfoSchema>;
export const jupyterInfoQuerySchema = z.object({ resourceExpEnvId: idSchema });

/** Usage records (`env/usage/{id}`), later the source of billing. */
export const usageRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  schoolId: z.string().nullable(),
  envId: z.string(),
  envName: z.string(),
  containerId: z.string(),
  cpuCore: z.number(),
  memorySize: z.number(),
  diskSize: z.number(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  durationSeconds: z.number().int(),
  stopReason: z.string().nullable(),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;
export const usageSummarySchema = z.object({
  envId: z.string(),
  starts: z.number().int(),
  totalSeconds: z.number().int(),
  running: z.number().int(),
  records: z.array(usageRecordSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

/** Files in a lab's home. Paths are relative to the home; leaving it is refused (code 9000). */
export const labPathSchema = z
  .string()
  .max(1024, 'too_long')
  .refine((p) => !p.includes('\0'), 'invalid_format')
  .default('');
export const listFilesQuerySchema = z.object({ containerId: idSchema, path: labPathSchema });
/** The form fields of an upload, before its file part: the lab, and the folder in its home. */
export const labUploadFieldsSchema = z.object({ containerId: idSchema, path: labPathSchema });
export const downloadQuerySchema = z.object({
  containerId: idSchema,
  path: z.string().min(1, 'required').max(1024, 'too_long'),
});
export const fileEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  isDir: z.boolean(),
  size: z.number().int(),
  modifiedAt: z.string(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** Messages on a terminal WebSocket, browser to lab. The lab sends output as text frames. */
export const terminalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().max(64 * 1024) }),
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(2).max(1000),
    rows: z.number().int().min(2).max(1000),
  }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessageSchema>;

/** Messages on a simulation panel WebSocket. */
export const panelDeviceSchema = z.object({
  id: z.string(),
  type: z.enum(deviceTypes),
  name: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  on: z.boolean().nullable(),
  ts: z.number().nullable(),
});
export type PanelDevice = z.infer<typeof panelDeviceSchema>;
export type PanelServerMessage =
  | {
      type: 'snapshot';
      labId: string;
      topicPrefix: string;
      devices: PanelDevice[];
      readOnly: boolean;
    }
  | { type: 'telemetry'; id: string; value: number; ts: number }
  | { type: 'state'; id: string; on: boolean; ts: number };
export const panelClientMessageSchema = z.object({
  type: z.literal('set'),
  id: z.string().max(32),
  on: z.boolean(),
});
export type PanelClientMessage = z.infer<typeof panelClientMessageSchema>;

/** What the gateway tells a lab's own page (`labGatewayPaths.info`). */
export const labPageInfoSchema = z.object({
  containerId: z.string(),
  envName: z.string(),
  runner: z.enum(['terminal', 'jupyter', 'simulation']),
  language: z.enum(['zh-CN', 'en-US']),
  readOnly: z.boolean(),
});
export type LabPageInfo = z.infer<typeof labPageInfoSchema>;
