import '../shared/labPage.css';
import './panel.css';
import { createTranslator, pickLanguage } from '../shared/i18n';
import { fetchLabInfo, labSocketUrl } from '../shared/labInfo';
import {
  createNotice,
  createStatusPill,
  renderLoading,
  renderMessageScreen,
  setDocumentLanguage,
  showConnectionState,
} from '../shared/pageChrome';
import { ReconnectingSocket } from '../shared/reconnectingSocket';
import { parsePanelMessage } from './panelMessages';
import { PanelView } from './panelView';

async function main(): Promise<void> {
  const root = document.getElementById('lab-root');
  if (!root) throw new Error('#lab-root is missing');
  const browserT = createTranslator(pickLanguage());
  renderLoading(root, browserT);
  const result = await fetchLabInfo();
  if (!result.ok) {
    renderMessageScreen(root, browserT, result.reason);
    return;
  }
  const { info } = result;
  const t = createTranslator(info.language);
  setDocumentLanguage(info.language);
  document.title = t('page.panelTitle', { name: info.envName });

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

void main();
