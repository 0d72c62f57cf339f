import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { labLimits } from './limits';

/** Environment type (spec platform §3). */
export const envTypes = { platform: 1, container: 2, virtual: 3, combination: 4 } as const;
export const envTypeValues = [1, 2, 3, 4] as const;
export type EnvType = (typeof envTypeValues)[number];

/** Environment configuration state. */
export const envStates = { enable: 1, disable: 2, archive: 3 } as const;
export const envStateValues = [1, 2, 3] as const;

export const hiddenFlags = { show: 0, hidden: 1 } as const;
export const openWithValues = { iframe: 1, newTab: 2 } as const;
export const accessModes = { terminal: 1, https: 2, httpsAndIp: 3 } as const;

/** Experiment kind codes. */
export const experimentKinds = [
  '1',
  '2',
  '2-1',
  '2-2',
  '3',
  '4',
  '7',
  '8',
  '9',
  '10',
  '11',
] as const;
export type ExperimentKind = (typeof experimentKinds)[number];
export const experimentKindNames: Record<ExperimentKind, string> = {
  '1': 'Emulate',
  '2': 'Terminal',
  '2-1': 'ChirpStack',
  '2-2': 'HomeAssistant',
  '3': 'Jupyter',
  '4': 'ThingsBoard',
  '7': 'JupyterHub',
  '8': 'IndustryCloud',
  '9': 'AppDesigner2D',
  '10': 'AppDesigner3D',
  '11': 'EmbeddedEmulate',
};

/** Resource kind strings. */
export const resourceKinds = [
  'SIMULATION',
  'TERMINAL',
  'JUPYTER',
  'THINGSBOARD',
  'JUPYTERHUB',
  'INDUSTRY-CLOUD',
  '2D',
  '3D',
  'EMBEDDED-SIMULATION',
  'ChirpStack',
  'HomeAssistant',
  'SIMULATION-CASE',
  'BIG-DATA',
  'JUPYTER-TERMINAL',
  'DATA-ANNOTATION',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/** What actually runs a resource kind. Kinds without a runner need images or a hypervisor. */
export type LabRunner = 'terminal' | 'jupyter' | 'simulation';
export function runnerOf(kind: ResourceKind): LabRunner | null {
  switch (kind) {
    case 'TERMINAL':
      return 'terminal';
    case 'JUPYTER':
    case 'JUPYTER-TERMINAL':
      return 'jupyter';
    case 'SIMULATION':
    case 'SIMULATION-CASE':
      return 'simulation';
    default:
      return null;
  }
}

/** Jupyter resource request defaults and choices (spec platform §5). */
export const jupyterDefaults = {
  cpuCore: 1,
  memorySize: 4,
  gpuCount: 1,
  gpuMemory: 2,
  diskSize: 10,
} as const;
export const cpuChoices = [0.3, 0.5, 0.7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const memoryChoices = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const diskChoices = [10, 20, 30] as const;

const oneOf = (choices: readonly number[]) =>
  z.coerce.number().refine((v) => choices.includes(v), 'invalid_value');

export const cpuSchema = /* @__PURE__ */ oneOf(cpuChoices);
export const memorySchema = /* @__PURE__ */ oneOf(memoryChoices);
export const diskSchema = /* @__PURE__ */ oneOf(diskChoices);

/** Simulated IoT devices. Sensors publish telemetry; actuators take on/off commands. */
export const sensorTypes = [
  'temperature',
  'humidity',
  'light',
  'smoke',
  'co2',
  'pressure',
] as const;
export const actuatorTypes = ['relay', 'fan', 'lamp', 'buzzer'] as const;
export const deviceTypes = [...sensorTypes, ...actuatorTypes] as const;
export type DeviceType = (typeof deviceTypes)[number];
export type SensorType = (typeof sensorTypes)[number];
export function isSensor(type: DeviceType): type is SensorType {
  return (sensorTypes as readonly string[]).includes(type);
}
export const sensorRanges: Record<SensorType, { min: number; max: number; unit: string }> = {
  temperature: { min: 15, max: 35, unit: '°C' },
  humidity: { min: 20, max: 90, unit: '%' },
  light: { min: 0, max: 2000, unit: 'lx' },
  smoke: { min: 0, max: 1000, unit: 'ppm' },
  co2: { min: 400, max: 2000, unit: 'ppm' },
  pressure: { min: 95, max: 105, unit: 'kPa' },
};

export const deviceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'invalid_format'),
    type: z.enum(deviceTypes, { message: 'invalid_value' }),
    name: z.string().trim().min(1, 'required').max(50, 'too_long'),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    intervalMs: z
      .number()
      .int()
      .min(500, 'invalid_value')
      .max(60_000, 'invalid_value')
      .default(2_000),
  })
  .refine((d) => d.min === undefined || d.max === undefined || d.min < d.max, {
    message: 'invalid_value',
    path: ['max'],
  });
