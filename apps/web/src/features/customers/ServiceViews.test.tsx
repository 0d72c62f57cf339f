import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { customersApi } from '@platform/contract';
import { page } from '../../test/api';
import { fakeApi, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, pickDate, rowOf } from '../../test/antd';
import { formatInstant } from '../../shared/dates';
import { ServiceManagement } from './ServiceManagement';
import { sampleCustomer, sampleLog } from './testing';
import { TimeHistory } from './TimeHistory';

setupTestEnvironment();
polyfillBrowser();

describe('service management', { timeout: 30_000 }, () => {
  it('shows service periods and offers adding time only with the permission', async () => {
    fakeScreenApi([], fakeRoute(customersApi.page, page([sampleCustomer()])));
    renderView(<ServiceManagement />, '/sch_edu/operation/services');
    const row = await waitFor(() => rowOf('北方学院'));
    expect(within(row).getByText(formatInstant(sampleCustomer().serviceEnd))).toBeTruthy();
    expect(within(row).getByText('100')).toBeTruthy();
    expect(within(row).getByText('服务中')).toBeTruthy();
    expect(within(row).getByText('加时记录')).toBeTruthy();
    expect(within(row).queryByText('增加时间')).toBeNull();
  });

  it('opens the add-time dialog and links to the customer’s history', async () => {
    fakeScreenApi(
      ['customer.add_time'],
      fakeRoute(customersApi.timeHistory, page([sampleLog()])),
      fakeRoute(customersApi.page, page([sampleCustomer()])),
    );
    renderView(<ServiceManagement />, '/sch_edu/operation/services');
    const row = await waitFor(() => rowOf('北方学院'));
    fireEvent.click(await within(row).findByText('增加时间'));
    expect(await screen.findByText('增加服务时间：北方学院')).toBeTruthy();
    clickButton('取消');
    fireEvent.click(within(row).getByText('加时记录'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/sch_edu/operation/time-history?customerId=301&customer=${encodeURIComponent('北方学院')}`,
      ),
    );
  });
});

describe('history of added time', { timeout: 30_000 }, () => {
  const historyCalls = (api: ReturnType<typeof fakeApi>) => api.calls(customersApi.timeHistory);

  it('lists the log and filters by customer and date range of at most a year', async () => {
    const api = fakeApi(fakeRoute(customersApi.timeHistory, page([sampleLog()], 1)));
    renderView(<TimeHistory />, '/sch_edu/operation/time-history?customerId=301&customer=北方学院');
    const row = await waitFor(() => rowOf('合同续签'));
    expect(within(row).getByText('运营小王')).toBeTruthy();
    expect(within(row).getByText(formatInstant(sampleLog().endAfter))).toBeTruthy();
    expect(screen.getByText('客户: 北方学院')).toBeTruthy();
    expect(historyCalls(api)[0]?.query.get('customerId')).toBe('301');

    pickDate('开始日期', '2025-01-01');
    pickDate('结束日期', '2026-03-01');
    expect(await screen.findByText('时间范围最长一年')).toBeTruthy();
    const before = historyCalls(api).length;
    pickDate('结束日期', '2025-06-30');
    await waitFor(() => expect(historyCalls(api).length).toBeGreaterThan(before));
    const q = historyCalls(api).at(-1)!.query;
    expect(new Date(q.get('from')!).getDate()).toBe(1);
    expect(new Date(q.get('to')!).getHours()).toBe(23);
    expect(q.get('customerId')).toBe('301');
    expect(screen.queryByText('时间范围最长一年')).toBeNull();
  });
});
