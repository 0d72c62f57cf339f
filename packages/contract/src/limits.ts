/** Business constants shared by server and web (spec platform-and-labs §9). */
export const limits = {
  requestTimeoutMs: 20_000,
  errorToastSeconds: 3,
  errorToastThrottleMs: 3_000,
  unauthorizedRedirectDelayMs: 2_000,
  announcementDelayMs: 2_000,
  switchCooldownMs: 800,
  passwordMinLength: 6,
  passwordMaxLength: 20,
  dialogWidth: 650,
  themeColor: '#1664ff',
  topMenuItemDefaultWidth: 150,
  topMenuItemCharWidth: 14,
  topMenuItemPadding: 40,
  topMenuItemMinWidth: 80,
  topMenuMoreWidth: 220,
  taskPageSize: 10,
} as const;

export const storageKeys = {
  token: 'cloud-token',
  language: 'language',
  activeMenu: 'active-menu',
  announcement: 'system-announcement',
  whitelist: 'whitelist',
  containerId: 'container-id',
} as const;

export const languages = ['zh-CN', 'en-US'] as const;
export type Language = (typeof languages)[number];

/** Paths on which the header and side menu are hidden. */
export const fullScreenPathSuffixes = ['/task', '/experiment', '/reportInfo', '/exam'] as const;

export const defaultSchoolUrl = 'sch_edu';
export const webClientId = 'platform-web';

/** Timings and limits of the lab runtime (spec platform §4 and §9). */
export const labLimits = {
  heartbeatMs: 60_000,
  pollMs: 5_000,
  pollRunningMs: 10_000,
  startRetryMs: 5_000,
  /** A comment on an open state stream this often keeps proxies from closing it. */
  stateStreamKeepAliveMs: 15_000,
  /** Containers one state stream may follow. */
  stateStreamIdsMax: 10,
  resetFailureMessageMs: 5_000,
  terminalReplayBytes: 64 * 1024,
  terminalReconnectMs: 5 * 60_000,
  ticketSeconds: 60,
  uploadMaxBytes: 50 * 1024 * 1024,
  idleTimeoutMin: 60,
  idleTimeoutMax: 86_400,
  idleTimeoutDefault: 1_800,
  restartLimitMax: 1_000,
  /** Labs an environment may keep prepared ahead of demand (its warm pool). */
  warmPoolMax: 200,
  /** Teaching tasks starting this soon have labs prepared for their students. */
  warmLeadMs: 15 * 60_000,
  initialFilesMax: 20,
  initialFileMaxBytes: 64 * 1024,
  devicesMax: 20,
  partsMax: 5,
  labelsMax: 10,
} as const;
