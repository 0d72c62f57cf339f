import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, courseSaveSchema, loginFormSchema } from '@platform/contract';
import { setupTestEnvironment } from '../test/helpers';
import { changeLanguage } from './i18n';
import {
  fieldErrorText,
  serverFieldErrors,
  serverPathErrors,
  zodFieldError,
  zodPathCheck,
  zodRules,
} from './zodForm';

setupTestEnvironment();

const fields = ['oldPwd', 'newPwd', 'repeatPwd'] as const;

describe('zod schema → form validation', () => {
  it('reports the contract field codes of one field', () => {
    const check = (values: Record<string, string | undefined>, field: string) =>
      zodFieldError(changePasswordFormSchema, values, field, fields);
    expect(check({}, 'oldPwd')).toBe('required');
    expect(check({ oldPwd: 'abc' }, 'oldPwd')).toBe('too_short');
    expect(check({ oldPwd: 'a'.repeat(21) }, 'oldPwd')).toBe('too_long');
    expect(check({ oldPwd: 'abc-def' }, 'oldPwd')).toBe('invalid_format');
    expect(check({ oldPwd: 'abc_de#1' }, 'oldPwd')).toBeNull();
    expect(check({ newPwd: 'abcdef', repeatPwd: 'abcdeg' }, 'repeatPwd')).toBe('mismatch');
    expect(check({ newPwd: 'abcdef', repeatPwd: 'abcdef' }, 'repeatPwd')).toBeNull();
    expect(check({ oldPwd: 'abcdef', newPwd: 'abcdef' }, 'newPwd')).toBe('same_as_old');
    expect(zodFieldError(loginFormSchema, { username: '  ', password: 'x' }, 'username')).toBe(
      'required',
    );
  });

  it('translates codes, with per-field replacements', async () => {
    expect(fieldErrorText('mismatch')).toBe('两次输入的密码不一致');
    expect(fieldErrorText('required', { required: '请输入原密码' })).toBe('请输入原密码');
    expect(fieldErrorText('something_new')).toBe('取值无效');
    await changeLanguage('en-US');
    expect(fieldErrorText('mismatch')).toBe('The two passwords do not match');
  });

  it('builds antd rules that validate with the other fields of the form', async () => {
    const values: Record<string, string> = { oldPwd: 'abcdef', newPwd: 'abcdefg' };
    const [rule] = zodRules(changePasswordFormSchema, 'repeatPwd', fields, {
      required: '请再次输入新密码',
    });
    const form = { getFieldsValue: () => values } as never;
    const ruleObject = (typeof rule === 'function' ? rule(form) : rule) as {
      validator: (rule: unknown, value: unknown) => Promise<void>;
    };
    await expect(ruleObject.validator({}, undefined)).rejects.toThrow('请再次输入新密码');
    await expect(ruleObject.validator({}, 'abcdex')).rejects.toThrow('两次输入的密码不一致');
    await expect(ruleObject.validator({}, 'abcdefg')).resolves.toBeUndefined();
  });

  it('turns server field errors into form errors of the form fields', () => {
    expect(serverFieldErrors({ oldPwd: 'wrong', other: 'required' }, fields)).toEqual([
      { name: 'oldPwd', errors: ['原密码错误'] },
    ]);
    expect(serverFieldErrors(undefined, fields)).toEqual([]);
  });

  it('checks nested fields by their paths, with the holding object’s issue where asked', () => {
    const course = { difficulty: 'entry', specialty: 'iot' };
    const zh = zodPathCheck(courseSaveSchema, ['name', 'zh'], {
      parent: true,
      overrides: { required: '至少一种语言', too_short: '3 到 25 个字符' },
    });
    const en = zodPathCheck(courseSaveSchema, ['name', 'en']);
    expect(zh({ ...course, name: {} })).toBe('至少一种语言');
    expect(en({ ...course, name: {} })).toBeNull();
    expect(zh({ ...course, name: { zh: '物联' } })).toBe('3 到 25 个字符');
    expect(en({ ...course, name: { zh: '物联', en: 'x'.repeat(26) } })).toBe('长度过长');
    expect(zh({ ...course, name: { zh: '物联网入门' } })).toBeNull();
    const withBody = zodPathCheck(courseSaveSchema, ['difficulty'], {
      toBody: (values) => ({ ...(values as object), difficulty: undefined }),
    });
    expect(withBody({ ...course, name: { zh: '物联网入门' } })).toBe('此项为必填项');
  });

  it('puts server errors of nested fields on their paths', () => {
    expect(
      serverPathErrors({ 'content.questions.0.stem.zh': 'too_short', name: 'required' }),
    ).toEqual([
      { name: ['content', 'questions', 0, 'stem', 'zh'], errors: ['长度过短'] },
      { name: ['name'], errors: ['此项为必填项'] },
    ]);
    expect(serverPathErrors(undefined)).toEqual([]);
  });
});
