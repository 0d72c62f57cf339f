import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { storageKeys, type CenterDetail, labsApi } from '@platform/contract';
import {
  envelope,
  jsonResponse,
  refusal,
  setupTestEnvironment,
  toastTexts,
} from '../../test/helpers';
import { type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { EnvExperiment } from './EnvExperiment';
import {
  centerDetail,
  container,
  jupyterInfo,
  polyfillForAntd,
  renderScreen,
  runningState,
} from './testing';

setupTestEnvironment();
polyfillForAntd();

const url = '/sch_edu/environment/experiment?id=1';
const scripts: CenterDetail['scripts'] = [
  {
    id: '31',
    envId: '1',
    envName: 'MQTT 入门',
    name: '发布消息',
    label: '基础',
    instructions: '1. 连接代理\n2. <b>发布</b> 一条消息',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: '32',
    envId: '1',
    envName: 'MQTT 入门',
    name: '订阅主题',
    label: '基础',
    instructions: '订阅 labs/#',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

/** The containers of the lab: a simulation and a terminal. */
const containers: Record<string, ReturnType<typeof container>> = {
  '501': container(),
  '502': container({ id: '502', name: 'terminal', serviceType: 'TERMINAL' }),
};
const noContainer = () => refusal(404, { message: '容器不存在' });

function serveLab(detail: Partial<CenterDetail>, ...fakes: FakeRoute[]) {
  let ticket = 0;
  return fakeApi(
    ...fakes,
    fakeRoute(labsApi.centerDetail, (call) =>
      call.params.id === '1'
        ? centerDetail({ scripts, ...detail })
        : refusal(404, { message: '实验环境不存在' }),
    ),
    fakeRoute(labsApi.restartLimit, { limit: 0, used: 0, remaining: null }),
    fakeRoute(labsApi.start, ['501']),
    fakeRoute(labsApi.stop, null),
    fakeRoute(labsApi.checkState, ({ params: { id } }) =>
      id && containers[id] ? runningState(id) : noContainer(),
    ),
    fakeRoute(labsApi.detail, ({ params: { id } }) => (id && containers[id]) || noContainer()),
    fakeRoute(labsApi.ticket, ({ params: { id } }) =>
      id && containers[id]
        ? {
            url: `http://${id}.labs.localhost/__lab/ticket?t=t${++ticket}`,
            expiresIn: 60,
            embedOrigin: window.location.origin,
          }
        : noContainer(),
    ),
  );
}

const ticketsTo = (api: ReturnType<typeof fakeApi>, id: string) =>
  api.calls(labsApi.ticket).filter((c) => c.params.id === id);

const button = (name: string) => screen.getByRole('button', { name });

/** The width the lab area measures (jsdom lays nothing out). */
function labAreaWidth(width: number) {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('env-lab-tabs-box')
      ? DOMRect.fromRect({ width, height: 600 })
      : measure.call(this);
  });
}

describe('experiment screen', { timeout: 20_000 }, () => {
  it('gets the running lab back after a reload and shows it through a fresh ticket', async () => {
    window.localStorage.setItem(storageKeys.containerId, '501');
    const api = serveLab({ containerIds: ['501'] });
    renderScreen(<EnvExperiment />, url);
    const frame = await screen.findByTitle<HTMLIFrameElement>('MQTT 入门');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.src).toBe('http://501.labs.localhost/__lab/ticket?t=t1');
    expect(ticketsTo(api, '501')).toHaveLength(1);
    expect(api.calls(labsApi.start)).toHaveLength(0);
    expect(screen.getByText('运行中')).toBeTruthy();
    expect(button('启动')).toHaveProperty('disabled', true);
    expect(button('停止')).toHaveProperty('disabled', false);
  });

  it('at an address other than the platform’s, says where the lab opens instead of an empty frame', async () => {
    window.localStorage.setItem(storageKeys.containerId, '501');
    serveLab(
      { containerIds: ['501'] },
      fakeRoute(labsApi.ticket, {
        url: 'http://501.labs.localhost/__lab/ticket?t=x',
        expiresIn: 60,
        embedOrigin: 'http://platform.example:8080',
      }),
    );
    renderScreen(<EnvExperiment />, url);
    expect(
      await screen.findByText('实验环境只能在平台地址 http://platform.example:8080 打开'),
    ).toBeTruthy();
    expect(screen.queryByTitle('MQTT 入门')).toBeNull();
    const go = screen.getByRole('link', { name: '前往 http://platform.example:8080' });
    expect(go.getAttribute('href')).toBe(
      `http://platform.example:8080${window.location.pathname}${window.location.search}`,
    );
  });

  it('shows the warning of a running lab, such as the school’s balance running out', async () => {
    window.localStorage.setItem(storageKeys.containerId, '501');
    const warning = '学校账户余额已用完，实验将在 10 分钟后停止，请及时保存';
    serveLab(
      { containerIds: ['501'] },
      fakeRoute(labsApi.checkState, runningState('501', { warning })),
    );
    renderScreen(<EnvExperiment />, url);
    expect(await screen.findByText(warning)).toBeTruthy();
  });

  it('shows the chosen script as plain text, never HTML', async () => {
    serveLab({});
    renderScreen(<EnvExperiment />, url);
    const guide = await screen.findByRole('complementary', { name: '实验指导' });
    expect(guide.textContent).toContain('2. <b>发布</b> 一条消息');
    expect(guide.querySelector('b')).toBeNull();
    fireEvent.mouseDown(within(guide).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('订阅主题'));
    await waitFor(() => expect(guide.textContent).toContain('订阅 labs/#'));
  });

  it('starts with the chosen script, shows the lab, and stop clears everything', async () => {
    const api = serveLab({}, fakeRoute(labsApi.start, ['501']));
    renderScreen(<EnvExperiment />, url);
    fireEvent.click(await screen.findByRole('button', { name: '启动' }));
    await screen.findByTitle('MQTT 入门');
    expect(api.bodies(labsApi.start)[0]).toEqual({ expEnvId: '1', expScriptId: '31' });
    expect(window.localStorage.getItem(storageKeys.containerId)).toBe('501');

    fireEvent.click(button('停止'));
    await waitFor(() => expect(screen.queryByTitle('MQTT 入门')).toBeNull());
    expect(api.calls(labsApi.stop)[0]?.query.get('envId')).toBe('1');
    expect(screen.getByText('未运行')).toBeTruthy();
    expect(window.localStorage.getItem(storageKeys.containerId)).toBeNull();
  });

  it('shows a failed start for 3 s, and the same failure again within 3 s not at all', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveLab(
      {},
      fakeRoute(labsApi.start, () =>
        jsonResponse(envelope(null, 9999, { message: '今日启动次数已达上限' })),
      ),
    );
    renderScreen(<EnvExperiment />, url);
    fireEvent.click(await screen.findByRole('button', { name: '启动' }));
    await waitFor(() => expect(toastTexts()).toEqual(['环境启动异常：今日启动次数已达上限']));
    expect(screen.getByText('未运行')).toBeTruthy();
    for (const n of [2, 3]) {
      await vi.advanceTimersByTimeAsync(900);
      fireEvent.click(button('启动'));
      await waitFor(() => expect(api.calls(labsApi.start)).toHaveLength(n));
    }
    expect(toastTexts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(toastTexts()).toEqual([]);
  });

  it('asks before a reset; a click while it runs says please wait', async () => {
    let finish: () => void = () => {};
    const api = serveLab(
      { containerIds: ['501'] },
      fakeRoute(
        labsApi.reset,
        () =>
          new Promise<null>((resolve) => {
            finish = () => resolve(null);
          }),
      ),
    );
    renderScreen(<EnvExperiment />, url);
    await screen.findByTitle('MQTT 入门');
    fireEvent.click(button('重置'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('重置实验环境').length).toBeGreaterThan(0);
    expect(api.calls(labsApi.reset)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.calls(labsApi.reset)).toHaveLength(1));
    expect(api.bodies(labsApi.reset)[0]).toEqual({ envId: '1', containerId: '501' });

    fireEvent.click(button('重置'));
    expect(toastTexts()).toContain('环境准备中、启动中或重置中，请稍候');
    expect(api.calls(labsApi.reset)).toHaveLength(1);
    finish();
    await waitFor(() => expect(toastTexts()).toContain('环境已重置'));
  });

  it('shows the starts left today when the environment has a limit', async () => {
    serveLab({}, fakeRoute(labsApi.restartLimit, { limit: 3, used: 1, remaining: 2 }));
    renderScreen(<EnvExperiment />, url);
    expect(await screen.findByText('今日剩余启动次数：2 / 3')).toBeTruthy();
  });

  it('cannot start with no starts left today, and says why before any click', async () => {
    const api = serveLab({}, fakeRoute(labsApi.restartLimit, { limit: 3, used: 3, remaining: 0 }));
    renderScreen(<EnvExperiment />, url);
    expect(await screen.findByText('今日剩余启动次数：0 / 3')).toBeTruthy();
    expect(await screen.findByText('启动次数已用完：每天最多启动 3 次，请稍后再试')).toBeTruthy();
    expect(button('启动')).toHaveProperty('disabled', true);
    fireEvent.click(button('启动'));
    expect(api.calls(labsApi.start)).toHaveLength(0);
  });

  it('asks a Jupyter environment for its resources and starts with them', async () => {
    const api = serveLab(
      { resourceKind: 'JUPYTER', experimentKind: '3' },
      fakeRoute(labsApi.start, ['501']),
      fakeRoute(labsApi.jupyterInfoQuery, null),
      fakeRoute(labsApi.jupyterInfoSave, jupyterInfo()),
    );
    renderScreen(<EnvExperiment />, url);
    fireEvent.click(await screen.findByRole('button', { name: '启动' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.calls(labsApi.start)).toHaveLength(0);
    fireEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.calls(labsApi.start)).toHaveLength(1));
    const resources = { cpuCore: 1, memorySize: 4, gpuCount: 1, gpuMemory: 2, diskSize: 10 };
    expect(api.bodies(labsApi.jupyterInfoSave)[0]).toEqual({
      expEnvId: '1',
      expScriptId: '31',
      ...resources,
    });
    expect(api.bodies(labsApi.start)[0]).toEqual({
      expEnvId: '1',
      expScriptId: '31',
      ...resources,
    });
  });

  it('shows a tab per container of a combination environment on a narrow screen', async () => {
    labAreaWidth(480);
    serveLab({ type: 4, containerIds: ['501', '502'] });
    renderScreen(<EnvExperiment />, url);
    expect(await screen.findByRole('tab', { name: 'simulation' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'terminal' })).toBeTruthy();
    expect(await screen.findByTitle('MQTT 入门 - simulation')).toBeTruthy();
  });

  it('shows a combination side by side where the width allows, the panel on the left', async () => {
    labAreaWidth(900);
    serveLab({ type: 4, containerIds: ['501', '502'] });
    renderScreen(<EnvExperiment />, url);
    const panel = await screen.findByRole('region', { name: 'simulation' });
    const terminal = screen.getByRole('region', { name: 'terminal' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(await within(panel).findByTitle('MQTT 入门 - simulation')).toBeTruthy();
    expect(await within(terminal).findByTitle('MQTT 入门 - terminal')).toBeTruthy();
    expect(panel.compareDocumentPosition(terminal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '在新标签页打开' })).toBeTruthy();
    expect(within(terminal).getByRole('button', { name: '在新标签页打开' })).toBeTruthy();
  });

  it('opens the lab in a new tab with its own fresh ticket', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = serveLab({ containerIds: ['501'] });
    renderScreen(<EnvExperiment />, url);
    await screen.findByTitle('MQTT 入门');
    fireEvent.click(button('在新标签页打开'));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://501.labs.localhost/__lab/ticket?t=t2'),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(ticketsTo(api, '501')).toHaveLength(2);
  });

  it('says which lab is missing when the page has no environment id', () => {
    fakeApi();
    renderScreen(<EnvExperiment />, '/sch_edu/environment/experiment');
    expect(screen.getByText('缺少实验环境ID')).toBeTruthy();
  });
});
