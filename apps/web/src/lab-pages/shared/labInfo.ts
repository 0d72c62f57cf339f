import { labGatewayPaths } from '@platform/contract';
import type { LabPageInfo } from '@platform/contract';
import { pickLanguage } from './i18n';

export type LabInfoResult =
  | { ok: true; info: LabPageInfo }
  /** forbidden: no or a bad lab cookie; gone: the lab stopped; error: anything else. */
  | { ok: false; reason: 'forbidden' | 'gone' | 'error' };

const runners: readonly string[] = ['terminal', 'jupyter', 'simulation'];

/**
 * Checks the gateway's answer by hand: `labPageInfoSchema` would pull zod into pages that must
 * stay small. Accepts the bare object and, to be lenient, the platform's `{code, data}` envelope.
 */
export function parseLabPageInfo(body: unknown): LabPageInfo | null {
  if (!isRecord(body)) return null;
  const value = 'data' in body && 'code' in body ? body.data : body;
  if (!isRecord(value)) return null;
  const { containerId, envName, runner, language, readOnly } = value;
  if (typeof containerId !== 'string' || typeof envName !== 'string') return null;
  if (typeof runner !== 'string' || !runners.includes(runner)) return null;
  if (typeof readOnly !== 'boolean') return null;
  return {
    containerId,
    envName,
    runner: runner as LabPageInfo['runner'],
    // An unknown language is no reason to refuse the page: fall back to the browser's.
    language: pickLanguage(typeof language === 'string' ? language : null),
    readOnly,
  };
}

/** `GET /__lab/info` on the lab's own origin, authorised by the gateway's HttpOnly cookie. */
export async function fetchLabInfo(fetchImpl: typeof fetch = fetch): Promise<LabInfoResult> {
  let response: Response;
  try {
    response = await fetchImpl(labGatewayPaths.info, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, reason: 'error' };
  }
  if (response.status === 401 || response.status === 403) return { ok: false, reason: 'forbidden' };
  if (response.status === 404 || response.status === 410) return { ok: false, reason: 'gone' };
  if (!response.ok) return { ok: false, reason: 'error' };
  try {
    const info = parseLabPageInfo(await response.json());
    return info ? { ok: true, info } : { ok: false, reason: 'error' };
  } catch {
    return { ok: false, reason: 'error' };
  }
}

/** `ws(s)://<this host>/__lab/ws`. */
export function labSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${labGatewayPaths.socket}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
