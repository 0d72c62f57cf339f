import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { trialsApi } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../test/render';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { clickButton, errorOf, typeInto } from '../../test/antd';
import { TrialDialog } from './TrialDialog';

setupTestEnvironment();
polyfillBrowser();

function open() {
  const onClose = vi.fn();
  renderWithProviders(<TrialDialog open onClose={onClose} />);
  return onClose;
}

const codeButton = () =>
  screen.getByText(/获取验证码|秒后重新获取/).closest('button') as HTMLButtonElement;

describe('trial dialog', { timeout: 30_000 }, () => {
  it('checks every field from the contract before anything is sent', async () => {
    const api = fakeApi(
      fakeRoute(trialsApi.sendCode, { resendSeconds: 60, validSeconds: 600 }),
      fakeRoute(trialsApi.apply, null),
    );
    open();
    clickButton('提交申请');
    await waitFor(() => expect(errorOf('申请人')).toBe('请输入申请人'));
    expect(errorOf('手机号')).toBe('请输入手机号');
    expect(errorOf('学校名称')).toBe('请输入学校名称');
    expect(errorOf('专业名称')).toBe('请输入专业名称');
    typeInto('手机号', '12345678901');
    await waitFor(() => expect(errorOf('手机号')).toBe('请输入正确的手机号'));
    // The code goes only to a number that passes the pattern.
    expect(codeButton().disabled).toBe(true);
    // Subjects are asked for only with the subject model direction.
    typeInto('手机号', '13800001234');
    typeInto('申请人', '张老师');
    typeInto('验证码', '123456');
    typeInto('学校名称', '演示职业技术学院');
    typeInto('专业名称', '物联网应用技术');
    fireEvent.click(screen.getByLabelText('学科大模型'));
    expect(await screen.findByLabelText('AI 助教')).toBeTruthy();
    clickButton('提交申请');
    await waitFor(() => expect(screen.getByText('请选择学科大模型应用')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('物联网'));
    await waitFor(() => expect(screen.queryByLabelText('AI 助教')).toBeNull());
    expect(api.sent).toEqual([]);
  });

  it('sends the code once the phone is valid, counts 60 s down, and applies once however often clicked', async () => {
    const api = fakeApi(
      fakeRoute(trialsApi.sendCode, { resendSeconds: 60, validSeconds: 600 }),
      fakeRoute(trialsApi.apply, null),
    );
    const onClose = open();
    typeInto('手机号', ' 13800001234 ');
    await waitFor(() => expect(codeButton().disabled).toBe(false));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(codeButton());
    await waitFor(() => expect(codeButton().textContent).toContain('60 秒后重新获取'));
    expect(api.queries(trialsApi.sendCode)).toEqual([{ phone: '13800001234' }]);
    expect(toastTexts()).toContain('验证码已发送，10 分钟内有效');
    expect(codeButton().disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(codeButton().textContent).toContain('获取验证码'));
    vi.useRealTimers();

    typeInto('申请人', ' 张老师 ');
    typeInto('验证码', '123456');
    typeInto('学校名称', '演示职业技术学院');
    typeInto('专业名称', '物联网应用技术');
    fireEvent.click(screen.getByLabelText('学科大模型'));
    const assistant = await screen.findByLabelText<HTMLInputElement>('AI 助教');
    fireEvent.click(assistant);
    // The subjects appear with the direction; each choice is taken before the next.
    await waitFor(() => expect(assistant.checked).toBe(true));
    fireEvent.click(screen.getByLabelText('AI 数字人'));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('AI 数字人').checked).toBe(true),
    );
    clickButton('提交申请');
    clickButton('提交申请');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = api.calls(trialsApi.apply);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      applicant: '张老师',
      phone: '13800001234',
      verificationCode: '123456',
      collegeName: '演示职业技术学院',
      professionalName: '物联网应用技术',
      productDirection: 'subject_llm',
      subjects: 'teaching_assistant,digital_human',
      applyType: 0,
    });
    expect(toastTexts()).toContain('申请已提交，我们会尽快与您联系');
  });
});
