import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/dom';
import { labCloseCodes } from '@platform/contract';
import { FakeSocket, fakeSocketFactory } from './fakeSocket';
import { createTranslator } from './i18n';
import {
  createNotice,
  createStatusPill,
  renderMessageScreen,
  showConnectionState,
} from './pageChrome';
import { ReconnectingSocket } from './reconnectingSocket';

const t = createTranslator('en-US');
let root: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  root.remove();
  vi.useRealTimers();
});

/** The pill and the notice wired to a real reconnecting socket, as both pages do. */
function connect(startup?: { timedOut: boolean; everOpened: boolean }) {
  const status = createStatusPill(t);
  let socket: ReconnectingSocket | null = null;
  const notice = createNotice(t, () => socket?.reconnectNow());
  root.append(status.element, notice.element);
  socket = new ReconnectingSocket({
    url: 'ws://x/__lab/ws',
    factory: fakeSocketFactory,
    onMessage: () => undefined,
    onState: (state) => showConnectionState(state, status, notice, startup),
  });
  socket.start();
  const screen = within(root);
  return { screen, notice, status: () => screen.getByRole('status').textContent };
}

describe('connection notice', () => {
  it('shows the network notice on a dropped connection and hides it once connected again', () => {
    const { screen, notice, status } = connect();
    expect(status()).toBe('Connecting…');
    FakeSocket.last.open();
    expect(status()).toBe('Connected');
    expect(notice.visibleText).toBeNull();

    FakeSocket.last.drop(1006);
    expect(status()).toBe('Reconnecting…');
    expect(screen.getByRole('alert').textContent).toContain(
      'Network exception, disconnected. Reconnecting…',
    );

    // "Reconnect now" skips the 1 s wait.
    screen.getByRole('button', { name: 'Reconnect now' }).click();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.open();
    expect(notice.visibleText).toBeNull();
    expect(status()).toBe('Connected');
  });

  it('shows the terminal startup timeout while a terminal never connected', () => {
    const { notice } = connect({ timedOut: true, everOpened: false });
    FakeSocket.last.drop(1006);
    expect(notice.visibleText).toBe('Terminal startup timeout, wait or contact administrator');
  });

  it.each([
    [labCloseCodes.forbidden, 'No access to this lab'],
    [labCloseCodes.gone, 'The lab has stopped'],
  ])('keeps a final message after close code %i', (code, title) => {
    const { screen, notice, status } = connect();
    FakeSocket.last.open();
    FakeSocket.last.drop(code);
    expect(notice.visibleText).toContain(title);
    expect(status()).toBe('Disconnected');
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).toBeNull();
    notice.hide();
    notice.showNetwork();
    expect(notice.visibleText).toContain(title);
  });
});

describe('renderMessageScreen', () => {
  it('tells a visitor without the lab cookie to open the lab from the platform', () => {
    renderMessageScreen(root, createTranslator('zh-CN'), 'forbidden');
    const screen = within(root);
    expect(screen.getByRole('heading', { name: '无权访问该实验' })).toBeTruthy();
    expect(screen.getByText('访问凭证缺失或已过期，请从平台重新打开实验。')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a retry when the page info could not be loaded', () => {
    renderMessageScreen(root, t, 'error');
    expect(within(root).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
