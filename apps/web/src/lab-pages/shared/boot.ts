import type { LabPageInfo } from '@platform/contract';
import { createTranslator, pickLanguage, type LabTextKey, type Translate } from './i18n';
import { fetchLabInfo } from './labInfo';
import { renderLoading, renderMessageScreen, setDocumentLanguage } from './pageChrome';

/**
 * Starts a lab page: shows loading, asks the gateway who the page is for, then hands over to
 * `start` in the lab's language, or shows why the page cannot open.
 */
export async function bootLabPage(
  titleKey: LabTextKey,
  start: (root: HTMLElement, info: LabPageInfo, t: Translate) => void,
): Promise<void> {
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
  document.title = t(titleKey, { name: info.envName });
  start(root, info, t);
}
