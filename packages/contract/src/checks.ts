import { z } from 'zod';
import { bilingualField, optionalBilingual } from './bilingual';
import { unstorableAt } from './fields';
import { teachingLimits } from './teaching-kinds';

const storable = (v: string) => unstorableAt(v) < 0;
const text = (max: number) =>
  z.string('required').max(max, 'too_long').refine(storable, 'invalid_characters');
const expected = z.string().max(500, 'too_long').refine(storable, 'invalid_characters').optional();
/**
 * A regular expression the editor can compile; the server also refuses what its linear-time
 * engine cannot run (decision 0043).
 */
const pattern = z
  .string()
  .max(teachingLimits.checkPatternMax, 'too_long')
  .refine((v) => {
    try {
      new RegExp(v, 'm');
      return true;
    } catch {
      return false;
    }
  }, 'invalid_format')
  .optional();
/** A path in the lab's home: relative, without `..`. */
const homePath = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(200, 'too_long')
  .refine(
    (v) => !v.startsWith('/') && !v.split('/').includes('..') && storable(v),
    'invalid_format',
  );
/** An MQTT topic under the lab's own namespace: no wildcards, no leading slash. */
const labTopic = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(200, 'too_long')
  .refine((v) => !/[#+]/.test(v) && !v.startsWith('/') && storable(v), 'invalid_format');

/** A device of the lab's simulation, by its id in the environment (`fan`, `temp`). */
const deviceId = z
  .string('required')
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/, 'invalid_format');

const checkBase = {
  /** Stable within the step, so attempts stay comparable after the step is edited. */
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'invalid_format')
    .optional(),
  title: bilingualField(1, 50),
  /** The most the check gives. */
  score: z.coerce
    .number('invalid_format')
    .int('invalid_format')
    .min(1, 'invalid_value')
    .max(teachingLimits.scoreMax, 'invalid_value'),
  /** A hidden check counts but never reaches the student's browser: not its title nor its rule. */
  hidden: z.boolean().default(false),
  passMessage: optionalBilingual(teachingLimits.checkMessageMax),
  failMessage: optionalBilingual(teachingLimits.checkMessageMax),
};

/**
 * A check of a training step against the student's running lab (decision 0025):
 * - `script` runs in the lab's sandbox as the student, from the home: exit 0 gives the full
 *   score, and a last output line `SCORE <n> [reason]` gives `n` (at most the check's score);
 * - `file` expects a file in the home, optionally containing a text or matching a pattern;
 * - `output` runs a command and expects its output to contain a text or match a pattern, and
 *   its exit code when one is given;
 * - `mqtt` expects a message on a topic of the lab's own namespace within the last
 *   `withinSeconds`, optionally containing a text; on a topic the simulation publishes (a
 *   device's `state` or `telemetry`), only what the simulation itself published counts;
 * - `device` expects an actuator of the lab's simulation switched on (or off), as the simulation
 *   holds it;
 * - `telemetry` expects a file in the home holding at least `count` telemetry messages that the
 *   simulation really published (of one device, when given), as `mosquitto_sub -v` or a
 *   program saves them: one message a line.
 *
 * What each kind takes as evidence is decision 0042.
 */
export const stepCheckSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('script'),
    ...checkBase,
    script: text(teachingLimits.checkScriptMax).refine((v) => v.trim().length > 0, 'required'),
    timeoutSeconds: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_value')
      .max(teachingLimits.checkTimeoutMaxSeconds, 'invalid_value')
      .default(10),
  }),
  z.object({
    kind: z.literal('file'),
    ...checkBase,
    path: homePath,
    contains: expected,
    pattern,
  }),
  z.object({
    kind: z.literal('output'),
    ...checkBase,
    command: text(2000).refine((v) => v.trim().length > 0, 'required'),
    contains: expected,
    pattern,
    exitCode: z.coerce.number('invalid_format').int('invalid_format').min(0).max(255).optional(),
  }),
  z.object({
    kind: z.literal('mqtt'),
    ...checkBase,
    topic: labTopic,
    contains: expected,
    withinSeconds: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_value')
      .max(86_400, 'invalid_value')
      .default(600),
  }),
  z.object({
    kind: z.literal('device'),
    ...checkBase,
    device: deviceId,
    on: z.boolean('invalid_value').default(true),
  }),
  z.object({
    kind: z.literal('telemetry'),
    ...checkBase,
    path: homePath,
    device: deviceId.optional(),
    count: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_value')
      .max(teachingLimits.checkTelemetryMax, 'invalid_value')
      .default(3),
  }),
]);
export type StepCheck = z.output<typeof stepCheckSchema>;
export type StepCheckInput = z.input<typeof stepCheckSchema>;

/** One check's outcome as the student sees it; hidden checks are summed into one item. */
export const checkItemResultSchema = z.object({
  title: z.string(),
  score: z.number().int(),
  max: z.number().int(),
  passed: z.boolean(),
  message: z.string(),
  hidden: z.boolean(),
});
export type CheckItemResult = z.output<typeof checkItemResultSchema>;

/** An attempt: `{score, max, message}` of the step, with each check's part. */
export const checkRunResultSchema = z.object({
  attemptId: z.string(),
  stepId: z.string(),
  score: z.number().int(),
  max: z.number().int(),
  message: z.string(),
  items: z.array(checkItemResultSchema),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type CheckRunResult = z.output<typeof checkRunResultSchema>;

/** What a student sees of a step's checks before running them. */
export const studyCheckSchema = z.object({
  title: z.string(),
  score: z.number().int(),
});
