/**
 * Navigation from outside React (the request layer's 401 handling, logout). The app registers the
 * router's navigate function; until then, and in plain scripts, the browser navigates.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const browserNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = browserNavigate;

/** Full page loads, which drop everything kept in memory (logout). */
export const pageLoads = {
  assign: (url: string) => window.location.assign(url),
};

export function setNavigate(navigate: Navigate | null): void {
  current = navigate ?? browserNavigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

/** The sign-in page, remembering where to come back to when `from` is given. */
export function loginPath(from?: string): string {
  return from ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (value === '/login' || value.startsWith('/login?')) return null;
  return value;
}
