import { i18n } from './i18n';
import { showToast } from './toast';

/** Browsers built on Chromium that are not Chrome; their user agents contain "Chrome/" too. */
const otherChromium =
  /\b(Edg|Edge|EdgA|EdgiOS|OPR|Opera|OPT|SamsungBrowser|UCBrowser|YaBrowser|Vivaldi|QQBrowser|MQQBrowser|MetaSr|360SE|360EE|Maxthon|Brave|MicroMessenger|DingTalk|Quark|HuaweiBrowser|HeyTapBrowser|MiuiBrowser|2345Explorer|LBBROWSER|BIDUBrowser|baiduboxapp|TheWorld|Whale|Silk)\b/i;

export function isChrome(userAgent: string): boolean {
  return (
    /\b(HeadlessChrome|Chrome|Chromium|CriOS)\/\d/.test(userAgent) && !otherChromium.test(userAgent)
  );
}

export function isFirefox(userAgent: string): boolean {
  return (
    /\b(Firefox|FxiOS)\/\d/.test(userAgent) && !/\b(SeaMonkey|Waterfox|PaleMoon)\b/i.test(userAgent)
  );
}

/** The service-inquiry and exam pages are usable in any browser (spec §4, §6). */
export function isBrowserCheckExempt(pathname: string): boolean {
  return /serviceinquiry/i.test(pathname) || /\/exam(\/|$)/.test(pathname);
}

export function needsBrowserWarning(userAgent: string, pathname: string): boolean {
  if (isBrowserCheckExempt(pathname)) return false;
  return !isChrome(userAgent) && !isFirefox(userAgent);
}

/**
 * On start: outside Chrome and Firefox, a persistent, closable warning asks for one of them.
 * Returns whether the warning was shown.
 */
export function runBrowserCheck(
  userAgent: string = navigator.userAgent,
  pathname: string = window.location.pathname,
): boolean {
  if (!needsBrowserWarning(userAgent, pathname)) return false;
  showToast('warning', i18n.t('browser.warning'), { persistent: true, closable: true });
  return true;
}
