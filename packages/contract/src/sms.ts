import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/** What a text message is for: a verification code, or a message about a trial application. */
export const smsKinds = ['verification_code', 'trial_message'] as const;
export type SmsKind = (typeof smsKinds)[number];

/** A text message the outbox provider kept instead of sending it (decision 0026). */
export const smsOutboxMessageSchema = z.object({
  id: z.string(),
  phone: z.string(),
  kind: z.enum(smsKinds),
  text: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessageSchema>;

/** The outbox, newest first, filtered by a part of the phone number and the kind. */
export const smsOutboxQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  phone: z.string().trim().max(11, 'too_long').regex(/^\d*$/, 'invalid_format').optional(),
  kind: z.enum(smsKinds, { message: 'invalid_value' }).optional(),
});
export type SmsOutboxQuery = z.input<typeof smsOutboxQuerySchema>;
