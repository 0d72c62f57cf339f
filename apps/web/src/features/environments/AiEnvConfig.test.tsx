import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { environmentsApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, field, rowOf } from '../../test/antd';
import { AiEnvConfig } from './AiEnvConfig';
import { sampleEnv } from './testing';

setupTestEnvironment();
polyfillBrowser();

const notebook = sampleEnv({
  id: '301',
  code: 'jupyter-ai',
  name: 'AI 笔记本',
  experimentKind: '3',
  resourceKind: 'JUPYTER',
  cpuCore: 2,
  memorySize: 8,
  diskSize: 20,
  restartLimit: 5,
  idleTimeout: 3600,
  initialFiles: [{ path: 'README.md', content: '# AI' }],
});

function fakeEnvs() {
  return fakeApi(
    fakeRoute(environmentsApi.page, page([notebook])),
    fakeRoute(environmentsApi.config, notebook),
    fakeRoute(environmentsApi.labels, []),
  );
}

describe('AI environment configuration', { timeout: 30_000 }, () => {
  it('lists only Jupyter environments and says GPU values are advisory', async () => {
    const api = fakeEnvs();
    renderView(<AiEnvConfig />, '/sch_edu/environment-admin/ai');
    expect(await screen.findByText('jupyter-ai')).toBeTruthy();
    expect(rowOf('jupyter-ai').textContent).toContain('2 核 / 8 GB / 20 GB');
    expect(screen.getByText(/在本机只作参考/)).toBeTruthy();
    const query = api.calls(environmentsApi.page)[0]!.query;
    expect(query.get('experimentKind')).toBe('3');
  });

  it('saves the chosen resources through env/config and keeps the rest', async () => {
    const api = fakeEnvs();
    renderView(<AiEnvConfig />, '/sch_edu/environment-admin/ai');
    await screen.findByText('jupyter-ai');
    clickButton('资源配置', rowOf('jupyter-ai'));
    await screen.findByText('默认资源：AI 笔记本');
    await chooseOption(field('CPU'), '0.5 核');
    await chooseOption(field('磁盘'), '30 GB');
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    const put = api.calls(environmentsApi.config).at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({
      id: '301',
      cpuCore: 0.5,
      memorySize: 8,
      diskSize: 30,
      maxCpuCore: null,
      maxMemorySize: null,
      maxDiskSize: null,
      maxGpuCount: 0,
      restartLimit: 5,
      idleTimeout: 3600,
      warmPool: 0,
      devices: [],
      parts: [],
      initialFiles: [{ path: 'README.md', content: '# AI' }],
    });
  });

  it('restores the spec defaults (1 core, 4 GB, 10 GB)', async () => {
    const api = fakeEnvs();
    renderView(<AiEnvConfig />, '/sch_edu/environment-admin/ai');
    await screen.findByText('jupyter-ai');
    clickButton('资源配置', rowOf('jupyter-ai'));
    await screen.findByText('默认资源：AI 笔记本');
    clickButton('恢复默认值');
    clickButton('保存');
    await waitFor(() => expect(api.calls(environmentsApi.config).at(-1)).toBeTruthy());
    expect(api.bodies(environmentsApi.config).at(-1)).toMatchObject({
      cpuCore: 1,
      memorySize: 4,
      diskSize: 10,
    });
  });
});
