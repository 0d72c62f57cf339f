import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { collegesApi, customersApi, type CustomerSave } from '@platform/contract';
import { pageAnswer } from '../../test/api';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  pickDate,
  rowOf,
  searchFor,
} from '../../test/antd';
import { CustomerList } from './CustomerList';
import { endOfDay, startOfDay } from './customerFormat';
import { sampleCustomer } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/customers';
const allPermissions = ['customer.add', 'customer.edit', 'customer.delete'];

const rows = [
  sampleCustomer(),
  sampleCustomer({
    id: '302',
    name: '南方体验校',
    kind: 2,
    collegeId: null,
    collegeName: null,
    status: 'expired',
    remainingDays: 0,
  }),
];

function screenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(customersApi.page, pageAnswer(rows, 12)),
    fakeRoute(collegesApi.options, [{ id: '11', name: '北方职业技术学院' }]),
  );
}

type Api = ReturnType<typeof screenApi>;
const pageQueries = (api: Api) => api.queries(customersApi.page);
const writes = (api: Api) =>
  api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.params]);

describe('customer list', { timeout: 30_000 }, () => {
  it('shows the server page with kind names, school, period and status', async () => {
    const api = screenApi(allPermissions);
    renderView(<CustomerList />, url);
    const north = await waitFor(() => rowOf('北方学院'));
    expect(within(north).getByText('正式客户')).toBeTruthy();
    expect(within(north).getByText('北方职业技术学院')).toBeTruthy();
    expect(within(north).getByText('服务中')).toBeTruthy();
    expect(within(north).getByText('李雷 / 13800138000')).toBeTruthy();
    const south = rowOf('南方体验校');
    expect(within(south).getByText('体验客户')).toBeTruthy();
    expect(within(south).getByText('已过期')).toBeTruthy();
    await waitFor(() => expect(within(north).getByText('编辑')).toBeTruthy());
    expect(within(north).getByText('删除')).toBeTruthy();
    expect(screen.getByText('新增客户')).toBeTruthy();
    expect(pageQueries(api)[0]).toEqual({
      pageNum: '1',
      pageSize: '10',
    });
  });

  it('sends filters and paging to the server', async () => {
    const api = screenApi(allPermissions);
    renderView(<CustomerList />, url);
    await waitFor(() => rowOf('北方学院'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(pageQueries(api).at(-1)?.pageNum).toBe('2'));

    await chooseOption(screen.getByLabelText('全部类型'), '临时客户');
    await chooseOption(screen.getByLabelText('全部状态'), '未开始');
    await chooseOption(screen.getByLabelText('全部学校'), '北方职业技术学院');
    searchFor('按客户名称搜索', ' 北方 ');
    await waitFor(() =>
      expect(pageQueries(api).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '北方',
        kind: '3',
        status: 'not_started',
        collegeId: '11',
      }),
    );
  });

  it('hides the actions the user lacks the permission for', async () => {
    screenApi([]);
    renderView(<CustomerList />, url);
    await waitFor(() => rowOf('北方学院'));
    expect(screen.queryByText('新增客户')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('deletes after confirming', async () => {
    const api = screenApi(['customer.delete'], fakeRoute(customersApi.delete, null));
    renderView(<CustomerList />, url);
    const row = await waitFor(() => rowOf('南方体验校'));
    expect(within(row).queryByText('编辑')).toBeNull();
    const loads = pageQueries(api).length;
    fireEvent.click(within(row).getByText('删除'));
    await screen.findByText('确定删除客户“南方体验校”吗？其加时记录会保留。');
    expect(writes(api)).toEqual([]);
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('删除成功'));
    expect(writes(api)).toEqual([[customersApi.delete, { id: '302' }]]);
    await waitFor(() => expect(pageQueries(api).length).toBeGreaterThan(loads));
  });

  it('says the delete failed with the reason', async () => {
    screenApi(
      ['customer.delete'],
      fakeRoute(customersApi.delete, () =>
        refusal(404, { message: '客户不存在', errorKey: 'customers.not_found' }),
      ),
    );
    renderView(<CustomerList />, url);
    fireEvent.click(within(await waitFor(() => rowOf('北方学院'))).getByText('删除'));
    await screen.findByText('确定删除客户“北方学院”吗？其加时记录会保留。');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toEqual(['删除失败：客户不存在']));
  });

  it('validates a new customer and sends the period as instants', async () => {
    const api = screenApi(
      allPermissions,
      fakeRoute(customersApi.save, (call) => {
        const body = call.body as CustomerSave;
        return sampleCustomer({
          id: '303',
          name: body.name,
          kind: body.kind,
          collegeId: null,
          collegeName: null,
          contactName: body.contactName ?? '',
          contactPhone: body.contactPhone ?? '',
          serviceStart: body.serviceStart,
          serviceEnd: body.serviceEnd,
          status: 'not_started',
          remainingDays: 365,
        });
      }),
    );
    renderView(<CustomerList />, url);
    await waitFor(() => rowOf('北方学院'));
    clickButton('新增客户');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('客户名称')).toBe('请输入 2 到 50 个字符的客户名称'));
    expect(errorOf('客户类型')).toBe('请选择客户类型');
    expect(errorOf('服务开始日期')).toBe('此项为必填项');

    const type = (label: string, value: string) =>
      fireEvent.change(field(label), { target: { value } });
    type('客户名称', ' 东方学院 ');
    await chooseOption(field('客户类型'), '体验客户');
    type('联系电话', '12345');
    pickDate('服务开始日期', '2026-03-01');
    pickDate('服务结束日期', '2027-03-02');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('服务结束日期')).toBe('服务期限最长一年'));
    expect(errorOf('联系电话')).toBe('请输入正确的手机号');
    pickDate('服务结束日期', '2026-02-01');
    await waitFor(() => expect(errorOf('服务结束日期')).toBe('结束日期须晚于开始日期'));
    expect(writes(api)).toEqual([]);

    type('联系电话', '13900139000');
    pickDate('服务结束日期', '2027-02-28');
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('添加成功'));
    const [save] = api.bodies(customersApi.save);
    expect(save).toEqual({
      name: '东方学院',
      kind: 2,
      collegeId: null,
      contactName: '',
      contactPhone: '13900139000',
      remark: '',
      serviceStart: startOfDay('2026-03-01'),
      serviceEnd: endOfDay('2027-02-28'),
    });
  });
});
