/**
 * Every message the server can answer with, in both languages, keyed by the stable `errorKey`:
 * each feature's `<feature>.messages.json`, gathered here. The web app translates by the same keys.
 * `{{name}}` is replaced by a parameter.
 */
import authMessages from './auth.messages.json' with { type: 'json' };
import billingMessages from './billing.messages.json' with { type: 'json' };
import cmsMessages from './cms.messages.json' with { type: 'json' };
import collegeMessages from './colleges.messages.json' with { type: 'json' };
import commonMessages from './common.messages.json' with { type: 'json' };
import courseMessages from './courses.messages.json' with { type: 'json' };
import customerMessages from './customers.messages.json' with { type: 'json' };
import environmentMessages from './environments.messages.json' with { type: 'json' };
import importMessages from './imports.messages.json' with { type: 'json' };
import labMessages from './labs.messages.json' with { type: 'json' };
import menuMessages from './menus.messages.json' with { type: 'json' };
import permissionMessages from './permissions.messages.json' with { type: 'json' };
import roleMessages from './roles.messages.json' with { type: 'json' };
import noticeMessages from './notices.messages.json' with { type: 'json' };
import orgMessages from './org.messages.json' with { type: 'json' };
import schoolMessages from './schools.messages.json' with { type: 'json' };
import classMessages from './classes.messages.json' with { type: 'json' };
import teacherMessages from './teachers.messages.json' with { type: 'json' };
import studentMessages from './students.messages.json' with { type: 'json' };
import settingsMessages from './settings.messages.json' with { type: 'json' };
import smsMessages from './sms.messages.json' with { type: 'json' };
import teachingMessages from './teaching.messages.json' with { type: 'json' };
import trialMessages from './trials.messages.json' with { type: 'json' };
import userMessages from './users.messages.json' with { type: 'json' };

export const messages = {
  ...commonMessages,
  ...authMessages,
  ...userMessages,
  ...environmentMessages,
  ...labMessages,
  ...collegeMessages,
  ...customerMessages,
  ...orgMessages,
  ...schoolMessages,
  ...classMessages,
  ...teacherMessages,
  ...studentMessages,
  ...permissionMessages,
  ...menuMessages,
  ...roleMessages,
  ...importMessages,
  ...courseMessages,
  ...teachingMessages,
  ...noticeMessages,
  ...trialMessages,
  ...smsMessages,
  ...cmsMessages,
  ...settingsMessages,
  ...billingMessages,
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;

/** Field-level error codes: the value in `fields` of an error envelope. */
export const fieldErrorCodes = [
  'required',
  'too_short',
  'too_long',
  'invalid_format',
  'invalid_value',
  'mismatch',
  'same_as_old',
  'wrong',
  'above_limit',
  'invalid_characters',
  'too_common',
  'same_as_name',
  'invalid_score',
  'unsupported_pattern',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export const fieldErrorMessages: Record<FieldErrorCode, { zh: string; en: string }> = {
  required: { zh: '此项为必填项', en: 'This field is required' },
  too_short: { zh: '长度过短', en: 'Too short' },
  too_long: { zh: '长度过长', en: 'Too long' },
  invalid_format: { zh: '格式不正确', en: 'Invalid format' },
  invalid_value: { zh: '取值无效', en: 'Invalid value' },
  above_limit: { zh: '超出允许的上限', en: 'Above the allowed maximum' },
  mismatch: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  same_as_old: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  wrong: { zh: '原密码错误', en: 'The old password is incorrect' },
  invalid_characters: { zh: '包含无法保存的字符', en: 'Contains characters that cannot be stored' },
  too_common: {
    zh: '密码过于常见，容易被猜中，请换一个',
    en: 'This password is too common and easy to guess; choose another',
  },
  invalid_score: { zh: '输入的分数不正确', en: 'The score entered is incorrect' },
  same_as_name: {
    zh: '密码不能与用户名或姓名相同',
    en: 'The password must not be the user name or the name',
  },
  unsupported_pattern: {
    zh: '检查不支持此正则表达式：不能使用反向引用和环视（?= ?! ?<= ?<!）',
    en: 'Checks cannot run this pattern: no back-references or lookarounds (?= ?! ?<= ?<!)',
  },
};

export type Lang = 'zh' | 'en';

export function formatMessage(
  key: MessageKey,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  const template: string = messages[key][lang];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}
