import { z } from 'zod';
import { limits } from './limits';
import { idSchema } from './envelope';

export const passwordPattern = /^[A-Za-z0-9_#]+$/;

/** A password as the spec allows it: letters, digits, underscore and #, 6 to 20 long. */
export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, 'required')
  .min(limits.passwordMinLength, 'too_short')
  .max(limits.passwordMaxLength, 'too_long')
  .regex(passwordPattern, 'invalid_format');

export const grantTypes = [
  'authorization_code',
  'password',
  'refresh_token',
  'client_credentials',
  'implicit',
  'password_code',
  'openid',
  'mobile_password',
] as const;
export type GrantType = (typeof grantTypes)[number];

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1, 'required').max(64, 'too_long'),
  password: z.string().min(1, 'required').max(128, 'too_long'),
  scope: z.string().max(200).optional(),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1, 'required').max(200, 'too_long'),
  scope: z.string().max(200).optional(),
});

export const tokenRequestSchema = z.object({
  grant_type: z.string().min(1, 'required').max(40),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  scope: z.string().max(200).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(200).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
  scope: z.string(),
  user_id: z.string(),
  /** The password was set by someone else: only changing it is allowed until then. */
  must_change_password: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Body of `PUT /api-user/users/password`. */
export const changePasswordSchema = z.object({
  userId: idSchema,
  oldPwd: passwordSchema,
  newPwd: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/**
 * Whether a password is one of a person's identities (the login name, the person's name), letter
 * case and surrounding spaces aside: a password anyone who knows the person can guess.
 */
export function passwordIsPersonal(
  password: string,
  ...identities: (string | null | undefined)[]
): boolean {
  const typed = password.trim().toLowerCase();
  return identities.some((v) => Boolean(v?.trim()) && v!.trim().toLowerCase() === typed);
}

/** Whose password a form sets: its login name and the person's name. */
export interface PasswordOwner {
  userName?: string | null | undefined;
  name?: string | null | undefined;
}

/** The change-password form of the web app: the request plus the repeated password. */
export function changePasswordFormSchemaFor(owner: PasswordOwner = {}) {
  return z
    .object({
      oldPwd: passwordSchema,
      newPwd: passwordSchema,
      repeatPwd: z.string().min(1, 'required'),
    })
    .superRefine((v, ctx) => {
      if (v.newPwd && v.repeatPwd && v.newPwd !== v.repeatPwd) {
        ctx.addIssue({ code: 'custom', path: ['repeatPwd'], message: 'mismatch' });
      }
      if (v.oldPwd && v.newPwd && v.oldPwd === v.newPwd) {
        ctx.addIssue({ code: 'custom', path: ['newPwd'], message: 'same_as_old' });
      } else if (v.newPwd && passwordIsPersonal(v.newPwd, owner.userName, owner.name)) {
        ctx.addIssue({ code: 'custom', path: ['newPwd'], message: 'same_as_name' });
      }
    });
}

export const changePasswordFormSchema = changePasswordFormSchemaFor();
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'required').max(64, 'too_long'),
  password: z.string().min(1, 'required').max(128, 'too_long'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Body of `POST /api-user/api/user/save/login/log`. */
export const loginLogSchema = z.object({
  clientId: z.string().max(100).optional(),
  loginType: z.string().max(40).optional(),
  language: z.string().max(20).optional(),
  screen: z.string().max(40).optional(),
});
export type LoginLogRequest = z.infer<typeof loginLogSchema>;
