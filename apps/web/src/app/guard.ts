import { defaultSchoolUrl, labOpenPath } from '@platform/contract';
import { loginPath } from '../shared/navigation';
import { splitAreaPath } from '../shared/permissions/menuRoutes';

/**
 * The route guard (spec §2 Route guard), as a pure function of where the user goes and what is
 * known about the session. The Root component feeds it and acts on the answer.
 */
export type PermissionStatus = 'pending' | 'error' | 'ready';

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** The signed-in user must change the password set by someone else before anything else. */
  mustChangePassword: boolean;
  /** The user's school-url prefix, once the user (and school) are loaded; else null. */
  schUrl: string | null;
  /** The permission tree: status of its load, and the area paths it makes routes for. */
  permissions: { status: PermissionStatus; paths: ReadonlySet<string> };
}

export type GuardResult =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** Only the change-password screen, until the password is changed. */
  | { action: 'change-password' }
  /** Something the decision needs is still loading: show a loader. */
  | { action: 'wait' };

const allow: GuardResult = { action: 'allow' };
const wait: GuardResult = { action: 'wait' };
const redirect = (to: string): GuardResult => ({ action: 'redirect', to });

/** Paths that open without loading permissions. */
export function isOpenPath(pathname: string): boolean {
  return (
    pathname === '/login' ||
    pathname === '/404' ||
    pathname === '/industrial-internet' ||
    pathname.startsWith('/industrial-internet/')
  );
}

export function isPublicHomePath(pathname: string): boolean {
  return pathname === '/home' || pathname.startsWith('/home/');
}

/** The page that opens a lab in a tab of its own: it needs a session, not the area. */
export function isLabOpenPath(pathname: string): boolean {
  return pathname.startsWith(`${labOpenPath}/`);
}

/** The signed-in area: school-url prefixed paths. */
export function isAreaPath(pathname: string): boolean {
  return pathname.includes('/sch_');
}

export function guard(input: GuardInput): GuardResult {
  const { pathname, search, hasToken, schUrl, permissions } = input;
  if (isOpenPath(pathname)) return allow;
  if (isPublicHomePath(pathname)) return allow;
  if (hasToken && input.mustChangePassword) {
    // Held inside the area, so that signing out afterwards leads to sign-in, not the home page.
    if (pathname === '/') return redirect(`/${schUrl ?? defaultSchoolUrl}`);
    if (isAreaPath(pathname)) return { action: 'change-password' };
  }
  if (isLabOpenPath(pathname))
    return hasToken ? allow : redirect(loginPath(`${pathname}${search}`));
  if (pathname === '/') {
    if (!hasToken) return redirect('/home/index');
    return schUrl ? redirect(`/${schUrl}`) : wait;
  }
  if (!isAreaPath(pathname)) return redirect('/home/index');
  if (!hasToken) return redirect(loginPath(`${pathname}${search}`));
  if (permissions.status === 'error') return redirect('/404');
  if (permissions.status === 'pending' || !schUrl) return wait;
  const { prefix, child } = splitAreaPath(pathname);
  if (prefix !== schUrl) return redirect(`/${schUrl}${child ? `/${child}` : ''}${search}`);
  if (child && !permissions.paths.has(child)) return redirect('/404');
  return allow;
}
