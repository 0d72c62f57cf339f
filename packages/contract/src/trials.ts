import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { checkRange, phonePattern, unstorableAt } from './fields';

/** Product directions a visitor applies for (platform spec §3). */
export const productDirections = [
  'iot',
  'smart_industry',
  'ai',
  'industrial_internet',
  'subject_llm',
] as const;
export type ProductDirection = (typeof productDirections)[number];

/** The direction whose applications name subjects. */
export const subjectLlmDirection: ProductDirection = 'subject_llm';

/** Subject options of the subject large-language-model direction (platform spec §3). */
export const trialSubjects = [
  'teaching_assistant',
  'skill_assistant',
  'learning_analysis',
  'digital_human',
  'subject_model',
] as const;
export type TrialSubject = (typeof trialSubjects)[number];

/** Management spec §4: an application is applying until an operator has sent the message. */
export const trialStatuses = ['applying', 'processed'] as const;
export type TrialStatus = (typeof trialStatuses)[number];

export const trialPermissionKeys = ['trial.send_message'] as const;

/** Field limits of the trial form (platform spec §5) and the rules of its codes (decision 0026). */
export const trialLimits = {
  applicantMax: 20,
  phoneMax: 11,
  codeMax: 8,
  collegeNameMax: 50,
  professionalNameMax: 50,
  interestedContentMax: 100,
  /** Digits of a verification code. */
  codeDigits: 6,
  codeValidMinutes: 10,
  /** Wrong entries after which a code is spent. */
  codeAttempts: 5,
  /** The send button's countdown (platform spec §9), and the least time between two sends. */
  resendSeconds: 60,
  phonePerHour: 5,
  phonePerDay: 10,
  /** Codes sent for requests from one network (an IPv4 address, an IPv6 /64) in any hour. */
  networkPerHour: 20,
} as const;

const storable = (v: string) => unstorableAt(v) < 0;

/** A required form text, trimmed first (platform spec §5). */
function trimmedText(max: number) {
  return z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(max, 'too_long')
    .refine(storable, 'invalid_characters');
}

/** A mainland mobile number, trimmed first. */
export const trialPhoneSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(trialLimits.phoneMax, 'too_long')
  .regex(phonePattern, 'invalid_format');

/** The subjects of a comma-joined list, without blanks. */
export function splitSubjects(joined: string | null | undefined): string[] {
  return (joined ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const isSubject = (s: string): s is TrialSubject =>
  (trialSubjects as readonly string[]).includes(s);

/** `send/code?phone=`: where the verification code goes. */
export const trialCodeQuerySchema = z.object({ phone: trialPhoneSchema });
export type TrialCodeQuery = z.input<typeof trialCodeQuerySchema>;

/** What a sent code's answer tells the dialog. */
export const trialCodeSentSchema = z.object({
  /** Seconds until another code may be asked for this phone. */
  resendSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  validSeconds: z.number().int(),
});
export type TrialCodeSent = z.infer<typeof trialCodeSentSchema>;

/**
 * The trial form (platform spec §3, §5), also the body of `probation/apply/add`. Every text but
 * the interested content is trimmed; subjects, a comma-joined list, are required for the subject
 * large-language-model direction only.
 */
export const trialApplySchema = z
  .object({
    applicant: trimmedText(trialLimits.applicantMax),
    phone: trialPhoneSchema,
    verificationCode: trimmedText(trialLimits.codeMax),
    collegeName: trimmedText(trialLimits.collegeNameMax),
    professionalName: trimmedText(trialLimits.professionalNameMax),
    productDirection: z.enum(productDirections, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'required'
          : 'invalid_value',
    }),
    subjects: z.string().trim().max(500, 'too_long').nullish(),
    interestedContent: z
      .string()
      .max(trialLimits.interestedContentMax, 'too_long')
      .refine(storable, 'invalid_characters')
      .nullish(),
    /** The kind of application; the trial dialog sends 0. */
    applyType: z
      .number('invalid_value')
      .int('invalid_value')
      .min(0, 'invalid_value')
      .max(9, 'invalid_value')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.productDirection !== subjectLlmDirection) return;
    const subjects = splitSubjects(v.subjects);
    if (subjects.length === 0)
      ctx.addIssue({ code: 'custom', path: ['subjects'], message: 'required' });
    else if (!subjects.every(isSubject) || new Set(subjects).size !== subjects.length)
      ctx.addIssue({ code: 'custom', path: ['subjects'], message: 'invalid_value' });
  });
export type TrialApply = z.input<typeof trialApplySchema>;

/** An application as operators see it. */
export const trialApplicationSchema = z.object({
  id: z.string(),
  applicant: z.string(),
  phone: z.string(),
  collegeName: z.string(),
  professionalName: z.string(),
  productDirection: z.enum(productDirections),
  subjects: z.array(z.enum(trialSubjects)),
  interestedContent: z.string(),
  applyType: z.number().int(),
  status: z.enum(trialStatuses),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  processedByName: z.string().nullable(),
});
export type TrialApplication = z.infer<typeof trialApplicationSchema>;

/**
 * `probation/apply/list`: a keyword in the applicant, phone or school name, the status, the
 * direction, and when the application came (at most one year).
 */
export const trialPageQuerySchema = /* @__PURE__ */ pageQuerySchema
  .extend({
    keyword: z.string().trim().max(trialLimits.collegeNameMax, 'too_long').optional(),
    status: z.enum(trialStatuses, { message: 'invalid_value' }).optional(),
    productDirection: z.enum(productDirections, { message: 'invalid_value' }).optional(),
    from: z.iso.datetime({ offset: true, error: 'invalid_format' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'invalid_format' }).optional(),
  })
  .check((ctx) => checkRange(ctx.value.from, ctx.value.to, 'to', true, ctx.issues));
export type TrialPageQuery = z.input<typeof trialPageQuerySchema>;

/** `send/message?id=`: the application whose applicant gets the message. */
export const trialIdQuerySchema = z.object({ id: idSchema });
