import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { billingApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, errorOf, rowOf, searchFor, typeInto } from '../../test/antd';
import { AccountDetail } from './AccountDetail';
import { AccountList } from './AccountList';
import { sampleAccount, sampleLedger } from './testing';

setupTestEnvironment();
polyfillBrowser();

const { packages: _packages, ...row } = sampleAccount();
const detailUrl = '/sch_edu/operation/accounts/detail?schoolId=11';
const allPermissions = ['billing.limit_edit', 'billing.adjust'];

describe('account index', { timeout: 30_000 }, () => {
  it('lists each school’s balances, counts, validity and limits, and opens one', async () => {
    const api = fakeScreenApi(
      [],
      fakeRoute(
        billingApi.accountPage,
        page([
          row,
          {
            ...row,
            schoolId: '12',
            schoolName: '南方学院',
            metered: false,
            spendLimitFen: null,
            studentDailyHours: null,
          },
        ]),
      ),
    );
    renderView(<AccountList />, '/sch_edu/operation/accounts');
    const north = await waitFor(() => rowOf('北方职业技术学院'));
    expect(within(north).getByText('计费中')).toBeTruthy();
    expect(within(north).getByText('5,500.00')).toBeTruthy();
    expect(within(north).getByText('2000 小时')).toBeTruthy();
    expect(within(north).getByText('1,000.00 元')).toBeTruthy();
    expect(within(north).getByText('4 小时 / 天')).toBeTruthy();
    expect(within(north).getByText('123.45')).toBeTruthy();
    const south = rowOf('南方学院');
    expect(within(south).getByText('未计费')).toBeTruthy();
    expect(within(south).getAllByText('不限')).toHaveLength(2);

    searchFor('按学校名称搜索', '北方');
    await waitFor(() =>
      expect(api.queries(billingApi.accountPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '北方',
      }),
    );
    fireEvent.click(within(north).getByText('详情'));
    expect(screen.getByTestId('location').textContent).toBe(detailUrl);
  });

  it('says the accounts failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(billingApi.accountPage, () => refusal(400, { message: '参数错误' })),
    );
    renderView(<AccountList />, '/sch_edu/operation/accounts');
    expect(await screen.findByText('获取账户列表失败：参数错误')).toBeTruthy();
  });
});

const ledger = () =>
  page([
    sampleLedger(),
    sampleLedger({
      id: '82',
      reason: 'usage',
      ref: 'USE-9',
      rechargeFen: -300,
      giftFen: 0,
      tokens: 0,
      slides: 0,
      packageSeconds: 0,
      rechargeAfter: 499_700,
    }),
  ]);

function detailApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(billingApi.accountDetail, sampleAccount()),
    fakeRoute(billingApi.ledgerPage, ledger()),
  );
}

