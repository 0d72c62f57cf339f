import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { billingApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  pickDate,
  rowOf,
  typeInto,
} from '../../test/antd';
import { dateTimeInputOf } from '../../shared/dates';
import { PriceList } from './PriceList';
import { samplePrice } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/prices';
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const rows = [
  samplePrice(),
  samplePrice({
    id: '62',
    item: 'memory_gib_hour',
    envKind: 'JUPYTER',
    unitFen: 35,
    effectiveFrom: inAWeek,
  }),
  samplePrice({
    id: '63',
    item: 'ai_token_k',
    unitFen: 2,
    effectiveFrom: '2025-01-01T00:00:00.000Z',
    effectiveUntil: '2026-01-01T00:00:00.000Z',
  }),
];

function fakePrices(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(permissions, ...fakes, fakeRoute(billingApi.pricePage, page(rows)));
}

describe('billing costs', { timeout: 30_000 }, () => {
  it('shows each price per unit of its item, its kind and its time, and withdraws one to come', async () => {
    const api = fakePrices(['billing.price_edit'], fakeRoute(billingApi.priceDelete, null));
    renderView(<PriceList />, url);
    const cpu = await waitFor(() => rowOf('1.20 元 / 核·时'));
    expect(within(cpu).getByText('CPU')).toBeTruthy();
    expect(within(cpu).getByText('全部类型')).toBeTruthy();
    expect(within(cpu).getByText('生效中')).toBeTruthy();
    const memory = rowOf('0.35 元 / GiB·时');
    expect(within(memory).getByText('JUPYTER')).toBeTruthy();
    expect(within(memory).getByText('待生效')).toBeTruthy();
    const tokens = rowOf('0.02 元 / 千 tokens');
    expect(within(tokens).getByText('已结束')).toBeTruthy();
    expect(within(cpu).queryByText('撤销')).toBeNull();
    expect(within(tokens).queryByText('撤销')).toBeNull();

    fireEvent.click(await within(memory).findByText('撤销'));
    await screen.findByText('确定撤销这条尚未生效的价格吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('价格已撤销'));
    expect(api.calls(billingApi.priceDelete).map((c) => [c.method, c.params.id])).toEqual([
      ['POST', '62'],
    ]);
  });

  it('filters by item and hides the edits without the permission', async () => {
    const api = fakePrices([]);
    renderView(<PriceList />, url);
    await waitFor(() => rowOf('1.20 元 / 核·时'));
    expect(screen.queryByText('添加价格')).toBeNull();
    expect(screen.queryByText('撤销')).toBeNull();
    await chooseOption(screen.getByLabelText('全部计费项'), 'GPU');
    await waitFor(() =>
      expect(api.queries(billingApi.pricePage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        item: 'gpu_hour',
      }),
    );
  });

  it('says the prices failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(billingApi.pricePage, () => refusal(400, { message: '参数错误' })),
    );
    renderView(<PriceList />, url);
    expect(await screen.findByText('获取计费价格失败：参数错误')).toBeTruthy();
  });

  it('adds a price in fen from a moment not in the past', async () => {
    const api = fakePrices(['billing.price_edit'], fakeRoute(billingApi.priceAdd, samplePrice()));
    renderView(<PriceList />, url);
    await waitFor(() => rowOf('1.20 元 / 核·时'));
    clickButton('添加价格');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('计费项')).toBe('请选择计费项'));
    expect(errorOf('单价（元）')).toBe('请输入 0 或以上的金额，最多两位小数');
    expect(errorOf('生效时间')).toBe('请选择生效时间');

    await chooseOption(field('计费项'), 'GPU');
    expect(await within(dialog).findByText('元 / GPU·时')).toBeTruthy();
    await chooseOption(field('环境类型'), 'JUPYTER');
    typeInto('单价（元）', '3.5');
    pickDate('生效时间', '2020-01-01 08:00');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('生效时间')).toBe('生效时间不能早于当前时间'));
    expect(api.calls(billingApi.priceAdd)).toEqual([]);

    const later = dateTimeInputOf(new Date(Date.now() + 86_400_000).toISOString());
    pickDate('生效时间', later.replace('T', ' '));
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('价格已添加'));
    expect(api.bodies(billingApi.priceAdd)[0]).toEqual({
      item: 'gpu_hour',
      envKind: 'JUPYTER',
      unitFen: 350,
      effectiveFrom: new Date(later).toISOString(),
    });
  });
});
