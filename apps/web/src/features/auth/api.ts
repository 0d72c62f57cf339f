import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  authPaths,
  routeRefs,
  schoolsPaths,
  storageKeys,
  usersPaths,
  webClientId,
  whitelistPaths,
  type LoginForm,
  type LoginLogRequest,
  type authApi,
  type schoolsApi,
  type usersApi,
  type whitelistApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { pageLoads } from '../../shared/navigation';
import { clearSession, setToken } from '../../shared/session';
import { currentLanguage } from '../../shared/i18n';
import { sessionScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod).
const auth = routeRefs<typeof authApi>(authPaths);
const users = routeRefs<typeof usersApi>(usersPaths);
const schools = routeRefs<typeof schoolsApi>(schoolsPaths);
const whitelist = routeRefs<typeof whitelistApi>(whitelistPaths);

export const authKeys = {
  all: [...sessionScope, 'auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  college: (collegeId: string) => [...authKeys.all, 'college', collegeId] as const,
  whitelist: () => [...authKeys.all, 'whitelist'] as const,
};

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => call(users.current, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function collegeQueryOptions(collegeId: string) {
  return queryOptions({
    queryKey: authKeys.college(collegeId),
    queryFn: ({ signal }) =>
      call(schools.detail, { params: { id: collegeId } }, { signal, quiet: true }),
    staleTime: 30 * 60_000,
  });
}

/** The white-list tag of the user, kept in sessionStorage for the lab pages (spec §6). */
export function whitelistQueryOptions() {
  return queryOptions({
    queryKey: authKeys.whitelist(),
    queryFn: async ({ signal }) => {
      const listed = await call(whitelist.check, {}, { signal, quiet: true });
      window.sessionStorage.setItem(storageKeys.whitelist, String(Boolean(listed)));
      return Boolean(listed);
    },
    staleTime: Infinity,
  });
}

export function webClientSecret(): string {
  return import.meta.env.VITE_WEB_CLIENT_SECRET || 'platform-web-secret';
}

/** Client basic authentication of the first-party web client. */
export function clientBasicAuth(): string {
  return `Basic ${btoa(`${webClientId}:${webClientSecret()}`)}`;
}

function loginLogPayload(): LoginLogRequest {
  return {
    clientId: webClientId,
    loginType: 'password',
    language: currentLanguage(),
    screen: `${window.screen.width}x${window.screen.height}`,
  };
}

/** Records the sign-in; a failure is only logged. */
export async function sendLoginLog(): Promise<void> {
  try {
    await call(users.loginLog, { body: loginLogPayload() }, { quiet: true });
  } catch (error) {
    console.warn('login log failed', error);
  }
}

export function loginMutationOptions() {
  return mutationOptions({
    mutationKey: [...authKeys.all, 'login'],
    mutationFn: async (form: LoginForm) => {
      const token = await call(
        auth.token,
        {
          body: {
            grant_type: 'password',
            username: form.username.trim(),
            password: form.password,
          },
        },
        {
          auth: false,
          // The sign-in form shows the failure itself, next to the fields.
          quiet: true,
          headers: { Authorization: clientBasicAuth() },
        },
      );
      setToken(token.access_token, token.expires_in);
      void sendLoginLog();
      return token;
    },
  });
}

/**
 * Logout: revokes the tokens, clears sessionStorage and the token, and loads the site origin
 * (platform §4; a full load drops everything kept in memory).
 */
export async function logout(): Promise<void> {
  try {
    await call(auth.logout, {}, { quiet: true });
  } catch (error) {
    console.warn('logout call failed', error);
  } finally {
    clearSession();
    pageLoads.assign(`${window.location.origin}/`);
  }
}

export function logoutMutationOptions() {
  return mutationOptions({ mutationKey: [...authKeys.all, 'logout'], mutationFn: logout });
}