export type Device = z.infer<typeof deviceSchema>;

export const initialFileSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1, 'required')
    .max(200, 'too_long')
    .regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[\w.\-/ ]+$/, 'invalid_format'),
  content: z.string().max(labLimits.initialFileMaxBytes, 'too_long'),
});
export type InitialFile = z.infer<typeof initialFileSchema>;

const labelSchema = z.string().trim().min(1, 'required').max(20, 'too_long');

/** Basic information of an environment configuration (`env/add`, `env/update`). */
export const envBaseSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'required')
    .min(2, 'too_short')
    .max(64, 'too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid_format'),
  name: z.string().trim().min(1, 'required').max(100, 'too_long'),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    message: 'invalid_value',
  }),
  state: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'invalid_value' }),
  hidden: z.union([z.literal(0), z.literal(1)], { message: 'invalid_value' }),
  openWith: z.union([z.literal(1), z.literal(2)], { message: 'invalid_value' }),
  accessMode: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'invalid_value' }),
  experimentKind: z.enum(experimentKinds, { message: 'invalid_value' }),
  resourceKind: z.enum(resourceKinds, { message: 'invalid_value' }),
  image: z.string().trim().max(500, 'too_long').default(''),
  labels: z.array(labelSchema).max(labLimits.labelsMax, 'too_long').default([]),
  description: z.string().trim().max(500, 'too_long').default(''),
  manual: z.string().max(20_000, 'too_long').default(''),
});

/**
 * The most a user may ask for in the Jupyter resource form; null keeps a resource at the
 * environment's own value. Other environments always run with their own values.
 */
export const envRequestLimitsSchema = z.object({
  maxCpuCore: cpuSchema.nullable().default(null),
  maxMemorySize: memorySchema.nullable().default(null),
  maxDiskSize: diskSchema.nullable().default(null),
  maxGpuCount: z.number().int().min(0, 'invalid_value').max(8, 'invalid_value').default(0),
});

/** Runtime configuration of an environment (`env/config`). */
export const envRuntimeSchema = z.object({
  cpuCore: cpuSchema,
  memorySize: memorySchema,
  diskSize: diskSchema,
  ...envRequestLimitsSchema.shape,
  restartLimit: z
    .number()
    .int()
    .min(0, 'invalid_value')
    .max(labLimits.restartLimitMax, 'invalid_value'),
  idleTimeout: z
    .number()
    .int()
    .min(labLimits.idleTimeoutMin, 'invalid_value')
    .max(labLimits.idleTimeoutMax, 'invalid_value'),
  /** Labs kept prepared ahead of demand; teaching tasks about to start add their students. */
  warmPool: z
    .number()
    .int()
    .min(0, 'invalid_value')
    .max(labLimits.warmPoolMax, 'invalid_value')
    .default(0),
  devices: z.array(deviceSchema).max(labLimits.devicesMax, 'too_long').default([]),
  parts: z.array(idSchema).max(labLimits.partsMax, 'too_long').default([]),
  initialFiles: z.array(initialFileSchema).max(labLimits.initialFilesMax, 'too_long').default([]),
});

export const envRuntimeDefaults = {
  cpuCore: 1,
  memorySize: 2,
  diskSize: 10,
  maxCpuCore: null,
  maxMemorySize: null,
  maxDiskSize: null,
  maxGpuCount: 0,
  restartLimit: 0,
  idleTimeout: labLimits.idleTimeoutDefault,
  warmPool: 0,
  devices: [],
  parts: [],
  initialFiles: [],
} as const;

export const envAddSchema = /* @__PURE__ */ envBaseSchema.extend(envRuntimeSchema.partial().shape);
export type EnvAdd = z.input<typeof envAddSchema>;
export const envUpdateSchema = /* @__PURE__ */ envBaseSchema.extend({ id: idSchema });
export type EnvUpdate = z.input<typeof envUpdateSchema>;
export const envConfigSchema = /* @__PURE__ */ envRuntimeSchema.extend({ id: idSchema });
export type EnvConfig = z.input<typeof envConfigSchema>;

