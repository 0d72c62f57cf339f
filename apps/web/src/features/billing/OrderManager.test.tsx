import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, textResponse, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page, pageAnswer } from '../../test/api';
import { billingApi, collegesApi, coursesApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi, refusedOnce } from '../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  pickDate,
  rowOf,
  searchFor,
  typeInto,
} from '../../test/antd';
import { formatInstant } from '../../shared/dates';
import { OrderManager } from './OrderManager';
import { sampleCourse, samplePackage, sampleOrder } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/orders';
const rows = [
  sampleOrder(),
  sampleOrder({
    id: '72',
    orderNo: 'ORD-2026-002',
    schoolId: '12',
    schoolName: '南方学院',
    type: 'amount',
    packageId: null,
    packageName: null,
    packageType: null,
    packageHours: 0,
    rechargeFen: 123_456,
    giftFen: 0,
    tokens: 0,
    slides: 0,
    paymentRef: null,
  }),
];
const orderable = samplePackage({ periodMonths: 6 });

const schools = fakeRoute(collegesApi.options, [
  { id: '11', name: '北方职业技术学院' },
  { id: '12', name: '南方学院' },
]);

function fakeOrders(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(billingApi.orderPage, pageAnswer(rows, 12)),
    fakeRoute(billingApi.packagePage, page([orderable])),
    schools,
    fakeRoute(coursesApi.frontPage, page([sampleCourse()])),
    fakeRoute(billingApi.orderDetail, (call) =>
      call.params.id === '71' ? sampleOrder() : refusal(404, { message: '订单不存在' }),
    ),
  );
}

