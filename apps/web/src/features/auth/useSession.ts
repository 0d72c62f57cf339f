import { useMemo, useSyncExternalStore } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  defaultSchoolUrl,
  rolesForApp,
  webClientId,
  type CollegeDetail,
  type CurrentUser,
  type Role,
} from '@platform/contract';
import { getToken, subscribeToken } from '../../shared/session';
import { collegeQueryOptions, currentUserQueryOptions } from './api';

/** The stored token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

export interface Session {
  token: string | null;
  user: UseQueryResult<CurrentUser>;
  /** The school of the user, when the user belongs to one and it has loaded. */
  college: CollegeDetail | null;
  /** School-url prefix of the signed-in area; null until known. */
  schUrl: string | null;
  /** The user's roles for this application (tenantId === the application id). */
  roles: Role[];
  roleIds: string[];
}

/**
 * The signed-in session: user info is loaded only when a token is stored (and `enabled`: pages
 * that open without permissions, like /login, do not load it); the school url comes from the
 * user's school, or is the default for users without one.
 */
export function useSession({ enabled = true }: { enabled?: boolean } = {}): Session {
  const token = useToken();
  const user = useQuery({ ...currentUserQueryOptions(), enabled: enabled && Boolean(token) });
  const collegeId = user.data?.collegeId ?? null;
  // Until a password set by someone else is changed, the server answers only the user itself.
  const held = Boolean(user.data?.mustChangePassword);
  const college = useQuery({
    ...collegeQueryOptions(collegeId ?? ''),
    enabled: enabled && Boolean(token && collegeId) && !held,
  });
  const roles = useMemo(
    () => (user.data ? rolesForApp(user.data.roles, webClientId) : []),
    [user.data],
  );
  const roleIds = useMemo(() => roles.map((r) => r.id), [roles]);
  let schUrl: string | null = null;
  if (token && user.data) {
    if (!collegeId) schUrl = defaultSchoolUrl;
    else if (college.data) schUrl = college.data.url || defaultSchoolUrl;
    else if (college.isError) schUrl = defaultSchoolUrl;
  }
  return { token, user, college: college.data ?? null, schUrl, roles, roleIds };
}
