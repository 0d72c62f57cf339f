import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { smsApi } from '@platform/contract';
import { page } from '../../test/api';
import { fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { chooseOption, rowOf, searchFor } from '../../test/antd';
import { formatTime } from '../../shared/dates';
import { SmsOutbox } from './SmsOutbox';
import { sampleMessage } from './testing';

setupTestEnvironment();
polyfillBrowser();

describe('SMS outbox', { timeout: 30_000 }, () => {
  it('shows the kept messages with their kind and time, and filters by phone and kind', async () => {
    const messages = [
      sampleMessage({
        id: '802',
        kind: 'trial_message',
        text: '【实训教学平台】周老师您好，您的试用申请已受理，我们的工作人员将尽快与您联系。',
        createdAt: '2026-06-02T03:00:00.000Z',
      }),
      sampleMessage(),
    ];
    const api = fakeScreenApi([], fakeRoute(smsApi.outbox, page(messages, 2)));
    renderView(<SmsOutbox />, '/sch_edu/operation/sms-outbox');
    const code = await waitFor(() => rowOf(messages[1]!.text));
    expect(within(code).getByText('验证码')).toBeTruthy();
    expect(within(code).getByText(formatTime(messages[1]!.createdAt))).toBeTruthy();
    expect(within(rowOf(messages[0]!.text)).getByText('试用通知')).toBeTruthy();
    expect(screen.getByText('未配置短信网关时，短信保存在这里，不会发到手机上。')).toBeTruthy();

    searchFor('按手机号搜索', ' 1391234 ');
    await chooseOption(screen.getByLabelText('全部类型'), '试用通知');
    await waitFor(() =>
      expect(api.queries(smsApi.outbox).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        phone: '1391234',
        kind: 'trial_message',
      }),
    );
  });

  it('says when nothing was kept', async () => {
    fakeScreenApi(
      [],
      fakeRoute(smsApi.outbox, () => page([], 0)),
    );
    renderView(<SmsOutbox />, '/sch_edu/operation/sms-outbox');
    await waitFor(() => expect(document.querySelector('.ant-empty')).toBeTruthy());
  });
});
