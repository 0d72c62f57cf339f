import { describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, setupTestEnvironment } from '../../test/helpers';
import { pageLoads } from '../../shared/navigation';
import { getToken, setToken } from '../../shared/session';
import { logout } from './api';

setupTestEnvironment();

describe('logout', () => {
  it('revokes the token, clears the session and loads the site origin, not the sign-in page', async () => {
    setToken('tok-1');
    window.sessionStorage.setItem('x', '1');
    const fetchMock = vi.fn(async () => jsonResponse(envelope(null)));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
    await logout();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/logout');
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/`);
  });
});
