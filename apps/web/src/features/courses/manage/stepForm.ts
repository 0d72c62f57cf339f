import {
  labStepTypes,
  type CheckKind,
  stepSaveSchema,
  stepTypes,
  type CourseFile,
  type QuestionKind,
  type StepType,
} from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import type { FormCheck } from './formParts';

/** A step's form: what the inputs hold, and the body of `course/step/saveOrUpdate` made of it. */

export type BilingualText = { zh?: string; en?: string };
export type BilingualRich = { zh?: RichDocument; en?: RichDocument };

export interface OptionValues {
  text: BilingualText;
  right?: boolean;
}

/** A question as its editor holds it: every kind's parts, so that changing kind keeps them. */
export interface QuestionValues {
  kind: QuestionKind;
  stem: BilingualText;
  score?: number | null;
  analysis?: BilingualText;
  options: OptionValues[];
  answer?: boolean;
  answers: BilingualText[];
}

export interface CommandValues {
  title: BilingualText;
  command: string;
}

/** A check as its editor holds it: every kind's inputs, so that changing kind keeps them. */
export interface CheckValues {
  key?: string;
  kind: CheckKind;
  title: BilingualText;
  score?: number | null;
  hidden?: boolean;
  passMessage?: BilingualText;
  failMessage?: BilingualText;
  script?: string;
  timeoutSeconds?: number | null;
  path?: string;
  command?: string;
  topic?: string;
  contains?: string;
  pattern?: string;
  exitCode?: number | null;
  withinSeconds?: number | null;
  device?: string;
  on?: boolean;
  count?: number | null;
}

export interface StepValues {
  name: BilingualText;
  type: StepType;
  content: {
    doc?: BilingualRich;
    file?: CourseFile;
    questions: QuestionValues[];
    envId?: string;
    commands: CommandValues[];
    checks?: CheckValues[];
  };
}

export type StepBody = { id?: string; chapterId: string; name: unknown; content: unknown };

export const emptyOption = (): OptionValues => ({ text: {}, right: false });
const hasText = (text: BilingualText | undefined) => Boolean(text?.zh?.trim() || text?.en?.trim());

export const emptyCommand = (): CommandValues => ({ title: {}, command: '' });
export const emptyCheck = (): CheckValues => ({
  kind: 'script',
  title: {},
  score: 5,
  hidden: false,
  timeoutSeconds: 10,
  withinSeconds: 600,
  on: true,
  count: 3,
});

const checkKindFields: Record<CheckKind, readonly (keyof CheckValues)[]> = {
  script: ['script', 'timeoutSeconds'],
  file: ['path', 'contains', 'pattern'],
  output: ['command', 'contains', 'pattern', 'exitCode'],
  mqtt: ['topic', 'contains', 'withinSeconds'],
  device: ['device', 'on'],
  telemetry: ['path', 'count', 'device'],
};

/** The stored check as the contract's schema takes it: only its kind's parts, none left empty. */
export function checkBody(c: CheckValues) {
  const body: Record<string, unknown> = {
    kind: c.kind,
    title: c.title ?? {},
    score: c.score ?? undefined,
    hidden: Boolean(c.hidden),
    ...(c.key ? { key: c.key } : {}),
    ...(hasText(c.passMessage) ? { passMessage: c.passMessage } : {}),
    ...(hasText(c.failMessage) ? { failMessage: c.failMessage } : {}),
  };
  for (const name of checkKindFields[c.kind] ?? []) {
    const value = c[name];
    if (value !== undefined && value !== null && value !== '') body[name] = value;
  }
  return body;
}

export function emptyQuestion(kind: QuestionKind = 'single'): QuestionValues {
  return { kind, stem: {}, score: 5, options: [emptyOption(), emptyOption()], answers: [{}] };
}

export const isLabStep = (type: StepType) => (labStepTypes as readonly string[]).includes(type);
export const docStepTypes: readonly StepType[] = ['document', 'show', 'report'];
export const fileStepTypes = ['video', 'pdf', 'attachment'] as const;
export type FileStepType = (typeof fileStepTypes)[number];
export const isFileStep = (type: StepType): type is FileStepType =>
  (fileStepTypes as readonly string[]).includes(type);

