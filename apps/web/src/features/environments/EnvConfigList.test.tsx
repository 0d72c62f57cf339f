import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  envelope,
  jsonResponse,
  refusal,
  setupTestEnvironment,
  toastTexts,
} from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { environmentsApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, rowOf } from '../../test/antd';
import { resetToasts } from '../../shared/toast';
import { EnvConfigList, MyEnvList } from './EnvConfigList';
import { sampleEnv } from './testing';

setupTestEnvironment();
polyfillBrowser();

describe('environment configuration list', { timeout: 30_000 }, () => {
  it('shows the server page with translated enums and the runnable flag', async () => {
    const api = fakeApi(
      fakeRoute(
        environmentsApi.page,
        page(
          [
            sampleEnv(),
            sampleEnv({
              id: '102',
              code: 'tb',
              name: 'ThingsBoard 平台',
              type: 1,
              state: 2,
              experimentKind: '4',
              resourceKind: 'THINGSBOARD',
              runnable: false,
            }),
          ],
          2,
        ),
      ),
      fakeRoute(environmentsApi.labels, ['linux']),
    );
    renderView(<EnvConfigList />);
    expect(await screen.findByText('term-basic')).toBeTruthy();
    const tb = rowOf('ThingsBoard 平台');
    expect(within(tb).getByText('平台环境')).toBeTruthy();
    expect(within(tb).getByText('停用')).toBeTruthy();
    expect(within(tb).getByText('需要镜像或虚拟化')).toBeTruthy();
    expect(within(rowOf('Linux 终端')).getByText('可运行')).toBeTruthy();
    expect(within(rowOf('Linux 终端')).getByText('容器环境')).toBeTruthy();
    const first = api.calls(environmentsApi.page)[0]!;
    expect(first.query.get('pageNum')).toBe('1');
    expect(first.query.get('pageSize')).toBe('10');
    expect(first.query.has('mine')).toBe(false);
  });

  it('sends filters and paging to the server', async () => {
    const api = fakeApi(
      fakeRoute(environmentsApi.page, (call) =>
        page([sampleEnv()], 25, Number(call.query.get('pageNum'))),
      ),
      fakeRoute(environmentsApi.labels, ['linux', 'iot']),
    );
    renderView(<EnvConfigList />);
    await screen.findByText('term-basic');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.calls(environmentsApi.page).at(-1)?.query.get('pageNum')).toBe('2'),
    );

    await chooseOption(screen.getByLabelText('全部类型'), '组合环境');
    await waitFor(() =>
      expect(api.calls(environmentsApi.page).at(-1)?.query.get('type')).toBe('4'),
    );
    // A new filter starts again from the first page.
    expect(api.calls(environmentsApi.page).at(-1)?.query.get('pageNum')).toBe('1');

    await chooseOption(screen.getByLabelText('全部状态'), '归档');
    await chooseOption(screen.getByLabelText('全部实验类型'), 'Jupyter');
    await chooseOption(screen.getByLabelText('全部标签'), 'iot');
    const search = screen.getByLabelText('按名称搜索');
    fireEvent.change(search, { target: { value: ' 终端 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const q = api.calls(environmentsApi.page).at(-1)!.query;
      expect(Object.fromEntries(q)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '终端',
        type: '4',
        state: '3',
        experimentKind: '3',
        label: 'iot',
      });
    });
  });

  it('my environments ask for mine=true', async () => {
    const api = fakeApi(
      fakeRoute(environmentsApi.page, page([sampleEnv()])),
      fakeRoute(environmentsApi.labels, []),
    );
    renderView(<MyEnvList />, '/sch_edu/environment-admin/mine');
    expect(await screen.findByText('我的实验环境')).toBeTruthy();
    await screen.findByText('term-basic');
    expect(api.calls(environmentsApi.page)[0]?.query.get('mine')).toBe('true');
  });

  it('copies, changes state, removes and opens details through the right routes', async () => {
    let removeRefused = true;
    const api = fakeApi(
      fakeRoute(environmentsApi.page, page([sampleEnv()])),
      fakeRoute(environmentsApi.copy, (call) =>
        call.params.id === '101'
          ? sampleEnv({ id: '103', name: 'Linux 终端（副本）' })
          : refusal(404, { message: '实验环境不存在' }),
      ),
      fakeRoute(environmentsApi.update, { ...sampleEnv(), state: 2 }),
      fakeRoute(environmentsApi.remove, () => {
        if (!removeRefused) return null;
        removeRefused = false;
        return jsonResponse(
          envelope(null, 9000, {
            message: '该环境有正在运行的实验，请先停止',
            errorKey: 'environments.in_use',
          }),
          409,
        );
      }),
      fakeRoute(environmentsApi.labels, []),
    );
    renderView(<EnvConfigList />);
    await screen.findByText('term-basic');
    const row = () => rowOf('term-basic');
    const pageLoads = () => api.calls(environmentsApi.page).length;

    let before = pageLoads();
    fireEvent.click(within(row()).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(toastTexts()).toContain('已复制为“Linux 终端（副本）”'));
    expect(api.calls(environmentsApi.copy).map((c) => [c.method, c.params.id])).toEqual([
      ['POST', '101'],
    ]);
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(before));

    // An enabled environment offers disable and archive, not enable.
    expect(within(row()).queryByRole('button', { name: '启用' })).toBeNull();
    fireEvent.click(within(row()).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(api.calls(environmentsApi.update).length).toBeGreaterThan(0));
    const update = api.calls(environmentsApi.update)[0]!;
    expect(update.method).toBe('PUT');
    expect(update.body).toEqual({
      id: '101',
      code: 'term-basic',
      name: 'Linux 终端',
      type: 2,
      state: 2,
      hidden: 0,
      openWith: 1,
      accessMode: 1,
      experimentKind: '2',
      resourceKind: 'TERMINAL',
      image: '',
      labels: ['linux'],
      description: '',
      manual: '',
    });

    const removeOnce = async () => {
      fireEvent.click(within(row()).getByRole('button', { name: '删除' }));
      const confirm = await screen.findByText('确定删除实验环境“Linux 终端”吗？');
      const popover = confirm.closest('.ant-popover') as HTMLElement;
      fireEvent.click(within(popover).getByRole('button', { name: '确定' }));
    };
    await removeOnce();
    // Refused while labs run: the server's message is shown.
    await waitFor(() => expect(toastTexts()).toContain('该环境有正在运行的实验，请先停止'));
    resetToasts();
    before = pageLoads();
    await removeOnce();
    await waitFor(() => expect(toastTexts()).toContain('删除成功'));
    const removes = api.calls(environmentsApi.remove);
    expect(removes.map((c) => [c.method, c.params.id])).toEqual([
      ['DELETE', '101'],
      ['DELETE', '101'],
    ]);
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(before));

    fireEvent.click(within(row()).getByRole('button', { name: '详情' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/sch_edu/environment-admin/detail?id=101',
    );
  });
});
