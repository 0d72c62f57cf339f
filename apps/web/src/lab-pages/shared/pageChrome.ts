import { h } from './dom';
import type { LabLanguage, LabTextKey, Translate } from './i18n';
import type { SocketState } from './reconnectingSocket';

export type ConnectionView = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export function connectionView(state: SocketState): ConnectionView {
  switch (state.kind) {
    case 'open':
      return 'connected';
    case 'connecting':
      return state.attempt === 0 ? 'connecting' : 'reconnecting';
    case 'reconnecting':
      return 'reconnecting';
    case 'stopped':
      return 'disconnected';
  }
}

const statusKeys: Record<ConnectionView, LabTextKey> = {
  connecting: 'status.connecting',
  connected: 'status.connected',
  reconnecting: 'status.reconnecting',
  disconnected: 'status.disconnected',
};

/** A dot and a word for the connection state, announced politely to screen readers. */
export function createStatusPill(t: Translate) {
  const element = h('span', {
    className: 'lab-status',
    attrs: { role: 'status', 'data-state': 'connecting' },
    text: t('status.connecting'),
  });
  return {
    element,
    set(view: ConnectionView) {
      element.dataset.state = view;
      element.textContent = t(statusKeys[view]);
    },
  };
}

export function createReadOnlyBadge(t: Translate): HTMLElement {
  return h('span', { className: 'lab-badge', text: t('badge.readOnly') });
}

/**
 * The banner under the header: the network notice with a "reconnect now" button, the terminal
 * startup timeout, or a final message (no access, lab stopped) that replaces both.
 */
export function createNotice(t: Translate, onReconnectNow: () => void) {
  const text = h('span', { className: 'lab-notice__text' });
  const button = h('button', {
    className: 'lab-notice__action',
    text: t('action.reconnectNow'),
    attrs: { type: 'button' },
  });
  button.addEventListener('click', onReconnectNow);
  const element = h('div', { className: 'lab-notice', attrs: { role: 'alert' } }, [text, button]);
  element.hidden = true;
  let final = false;
  return {
    element,
    /** Network trouble; the socket is retrying. */
    showNetwork() {
      if (final) return;
      element.hidden = false;
      element.dataset.kind = 'warning';
      text.textContent = t('notice.network');
      button.hidden = false;
    },
    showStartupTimeout() {
      if (final) return;
      element.hidden = false;
      element.dataset.kind = 'warning';
      text.textContent = t('notice.startupTimeout');
      button.hidden = true;
    },
    /** No reconnect will follow. */
    showFinal(reason: 'forbidden' | 'gone') {
      final = true;
      element.hidden = false;
      element.dataset.kind = 'error';
      text.textContent =
        reason === 'forbidden'
          ? `${t('error.forbiddenTitle')}. ${t('error.forbidden')}`
          : `${t('error.goneTitle')}. ${t('error.gone')}`;
      button.hidden = true;
    },
    hide() {
      if (final) return;
      element.hidden = true;
    },
    get visibleText(): string | null {
      return element.hidden ? null : text.textContent;
    },
  };
}

export type Notice = ReturnType<typeof createNotice>;

export type StatusPill = ReturnType<typeof createStatusPill>;

/**
 * Shows a socket state: the pill always; the notice on trouble (the startup-timeout text while a
 * terminal has never connected and the timeout passed), hidden again once connected.
 */
export function showConnectionState(
  state: SocketState,
  status: StatusPill,
  notice: Notice,
  startup: { timedOut: boolean; everOpened: boolean } = { timedOut: false, everOpened: true },
): void {
  status.set(connectionView(state));
  if (state.kind === 'open') notice.hide();
  else if (state.kind === 'reconnecting') {
    if (startup.timedOut && !startup.everOpened) notice.showStartupTimeout();
    else notice.showNetwork();
  } else if (state.kind === 'stopped' && state.reason !== 'closed') notice.showFinal(state.reason);
}

/** A whole-page message for when the lab cannot be shown at all. */
export function renderMessageScreen(
  root: HTMLElement,
  t: Translate,
  reason: 'forbidden' | 'gone' | 'error',
): void {
  const keys: Record<typeof reason, [LabTextKey, LabTextKey]> = {
    forbidden: ['error.forbiddenTitle', 'error.forbidden'],
    gone: ['error.goneTitle', 'error.gone'],
    error: ['error.loadTitle', 'error.load'],
  };
  const [title, text] = keys[reason];
  const retry =
    reason === 'error'
      ? h('button', { className: 'lab-button', text: t('action.retry'), attrs: { type: 'button' } })
      : null;
  retry?.addEventListener('click', () => window.location.reload());
  root.replaceChildren(
    h('main', { className: 'lab-message', attrs: { 'data-reason': reason } }, [
      h('h1', { className: 'lab-message__title', text: t(title) }),
      h('p', { className: 'lab-message__text', text: t(text) }),
      retry,
    ]),
  );
  document.title = t(title);
}

export function renderLoading(root: HTMLElement, t: Translate): void {
  root.replaceChildren(
    h('div', { className: 'lab-loading', attrs: { role: 'status' } }, [
      h('span', { className: 'lab-loading__spinner', attrs: { 'aria-hidden': 'true' } }),
      t('page.loading'),
    ]),
  );
}

export function setDocumentLanguage(language: LabLanguage): void {
  document.documentElement.lang = language;
}
