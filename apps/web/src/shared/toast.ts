import { limits } from '@platform/contract';
import { i18n } from './i18n';
import './toast.css';

/**
 * Small toasts built on the DOM, so that the request layer and the light public pages (login,
 * home) can show messages without loading antd.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  /**
   * How long the toast stays; ignored when `persistent`. Default 3 s, the spec's length for
   * error toasts (§8), which only a message the spec gives another length may change.
   */
  durationMs?: number;
  /** Stays until closed. */
  persistent?: boolean;
  /** Shows a close button. */
  closable?: boolean;
}

const icons: Record<ToastKind, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

let container: HTMLElement | null = null;

function ensureContainer(): HTMLElement {
  if (!container || !container.isConnected) {
    container = document.createElement('div');
    container.className = 'app-toasts';
    document.body.appendChild(container);
  }
  return container;
}

let lastAlertAt: number | null = null;

/**
 * Error and warning toasts that close by themselves are throttled to one per 3 s (spec §8), an
 * identical message included, whichever module shows them.
 */
function throttled(kind: ToastKind, options: ToastOptions): boolean {
  if ((kind !== 'error' && kind !== 'warning') || options.persistent) return false;
  const now = Date.now();
  if (lastAlertAt !== null && now - lastAlertAt < limits.errorToastThrottleMs) return true;
  lastAlertAt = now;
  return false;
}

const noop = () => {};

/**
 * Shows a toast and returns a function that closes it. An error or warning within 3 s of the
 * last one is not shown.
 */
export function showToast(kind: ToastKind, text: string, options: ToastOptions = {}): () => void {
  if (throttled(kind, options)) return noop;
  const el = document.createElement('div');
  el.className = `app-toast app-toast--${kind}`;
  el.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');

  const icon = document.createElement('span');
  icon.className = 'app-toast__icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = icons[kind];
  const body = document.createElement('span');
  body.className = 'app-toast__text';
  body.textContent = text;
  el.append(icon, body);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    if (timer) clearTimeout(timer);
    el.remove();
  };
  if (options.closable) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'app-toast__close';
    button.setAttribute('aria-label', i18n.t('app.close'));
    button.textContent = '×';
    button.addEventListener('click', close);
    el.append(button);
  }
  ensureContainer().append(el);
  if (!options.persistent)
    timer = setTimeout(close, options.durationMs ?? limits.errorToastSeconds * 1000);
  return close;
}

/**
 * An error toast that lasts 3 s; at most one error or warning is shown per 3 s (spec §8).
 * Returns whether it was shown.
 */
export function showErrorToast(
  text: string,
  options: Pick<ToastOptions, 'durationMs'> = {},
): boolean {
  return showToast('error', text, options) !== noop;
}

export const toast = {
  success: (text: string) => showToast('success', text),
  info: (text: string) => showToast('info', text),
  warning: (text: string) => showToast('warning', text),
  error: showErrorToast,
};

/** Test helper: forgets the throttle and removes every toast. */
export function resetToasts(): void {
  lastAlertAt = null;
  container?.remove();
  container = null;
}
