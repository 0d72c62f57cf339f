import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { usersApi } from '@platform/contract';
import {
  envelope,
  jsonResponse,
  refusal,
  setupTestEnvironment,
  stubAntdBrowserApis,
  toastTexts,
} from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { errorOf, field, typeInto } from '../../test/antd';
import { getToken, setToken } from '../../shared/session';
import { setNavigate } from '../../shared/navigation';
import { ChangePasswordForm } from './ChangePasswordForm';

setupTestEnvironment();

beforeAll(stubAntdBrowserApis);

function renderForm() {
  return renderWithProviders(
    <ChangePasswordForm user={{ id: '11', userId: '11', userName: 'Wang_01', name: '王老师' }} />,
  );
}

const input = (label: string) => field(label) as HTMLInputElement;

/** Fills the three passwords and presses OK. */
function submitPasswords(oldPwd: string, newPwd: string, repeatPwd: string) {
  typeInto('原密码', oldPwd);
  typeInto('新密码', newPwd);
  typeInto('确认新密码', repeatPwd);
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
}

describe('change-password form', () => {
  it('limits the inputs to 20 characters and shows placeholders', () => {
    renderForm();
    for (const label of ['原密码', '新密码', '确认新密码']) {
      expect(input(label).maxLength).toBe(20);
    }
    expect(input('原密码').placeholder).toBe('请输入原密码');
  });

  it('validates on blur with the contract rules', async () => {
    renderForm();
    fireEvent.blur(input('原密码'));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    typeInto('新密码', 'abc');
    fireEvent.blur(input('新密码'));
    expect(await screen.findByText('长度过短')).toBeTruthy();
    typeInto('新密码', 'abcdef');
    typeInto('确认新密码', 'abcdeg');
    fireEvent.blur(input('确认新密码'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('refuses the own login name as the new password before sending it', async () => {
    const { fetchMock } = fakeApi(fakeRoute(usersApi.changePassword, null));
    renderForm();
    typeInto('新密码', 'wang_01');
    fireEvent.blur(input('新密码'));
    expect(await screen.findByText('密码不能与用户名或姓名相同')).toBeTruthy();
    typeInto('原密码', 'Demo_123456');
    typeInto('确认新密码', 'wang_01');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await screen.findByText('密码不能与用户名或姓名相同');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a common password on the new password", async () => {
    fakeApi(
      fakeRoute(usersApi.changePassword, () =>
        refusal(400, {
          message: '密码过于常见，容易被猜中，请换一个',
          errorKey: 'users.password_too_common',
          fields: { newPwd: 'too_common' },
        }),
      ),
    );
    renderForm();
    submitPasswords('Demo_123456', 'password1', 'password1');
    await waitFor(() => expect(errorOf('新密码')).toBe('密码过于常见，容易被猜中，请换一个'));
  });

  it('puts server field errors on the inputs', async () => {
    fakeApi(
      fakeRoute(usersApi.changePassword, () =>
        refusal(400, {
          message: '原密码错误',
          errorKey: 'users.old_password_wrong',
          fields: { oldPwd: 'wrong' },
        }),
      ),
    );
    renderForm();
    submitPasswords('Wrong_123', 'Better_123', 'Better_123');
    await waitFor(() => expect(errorOf('原密码')).toBe('原密码错误'));
    expect(input('原密码').getAttribute('aria-invalid')).toBe('true');
  });

  it('on success sends {userId, oldPwd, newPwd}, signs out and goes to sign-in', async () => {
    setToken('tok');
    const navigate = vi.fn();
    setNavigate(navigate);
    // The server says in its message what happens next.
    const api = fakeApi(
      fakeRoute(usersApi.changePassword, () =>
        jsonResponse(envelope(null, 200, { message: '密码修改成功，请重新登录' })),
      ),
    );
    renderForm();
    submitPasswords('Demo_123456', 'Better_123', 'Better_123');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
    const [changed] = api.sent;
    expect(changed?.route).toBe(usersApi.changePassword);
    expect(changed?.method).toBe('PUT');
    expect(changed?.body).toEqual({
      userId: '11',
      oldPwd: 'Demo_123456',
      newPwd: 'Better_123',
    });
    expect(getToken()).toBeNull();
    expect(document.body.textContent).toContain('密码修改成功，请重新登录');
    expect(toastTexts()).toContain('密码修改成功，请重新登录');
  });
});
