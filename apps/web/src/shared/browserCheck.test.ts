import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setupTestEnvironment } from '../test/helpers';
import { isChrome, isFirefox, needsBrowserWarning, runBrowserCheck } from './browserCheck';

setupTestEnvironment();

const ua = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  qq: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.245.400 QQBrowser/12.5.5675.400',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  ie: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

describe('browser check', () => {
  it('recognises Chrome and Firefox', () => {
    expect(isChrome(ua.chrome)).toBe(true);
    expect(isChrome(ua.headless)).toBe(true);
    expect(isChrome(ua.chromeIos)).toBe(true);
    expect(isFirefox(ua.firefox)).toBe(true);
    for (const other of [ua.edge, ua.opera, ua.qq, ua.safari, ua.ie]) {
      expect(isChrome(other)).toBe(false);
      expect(isFirefox(other)).toBe(false);
    }
  });

  it('warns outside Chrome and Firefox, except on the service-inquiry and exam pages', () => {
    expect(needsBrowserWarning(ua.chrome, '/login')).toBe(false);
    expect(needsBrowserWarning(ua.firefox, '/home/index')).toBe(false);
    expect(needsBrowserWarning(ua.safari, '/login')).toBe(true);
    expect(needsBrowserWarning(ua.edge, '/sch_edu/workbench')).toBe(true);
    expect(needsBrowserWarning(ua.safari, '/sch_edu/serviceinquiry')).toBe(false);
    expect(needsBrowserWarning(ua.ie, '/sch_edu/task/exam')).toBe(false);
  });

  it('shows a persistent, closable warning', () => {
    vi.useFakeTimers();
    expect(runBrowserCheck(ua.safari, '/login')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(screen.getByRole('alert').textContent).toContain('请使用谷歌或者火狐浏览器');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing in Chrome', () => {
    expect(runBrowserCheck(ua.chrome, '/login')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
