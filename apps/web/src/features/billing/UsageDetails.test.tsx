import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page, pageAnswer } from '../../test/api';
import {
  billingApi,
  classesApi,
  collegesApi,
  environmentsApi,
  labsApi,
  usersApi,
} from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { chooseOption, clickButton, pickDate, rowOf, searchFor } from '../../test/antd';
import { UsageDetails } from './UsageDetails';
import { centerItem } from '../labs/testing';
import { sampleUsage, sampleUser } from './testing';

setupTestEnvironment();
polyfillBrowser();

const rows = [
  sampleUsage(),
  sampleUsage({
    id: '92',
    userName: '李四',
    item: 'memory_gib_hour',
    quantity: 8,
    unitFen: 35,
    costFen: 280,
    packageSeconds: 5400,
    settlement: 'package',
    giftFen: 0,
    rechargeFen: 0,
  }),
];

function fakeUsage(collegeId: string | null, ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    [],
    ...fakes,
    fakeRoute(usersApi.current, sampleUser(collegeId)),
    fakeRoute(billingApi.usagePage, pageAnswer(rows, 30)),
    fakeRoute(collegesApi.options, [{ id: '11', name: '北方职业技术学院' }]),
    fakeRoute(classesApi.list, [{ id: '21', name: '物联网 2301', grade: '2023', archived: false }]),
    fakeRoute(environmentsApi.list, [
      { id: '5', code: 'jupyter', name: 'Jupyter 实验', type: 2, resourceKind: 'JUPYTER' },
    ]),
    fakeRoute(labsApi.centerPage, page([centerItem({ id: '5', name: 'Jupyter 实验' })])),
    fakeRoute(
      billingApi.usageExport,
      () =>
        new Response('xlsx', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="usage.xlsx"',
          },
        }),
    ),
  );
}

/** Catches the file the page hands to the browser. */
function catchSaves(): string[] {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:usage'), revokeObjectURL: vi.fn() }),
  );
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

describe('usage details', { timeout: 30_000 }, () => {
  it('shows each day’s use with its unit, price, cost and how it was paid', async () => {
    fakeUsage(null);
    renderView(<UsageDetails />, '/sch_edu/operation/usage');
    const cpu = await waitFor(() => rowOf('张三'));
    expect(within(cpu).getByText('北方职业技术学院')).toBeTruthy();
    expect(within(cpu).getByText('物联网 2301')).toBeTruthy();
    expect(within(cpu).getByText('Jupyter 实验')).toBeTruthy();
    expect(within(cpu).getByText('CPU')).toBeTruthy();
    expect(within(cpu).getByText('2026-03-02')).toBeTruthy();
    expect(within(cpu).getByText('2.5 核·时')).toBeTruthy();
    expect(within(cpu).getByText('1.20 元 / 核·时')).toBeTruthy();
    expect(within(cpu).getByText('3.00')).toBeTruthy();
    expect(within(cpu).getByText('2.00')).toBeTruthy();
    expect(within(cpu).getByText('1.00')).toBeTruthy();
    expect(within(cpu).getByText('余额扣费')).toBeTruthy();
    const memory = rowOf('李四');
    expect(within(memory).getByText('8 GiB·时')).toBeTruthy();
    expect(within(memory).getByText('1.5 小时')).toBeTruthy();
    expect(within(memory).getByText('套餐时长')).toBeTruthy();
    expect(screen.getByText(/扣费时先扣除赠送余额，赠送余额用完后再扣除充值余额/)).toBeTruthy();
  });

  it('filters on the server, at most a year of days, and exports with the same filters', async () => {
    const api = fakeUsage(null);
    const saved = catchSaves();
    renderView(<UsageDetails />, '/sch_edu/operation/usage');
    await waitFor(() => rowOf('张三'));
    await chooseOption(await screen.findByLabelText('全部学校'), '北方职业技术学院');
    await chooseOption(await screen.findByLabelText('全部实验环境'), 'Jupyter 实验');
    await chooseOption(screen.getByLabelText('全部计费项'), '内存');
    searchFor('按学生姓名搜索', ' 张三 ');
    expect(screen.queryByLabelText('全部班级')).toBeNull();

    pickDate('开始日期', '2025-01-01');
    pickDate('结束日期', '2026-03-01');
    expect(await screen.findByText('时间范围最长一年')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出 Excel/ })).toHaveProperty('disabled', true);
    pickDate('结束日期', '2025-12-31');
    const filters = {
      schoolId: '11',
      envId: '5',
      item: 'memory_gib_hour',
      userName: '张三',
      from: '2025-01-01',
      to: '2025-12-31',
    };
    await waitFor(() =>
      expect(api.queries(billingApi.usagePage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        ...filters,
      }),
    );

    clickButton('导出 Excel');
    await waitFor(() => expect(saved).toEqual(['usage.xlsx']));
    expect(api.queries(billingApi.usageExport)).toEqual([filters]);
  });

  it('says the usage details failed to load', async () => {
    fakeUsage(
      null,
      fakeRoute(billingApi.usagePage, () => refusal(400, { message: '参数错误' })),
    );
    renderView(<UsageDetails />, '/sch_edu/operation/usage');
    expect(await screen.findByText('获取使用明细失败：参数错误')).toBeTruthy();
  });

  it('shows a school’s administrator no school filter, and their classes to filter by', async () => {
    const api = fakeUsage('11');
    renderView(<UsageDetails />, '/sch_edu/school/usage');
    await waitFor(() => rowOf('张三'));
    await chooseOption(await screen.findByLabelText('全部班级'), '物联网 2301');
    await chooseOption(await screen.findByLabelText('全部实验环境'), 'Jupyter 实验');
    expect(screen.queryByLabelText('全部学校')).toBeNull();
    await waitFor(() =>
      expect(api.queries(billingApi.usagePage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        classId: '21',
        envId: '5',
      }),
    );
    // A school's environments come from the environment centre, not the staff's list.
    expect(api.calls(environmentsApi.list)).toEqual([]);
    expect(api.calls(labsApi.centerPage).length).toBeGreaterThan(0);
  });
});
