import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  storageKeys,
  webClientId,
  type LoginForm,
  type LoginLogRequest,
  type RouteOutput,
  type authApi,
  type schoolsApi,
  type usersApi,
  type whitelistApi,
} from '@platform/contract';
import { request } from '../../shared/request';
import { clearSession, setToken } from '../../shared/session';
import { currentLanguage } from '../../shared/i18n';
import { sessionScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod):
// the paths are the contract's, the answers' types the declarations'.

export const authKeys = {
  all: [...sessionScope, 'auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  college: (collegeId: string) => [...authKeys.all, 'college', collegeId] as const,
  whitelist: () => [...authKeys.all, 'whitelist'] as const,
};

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) =>
      request<RouteOutput<typeof usersApi.current>>(apiRoutes.currentUser, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function collegeQueryOptions(collegeId: string) {
  return queryOptions({
    queryKey: authKeys.college(collegeId),
    queryFn: ({ signal }) =>
      request<RouteOutput<typeof schoolsApi.detail>>(
        pathOf(apiRoutes.collegeDetail, { id: collegeId }),
        {
          signal,
          quiet: true,
        },
      ),
    staleTime: 30 * 60_000,
  });
}

/** The white-list tag of the user, kept in sessionStorage for the lab pages (spec §6). */
export function whitelistQueryOptions() {
  return queryOptions({
    queryKey: authKeys.whitelist(),
    queryFn: async ({ signal }) => {
      const listed = await request<RouteOutput<typeof whitelistApi.check>>(
        apiRoutes.whitelistCheck,
        { signal, quiet: true },
      );
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
    await request<RouteOutput<typeof usersApi.loginLog>>(apiRoutes.loginLog, {
      method: 'POST',
      json: loginLogPayload(),
      quiet: true,
    });
  } catch (error) {
    console.warn('login log failed', error);
  }
}

export function loginMutationOptions() {
  return mutationOptions({
    mutationKey: [...authKeys.all, 'login'],
    mutationFn: async (form: LoginForm) => {
      const token = await request<RouteOutput<typeof authApi.token>>(apiRoutes.oauthToken, {
        method: 'POST',
        auth: false,
        // The sign-in form shows the failure itself, next to the fields.
        quiet: true,
        headers: { Authorization: clientBasicAuth() },
        form: { grant_type: 'password', username: form.username.trim(), password: form.password },
      });
      setToken(token.access_token, token.expires_in);
      void sendLoginLog();
      return token;
    },
  });
}

/**
 * Logout: revokes the tokens, clears sessionStorage and the token, and loads the sign-in page
 * of the site origin (a full load drops everything kept in memory).
 */
export async function logout(): Promise<void> {
  try {
    await request<RouteOutput<typeof authApi.logout>>(apiRoutes.oauthLogout, {
      method: 'POST',
      quiet: true,
    });
  } catch (error) {
    console.warn('logout call failed', error);
  } finally {
    clearSession();
    window.location.assign(`${window.location.origin}/login`);
  }
}

export function logoutMutationOptions() {
  return mutationOptions({ mutationKey: [...authKeys.all, 'logout'], mutationFn: logout });
}
