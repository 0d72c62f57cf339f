import { z } from 'zod';
import { maxInteger, unstorableAt } from './fields';

/** Management spec §9. */
export const courseDifficulties = ['entry', 'easy', 'harder', 'high'] as const;
export type CourseDifficulty = (typeof courseDifficulties)[number];

export const courseSpecialties = [
  'ai',
  'iot',
  'big-data',
  'blockchain',
  'industrial-iot',
  'digital-business',
] as const;
export type CourseSpecialty = (typeof courseSpecialties)[number];

/** Step types of the course centre (platform spec §2); each has one editor and one student view. */
export const stepTypes = [
  'document',
  'video',
  'pdf',
  'attachment',
  'show',
  'question',
  'exercises',
  'report',
  'training',
  'emulation',
  'terminal',
] as const;
export type StepType = (typeof stepTypes)[number];

/** Steps that open a lab from the course's environments. */
export const labStepTypes = ['training', 'emulation', 'terminal'] as const satisfies StepType[];

export const questionKinds = ['single', 'multiple', 'judgement', 'fill'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const courseLimits = {
  nameMin: 3,
  nameMax: 25,
  stemMin: 3,
  stemMax: 200,
  optionMin: 1,
  optionMax: 150,
  optionsMax: 10,
  analysisMax: 1000,
  fillAnswersMax: 10,
  coverMaxBytes: 5 * 1024 * 1024,
} as const;

export const contentLanguages = ['zh', 'en'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** Text that teachers write in either language or both; a reader gets theirs, else the other. */
export type Bilingual = { zh?: string | undefined; en?: string | undefined };

const storable = (v: string) => unstorableAt(v) < 0;

/**
 * Bilingual text: each language present is trimmed-clean and within `min`–`max` characters, and at
 * least one language is present. Empty strings count as absent.
 */
export function bilingualField(min: number, max: number) {
  const one = z
    .string()
    .refine(storable, 'invalid_characters')
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v.length === 0 || v.length >= min, 'too_short')
    .refine((v) => v.length <= max, 'too_long')
    .optional();
  return z
    .object({ zh: one, en: one }, 'required')
    .transform(({ zh, en }): Bilingual => ({ ...(zh ? { zh } : {}), ...(en ? { en } : {}) }))
    .refine((v) => Boolean(v.zh || v.en), 'required');
}

/** The reader's language, else the other one, else an empty string. */
export function localized(text: Bilingual | null | undefined, lang: ContentLanguage): string {
  if (!text) return '';
  const other = lang === 'zh' ? 'en' : 'zh';
  return text[lang] || text[other] || '';
}

export const courseNameSchema = /* @__PURE__ */ bilingualField(
  courseLimits.nameMin,
  courseLimits.nameMax,
);

const optionSchema = z.object({
  text: bilingualField(courseLimits.optionMin, courseLimits.optionMax),
  right: z.boolean(),
});

const questionBase = {
  stem: bilingualField(courseLimits.stemMin, courseLimits.stemMax),
  score: z.coerce
    .number('invalid_format')
    .int('invalid_format')
    .min(0, 'invalid_value')
    .max(maxInteger, 'invalid_value'),
  analysis: bilingualField(1, courseLimits.analysisMax).optional(),
};

/**
 * A question of a questions or exercises step: single choice (exactly one right option), multiple
 * choice (at least one), judgement (true or false) or fill-in (accepted answers, any one counts).
 */
export const questionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('single'),
      ...questionBase,
      options: z.array(optionSchema).min(2, 'too_short').max(courseLimits.optionsMax, 'too_long'),
    })
    .refine((q) => q.options.filter((o) => o.right).length === 1, {
      message: 'invalid_value',
      path: ['options'],
    }),
  z
    .object({
      kind: z.literal('multiple'),
      ...questionBase,
      options: z.array(optionSchema).min(2, 'too_short').max(courseLimits.optionsMax, 'too_long'),
    })
    .refine((q) => q.options.some((o) => o.right), {
      message: 'invalid_value',
      path: ['options'],
    }),
  z.object({ kind: z.literal('judgement'), ...questionBase, answer: z.boolean('required') }),
  z.object({
    kind: z.literal('fill'),
    ...questionBase,
    answers: z
      .array(bilingualField(1, courseLimits.optionMax))
      .min(1, 'required')
      .max(courseLimits.fillAnswersMax, 'too_long'),
  }),
]);
export type Question = z.output<typeof questionSchema>;

/** A student's answer to one question. */
export type QuestionAnswer =
  | { kind: 'single' | 'multiple'; chosen: number[] }
  | { kind: 'judgement'; answer: boolean }
  | { kind: 'fill'; text: string };

/** Fill-in answers compare without case, surrounding spaces or repeated inner spaces. */
const fillKey = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether an answer is right: all or nothing, so the question's score or zero. */
export function answerIsRight(question: Question, answer: QuestionAnswer): boolean {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      if (answer.kind !== question.kind) return false;
      const right = question.options.flatMap((o, i) => (o.right ? [i] : []));
      const chosen = [...new Set(answer.chosen)].sort((a, b) => a - b);
      return chosen.length === right.length && chosen.every((c, i) => c === right[i]);
    }
    case 'judgement':
      return answer.kind === 'judgement' && answer.answer === question.answer;
    case 'fill': {
      if (answer.kind !== 'fill') return false;
      const given = fillKey(answer.text);
      return (
        given.length > 0 &&
        question.answers.some((a) => [a.zh, a.en].some((t) => t && fillKey(t) === given))
      );
    }
  }
}
