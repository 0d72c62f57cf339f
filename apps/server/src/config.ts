import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const dnsLabel = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'must be a Kubernetes namespace name');
const labelPair = String.raw`[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?=([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?`;
const labelSelector = z
  .string()
  .regex(
    new RegExp(`^${labelPair}(,${labelPair})*$`),
    'must be labels like app.kubernetes.io/name=platform,tier=web',
  );
const image = z.string().regex(/^[^\s]+$/, 'must be an image reference without spaces');
/** An address or a CIDR, which a NetworkPolicy can allow as an `ipBlock`. */
const isAddress = (host: string) => isIP(host.split('/')[0] ?? '') !== 0;

/** A listening address other processes can connect to: a wildcard one is reached locally. */
function internalHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return isIP(host) === 6 ? `[${host}]` : host;
}

const envSchema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: z
      .url({ message: 'must be an absolute URL such as http://localhost:8080' })
      .optional(),
    INTERNAL_URL: z
      .url({ message: 'must be an absolute URL such as http://10.0.0.5:8080' })
      .optional(),
    DEFAULT_PASSWORD: z
      .string()
      .regex(/^[A-Za-z0-9_#]{6,20}$/, 'must be 6 to 20 letters, digits, _ or #')
      .default('Edu_123456'),
    SEED_PASSWORD: z
      .string()
      .regex(/^[A-Za-z0-9_#]{6,20}$/, 'must be 6 to 20 letters, digits, _ or #')
      .default('Demo_123456'),
    SEED_DEMO: bool.default(true),
    WEB_CLIENT_ID: z.string().min(1).default('platform-web'),
    WEB_CLIENT_SECRET: z
      .string()
      .min(8, 'must be at least 8 characters')
      .default('platform-web-secret'),
    DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATACENTER_ID: z.coerce.number().int().min(0).max(31).default(0),
    WORKER_ID: z.coerce.number().int().min(0).max(31).default(0),
    ACCESS_TOKEN_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(86400 * 30)
      .default(7200),
    REFRESH_TOKEN_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86400 * 365)
      .default(86400 * 7),
    AI_CHAT_URL: z.url().optional(),
    AI_AGENT_CODE: z.string().optional(),
    USER_CENTER_URL: z.url().optional(),
    TRUST_PROXY: z
      .union([bool, z.coerce.number().int().min(0).max(10)])
      .default(false)
      .describe('true, false, or the number of proxies in front of the server'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    LABS_DIR: z.string().min(1).optional(),
    LAB_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as labs.example.com')
      .optional(),
    LAB_MAX_STARTING: z.coerce.number().int().min(1).max(1000).default(8),
    LAB_HEARTBEAT_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    LAB_IDLE_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** How often running labs are charged and schools out of balance are warned and stopped. */
    BILLING_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    JOB_LEASE_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    LAB_UID_REGISTRY: z.string().startsWith('/', 'must be an absolute path').optional(),
    LAB_DISK_CAP: bool.default(true),
    MQTT_URL: z
      .string()
      .regex(/^mqtts?:\/\//, 'must start with mqtt:// or mqtts://')
      .optional(),
    MQTT_DYNSEC_USERNAME: z.string().min(1).optional(),
    MQTT_DYNSEC_PASSWORD: z.string().min(1).optional(),
    LAB_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
    LAB_K8S_NAMESPACE: dnsLabel.optional(),
    LAB_K8S_IMAGE_TERMINAL: image.optional(),
    LAB_K8S_IMAGE_JUPYTER: image.optional(),
    LAB_K8S_IMAGE_IOT: image.optional(),
    LAB_K8S_GATEWAY_SELECTOR: labelSelector.optional(),
    LAB_K8S_GATEWAY_NAMESPACE: dnsLabel.optional(),
    LAB_K8S_MQTT_HOST: z
      .string()
      .regex(/^[A-Za-z0-9.:/-]+$/, 'must be an address, a CIDR or a host name')
      .optional(),
    LAB_K8S_MQTT_PORT: port.default(1883),
    LAB_K8S_MQTT_SELECTOR: labelSelector.optional(),
    LAB_K8S_MQTT_NAMESPACE: dnsLabel.optional(),
    LAB_K8S_STORAGE_CLASS: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/, 'must be a storage class name')
      .optional(),
    KUBECONFIG: z.string().min(1).optional(),
    KUBERNETES_SERVICE_HOST: z.string().min(1).optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_HTTP_TEMPLATE_CODE: z.string().max(100).optional(),
    SMS_HTTP_TEMPLATE_TRIAL: z.string().max(100).optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SMS_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    SMS_MAX_PER_DAY: z.coerce.number().int().min(1).default(2000),
  })
  .superRefine((e, ctx) => {
    const requireAll = (names: readonly (keyof typeof e)[], when: string) => {
      for (const name of names)
        if (!e[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    };
    if (e.STORAGE_DRIVER === 's3')
      requireAll(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'STORAGE_DRIVER=s3');
    if (e.SMS_PROVIDER === 'http')
      requireAll(
        ['SMS_HTTP_URL', 'SMS_HTTP_TOKEN', 'SMS_HTTP_TEMPLATE_CODE', 'SMS_HTTP_TEMPLATE_TRIAL'],
        'SMS_PROVIDER=http',
      );
    if (e.MQTT_DYNSEC_USERNAME || e.MQTT_DYNSEC_PASSWORD)
      requireAll(
        ['MQTT_URL', 'MQTT_DYNSEC_USERNAME', 'MQTT_DYNSEC_PASSWORD'],
        'MQTT dynamic security is configured',
      );
    if (e.LAB_DRIVER === 'kubernetes') {
      requireAll(['LAB_K8S_NAMESPACE', 'LAB_K8S_GATEWAY_SELECTOR'], 'LAB_DRIVER=kubernetes');
      if (!e.KUBERNETES_SERVICE_HOST)
        requireAll(['KUBECONFIG'], 'LAB_DRIVER=kubernetes outside a cluster');
      if (e.LAB_K8S_MQTT_HOST) requireAll(['MQTT_URL'], 'LAB_K8S_MQTT_HOST is set');
    }
    if (e.LAB_K8S_MQTT_HOST && !isAddress(e.LAB_K8S_MQTT_HOST) && !e.LAB_K8S_MQTT_SELECTOR)
      ctx.addIssue({
        code: 'custom',
        path: ['LAB_K8S_MQTT_SELECTOR'],
        message:
          "is required when LAB_K8S_MQTT_HOST names a host: a NetworkPolicy allows the broker's pods by their labels, or an address",
      });
  });

/** Where files are kept (lib/storage). */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** The lab driver's settings when labs run on Kubernetes (decision 0031). */
export type KubernetesLabConfig = {
  namespace: string;
  images: { terminal: string | undefined; jupyter: string | undefined; iot: string | undefined };
  /** The gateway pods' labels, `k=v,k=v`. */
  gatewaySelector: string;
  gatewayNamespace: string | undefined;
  mqtt: {
    host: string;
    port: number;
    selector: string | undefined;
    namespace: string | undefined;
  } | null;
  storageClass: string | undefined;
  /** Unset: the pod's service account. */
  kubeconfig: string | undefined;
};

export type LabDriverConfig = { kind: 'local' } | ({ kind: 'kubernetes' } & KubernetesLabConfig);

/** Where text messages go (features/sms, decision 0026). */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'http';
      url: string;
      token: string;
      /** The gateway's template of each kind of message. */
      templates: { verificationCode: string; trialMessage: string };
      timeoutMs: number;
    };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Where the other server processes reach this one (requests for the labs it runs). */
  internalUrl: string;
  seedPassword: string;
  /** The default password of new student and teacher accounts and of resets to the default. */
  defaultPassword: string;
  seedDemo: boolean;
  webClientId: string;
  webClientSecret: string;
  /** Signs device cookies; unset, a random secret kept in the database is used. */
  deviceCookieSecret: string | undefined;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  datacenterId: number;
  workerId: number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  aiChatUrl: string | undefined;
  aiAgentCode: string | undefined;
  userCenterUrl: string | undefined;
  shutdownGraceMs: number;
  trustProxy: boolean | number;
  labsDir: string;
  /** Labs are served on `<container id>.<labDomain>`. */
  labDomain: string;
  labMaxStarting: number;
  labHeartbeatFlushMs: number;
  labIdleSweepMs: number;
  billingTickMs: number;
  /** How long a background job stays with a process that stopped renewing it. */
  jobLeaseMs: number;
  /** Host-wide registry of lab uids, shared by every platform process on the host. */
  labUidRegistry: string | undefined;
  labDiskCap: boolean;
  mqttUrl: string | undefined;
  /** A client of Mosquitto's dynamic security plugin that manages the labs' credentials (decision 0033). */
  mqttDynsec: { username: string; password: string } | null;
  labDriver: LabDriverConfig;
  storage: StorageConfig;
  sms: SmsConfig;
  /** Verification codes the whole platform sends at most, across its processes (decision 0044). */
  smsCaps: { perMinute: number; perDay: number };
};

export class ConfigError extends Error {}

/** Reads the configuration from environment variables; a bad value names the variable and the rule. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    internalUrl: (e.INTERNAL_URL ?? `http://${internalHost(e.HOST)}:${e.PORT}`).replace(/\/+$/, ''),
    seedPassword: e.SEED_PASSWORD,
    defaultPassword: e.DEFAULT_PASSWORD,
    seedDemo: e.SEED_DEMO,
    webClientId: e.WEB_CLIENT_ID,
    webClientSecret: e.WEB_CLIENT_SECRET,
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET,
    webDist: path.resolve(e.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    datacenterId: e.DATACENTER_ID,
    workerId: e.WORKER_ID,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    refreshTokenSeconds: e.REFRESH_TOKEN_SECONDS,
    aiChatUrl: e.AI_CHAT_URL,
    aiAgentCode: e.AI_AGENT_CODE,
    userCenterUrl: e.USER_CENTER_URL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY,
    labsDir: path.resolve(e.LABS_DIR ?? path.join(e.DATA_DIR, 'labs')),
    labDomain: (
      e.LAB_DOMAIN ?? `labs.${new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).hostname}`
    ).toLowerCase(),
    labMaxStarting: e.LAB_MAX_STARTING,
    labHeartbeatFlushMs: e.LAB_HEARTBEAT_FLUSH_MS,
    labIdleSweepMs: e.LAB_IDLE_SWEEP_MS,
    billingTickMs: e.BILLING_TICK_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    labUidRegistry: e.LAB_UID_REGISTRY,
    labDiskCap: e.LAB_DISK_CAP,
    mqttUrl: e.MQTT_URL,
    mqttDynsec:
      e.MQTT_DYNSEC_USERNAME && e.MQTT_DYNSEC_PASSWORD
        ? { username: e.MQTT_DYNSEC_USERNAME, password: e.MQTT_DYNSEC_PASSWORD }
        : null,
    labDriver:
      e.LAB_DRIVER === 'kubernetes'
        ? {
            kind: 'kubernetes',
            namespace: e.LAB_K8S_NAMESPACE ?? '',
            images: {
              terminal: e.LAB_K8S_IMAGE_TERMINAL,
              jupyter: e.LAB_K8S_IMAGE_JUPYTER,
              iot: e.LAB_K8S_IMAGE_IOT,
            },
            gatewaySelector: e.LAB_K8S_GATEWAY_SELECTOR ?? '',
            gatewayNamespace: e.LAB_K8S_GATEWAY_NAMESPACE,
            mqtt: e.LAB_K8S_MQTT_HOST
              ? {
                  host: e.LAB_K8S_MQTT_HOST,
                  port: e.LAB_K8S_MQTT_PORT,
                  selector: e.LAB_K8S_MQTT_SELECTOR,
                  namespace: e.LAB_K8S_MQTT_NAMESPACE,
                }
              : null,
            storageClass: e.LAB_K8S_STORAGE_CLASS,
            kubeconfig: e.KUBECONFIG,
          }
        : { kind: 'local' },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : { driver: 'local', dir: path.resolve(e.DATA_DIR, 'files') },
    sms:
      e.SMS_PROVIDER === 'http'
        ? {
            provider: 'http',
            url: e.SMS_HTTP_URL ?? '',
            token: e.SMS_HTTP_TOKEN ?? '',
            templates: {
              verificationCode: e.SMS_HTTP_TEMPLATE_CODE ?? '',
              trialMessage: e.SMS_HTTP_TEMPLATE_TRIAL ?? '',
            },
            timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
          }
        : { provider: 'outbox' },
    smsCaps: { perMinute: e.SMS_MAX_PER_MINUTE, perDay: e.SMS_MAX_PER_DAY },
  };
}
