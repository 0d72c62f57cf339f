import '../shared/labPage.css';
import './panel.css';
import type { LabPageInfo } from '@platform/contract';
import { bootLabPage } from '../shared/boot';
import type { Translate } from '../shared/i18n';
import { labSocketUrl } from '../shared/labInfo';
import { createNotice, createStatusPill, showConnectionState } from '../shared/pageChrome';
import { ReconnectingSocket } from '../shared/reconnectingSocket';
import { parsePanelMessage } from './panelMessages';
import { PanelView } from './panelView';

function startPanel(root: HTMLElement, info: LabPageInfo, t: Translate): void {
  const status = createStatusPill(t);
  const notice = createNotice(t, () => socket.reconnectNow());
  const view = new PanelView(root, {
    t,
    language: info.language,
    envName: info.envName,
    readOnly: info.readOnly,
    send: (message) => socket.send(JSON.stringify(message)),
    headerExtras: [status.element],
    notice: notice.element,
  });
  const socket = new ReconnectingSocket({
    url: labSocketUrl(),
    onMessage: (data) => {
      const message = parsePanelMessage(data);
      if (message) view.handleMessage(message);
    },
    onState: (state) => {
      showConnectionState(state, status, notice);
      view.setConnected(state.kind === 'open');
    },
  });
  window.addEventListener('online', () => socket.reconnectNow());
  socket.start();
}

void bootLabPage('page.panelTitle', startPanel);
