import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  announcementActive,
  announcementRecord,
  authApi,
  authPaths,
  changePasswordFormSchema,
  changePasswordFormSchemaFor,
  passwordIsPersonal,
  studentSaveSchema,
  teacherSaveSchema,
  displayName,
  fitsBigint,
  formatMessage,
  idSchema,
  messages,
  pageOf,
  pageQuerySchema,
  parseCustomFields,
  parseMenuUrl,
  passwordSchema,
  pathOf,
  rolesForApp,
  routeRefs,
  textField,
  topIndexOf,
  unstorableAt,
  type Id,
  type Page,
  type PageFilter,
  type PageQuery,
  type DeclarationOf,
  type RouteInput,
  type RouteOutput,
} from './index';

describe('menu helpers', () => {
  it('parses pipe-separated customFields', () => {
    expect(
      parseCustomFields('name:课程|icon:book|keepAlive:true|activeMenu:/a/b|perm:course:add'),
    ).toEqual({
      name: '课程',
      icon: 'book',
      keepAlive: 'true',
      activeMenu: '/a/b',
      perm: 'course:add',
    });
    expect(parseCustomFields(null)).toEqual({});
    expect(parseCustomFields('broken|:x|ok:1')).toEqual({ ok: '1' });
  });

  it('reads the path:X,component:Y form, plain paths and external links', () => {
    expect(parseMenuUrl('path:course/list,component:CourseList')).toEqual({
      path: 'course/list',
      component: 'CourseList',
      external: false,
    });
    expect(parseMenuUrl('/workbench')).toEqual({
      path: 'workbench',
      component: null,
      external: false,
    });
    expect(parseMenuUrl('https://example.edu/x')).toMatchObject({
      external: true,
      path: 'https://example.edu/x',
    });
    expect(topIndexOf('3-2-1')).toBe('3');
  });
});

describe('users helpers', () => {
  it('falls back from name to userName to phone', () => {
    expect(displayName({ name: '李明', userName: 's1', phone: '1' })).toBe('李明');
    expect(displayName({ name: null, userName: 's1', phone: '1' })).toBe('s1');
    expect(displayName({ name: '', userName: '', phone: '138' })).toBe('138');
  });

  it('keeps only roles of the application', () => {
    const roles = [
      { tenantId: 'a', code: 'x' },
      { tenantId: 'b', code: 'y' },
    ];
    expect(rolesForApp(roles, 'a')).toEqual([{ tenantId: 'a', code: 'x' }]);
    expect(rolesForApp(roles, 'c')).toEqual([]);
  });
});

describe('password rules', () => {
  it('allows 6 to 20 letters, digits, _ and #', () => {
    expect(passwordSchema.safeParse('abc_#1').success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(21)).error?.issues[0]?.message).toBe('too_long');
    expect(passwordSchema.safeParse('abc12').error?.issues[0]?.message).toBe('too_short');
    expect(passwordSchema.safeParse('abc-123').error?.issues[0]?.message).toBe('invalid_format');
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe('required');
  });

  it('the form wants the repeat to match and the new password to differ', () => {
    const mismatch = changePasswordFormSchema.safeParse({
      oldPwd: 'old_123',
      newPwd: 'new_123',
      repeatPwd: 'new_124',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['repeatPwd', 'mismatch'],
    ]);
    const same = changePasswordFormSchema.safeParse({
      oldPwd: 'old_123',
      newPwd: 'old_123',
      repeatPwd: 'old_123',
    });
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['newPwd', 'same_as_old'],
    ]);
  });
});

describe('personal passwords', () => {
  it('refuses the login name or the name as a password, in any case and with spaces around', () => {
    expect(passwordIsPersonal('Teacher01', 'teacher01 ', null)).toBe(true);
    expect(passwordIsPersonal('zhang_san', ' Zhang_San')).toBe(true);
    expect(passwordIsPersonal('teacher011', 'teacher01', undefined)).toBe(false);
    expect(passwordIsPersonal('abcdef', '', null)).toBe(false);
  });

  it('puts the refusal on the new password of the change-password form', () => {
    const form = changePasswordFormSchemaFor({ userName: 'Wang_01', name: '王老师' });
    const issues = form.safeParse({ oldPwd: 'old_123', newPwd: 'wang_01', repeatPwd: 'wang_01' })
      .error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['newPwd', 'same_as_name']]);
  });

  it('puts it on the password of a student or a teacher being saved', () => {
    const student = studentSaveSchema.safeParse({
      stuNo: 'S2026001',
      name: '李明',
      sex: 1,
      classId: '12',
      password: 's2026001',
    });
    expect(student.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'same_as_name'],
    ]);
    const teacher = teacherSaveSchema.safeParse({
      name: 'Lucy_Li',
      sex: 2,
      role: 'teacher',
      phone: '13900001111',
      password: 'lucy_li',
    });
    expect(teacher.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'same_as_name'],
    ]);
    expect(
      teacherSaveSchema.safeParse({
        name: 'Lucy_Li',
        sex: 2,
        role: 'teacher',
        phone: '13900001111',
        password: '',
      }).success,
    ).toBe(true);
  });
});

