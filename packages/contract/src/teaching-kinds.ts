/**
 * What teaching tasks are made of, as plain values: kinds, states, limits and the notices they
 * raise. Free of schemas, so the students' task pages and the header's notice badge load no
 * validation code.
 */

/** Management side (management spec §3): practice, exercise, exam. */
export const taskKinds = ['practice', 'exercise', 'exam'] as const;
export type TaskKind = (typeof taskKinds)[number];

/** Student side (platform spec §3): training 0, exam 1. */
export const studentTaskTypes = { training: 0, exam: 1 } as const;
export type StudentTaskType = (typeof studentTaskTypes)[keyof typeof studentTaskTypes];

/** Practice and exercise are training to students; an exam is an exam (decision 0025). */
export function studentTaskTypeOf(kind: TaskKind): StudentTaskType {
  return kind === 'exam' ? studentTaskTypes.exam : studentTaskTypes.training;
}

/**
 * A teaching task's state (management spec §4). Not started, ongoing and ended follow the clock
 * (and issuing scores ends a task); archived, canceled and deleted follow the teacher's actions.
 */
export const taskStatuses = [
  'not_started',
  'ongoing',
  'ended',
  'archived',
  'canceled',
  'deleted',
] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** A student's task: not submitted, submitted, completed (scored by the teacher). */
export const submitStatuses = ['not_submitted', 'submitted', 'completed'] as const;
export type SubmitStatus = (typeof submitStatuses)[number];

/** Marking: unmarked, marked (scored, not yet issued), issued. */
export const markStatuses = ['unmarked', 'marked', 'issued'] as const;
export type MarkStatus = (typeof markStatuses)[number];

/** The report: none written, a draft, submitted, returned to the student for rework. */
export const reportStatuses = ['none', 'draft', 'submitted', 'returned'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Time as a duration each student has from first opening the task, or a start and an end. */
export const timeTypes = ['duration', 'range'] as const;
export type TimeType = (typeof timeTypes)[number];

/** Check kinds of a training step (decisions 0025 and 0042). */
export const checkKinds = ['script', 'file', 'output', 'mqtt', 'device', 'telemetry'] as const;
export type CheckKind = (typeof checkKinds)[number];

/**
 * Notices that teaching raises (platform spec §3 Notice: dynamicType), and those that tell
 * operators a platform-wide SMS cap is full (decision 0044).
 */
export const noticeTypes = [
  'task_issued',
  'report_returned',
  'scores_issued',
  'time_extended',
  'sms_cap_minute',
  'sms_cap_day',
] as const;
export type NoticeType = (typeof noticeTypes)[number];
/** Notice status (platform spec §4): unread 0, read 1. */
export const noticeStatus = { unread: 0, read: 1 } as const;

/** Management spec §9: participation bands and dashboard periods; ranks are top 5. */
export const participationBands = ['full', '80-100', '60-80', 'under-60'] as const;
export type ParticipationBand = (typeof participationBands)[number];
export const dashboardPeriods = ['day', 'week', 'month', 'all'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const dashboardTopN = 5;

/** The band of a participation percentage (0–100). */
export function participationBandOf(percent: number): ParticipationBand {
  if (percent >= 100) return 'full';
  if (percent >= 80) return '80-100';
  if (percent >= 60) return '60-80';
  return 'under-60';
}

export const teachingLimits = {
  nameMin: 2,
  nameMax: 50,
  requirementsMax: 1000,
  /** Management spec §5: a positive number of minutes, at most a year (decision 0025). */
  durationMaxMinutes: 525_600,
  /** Management spec §9: a time range spans at most one year. */
  rangeMaxMs: 366 * 24 * 60 * 60 * 1000,
  extendMaxMinutes: 525_600,
  studentsMax: 500,
  stepsMax: 500,
  /** Management spec §5 and §9. */
  commentMax: 500,
  reportMax: 10_000,
  scoreMin: 0,
  scoreMax: 100,
  checksPerStep: 20,
  /** What the questions and checks of a task's steps give at most together (decision 0040). */
  taskScoreMax: 10_000,
  checkScriptMax: 4000,
  checkTimeoutMaxSeconds: 30,
  checkMessageMax: 200,
  /** A check's pattern, in characters (decision 0043). */
  checkPatternMax: 200,
  /** What a file check reads of a file, and what an output check keeps of an output. */
  checkFileReadMax: 256 * 1024,
  checkOutputMax: 64 * 1024,
  /** The most telemetry messages a check may ask for in a file. */
  checkTelemetryMax: 100,
  /** Platform spec §9. */
  taskPageSize: 10,
} as const;

/** A score a teacher may enter: a whole number from 0 to 100. */
export function validScore(score: unknown): score is number {
  return (
    typeof score === 'number' &&
    Number.isInteger(score) &&
    score >= teachingLimits.scoreMin &&
    score <= teachingLimits.scoreMax
  );
}

/** Button-level permissions of the teaching pages (management spec §2). */
export const teachingPermissionKeys = [
  'task.add',
  'task.edit',
  'task.delete',
  'task.score',
  'task.archive',
] as const;

/**
 * The characters a report counts against its limit: the text of its document, without markup.
 * Both sides count the same way.
 */
export function docTextLength(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  const n = node as { text?: unknown; content?: unknown };
  let length = typeof n.text === 'string' ? [...n.text].length : 0;
  if (Array.isArray(n.content)) for (const child of n.content) length += docTextLength(child);
  return length;
}
