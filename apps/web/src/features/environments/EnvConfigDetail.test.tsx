import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { environmentsApi, labsApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { rowOf } from '../../test/antd';
import { EnvConfigDetail } from './EnvConfigDetail';
import { sampleEnv, sampleScript } from './testing';

setupTestEnvironment();
polyfillBrowser();

const record = (id: string, partial: Record<string, unknown> = {}) => ({
  id,
  userId: '11',
  userName: '张三',
  schoolId: '5',
  envId: '101',
  envName: 'Linux 终端',
  containerId: `c-${id}`,
  cpuCore: 1,
  memorySize: 2,
  diskSize: 10,
  startedAt: '2026-01-02T03:04:05.000Z',
  stoppedAt: '2026-01-02T04:05:06.000Z',
  durationSeconds: 3661,
  stopReason: 'idle',
  ...partial,
});

const missing = () => refusal(404, { message: '实验环境不存在' });

function fakeEnvDetail() {
  return fakeApi(
    fakeRoute(environmentsApi.get, (call) =>
      call.params.id === '101'
        ? sampleEnv({
            type: 4,
            parts: ['201'],
            restartLimit: 0,
            devices: [{ id: 't1', type: 'humidity', name: '湿度一号', intervalMs: 2000 }],
          })
        : missing(),
    ),
    fakeRoute(environmentsApi.list, [
      { id: '201', code: 'jup', name: 'Jupyter 笔记本', type: 2, resourceKind: 'JUPYTER' },
    ]),
    fakeRoute(environmentsApi.scripts, page([sampleScript()])),
    fakeRoute(labsApi.usage, (call) => {
      if (call.params.id !== '101') return missing();
      const pageNum = Number(call.query.get('pageNum'));
      const records =
        pageNum === 1
          ? [record('1'), record('2', { userName: '李四', stoppedAt: null, stopReason: null })]
          : [record('11', { userName: '王五' })];
      return {
        envId: '101',
        starts: 12,
        totalSeconds: 45_000,
        running: 1,
        records,
        total: 12,
        pageNum,
        pageSize: 10,
      };
    }),
  );
}

describe('environment detail', { timeout: 30_000 }, () => {
  it('shows the fields read-only, the scripts and the usage records', async () => {
    const api = fakeEnvDetail();
    renderView(<EnvConfigDetail />, '/sch_edu/environment-admin/detail?id=101');
    expect(await screen.findByText('环境详情：Linux 终端')).toBeTruthy();
    expect(screen.getByText('组合环境')).toBeTruthy();
    expect(screen.getByText('不限制')).toBeTruthy();
    expect(await screen.findByText('Jupyter 笔记本 (jup)')).toBeTruthy();
    expect(screen.getByText('湿度传感器')).toBeTruthy();
    // Read-only: no inputs to change the environment, and no script editing.
    expect(document.querySelector('form')).toBeNull();
    expect(await screen.findByText('文件操作入门')).toBeTruthy();
    expect(screen.queryByText('编辑')).toBeNull();
    const scripts = api.calls(environmentsApi.scripts)[0]!;
    expect(scripts.query.get('envId')).toBe('101');

    // Usage: summary, records, a running lab, and server paging.
    expect(await screen.findByText('张三')).toBeTruthy();
    const statistic = (title: string) =>
      screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')
        ?.textContent;
    expect(statistic('启动次数')).toBe('12');
    expect(statistic('累计时长（小时）')).toBe('12.5');
    expect(statistic('正在运行')).toBe('1');
    const first = rowOf('c-1');
    expect(within(first).getByText('1:01:01')).toBeTruthy();
    expect(within(first).getByText('idle')).toBeTruthy();
    expect(within(first).getByText('1 核 / 2 GB / 10 GB')).toBeTruthy();
    expect(within(rowOf('c-2')).getByText('运行中')).toBeTruthy();
    const usage = api.calls(labsApi.usage);
    expect(usage[0]?.query.get('pageNum')).toBe('1');
    const pager = screen.getByText('张三').closest('.ant-table-wrapper') as HTMLElement;
    fireEvent.click(within(pager).getByTitle('2'));
    expect(await screen.findByText('王五')).toBeTruthy();
    await waitFor(() => expect(api.calls(labsApi.usage).at(-1)?.query.get('pageNum')).toBe('2'));
  });

  it('says so when the id is missing, without calling the server', async () => {
    const api = fakeEnvDetail();
    renderView(<EnvConfigDetail />, '/sch_edu/environment-admin/detail');
    expect(await screen.findByText('缺少环境 ID，请从环境列表进入')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });
});
