import { describe, expect, it } from 'vitest';
import { guard, isAreaPath, type GuardInput } from './guard';

const ready = (paths: string[]) => ({ status: 'ready' as const, paths: new Set(paths) });

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    pathname: '/',
    search: '',
    hasToken: true,
    mustChangePassword: false,
    schUrl: 'sch_edu',
    permissions: ready(['workbench', 'personal/info']),
    ...overrides,
  };
}

describe('route guard', () => {
  it('opens a lab in its own tab with a session, without the area, and sends others to sign in', () => {
    const pathname = '/lab/123';
    const search = '?next=%2Fnotebooks%2Fa.ipynb';
    const loading = {
      schUrl: null,
      permissions: { status: 'pending' as const, paths: new Set<string>() },
    };
    expect(guard(input({ pathname, search, ...loading }))).toEqual({ action: 'allow' });
    expect(guard(input({ pathname, search, hasToken: false, ...loading }))).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent(pathname + search)}`,
    });
  });

  it.each([
    '/login',
    '/404',
    '/industrial-internet',
    '/industrial-internet/index',
    '/industrial-internet/detail',
    '/industrial-internet/post',
  ])('opens %s without a token and without permissions', (pathname) => {
    expect(
      guard(
        input({
          pathname,
          hasToken: false,
          schUrl: null,
          permissions: { status: 'pending', paths: new Set() },
        }),
      ),
    ).toEqual({ action: 'allow' });
    expect(guard(input({ pathname, permissions: { status: 'error', paths: new Set() } }))).toEqual({
      action: 'allow',
    });
  });

  it('keeps /home and everything under it public', () => {
    for (const pathname of ['/home', '/home/index', '/home/noticelist', '/home/course/article']) {
      expect(guard(input({ pathname, hasToken: false, schUrl: null }))).toEqual({
        action: 'allow',
      });
    }
  });

  it('sends / to the home page when signed out and to the school area when signed in', () => {
    expect(guard(input({ pathname: '/', hasToken: false, schUrl: null }))).toEqual({
      action: 'redirect',
      to: '/home/index',
    });
    expect(guard(input({ pathname: '/', schUrl: 'sch_demo' }))).toEqual({
      action: 'redirect',
      to: '/sch_demo',
    });
    expect(guard(input({ pathname: '/', schUrl: null }))).toEqual({ action: 'wait' });
  });

  it('redirects paths without /sch_ to /home/index', () => {
    for (const pathname of ['/foo', '/main/index', '/course/list', '/schedu/x']) {
      expect(guard(input({ pathname }))).toEqual({ action: 'redirect', to: '/home/index' });
    }
  });

  it('sends the signed-out user from the area to sign-in, remembering where to return', () => {
    expect(
      guard(
        input({
          pathname: '/sch_edu/personal/info',
          search: '?tab=2',
          hasToken: false,
          schUrl: null,
        }),
      ),
    ).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/sch_edu/personal/info?tab=2')}`,
    });
  });

  it('waits while the permissions (or the school url) load', () => {
    expect(
      guard(
        input({
          pathname: '/sch_edu/workbench',
          permissions: { status: 'pending', paths: new Set() },
        }),
      ),
    ).toEqual({ action: 'wait' });
    expect(guard(input({ pathname: '/sch_edu/workbench', schUrl: null }))).toEqual({
      action: 'wait',
    });
  });

  it('goes to /404 when loading the permissions failed', () => {
    expect(
      guard(
        input({
          pathname: '/sch_edu/workbench',
          permissions: { status: 'error', paths: new Set() },
        }),
      ),
    ).toEqual({ action: 'redirect', to: '/404' });
  });

  it('allows the area root and known children, and sends unknown children to /404', () => {
    expect(guard(input({ pathname: '/sch_edu' }))).toEqual({ action: 'allow' });
    expect(guard(input({ pathname: '/sch_edu/' }))).toEqual({ action: 'allow' });
    expect(guard(input({ pathname: '/sch_edu/workbench' }))).toEqual({ action: 'allow' });
    expect(guard(input({ pathname: '/sch_edu/personal/info' }))).toEqual({ action: 'allow' });
    expect(guard(input({ pathname: '/sch_edu/personal/password' }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
    expect(guard(input({ pathname: '/sch_edu/workbench', permissions: ready([]) }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });

  it("moves another school's prefix to the user's own", () => {
    expect(guard(input({ pathname: '/sch_other/workbench', search: '?a=1' }))).toEqual({
      action: 'redirect',
      to: '/sch_edu/workbench?a=1',
    });
    expect(guard(input({ pathname: '/sch_other' }))).toEqual({
      action: 'redirect',
      to: '/sch_edu',
    });
  });

  it('knows the signed-in area by its /sch_ prefix', () => {
    expect(isAreaPath('/sch_edu/workbench')).toBe(true);
    expect(isAreaPath('/home/index')).toBe(false);
  });

  it('holds a user who must change the password on the change-password screen', () => {
    expect(guard(input({ pathname: '/', mustChangePassword: true, schUrl: null }))).toEqual({
      action: 'redirect',
      to: '/sch_edu',
    });
    for (const pathname of ['/sch_edu', '/sch_edu/workbench', '/sch_other/x']) {
      expect(
        guard(
          input({
            pathname,
            mustChangePassword: true,
            schUrl: null,
            permissions: { status: 'pending', paths: new Set() },
          }),
        ),
      ).toEqual({ action: 'change-password' });
    }
    for (const pathname of ['/login', '/home/index']) {
      expect(guard(input({ pathname, mustChangePassword: true }))).toEqual({ action: 'allow' });
    }
  });
});
