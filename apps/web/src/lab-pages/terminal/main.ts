import '@xterm/xterm/css/xterm.css';
import '../shared/labPage.css';
import './terminal.css';
import { Terminal } from '@xterm/xterm';
import type { ITheme } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import type { LabPageInfo } from '@platform/contract';
import { h } from '../shared/dom';
import { bootLabPage } from '../shared/boot';
import type { Translate } from '../shared/i18n';
import { labSocketUrl } from '../shared/labInfo';
import {
  createNotice,
  createReadOnlyBadge,
  createStatusPill,
  showConnectionState,
} from '../shared/pageChrome';
import { ReconnectingSocket } from '../shared/reconnectingSocket';
import { TerminalSession } from './terminalSession';
import { pasteInbox } from './pasteMessage';

/** No connection by then: say so (management spec §8), and keep trying. */
const startupTimeoutMs = 20_000;

/** Latin monospace first for the cell size; the CJK mono font draws Chinese in two cells. */
const fontFamily =
  "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', 'Noto Sans Mono CJK SC', 'Noto Sans Mono', 'Microsoft YaHei', monospace";

const theme: ITheme = {
  background: '#1b1e24',
  foreground: '#d4d7dd',
  cursor: '#4080ff',
  cursorAccent: '#1b1e24',
  selectionBackground: '#2f4f80',
  black: '#3b4048',
  red: '#e06c75',
  green: '#98c379',
  yellow: '#e5c07b',
  blue: '#61afef',
  magenta: '#c678dd',
  cyan: '#56b6c2',
  white: '#d4d7dd',
  brightBlack: '#6b7280',
  brightRed: '#ff7b86',
  brightGreen: '#b5e890',
  brightYellow: '#ffd68a',
  brightBlue: '#82c4ff',
  brightMagenta: '#de9bf0',
  brightCyan: '#7fd5e0',
  brightWhite: '#ffffff',
};

/** Commands of a course step's command configuration, sent by the platform page around this one. */
const pastes = pasteInbox(window);

function startTerminal(root: HTMLElement, info: LabPageInfo, t: Translate): void {
  const status = createStatusPill(t);
  const notice = createNotice(t, () => socket.reconnectNow());
  const host = h('div', { className: 'lab-terminal-host' });
  root.replaceChildren(
    h('div', { className: 'lab-terminal-page' }, [
      h('header', { className: 'lab-terminal-bar' }, [
        h('span', { className: 'lab-terminal-bar__name', text: info.envName }),
        info.readOnly && createReadOnlyBadge(t),
        h('span', { className: 'lab-terminal-bar__spacer' }),
        status.element,
      ]),
      notice.element,
      h('div', { className: 'lab-terminal-screen' }, [host]),
    ]),
  );

  const term = new Terminal({
    fontFamily,
    fontSize: 14,
    cursorBlink: !info.readOnly,
    disableStdin: info.readOnly,
    scrollback: 5_000,
    theme,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(host);
  fit.fit();
  term.focus();

  let opened = false;
  let startupTimedOut = false;
  const startupTimer = setTimeout(() => {
    startupTimedOut = true;
    if (!opened && socket.state.kind !== 'stopped') notice.showStartupTimeout();
  }, startupTimeoutMs);

  const socket = new ReconnectingSocket({
    url: labSocketUrl(),
    onMessage: (data) => session.handleOutput(data),
    onState: (state) => {
      if (state.kind === 'open') {
        opened = true;
        clearTimeout(startupTimer);
        session.handleOpen();
        pastes.open(info.readOnly, (text) => {
          term.paste(text);
          term.focus();
        });
      } else if (state.kind === 'stopped') {
        clearTimeout(startupTimer);
        term.options.disableStdin = true;
        term.options.cursorBlink = false;
      }
      showConnectionState(state, status, notice, { timedOut: startupTimedOut, everOpened: opened });
    },
  });
  const session = new TerminalSession(term, socket, { readOnly: info.readOnly });

  let frame = 0;
  const scheduleFit = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      fit.fit();
    });
  };
  window.addEventListener('resize', scheduleFit);
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(scheduleFit).observe(host);
  // System fonts may still be loading when the terminal measured its cells.
  void document.fonts?.ready.then(scheduleFit);
  // Back in this window (or the frame that embeds it): typing goes to the terminal again.
  window.addEventListener('focus', () => term.focus());
  window.addEventListener('online', () => socket.reconnectNow());
  socket.start();
}

void bootLabPage('page.terminalTitle', startTerminal);
