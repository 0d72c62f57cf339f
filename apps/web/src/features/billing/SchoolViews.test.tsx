import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { chartTexts, polyfillCharts } from '../../test/charts';
import { page } from '../../test/api';
import { billingApi, usersApi } from '@platform/contract';
import { fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { chooseOption, rowOf, searchFor } from '../../test/antd';
import { AccountOverview } from './AccountOverview';
import { OrderList } from './OrderList';
import { sampleAccount, sampleOrder, sampleOverview, sampleUser } from './testing';

setupTestEnvironment();
polyfillBrowser();

polyfillCharts('billing-chart');

describe('school account overview', { timeout: 30_000 }, () => {
  it('shows the own school’s account as cards and its spending and use', async () => {
    const api = fakeScreenApi(
      [],
      fakeRoute(usersApi.current, sampleUser('11')),
      fakeRoute(billingApi.accountDetail, sampleAccount()),
      fakeRoute(billingApi.overview, sampleOverview()),
    );
    renderView(<AccountOverview />, '/sch_edu/school/account');
    expect(await screen.findByText('5,500.00 元')).toBeTruthy();
    expect(screen.getByText('2000 小时')).toBeTruthy();
    expect(screen.getByText('1,000.00 元')).toBeTruthy();
    expect(screen.getByText('4 小时 / 天')).toBeTruthy();
    expect(rowOf('物联网实训年包')).toBeTruthy();
    expect(api.queries(billingApi.overview)).toEqual([{ schoolId: '11' }]);

    await waitFor(() => expect(chartTexts('每周消费（近 12 周）').length).toBeGreaterThan(0));
    expect(chartTexts('每周消费（近 12 周）')).toEqual(expect.arrayContaining(['03-02']));
    expect(chartTexts('每月消费（近 12 个月）')).toEqual(expect.arrayContaining(['2026-03']));
    const classes = screen.getByRole('list', { name: '使用最多的班级（前 5）' });
    expect(classes.textContent).toContain('物联网 2301');
    expect(classes.textContent).toContain('10 小时 · 120.00 元');
    expect(screen.getByRole('list', { name: '使用最多的实验环境（前 5）' }).textContent).toContain(
      'Jupyter 实验',
    );
  });

  it('says the school is not charged yet, and the overview failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(usersApi.current, sampleUser('11')),
      fakeRoute(billingApi.accountDetail, sampleAccount({ metered: false, packages: [] })),
      fakeRoute(billingApi.overview, () => refusal(400, { message: '参数错误' })),
    );
    renderView(<AccountOverview />, '/sch_edu/school/account');
    expect(await screen.findByText('该学校尚无订单，实验使用只记录不扣费')).toBeTruthy();
    expect(await screen.findByText('获取概览数据失败：参数错误')).toBeTruthy();
  });
});

describe('school orders', { timeout: 30_000 }, () => {
  it('shows the packages in force, then the orders without a school filter', async () => {
    const api = fakeScreenApi(
      [],
      fakeRoute(usersApi.current, sampleUser('11')),
      fakeRoute(billingApi.accountDetail, sampleAccount()),
      fakeRoute(billingApi.orderPage, page([sampleOrder()])),
      fakeRoute(billingApi.orderDetail, sampleOrder()),
    );
    renderView(<OrderList />, '/sch_edu/school/orders');
    const inForce = (await screen.findByText('生效中的套餐')).closest('.ant-card') as HTMLElement;
    expect(await within(inForce).findByText('物联网实训年包')).toBeTruthy();
    const orders = screen.getByText('订单信息').closest('.ant-card') as HTMLElement;
    const order = (await within(orders).findByText('ORD-2026-001')).closest('tr') as HTMLElement;
    expect(within(order).queryByText('北方职业技术学院')).toBeNull();
    expect(screen.queryByLabelText('全部学校')).toBeNull();

    await chooseOption(screen.getByLabelText('全部类型'), '套餐');
    searchFor('按订单号搜索', 'ORD');
    await waitFor(() =>
      expect(api.queries(billingApi.orderPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        type: 'package',
        orderNo: 'ORD',
      }),
    );
    fireEvent.click(within(order).getByText('详情'));
    expect(await screen.findByText('订单详情：ORD-2026-001')).toBeTruthy();
  });

  it('says the recharge records failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(usersApi.current, sampleUser('11')),
      fakeRoute(billingApi.accountDetail, sampleAccount()),
      fakeRoute(billingApi.orderPage, () => refusal(400, { message: '参数错误' })),
    );
    renderView(<OrderList />, '/sch_edu/school/orders');
    expect(await screen.findByText('获取充值记录失败：参数错误')).toBeTruthy();
  });
});