export const environmentSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  state: z.number().int(),
  hidden: z.number().int(),
  openWith: z.number().int(),
  accessMode: z.number().int(),
  experimentKind: z.enum(experimentKinds),
  resourceKind: z.enum(resourceKinds),
  image: z.string(),
  labels: z.array(z.string()),
  description: z.string(),
  manual: z.string(),
  cpuCore: z.number(),
  memorySize: z.number(),
  diskSize: z.number(),
  maxCpuCore: z.number().nullable(),
  maxMemorySize: z.number().nullable(),
  maxDiskSize: z.number().nullable(),
  maxGpuCount: z.number().int(),
  restartLimit: z.number().int(),
  idleTimeout: z.number().int(),
  warmPool: z.number().int(),
  devices: z.array(
    z.object({
      id: z.string(),
      type: z.enum(deviceTypes),
      name: z.string(),
      min: z.number().optional(),
      max: z.number().optional(),
      intervalMs: z.number().int(),
    }),
  ),
  parts: z.array(z.string()),
  initialFiles: z.array(z.object({ path: z.string(), content: z.string() })),
  /** Whether this host can run it; false with a reason for kinds that need images or a hypervisor. */
  runnable: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Environment = z.infer<typeof environmentSchema>;

export const envPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(100, 'too_long').optional(),
  type: z.coerce.number().int().min(1).max(4).optional(),
  state: z.coerce.number().int().min(1).max(3).optional(),
  experimentKind: z.enum(experimentKinds, { message: 'invalid_value' }).optional(),
  label: z.string().trim().max(20, 'too_long').optional(),
  mine: z.enum(['true', 'false']).optional(),
});

/** Short form for selects (`env/list`). */
export const envOptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  resourceKind: z.enum(resourceKinds),
});

/** Experiment scripts (cases): the instructions a student follows in an environment. */
export const scriptSaveSchema = z.object({
  id: idSchema.optional(),
  envId: idSchema,
  name: z.string().trim().min(1, 'required').max(100, 'too_long'),
  label: labelSchema,
  instructions: z.string().max(20_000, 'too_long').default(''),
});
export type ScriptSave = z.input<typeof scriptSaveSchema>;
export const scriptSchema = z.object({
  id: z.string(),
  envId: z.string(),
  envName: z.string(),
  name: z.string(),
  label: z.string(),
  instructions: z.string(),
  createdAt: z.string(),
});
export type Script = z.infer<typeof scriptSchema>;
export const scriptListQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  envId: idSchema.optional(),
  name: z.string().trim().max(100, 'too_long').optional(),
});

/** Environment centre: enabled, shown environments for everyone. */
export const centerPageSchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(100, 'too_long').optional(),
  experimentKind: z.enum(experimentKinds, { message: 'invalid_value' }).optional(),
  label: z.string().trim().max(20, 'too_long').optional(),
});
export const centerItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  experimentKind: z.enum(experimentKinds),
  resourceKind: z.enum(resourceKinds),
  labels: z.array(z.string()),
  description: z.string(),
  openWith: z.number().int(),
  runnable: z.boolean(),
  /** The caller's runtime state of this environment. */
  runtimeState: z.number().int(),
});
export type CenterItem = z.infer<typeof centerItemSchema>;
export const centerDetailSchema = /* @__PURE__ */ centerItemSchema.extend({
  manual: z.string(),
  cpuCore: z.number(),
  memorySize: z.number(),
  diskSize: z.number(),
  restartLimit: z.number().int(),
  idleTimeout: z.number().int(),
  parts: z.array(envOptionSchema),
  scripts: z.array(scriptSchema),
  containerIds: z.array(z.string()),
  unrunnableReason: z.string().nullable(),
  /** The most the Jupyter resource form may ask for; null where the environment takes no request. */
  requestLimits: z
    .object({
      cpuCore: z.number(),
      memorySize: z.number(),
      diskSize: z.number(),
      gpuCount: z.number().int(),
    })
    .nullable(),
});
export type CenterDetail = z.infer<typeof centerDetailSchema>;
export type RequestLimits = NonNullable<CenterDetail['requestLimits']>;

/** The effective maxima of an environment's resource request: never below its own values. */
export function requestLimitsOf(env: {
  cpuCore: number;
  memorySize: number;
  diskSize: number;
  maxCpuCore: number | null;
  maxMemorySize: number | null;
  maxDiskSize: number | null;
  maxGpuCount: number;
}): RequestLimits {
  return {
    cpuCore: Math.max(env.cpuCore, env.maxCpuCore ?? 0),
    memorySize: Math.max(env.memorySize, env.maxMemorySize ?? 0),
    diskSize: Math.max(env.diskSize, env.maxDiskSize ?? 0),
    gpuCount: env.maxGpuCount,
  };
}