describe('messages', () => {
  it('has both languages for every key and fills parameters', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.zh, key).toBeTruthy();
      expect(m.en, key).toBeTruthy();
    }
    expect(formatMessage('users.password_changed', 'zh')).toBe('密码修改成功，请重新登录');
    expect(formatMessage('auth.throttled', 'en', { seconds: 4 })).toBe(
      'Too many failed sign-ins, please try again in 4 s',
    );
  });

  it('names the same parameters in both languages and holds nothing but the two texts', () => {
    const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((p) => p[1]).sort();
    for (const [key, m] of Object.entries(messages)) {
      expect(Object.keys(m).sort(), key).toEqual(['en', 'zh']);
      expect(params(m.en), key).toEqual(params(m.zh));
    }
  });
});

describe('announcement', () => {
  const a = {
    title: 't',
    content: '<p>x</p>',
    footer: null,
    start: '2026-01-01T00:00:00Z',
    end: '2026-02-01T00:00:00Z',
    announceType: 'once' as const,
  };
  it('is active strictly between start and end when it has content', () => {
    expect(announcementActive(a, new Date('2026-01-15T00:00:00Z'))).toBe(true);
    expect(announcementActive(a, new Date('2026-01-01T00:00:00Z'))).toBe(false);
    expect(announcementActive(a, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(announcementActive({ ...a, content: '' }, new Date('2026-01-15T00:00:00Z'))).toBe(false);
    expect(announcementActive(null, new Date())).toBe(false);
  });
  it('records content, start and end together', () => {
    expect(announcementRecord(a)).not.toBe(
      announcementRecord({ ...a, end: '2026-03-01T00:00:00Z' }),
    );
  });
});

describe('pathOf', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf('/api-user/menus/all/:appid', { appid: 'platform web' })).toBe(
      '/api-user/menus/all/platform%20web',
    );
    expect(() => pathOf('/x/:id')).toThrow(/missing path parameter id/);
  });
});

describe('route references', () => {
  it('carry the address their declarations spread, typed by those declarations', () => {
    const auth = routeRefs<typeof authApi>(authPaths);
    expect(auth.token).toEqual({
      method: authApi.token.method,
      path: authApi.token.path,
      form: authApi.token.form,
    });
    expectTypeOf<DeclarationOf<typeof auth.token>>().toEqualTypeOf<typeof authApi.token>();
    expectTypeOf<DeclarationOf<typeof authApi.logout>>().toEqualTypeOf<typeof authApi.logout>();
    expectTypeOf<RouteInput<DeclarationOf<typeof auth.token>>>().toEqualTypeOf<
      RouteInput<typeof authApi.token>
    >();
    expectTypeOf<RouteOutput<DeclarationOf<typeof auth.logout>>>().toEqualTypeOf<null>();
  });
});

describe('paging', () => {
  it('types a page as pageOf answers it, and a filter as its query without the page', () => {
    const page = pageOf(idSchema).parse({ records: ['7'], total: 1, pageNum: 1, pageSize: 10 });
    expectTypeOf(page).toEqualTypeOf<Page<Id>>();
    const query = pageQuerySchema.extend({ name: idSchema.optional() });
    expect(query.parse({ name: '5' })).toEqual({ pageNum: 1, pageSize: 10, name: '5' });
    expectTypeOf<PageQuery>().toEqualTypeOf<{ pageNum: number; pageSize: number }>();
    expectTypeOf<PageFilter<typeof query>>().toEqualTypeOf<{ name?: string | undefined }>();
  });
});

describe('what the database can hold', () => {
  it('takes ids up to the largest bigint and refuses larger ones as a value error', () => {
    expect(idSchema.safeParse('9223372036854775807').success).toBe(true);
    expect(idSchema.safeParse('00000000000000000042').success).toBe(true);
    for (const id of ['9223372036854775808', '18446744073709551616', '99999999999999999999'])
      expect(idSchema.safeParse(id).error?.issues[0]?.message).toBe('invalid_value');
    expect(idSchema.safeParse('12a').error?.issues[0]?.message).toBe('invalid_format');
    expect(fitsBigint('9223372036854775806')).toBe(true);
    expect(fitsBigint('9300000000000000000')).toBe(false);
  });

  it('finds NUL characters and unpaired surrogates, and passes whole characters', () => {
    expect(unstorableAt('plain 中文 🙂')).toBe(-1);
    expect(unstorableAt('a\u0000')).toBe(1);
    expect(unstorableAt('x\ud800')).toBe(1);
    expect(unstorableAt('\udc00\ud83d\ude42')).toBe(0);
    expect(unstorableAt('🙂\ud83d')).toBe(2);
    expect(textField(1, 10).safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      'invalid_characters',
    );
  });
});
