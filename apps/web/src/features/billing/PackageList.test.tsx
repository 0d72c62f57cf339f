import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { pageAnswer } from '../../test/api';
import { billingApi, coursesApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  labelErrorOf,
  pickDate,
  rowOf,
  searchFor,
  typeInto,
} from '../../test/antd';
import { PackageList } from './PackageList';
import { sampleCourse, samplePackage } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/packages';
const rows = [
  samplePackage(),
  samplePackage({
    id: '42',
    name: '不限时体验包',
    type: 'untimed',
    hoursPerYear: 0,
    priceFen: 99_950,
    periodMonths: 3,
    status: 'ineffective',
    effect: 'scheduled',
    effectiveAt: '2026-09-01T00:00:00.000Z',
    published: false,
    onShelf: false,
    courseIds: [],
    courses: [],
    majors: [],
  }),
];

function fakePackages(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(billingApi.packagePage, pageAnswer(rows, 12)),
    fakeRoute(coursesApi.frontPage, {
      records: [
        sampleCourse(),
        sampleCourse({
          id: '502',
          name: '机器学习基础',
          specialty: 'ai',
          chapters: [{ id: '5021', name: '第1章 线性回归' }],
          chapterCount: 1,
          stepCount: 3,
        }),
      ],
      total: 2,
      pageNum: 1,
      pageSize: 50,
    }),
  );
}

describe('package list', { timeout: 30_000 }, () => {
  it('shows the server page: type, hours, price in yuan, periods, states and what it opens', async () => {
    const api = fakePackages(['billing.package_edit']);
    renderView(<PackageList />, url);
    const timed = await waitFor(() => rowOf('物联网实训年包'));
    expect(within(timed).getByText('计时套餐')).toBeTruthy();
    expect(within(timed).getByText('2000')).toBeTruthy();
    expect(within(timed).getByText('12,000.00')).toBeTruthy();
    expect(within(timed).getByText('12 个月')).toBeTruthy();
    expect(within(timed).getByText('生效')).toBeTruthy();
    expect(within(timed).getByText('有效期叠加')).toBeTruthy();
    expect(within(timed).getByText('立即生效')).toBeTruthy();
    expect(within(timed).getByText('已发布')).toBeTruthy();
    expect(within(timed).getByText('已上架')).toBeTruthy();
    expect(within(timed).getByText('MQTT 入门')).toBeTruthy();
    expect(within(timed).getByText('物联网')).toBeTruthy();
    const untimed = rowOf('不限时体验包');
    expect(within(untimed).getByText('999.50')).toBeTruthy();
    expect(within(untimed).getByText('未发布')).toBeTruthy();
    expect(within(untimed).getByText('已下架')).toBeTruthy();
    expect(within(untimed).getByText(/^定时：2026-09-01/)).toBeTruthy();
    await waitFor(() => expect(within(timed).getByText('取消发布')).toBeTruthy());
    expect(within(timed).getByText('下架')).toBeTruthy();
    expect(within(untimed).getByText('发布')).toBeTruthy();
    expect(within(untimed).getByText('上架')).toBeTruthy();
    expect(api.queries(billingApi.packagePage)[0]).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('sends the filters and paging to the server', async () => {
    const api = fakePackages([]);
    renderView(<PackageList />, url);
    await waitFor(() => rowOf('物联网实训年包'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.queries(billingApi.packagePage).at(-1)?.pageNum).toBe('2'));
    await chooseOption(screen.getByLabelText('全部状态'), '未生效');
    await chooseOption(screen.getByLabelText('发布状态'), '已发布');
    searchFor('按套餐名称搜索', ' 年包 ');
    await waitFor(() =>
      expect(api.queries(billingApi.packagePage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '年包',
        status: 'ineffective',
        published: '1',
      }),
    );
  });

  it('hides adding, editing and the state actions without the permission', async () => {
    fakePackages([]);
    renderView(<PackageList />, url);
    await waitFor(() => rowOf('物联网实训年包'));
    expect(screen.queryByText('新增套餐')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('取消发布')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('says the list failed to load in the spec’s words, with a retry', async () => {
    fakeScreenApi(
      [],
      fakeRoute(billingApi.packagePage, () => refusal(400, { message: '服务器繁忙' })),
    );
    renderView(<PackageList />, url);
    expect(await screen.findByText('获取套餐列表失败：服务器繁忙')).toBeTruthy();
    expect(screen.getByText('重试')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeScreenApi([], fakeRoute(billingApi.packagePage, pageAnswer([], 0)));
    renderView(<PackageList />, url);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('cancels publishing after asking', async () => {
    const api = fakePackages(
      ['billing.package_edit'],
      fakeRoute(billingApi.packageState, samplePackage()),
    );
    renderView(<PackageList />, url);
    const row = await waitFor(() => rowOf('物联网实训年包'));
    fireEvent.click(await within(row).findByText('取消发布'));
    await screen.findByText('确定取消发布套餐“物联网实训年包”吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('套餐状态已更新'));
    expect(api.bodies(billingApi.packageState)).toEqual([{ id: '41', published: false }]);
  });

  it('validates a new package with the contract’s rules and sends the price in fen', async () => {
    const api = fakePackages(
      ['billing.package_edit'],
      fakeRoute(billingApi.packageSave, samplePackage()),
    );
    renderView(<PackageList />, url);
    await waitFor(() => rowOf('物联网实训年包'));
    clickButton('新增套餐');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => {
      expect(errorOf('套餐名称')).toBe('请输入 2 到 50 个字符的套餐名称');
      expect(errorOf('年时长（小时）')).toBe('计时套餐的年时长为 1 到 8784 的整数小时');
      expect(errorOf('价格（元）')).toBe('请输入 0 或以上的金额，最多两位小数');
    });

    typeInto('套餐名称', '人工智能年包');
    typeInto('年时长（小时）', '9000');
    typeInto('价格（元）', '1999.9');
    clickButton('保存', dialog);
    // Each field shows its own check's result when that check is done.
    await waitFor(() => {
      expect(errorOf('套餐名称')).toBeNull();
      expect(errorOf('价格（元）')).toBeNull();
      expect(errorOf('年时长（小时）')).toBe('计时套餐的年时长为 1 到 8784 的整数小时');
    });

    // The schema's cross-field rules: a scheduled package needs its moment.
    typeInto('年时长（小时）', '1000');
    fireEvent.click(within(dialog).getByLabelText('定时生效'));
    await waitFor(() => field('生效时间'));
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('生效时间')).toBe('定时生效请选择生效时间'));
    expect(labelErrorOf('套餐类型')).toBeNull();
    expect(api.calls(billingApi.packageSave)).toEqual([]);

    pickDate('生效时间', '2026-09-01 08:00');
    await chooseOption(screen.getByLabelText('开通专业'), '人工智能');
    await chooseOption(screen.getByLabelText('开通课程'), '机器学习基础');
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('套餐已保存'));
    expect(api.bodies(billingApi.packageSave)[0]).toEqual({
      name: '人工智能年包',
      type: 'timed',
      hoursPerYear: 1000,
      priceFen: 199_990,
      periodMonths: 12,
      status: 'effective',
      stacking: 'validity',
      effect: 'scheduled',
      effectiveAt: new Date('2026-09-01T08:00').toISOString(),
      courseIds: ['502'],
      majors: ['ai'],
    });
  });
});
