import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { envelope, jsonResponse, setupTestEnvironment } from '../../test/helpers';
import { getToken } from '../../shared/session';
import { LoginPage } from './LoginPage';

setupTestEnvironment();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderLogin(url = '/login') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const token = {
  access_token: 'access-1',
  token_type: 'bearer',
  expires_in: 7200,
  refresh_token: 'refresh-1',
  refresh_expires_in: 604800,
  scope: 'all',
  user_id: '1',
};

describe('sign-in page', () => {
  it('has labelled inputs and a sign-in button', () => {
    renderLogin();
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '语言' })).toBeTruthy();
  });

  it('validates on blur with the contract schema', async () => {
    renderLogin();
    fireEvent.blur(screen.getByLabelText('用户名'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'student01' } });
    await waitFor(() => expect(screen.queryByText('请输入用户名')).toBeNull());
  });

  it('does not call the server when the form is incomplete', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with the password grant and client basic auth, stores the token and returns', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/oauth/token') ? jsonResponse(envelope(token)) : jsonResponse(envelope(null)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin(`/login?redirect=${encodeURIComponent('/sch_edu/personal/info')}`);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: ' student01 ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Demo_123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect((await screen.findByTestId('where')).textContent).toBe('/sch_edu/personal/info');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api-uaa/oauth/token');
    expect(init.method).toBe('POST');
    expect(headers.Authorization).toBe(`Basic ${btoa('platform-web:platform-web-secret')}`);
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('grant_type=password&username=student01&password=Demo_123456');
    expect(getToken()).toBe('access-1');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [logUrl, logInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(logUrl).toBe('/api-user/api/user/save/login/log');
    expect(JSON.parse(String(logInit.body))).toMatchObject({ clientId: 'platform-web' });
    expect((logInit.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
  });

  it('goes to / after sign-in without a (safe) place to return to', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(envelope(token))),
    );
    renderLogin(`/login?redirect=${encodeURIComponent('//evil.example')}`);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'student01' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Demo_123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('shows a wrong password and keeps the user on the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          envelope(null, 9000, { message: '用户名或密码错误', errorKey: 'auth.bad_credentials' }),
          400,
        ),
      ),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'student01' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'nope12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const alerts = await screen.findAllByText('用户名或密码错误');
    expect(alerts.length).toBeGreaterThan(0);
    expect(getToken()).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
