import { describe, expect, it, vi } from 'vitest';
import { setupTestEnvironment } from '../test/helpers';
import {
  adoptTokenFromUrl,
  clearSession,
  extractTokenFromUrl,
  getToken,
  setToken,
  subscribeToken,
} from './session';

setupTestEnvironment();

describe('token storage', () => {
  it('keeps the token in localStorage cloud-token and a cookie of the same name', () => {
    setToken('abc');
    expect(window.localStorage.getItem('cloud-token')).toBe('abc');
    expect(document.cookie).toContain('cloud-token=abc');
    expect(getToken()).toBe('abc');
  });

  it('falls back to the cookie when localStorage has no token', () => {
    document.cookie = 'cloud-token=from-cookie; path=/';
    expect(getToken()).toBe('from-cookie');
  });

  it('clearSession clears sessionStorage, the token and the cookie, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    setToken('abc');
    window.sessionStorage.setItem('whitelist', 'true');
    clearSession();
    expect(getToken()).toBeNull();
    expect(document.cookie).not.toContain('cloud-token=abc');
    expect(window.sessionStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setToken('x');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('token query parameter', () => {
  it('takes the token out of the address, keeping the rest', () => {
    expect(
      extractTokenFromUrl('http://localhost/sch_edu/personal/info?token=t1&tab=2#top'),
    ).toEqual({
      token: 't1',
      cleaned: '/sch_edu/personal/info?tab=2#top',
    });
    expect(extractTokenFromUrl('http://localhost/login?token=t2')).toEqual({
      token: 't2',
      cleaned: '/login',
    });
    expect(extractTokenFromUrl('http://localhost/login?tokens=x')).toBeNull();
  });

  it('on startup saves the token and replaces the address without it', () => {
    window.history.replaceState(null, '', '/sch_edu/workbench?token=handed-over&x=1');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    expect(adoptTokenFromUrl()).toBe(true);
    expect(getToken()).toBe('handed-over');
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe('/sch_edu/workbench?x=1');
  });

  it('does nothing without a token parameter', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fsch_edu');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    expect(adoptTokenFromUrl()).toBe(false);
    expect(replaceState).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });
});
