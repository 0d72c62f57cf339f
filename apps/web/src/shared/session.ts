import Cookies from 'js-cookie';
import { storageKeys } from '@platform/contract';

/**
 * The sign-in token: kept in localStorage under `cloud-token` and in a cookie of the same name
 * (spec §4 Login). Listeners hear every change so caches and the route guard can follow.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeLocalStorage()?.getItem(storageKeys.token) || Cookies.get(storageKeys.token) || null;
}

export function setToken(token: string, expiresInSeconds?: number): void {
  safeLocalStorage()?.setItem(storageKeys.token, token);
  Cookies.set(storageKeys.token, token, {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    ...(expiresInSeconds ? { expires: new Date(Date.now() + expiresInSeconds * 1000) } : {}),
  });
  notify();
}

export function clearToken(): void {
  safeLocalStorage()?.removeItem(storageKeys.token);
  Cookies.remove(storageKeys.token, { path: '/' });
  notify();
}

/** Clears sessionStorage and the token (logout, 401, password changed). */
export function clearSession(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
  clearToken();
}

/** Subscribes to token changes; returns the unsubscribe function (fits useSyncExternalStore). */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * If `href` carries a `token` query parameter, returns it and the same address without it.
 */
export function extractTokenFromUrl(href: string): { token: string; cleaned: string } | null {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  return { token, cleaned: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * On startup: a `token` query parameter is saved and removed from the address by a redirect
 * (history replace, so Back does not return to the address with the token). Returns whether a
 * token was taken.
 */
export function adoptTokenFromUrl(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const found = extractTokenFromUrl(location.href);
  if (!found) return false;
  if (found.token) setToken(found.token);
  history.replaceState(history.state, '', found.cleaned);
  return true;
}