describe('order manager', { timeout: 30_000 }, () => {
  it('shows the recharge records with amounts in yuan and opens an order’s details', async () => {
    const api = fakeOrders(['billing.order_add']);
    renderView(<OrderManager />, url);
    const first = await waitFor(() => rowOf('ORD-2026-001'));
    expect(within(first).getByText('北方职业技术学院')).toBeTruthy();
    expect(within(first).getByText('套餐')).toBeTruthy();
    expect(within(first).getByText('物联网实训年包')).toBeTruthy();
    expect(within(first).getByText('5,000.00')).toBeTruthy();
    expect(within(first).getByText('500.00')).toBeTruthy();
    expect(within(first).getByText('1,000')).toBeTruthy();
    expect(within(first).getByText('线下支付 · BANK-778')).toBeTruthy();
    const second = rowOf('ORD-2026-002');
    expect(within(second).getByText('金额')).toBeTruthy();
    expect(within(second).getByText('1,234.56')).toBeTruthy();
    expect(await screen.findByText('新增订单')).toBeTruthy();

    fireEvent.click(within(first).getByText('详情'));
    expect(await screen.findByText('订单详情：ORD-2026-001')).toBeTruthy();
    expect(await screen.findByText('首年合同')).toBeTruthy();
    expect(screen.getByText('运营小王')).toBeTruthy();
    expect(api.calls(billingApi.orderDetail).map((c) => c.params)).toEqual([{ id: '71' }]);
  });

  it('filters by school, order number and type', async () => {
    const api = fakeOrders([]);
    renderView(<OrderManager />, url);
    await waitFor(() => rowOf('ORD-2026-001'));
    expect(screen.queryByText('新增订单')).toBeNull();
    await chooseOption(screen.getByLabelText('全部学校'), '南方学院');
    await chooseOption(screen.getByLabelText('全部类型'), '金额');
    searchFor('按订单号搜索', ' ORD-2026 ');
    await waitFor(() =>
      expect(api.queries(billingApi.orderPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        schoolId: '12',
        type: 'amount',
        orderNo: 'ORD-2026',
      }),
    );
  });

  it('says the recharge records failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(billingApi.orderPage, () => refusal(400, { message: '网络繁忙' })),
      schools,
    );
    renderView(<OrderManager />, url);
    expect(await screen.findByText('获取充值记录失败：网络繁忙')).toBeTruthy();
  });

  it('adds an order: fen on the wire, expiry from the package, one key per submission', async () => {
    let refuseFirst = true;
    const api = fakeOrders(
      ['billing.order_add'],
      fakeRoute(billingApi.orderAdd, () => {
        // The first answer is lost on the way: the order may or may not have been recorded.
        if (refuseFirst) {
          refuseFirst = false;
          return textResponse('Bad Gateway', 502);
        }
        return sampleOrder();
      }),
    );
    renderView(<OrderManager />, url);
    await waitFor(() => rowOf('ORD-2026-001'));
    clickButton('新增订单');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('学校')).toBe('请选择学校'));
    expect(errorOf('到期时间')).toBe('请选择时间');

    // An amount order needs something to add.
    await chooseOption(field('学校'), '北方职业技术学院');
    fireEvent.click(within(dialog).getByLabelText('金额'));
    pickDate('到期时间', '2027-01-01 00:00');
    pickDate('生效时间', '2026-01-01 00:00');
    clickButton('保存', dialog);
    await waitFor(() =>
      expect(errorOf('充值金额（元）')).toBe(
        '金额订单请至少填写充值、赠送、AI 令牌或 AI 课件中的一项',
      ),
    );
    pickDate('到期时间', '2025-12-01 00:00');
    await waitFor(() => expect(errorOf('到期时间')).toBe('到期时间须晚于生效时间'));

    // A package fills the expiry (6 periods) and what it opens.
    fireEvent.click(within(dialog).getByLabelText('套餐'));
    const packageSelect = await waitFor(() => {
      const select = document.getElementById('order-add_packageId');
      if (!select) throw new Error('no package select');
      return select;
    });
    await chooseOption(packageSelect, '物联网实训年包（6 个月）');
    await waitFor(() => expect(field('到期时间')).toHaveProperty('value', '2026-07-01 00:00'));
    expect(within(dialog).getByText('MQTT 入门')).toBeTruthy();
    typeInto('充值金额（元）', '5000.5');
    typeInto('赠送金额（元）', '0.01');
    typeInto('AI 令牌（千 tokens）', '300');
    typeInto('订单号', 'ORD-2026-003');
    typeInto('支付凭证号', ' BANK-1 ');

    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts().some((t) => t.startsWith('添加失败'))).toBe(true));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The same submission again keeps its key: the server answers the first order if it has one.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '保存' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('订单已添加，余额已到账'));
    const sent = api.bodies(billingApi.orderAdd) as Record<string, unknown>[];
    expect(sent).toHaveLength(2);
    const key = sent[0]?.idempotencyKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[1]?.idempotencyKey).toBe(key);
    expect(sent[1]).toEqual({
      idempotencyKey: key,
      schoolId: '11',
      orderNo: 'ORD-2026-003',
      type: 'package',
      packageId: '41',
      rechargeFen: 500_050,
      giftFen: 1,
      tokens: 300,
      slides: 0,
      effectiveAt: new Date('2026-01-01T00:00').toISOString(),
      expiresAt: new Date('2026-07-01T00:00').toISOString(),
      courseIds: ['501'],
      majors: ['iot'],
      payment: 'offline',
      paymentRef: 'BANK-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a new key once the submission changed', async () => {
    const api = fakeOrders(
      ['billing.order_add'],
      fakeRoute(
        billingApi.orderAdd,
        refusedOnce(
          () => refusal(400, { message: '学校不存在', errorKey: 'billing.school_not_found' }),
          sampleOrder(),
        ),
      ),
    );
    renderView(<OrderManager />, url);
    await waitFor(() => rowOf('ORD-2026-001'));
    clickButton('新增订单');
    const dialog = await screen.findByRole('dialog');
    await chooseOption(field('学校'), '北方职业技术学院');
    fireEvent.click(within(dialog).getByLabelText('金额'));
    typeInto('充值金额（元）', '100');
    pickDate('到期时间', formatInstant('2030-01-01T00:00:00.000Z'));
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('学校')).toBe('学校不存在'));
    await chooseOption(field('学校'), '南方学院');
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('订单已添加，余额已到账'));
    const [a, b] = api.bodies(billingApi.orderAdd) as {
      idempotencyKey: string;
      rechargeFen: number;
      schoolId: string;
    }[];
    expect(a?.rechargeFen).toBe(10_000);
    expect(b?.schoolId).toBe('12');
    expect(b?.idempotencyKey).not.toBe(a?.idempotencyKey);
  });
});