/** The stored question as the contract's schema takes it: only its kind's parts. */
export function questionBody(q: QuestionValues) {
  const base = {
    kind: q.kind,
    stem: q.stem ?? {},
    score: q.score ?? undefined,
    ...(hasText(q.analysis) ? { analysis: q.analysis } : {}),
  };
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return {
        ...base,
        options: (q.options ?? []).map((o) => ({ text: o.text ?? {}, right: Boolean(o.right) })),
      };
    case 'judgement':
      return { ...base, answer: q.answer };
    case 'fill':
      return { ...base, answers: q.answers ?? [] };
  }
}

/** The content of a step of `type` from what the form holds. */
export function contentBody(type: StepType, content: StepValues['content']): unknown {
  const doc = content.doc ?? {};
  const questions = content.questions ?? [];
  if (docStepTypes.includes(type)) return { type, doc };
  if (isFileStep(type)) return { type, file: content.file };
  if (type === 'question') return { type, questions: questions.slice(0, 1).map(questionBody) };
  if (type === 'exercises') return { type, questions: questions.map(questionBody) };
  return {
    type,
    doc,
    envId: content.envId,
    commands: (content.commands ?? []).map((c) => ({ title: c.title ?? {}, command: c.command })),
    checks: (content.checks ?? []).map(checkBody),
  };
}

/** How a step form is checked: as the body it makes for its chapter (and step, when editing). */
export function stepCheck(
  chapterId: string,
  stepId?: string,
): FormCheck & {
  toBody: (values: unknown) => StepBody;
} {
  return {
    schema: stepSaveSchema,
    toBody: (values) => {
      const v = values as StepValues;
      return {
        ...(stepId ? { id: stepId } : {}),
        chapterId,
        name: v.name ?? {},
        content: contentBody(v.type, v.content ?? { questions: [], commands: [] }),
      };
    },
  } satisfies FormCheck;
}

type Stored = Record<string, unknown>;

function storedQuestion(q: Stored): QuestionValues {
  const kind = (q.kind as QuestionKind | undefined) ?? 'single';
  const options = Array.isArray(q.options) ? (q.options as OptionValues[]) : [];
  const answers = Array.isArray(q.answers) ? (q.answers as BilingualText[]) : [];
  return {
    ...emptyQuestion(kind),
    stem: (q.stem as BilingualText | undefined) ?? {},
    score: typeof q.score === 'number' ? q.score : 5,
    analysis: (q.analysis as BilingualText | undefined) ?? {},
    ...(options.length > 0 ? { options } : {}),
    ...(typeof q.answer === 'boolean' ? { answer: q.answer } : {}),
    ...(answers.length > 0 ? { answers } : {}),
  };
}

/** A step's form values: a new step of `type`, or a stored step's content. */
export function stepValues(
  type: StepType,
  stored?: { name: BilingualText; content: Stored },
): StepValues {
  const content = stored?.content ?? {};
  const questions = Array.isArray(content.questions)
    ? (content.questions as Stored[]).map(storedQuestion)
    : [];
  return {
    name: stored?.name ?? {},
    type,
    content: {
      doc: (content.doc as BilingualRich | undefined) ?? {},
      ...(content.file ? { file: content.file as CourseFile } : {}),
      questions: questions.length > 0 ? questions : [emptyQuestion()],
      ...(typeof content.envId === 'string' ? { envId: content.envId } : {}),
      commands: Array.isArray(content.commands) ? (content.commands as CommandValues[]) : [],
      checks: Array.isArray(content.checks) ? (content.checks as CheckValues[]) : [],
    },
  };
}

/** The type of a stored step's content. */
export function storedStepType(content: Stored): StepType {
  const type = content.type;
  return typeof type === 'string' && (stepTypes as readonly string[]).includes(type)
    ? (type as StepType)
    : 'document';
}
