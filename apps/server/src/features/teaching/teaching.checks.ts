import {
  formatMessage,
  localized,
  type Bilingual,
  type CheckItemResult,
  type CheckRunResult,
  type ContentLanguage,
  type MessageKey,
  type StepCheck,
  teachingLimits,
} from '@platform/contract';
import type { ExecRequest, ExecResult } from '@platform/labs';
import { linearPattern } from '../../lib/patterns';

/** Where a step's checks run: the lab's sandbox for scripts and files, its MQTT namespace. */
export interface CheckTarget {
  execId: string | null;
  mqttLabId: string | null;
}

/**
 * What a lab's device simulation says of itself, which the student cannot change but through
 * the devices' own commands (decision 0042).
 */
export interface SimulationEvidence {
  /** Whether the simulation publishes on `topic` (a device's `state` or `telemetry`). */
  owns(topic: string): boolean;
  lastPublished(topic: string): TopicMessage | null;
  /** An actuator's state; null when the simulation has none of that id. */
  switchedOn(device: string): boolean | null;
  /** Whether the sensor (any, when null) published `value` at `ts`. */
  publishedTelemetry(device: string | null, ts: number, value: number): boolean;
}

type TopicMessage = { payload: string; at: number };

export interface CheckDeps {
  exec(id: string, request: ExecRequest): Promise<ExecResult>;
  /** The last message seen on a topic of the lab's namespace, whoever published it. */
  lastMessage(labId: string, topic: string): TopicMessage | null;
  simulation(labId: string): SimulationEvidence | null;
  now(): Date;
}

/** One check's outcome, kept with the attempt in both languages. */
export interface CheckOutcome {
  key: string;
  title: Bilingual;
  score: number;
  max: number;
  passed: boolean;
  message: Bilingual;
  hidden: boolean;
}

const outputMax = teachingLimits.checkOutputMax;
const fileMax = teachingLimits.checkFileReadMax;
const commandTimeoutMs = 10_000;

const both = (key: MessageKey, params?: Record<string, string | number>): Bilingual => ({
  zh: formatMessage(key, 'zh', params),
  en: formatMessage(key, 'en', params),
});
const plain = (text: string): Bilingual => ({ zh: text, en: text });
const quoted = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Whether text meets an expectation: contains the text and matches the pattern, when given. The
 * pattern runs on the linear-time engine; one it refuses (saved before it was checked) fails.
 */
function meets(
  text: string,
  check: { contains?: string | undefined; pattern?: string | undefined },
) {
  if (check.contains && !text.includes(check.contains)) return false;
  if (check.pattern && !linearPattern(check.pattern)?.test(text)) return false;
  return true;
}

type Verdict = { score: number; reason: Bilingual | null };

async function judge(deps: CheckDeps, target: CheckTarget, check: StepCheck): Promise<Verdict> {
  const full: Verdict = { score: check.score, reason: null };
  const none = (reason: Bilingual): Verdict => ({ score: 0, reason });
  switch (check.kind) {
    case 'script': {
      const run = await deps.exec(target.execId!, {
        script: check.script,
        timeoutMs: check.timeoutSeconds * 1000,
        maxOutputBytes: outputMax,
      });
      if (run.timedOut) return none(both('teaching.check_timeout'));
      const last = run.stdout.trimEnd().split('\n').at(-1) ?? '';
      const scored = /^SCORE\s+(\d+)(?:\s+(.*))?$/.exec(last.trim());
      if (scored) {
        const score = Math.min(check.score, Number(scored[1]));
        return { score, reason: scored[2] ? plain(scored[2].slice(0, 200)) : null };
      }
      return run.exitCode === 0
        ? full
        : none(both('teaching.check.script_exit', { code: run.exitCode ?? -1 }));
    }
    case 'file': {
      const text = await readHomeFile(deps, target, check.path);
      if (text === null) return none(both('teaching.check.file_missing', { path: check.path }));
      return meets(text, check)
        ? full
        : none(both('teaching.check.file_content', { path: check.path }));
    }
    case 'output': {
      const run = await deps.exec(target.execId!, {
        script: check.command,
        timeoutMs: commandTimeoutMs,
        maxOutputBytes: outputMax,
      });
      if (run.timedOut) return none(both('teaching.check_timeout'));
      if (check.exitCode !== undefined && run.exitCode !== check.exitCode)
        return none(
          both('teaching.check.exit_code', { code: run.exitCode ?? -1, expected: check.exitCode }),
        );
      return meets(`${run.stdout}${run.stderr}`, check)
        ? full
        : none(both('teaching.check.output'));
    }
    case 'mqtt': {
      if (!target.mqttLabId) return none(both('teaching.check.no_broker'));
      const simulation = deps.simulation(target.mqttLabId);
      const message = simulation?.owns(check.topic)
        ? simulation.lastPublished(check.topic)
        : deps.lastMessage(target.mqttLabId, check.topic);
      const since = deps.now().getTime() - check.withinSeconds * 1000;
      if (!message || message.at < since)
        return none(
          both('teaching.check.mqtt_none', { topic: check.topic, seconds: check.withinSeconds }),
        );
      return meets(message.payload, check)
        ? full
        : none(both('teaching.check.mqtt_content', { topic: check.topic }));
    }
    case 'device': {
      const simulation = target.mqttLabId ? deps.simulation(target.mqttLabId) : null;
      if (!simulation) return none(both('teaching.check.no_simulation'));
      const on = simulation.switchedOn(check.device);
      if (on === null) return none(both('teaching.check.device_missing', { device: check.device }));
      if (on === check.on) return full;
      return none(
        both(check.on ? 'teaching.check.device_off' : 'teaching.check.device_on', {
          device: check.device,
        }),
      );
    }
    case 'telemetry': {
      const simulation = target.mqttLabId ? deps.simulation(target.mqttLabId) : null;
      if (!simulation) return none(both('teaching.check.no_simulation'));
      const text = await readHomeFile(deps, target, check.path);
      if (text === null) return none(both('teaching.check.file_missing', { path: check.path }));
      const found = Math.min(check.count, genuineTelemetry(text, simulation, check.device));
      if (found >= check.count) return full;
      return {
        score: Math.floor((check.score * found) / check.count),
        reason: both('teaching.check.telemetry_count', {
          path: check.path,
          found,
          count: check.count,
        }),
      };
    }
  }
}

