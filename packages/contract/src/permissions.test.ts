import { describe, expect, it } from 'vitest';
import {
  customFieldsIssue,
  menuSaveSchema,
  menuUrlIssue,
  menuViewOf,
  userRecordSaveSchema,
} from './index';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const entry = {
  appId: 'platform-web',
  parentId: null,
  name: '课程',
  url: 'courses',
  sort: 1,
  hidden: false,
  linkType: 1,
  type: 1,
};

describe('menu entry rules', () => {
  it('accepts the three url shapes of a menu and none for a button', () => {
    for (const url of [
      'courses/list',
      '/api/docs',
      'path:school/classes,component:ClassManagement',
      'https://example.edu/llm?x=1',
    ])
      expect(menuUrlIssue(url, 1)).toBeNull();
    expect(menuUrlIssue('', 2)).toBeNull();
    expect(menuUrlIssue('x', 2)).toBe('invalid_value');
    expect(menuUrlIssue('', 1)).toBe('required');
    for (const url of [
      'path:school/classes',
      'path:,component:X',
      'path:a,component:',
      'a b',
      'see http://x',
      'a//b',
    ])
      expect(menuUrlIssue(url, 1)).toBe('invalid_format');
  });

  it('wants pipe-separated key:value pairs in customFields', () => {
    expect(customFieldsIssue('')).toBeNull();
    expect(customFieldsIssue('icon:book|keepAlive:true|activeMenu:/a/b')).toBeNull();
    expect(customFieldsIssue('perm:')).toBeNull();
    expect(customFieldsIssue('icon')).toBe('invalid_format');
    expect(customFieldsIssue('icon:book|')).toBe('invalid_format');
    expect(customFieldsIssue(':book')).toBe('invalid_format');
  });

  it('needs a known perm key on buttons, a parent for buttons and a link for link type 2', () => {
    expect(issuesOf(menuSaveSchema.safeParse({ ...entry, type: 2, url: '' }))).toEqual({
      customFields: 'required',
      parentId: 'required',
    });
    expect(
      issuesOf(
        menuSaveSchema.safeParse({
          ...entry,
          parentId: '1',
          type: 2,
          url: '',
          customFields: 'perm:class.nuke',
        }),
      ),
    ).toEqual({ customFields: 'invalid_value' });
    expect(
      menuSaveSchema.safeParse({
        ...entry,
        parentId: '1',
        type: 2,
        url: '',
        customFields: 'perm:class.delete',
      }).success,
    ).toBe(true);
    expect(issuesOf(menuSaveSchema.safeParse({ ...entry, linkType: 2 }))).toEqual({
      linkValue: 'required',
    });
  });

  it('names the view of an entry as the web app does', () => {
    expect(menuViewOf('path:system/menus,component:MenuManagement', null)).toBe('MenuManagement');
    expect(menuViewOf('/courses', 'component:CourseList')).toBe('CourseList');
    expect(menuViewOf('/courses', null)).toBe('courses');
    expect(menuViewOf('https://x.org', 'component:Y')).toBeNull();
  });
});

describe('user record rules', () => {
  const base = { name: '李明', sex: 1 };

  it('accepts empty optional fields and a full record', () => {
    expect(userRecordSaveSchema.safeParse(base).success).toBe(true);
    expect(
      userRecordSaveSchema.safeParse({
        ...base,
        birthday: '2000-02-29',
        province: '110000',
        city: '110100',
        address: '中关村大街 1 号',
        contactName: '王芳',
        contactPhone: '13800000000',
        email: 'li@example.edu',
      }).success,
    ).toBe(true);
    expect(
      userRecordSaveSchema.safeParse({
        ...base,
        birthday: '',
        province: '',
        city: '',
        address: '',
        contactName: '',
        contactPhone: '',
        email: '',
      }).success,
    ).toBe(true);
  });

  it('refuses bad values field by field', () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      issuesOf(
        userRecordSaveSchema.safeParse({
          name: '李',
          sex: 0,
          birthday: '2001-02-29',
          address: 'ab',
          contactName: 'x'.repeat(31),
          contactPhone: '12345',
          email: 'nope',
          city: '110100',
        }),
      ),
    ).toEqual({
      name: 'too_short',
      sex: 'required',
      birthday: 'invalid_format',
      address: 'too_short',
      contactName: 'too_long',
      contactPhone: 'invalid_format',
      email: 'invalid_format',
    });
    expect(issuesOf(userRecordSaveSchema.safeParse({ ...base, birthday: tomorrow }))).toEqual({
      birthday: 'invalid_value',
    });
    expect(issuesOf(userRecordSaveSchema.safeParse({ ...base, city: '110100' }))).toEqual({
      province: 'required',
    });
  });
});