describe('account detail', { timeout: 30_000 }, () => {
  it('shows the balances, packages in force and the ledger', async () => {
    const api = detailApi([]);
    renderView(<AccountDetail />, detailUrl);
    expect(await screen.findByText('账户详情：北方职业技术学院')).toBeTruthy();
    expect(screen.getByText('5,500.00 元')).toBeTruthy();
    expect(screen.getByText('120 / 500')).toBeTruthy();
    const pkg = rowOf('物联网实训年包');
    expect(within(pkg).getByText('计时套餐')).toBeTruthy();
    const usage = await waitFor(() => rowOf('USE-9'));
    expect(within(usage).getByText('使用扣费')).toBeTruthy();
    expect(within(usage).getByText('-3.00')).toBeTruthy();
    expect(within(usage).getByText('4,997.00')).toBeTruthy();
    const ledger = screen.getByText('账户流水').closest('.ant-card') as HTMLElement;
    expect(within(ledger).getByText('+5,000.00')).toBeTruthy();
    expect(within(ledger).getByText('订单')).toBeTruthy();
    expect(api.queries(billingApi.ledgerPage)[0]).toEqual({
      schoolId: '11',
      pageNum: '1',
      pageSize: '10',
    });
    expect(screen.queryByText('限额设置')).toBeNull();
    expect(screen.queryByText('手动调整 / 退款')).toBeNull();
  });

  it('says what is missing without a school, and when the account failed to load', async () => {
    detailApi(
      [],
      fakeRoute(billingApi.accountDetail, (call) =>
        call.params.schoolId === '12' ? refusal(404, { message: '学校不存在' }) : sampleAccount(),
      ),
    );
    const missing = renderView(<AccountDetail />, '/sch_edu/operation/accounts/detail');
    expect(await screen.findByText('缺少学校，请从账户列表进入')).toBeTruthy();
    missing.unmount();
    renderView(<AccountDetail />, '/sch_edu/operation/accounts/detail?schoolId=12');
    expect(await screen.findByText('获取账户信息失败：学校不存在')).toBeTruthy();
  });

  it('says a school without a student limit has none', async () => {
    detailApi(
      [],
      fakeRoute(billingApi.accountDetail, sampleAccount({ accountCount: 0, maxStudents: 0 })),
    );
    renderView(<AccountDetail />, detailUrl);
    expect(await screen.findByText('账户详情：北方职业技术学院')).toBeTruthy();
    expect(screen.getByText('0 / 不限')).toBeTruthy();
    expect(screen.queryByText('0 / 0')).toBeNull();
  });

  it('sets the limits in fen, empty for none', async () => {
    const api = detailApi(allPermissions, fakeRoute(billingApi.limitSave, sampleAccount()));
    renderView(<AccountDetail />, detailUrl);
    await screen.findByText('限额设置');
    clickButton('限额设置');
    const dialog = await screen.findByRole('dialog');
    typeInto('学生每日实验时长（小时）', '30');
    clickButton('保存', dialog);
    await waitFor(() =>
      expect(errorOf('学生每日实验时长（小时）')).toBe('每日时长为 0.5 到 24 小时；留空表示不限'),
    );
    expect(api.calls(billingApi.limitSave)).toEqual([]);
    typeInto('学生每日实验时长（小时）', '');
    typeInto('每月消费限额（元）', '2500.5');
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('限额已保存'));
    expect(api.bodies(billingApi.limitSave)[0]).toEqual({
      schoolId: '11',
      spendLimitFen: 250_050,
      studentDailyHours: null,
    });
  });

  it('adjusts or refunds with a reason and an idempotency key', async () => {
    const api = detailApi(allPermissions, fakeRoute(billingApi.adjust, sampleAccount()));
    renderView(<AccountDetail />, detailUrl);
    await screen.findByText('手动调整 / 退款');
    clickButton('手动调整 / 退款');
    const dialog = await screen.findByRole('dialog');
    clickButton('确定', dialog);
    await waitFor(() => expect(errorOf('原因')).toBe('请填写 2 到 200 个字符的原因'));

    fireEvent.click(within(dialog).getByLabelText('退款'));
    typeInto('充值余额变动（元）', '100');
    typeInto('原因', '合同终止退款');
    clickButton('确定', dialog);
    await waitFor(() => expect(errorOf('充值余额变动（元）')).toBe('退款时各项变动须为负数或 0'));
    expect(api.calls(billingApi.adjust)).toEqual([]);

    typeInto('充值余额变动（元）', '-100.25');
    clickButton('确定', dialog);
    await waitFor(() => expect(toastTexts()).toContain('账户已调整'));
    const body = api.bodies(billingApi.adjust)[0] as Record<string, unknown>;
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body).toEqual({
      idempotencyKey: body.idempotencyKey,
      schoolId: '11',
      kind: 'refund',
      rechargeFen: -10_025,
      giftFen: 0,
      tokens: 0,
      slides: 0,
      reason: '合同终止退款',
    });
  });
});
