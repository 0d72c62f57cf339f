import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { authApi, usersApi, type TokenResponse } from '@platform/contract';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
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

const token: TokenResponse = {
  access_token: 'access-1',
  token_type: 'bearer',
  expires_in: 7200,
  refresh_token: 'refresh-1',
  refresh_expires_in: 604800,
  scope: 'all',
  user_id: '1',
  must_change_password: false,
};

/** The token endpoint answering `answer`, and the sign-in log the page sends after it. */
const signInApi = (answer: TokenResponse | Response = token) =>
  fakeApi(fakeRoute(authApi.token, answer), fakeRoute(usersApi.loginLog, null));

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
    const api = signInApi();
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with the password grant and client basic auth, stores the token and returns', async () => {
    const api = signInApi();
    const { fetchMock } = api;
    renderLogin(`/login?redirect=${encodeURIComponent('/sch_edu/personal/info')}`);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: ' student01 ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Demo_123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect((await screen.findByTestId('where')).textContent).toBe('/sch_edu/personal/info');
    const [, init = {}] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(api.sent[0]?.route).toBe(authApi.token);
    expect([...api.sent[0]!.query]).toEqual([]);
    expect(init.method).toBe('POST');
    expect(headers.Authorization).toBe(`Basic ${btoa('platform-web:platform-web-secret')}`);
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('grant_type=password&username=student01&password=Demo_123456');
    expect(getToken()).toBe('access-1');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, logInit = {}] = fetchMock.mock.calls[1]!;
    expect(api.sent[1]?.route).toBe(usersApi.loginLog);
    expect(api.bodies(usersApi.loginLog)[0]).toMatchObject({ clientId: 'platform-web' });
    expect((logInit.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
  });

  it('goes to / after sign-in without a (safe) place to return to', async () => {
    signInApi();
    renderLogin(`/login?redirect=${encodeURIComponent('//evil.example')}`);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'student01' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Demo_123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('shows a wrong password and keeps the user on the page', async () => {
    signInApi(refusal(400, { message: '用户名或密码错误', errorKey: 'auth.bad_credentials' }));
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
