import type { MenuNode } from '@platform/contract';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { changeLanguage, initI18n } from '../shared/i18n';
import { addFeatureTexts } from '../features';
import { resetToasts } from '../shared/toast';
import { resetRequestState } from '../shared/request';
import { setNavigate } from '../shared/navigation';
import { takeDrift } from './drift';

/**
 * Common test setup: Chinese UI (unless a test switches) with every feature's texts; a clean
 * DOM, storage, cookies, toasts and timers after each test.
 */
export function setupTestEnvironment(): void {
  beforeAll(async () => {
    initI18n();
    addFeatureTexts();
    await changeLanguage('zh-CN');
  });
  afterEach(async () => {
    const drift = takeDrift();
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetToasts();
    resetRequestState();
    setNavigate(null);
    window.localStorage.clear();
    window.sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      if (name && name !== 'language') document.cookie = `${name}=; path=/; max-age=0`;
    }
    await changeLanguage('zh-CN');
    window.history.replaceState(null, '', '/');
    if (drift.length > 0) throw new Error(drift.join('\n'));
  });
}

export function envelope(data: unknown, code = 200, extra: Record<string, unknown> = {}) {
  return { code, message: code === 200 ? 'ok' : 'failed', data, ...extra };
}

/** A JSON Response as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** A refused call as the server answers it: code 9000 with a message, maybe an error key and field codes. */
export function refusal(
  status: number,
  body: { message: string; errorKey?: string; fields?: Record<string, string> },
): Response {
  return jsonResponse(envelope(null, 9000, body), status);
}

export function textResponse(body: string, status: number, contentType = 'text/plain'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.app-toast .app-toast__text')).map(
    (el) => el.textContent ?? '',
  );
}

let nextMenuId = 1;

/** A menu node as the server answers it; `url` is required, everything else has a default. */
export function menuNode(partial: Partial<MenuNode> & { url: string }): MenuNode {
  const id = partial.id ?? String(nextMenuId++);
  const title = partial.name ?? partial.url;
  return {
    id,
    parentId: null,
    name: title,
    path: partial.url,
    index: id,
    sort: 0,
    hidden: false,
    icon: null,
    toJump: false,
    customFields: null,
    linkType: 1,
    linkValue: null,
    type: 1,
    meta: { title, linkType: 1, linkValue: null, activeMenu: null, icon: null },
    children: [],
    ...partial,
  };
}

/** What antd asks of a browser that jsdom lacks: media queries and ResizeObserver. */
export function stubAntdBrowserApis(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