/** A file of the lab's home, read in its sandbox up to the cap; null when it is no file. */
async function readHomeFile(
  deps: CheckDeps,
  target: CheckTarget,
  path: string,
): Promise<string | null> {
  const file = quoted(path);
  const run = await deps.exec(target.execId!, {
    script: `if [ -f ${file} ]; then head -c ${fileMax} -- ${file}; else exit 3; fi`,
    timeoutMs: commandTimeoutMs,
    maxOutputBytes: fileMax,
  });
  return run.exitCode === 0 ? run.stdout : null;
}

/** The most lines of a telemetry file looked at. */
const telemetryLinesMax = 2000;

/**
 * How many different messages of `text` (one a line: a JSON payload with `value` and `ts`,
 * after its topic or alone) the simulation really published, of `device` when given: the
 * device named by a line's topic must be that one.
 */
export function genuineTelemetry(
  text: string,
  simulation: Pick<SimulationEvidence, 'publishedTelemetry'>,
  device: string | undefined,
): number {
  const seen = new Set<string>();
  for (const line of text.split('\n').slice(0, telemetryLinesMax)) {
    const open = line.indexOf('{');
    const close = line.lastIndexOf('}');
    if (open < 0 || close < open) continue;
    const named = /devices\/([a-z0-9_-]{1,32})\/telemetry\s*$/.exec(line.slice(0, open))?.[1];
    if (device && named && named !== device) continue;
    let payload: unknown;
    try {
      payload = JSON.parse(line.slice(open, close + 1));
    } catch {
      continue;
    }
    const { ts, value } = (payload ?? {}) as { ts?: unknown; value?: unknown };
    if (typeof ts !== 'number' || typeof value !== 'number') continue;
    const key = `${named ?? device ?? ''}:${ts}:${value}`;
    if (seen.has(key)) continue;
    if (simulation.publishedTelemetry(device ?? named ?? null, ts, value)) seen.add(key);
  }
  return seen.size;
}

/** Whether the checks need the lab's sandbox (scripts, files, commands). */
export function checksNeedSandbox(checks: readonly StepCheck[]): boolean {
  return checks.some((c) => c.kind !== 'mqtt' && c.kind !== 'device');
}

/** Runs a step's checks against the lab; each gives its score, part of it, or nothing. */
export async function runChecks(
  deps: CheckDeps,
  target: CheckTarget,
  checks: readonly StepCheck[],
): Promise<CheckOutcome[]> {
  return Promise.all(
    checks.map(async (check, i): Promise<CheckOutcome> => {
      let verdict: Verdict;
      try {
        verdict = await judge(deps, target, check);
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
        verdict = { score: 0, reason: both('teaching.check.error', { reason }) };
      }
      const passed = verdict.score >= check.score;
      const message = passed
        ? (check.passMessage ?? verdict.reason ?? both('teaching.check_passed'))
        : (check.failMessage ?? verdict.reason ?? both('teaching.check_failed'));
      return {
        key: check.key ?? String(i),
        title: check.title,
        score: verdict.score,
        max: check.score,
        passed,
        message,
        hidden: check.hidden,
      };
    }),
  );
}

export interface StoredAttempt {
  id: string;
  stepId: string;
  score: number;
  max: number;
  items: CheckOutcome[];
  durationMs: number;
  createdAt: Date;
}

const itemOf = (o: CheckOutcome, lang: ContentLanguage): CheckItemResult => ({
  title: localized(o.title, lang),
  score: o.score,
  max: o.max,
  passed: o.passed,
  message: localized(o.message, lang),
  hidden: o.hidden,
});

/**
 * An attempt as its reader may see it: a teacher sees every check; a student sees the visible
 * ones and the hidden ones summed into one item, without their titles or messages.
 */
export function attemptFor(
  attempt: StoredAttempt,
  lang: ContentLanguage,
  reader: 'student' | 'teacher',
): CheckRunResult {
  const shown = attempt.items.filter((o) => reader === 'teacher' || !o.hidden);
  const items = shown.map((o) => itemOf(o, lang));
  const hidden = attempt.items.filter((o) => o.hidden);
  if (reader === 'student' && hidden.length > 0) {
    const score = hidden.reduce((n, o) => n + o.score, 0);
    const max = hidden.reduce((n, o) => n + o.max, 0);
    items.push({
      title: formatMessage('teaching.check_hidden', lang),
      score,
      max,
      passed: score >= max,
      message: formatMessage(
        score >= max ? 'teaching.check_passed' : 'teaching.check_failed',
        lang,
      ),
      hidden: true,
    });
  }
  return {
    attemptId: attempt.id,
    stepId: attempt.stepId,
    score: attempt.score,
    max: attempt.max,
    message: formatMessage('teaching.check_summary', lang, {
      score: attempt.score,
      max: attempt.max,
    }),
    items,
    durationMs: attempt.durationMs,
    createdAt: attempt.createdAt.toISOString(),
  };
}
