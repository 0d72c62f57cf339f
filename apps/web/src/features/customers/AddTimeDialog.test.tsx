import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { customersApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { clickButton, errorOf, typeInto } from '../../test/antd';
import { formatInstant } from '../../shared/dates';
import { AddTimeDialog } from './AddTimeDialog';
import { sampleCustomer } from './testing';

setupTestEnvironment();
polyfillBrowser();

const sent = (api: ReturnType<typeof fakeApi>) => api.calls(customersApi.addTime);
const submit = () => clickButton('确定');

describe('add service time dialog', { timeout: 30_000 }, () => {
  it('refuses 0 hours and a missing reason without calling the server', async () => {
    const api = fakeApi(fakeRoute(customersApi.addTime, sampleCustomer()));
    renderView(<AddTimeDialog customer={sampleCustomer()} onClose={() => {}} />);
    typeInto('增加时长（小时）', '0');
    submit();
    await waitFor(() => expect(errorOf('增加时长（小时）')).toBe('请输入整数小时数，至少 1 小时'));
    expect(errorOf('原因')).toBe('请填写 2 到 244 个字符的原因');

    typeInto('增加时长（小时）', '1.5');
    typeInto('原因', '续');
    submit();
    await waitFor(() => expect(errorOf('原因')).toBe('请填写 2 到 244 个字符的原因'));
    expect(errorOf('增加时长（小时）')).toBe('请输入整数小时数，至少 1 小时');
    expect(sent(api)).toEqual([]);
  });

  it('sends whole hours with the reason and shows the new end', async () => {
    const customer = sampleCustomer();
    const after = '2026-07-03T04:00:00.000Z';
    const api = fakeApi(fakeRoute(customersApi.addTime, { ...customer, serviceEnd: after }));
    const onClose = vi.fn();
    renderView(<AddTimeDialog customer={customer} onClose={onClose} />);
    typeInto('增加时长（小时）', '48');
    typeInto('原因', ' 合同续签 ');
    submit();
    expect(await screen.findByText('服务时间已增加')).toBeTruthy();
    expect(sent(api).map((c) => [c.method, c.body])).toEqual([
      ['POST', { customerId: '301', hours: 48, reason: '合同续签' }],
    ]);
    expect(
      screen.getByText(
        `服务结束时间从 ${formatInstant(customer.serviceEnd)} 延长到 ${formatInstant(after)}（增加 48 小时）`,
      ),
    ).toBeTruthy();
    clickButton('关闭');
    expect(onClose).toHaveBeenCalled();
  });

  it('puts the server’s field errors on the inputs and says the add failed', async () => {
    fakeApi(
      fakeRoute(customersApi.addTime, () =>
        refusal(400, {
          message: '增加后的服务结束时间超出可记录的范围',
          errorKey: 'customers.end_out_of_range',
          fields: { hours: 'invalid_value' },
        }),
      ),
    );
    renderView(<AddTimeDialog customer={sampleCustomer()} onClose={() => {}} />);
    typeInto('增加时长（小时）', '2147483647');
    typeInto('原因', '长期合作');
    submit();
    await waitFor(() =>
      expect(errorOf('增加时长（小时）')).toBe('增加后的服务结束时间超出可记录的范围'),
    );
    expect(toastTexts()).toEqual(['添加失败：增加后的服务结束时间超出可记录的范围']);
    expect(screen.queryByText('服务时间已增加')).toBeNull();
  });

  it('tells that time added to an expired service counts from now', async () => {
    fakeApi(fakeRoute(customersApi.addTime, sampleCustomer()));
    renderView(
      <AddTimeDialog
        customer={sampleCustomer({ status: 'expired', remainingDays: 0 })}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('服务已过期：增加的时长从现在开始计算')).toBeTruthy();
  });
});
