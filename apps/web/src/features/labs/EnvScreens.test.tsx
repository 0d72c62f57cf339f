import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CenterDetail, labsApi } from '@platform/contract';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { EnvDetail } from './EnvDetail';
import { EnvManual } from './EnvManual';
import { EnvTerminal } from './EnvTerminal';
import { centerDetail, container, polyfillForAntd, renderScreen, runningState } from './testing';

setupTestEnvironment();
polyfillForAntd();

/** The containers of the lab: a simulation and a terminal. */
const containers: Record<string, ReturnType<typeof container>> = {
  '501': container(),
  '502': container({ id: '502', name: 'terminal', serviceType: 'TERMINAL', notes: [] }),
};
const noContainer = () => refusal(404, { message: '容器不存在' });

function serveEnv(detail: Partial<CenterDetail>) {
  return fakeApi(
    fakeRoute(labsApi.centerDetail, (call) =>
      call.params.id === '1' ? centerDetail(detail) : refusal(404, { message: '实验环境不存在' }),
    ),
    fakeRoute(labsApi.restartLimit, { limit: 0, used: 0, remaining: null }),
    fakeRoute(labsApi.ticket, ({ params: { id } }) =>
      id === '502'
        ? {
            url: 'http://502.labs.localhost/__lab/ticket?t=x',
            expiresIn: 60,
            embedOrigin: window.location.origin,
          }
        : noContainer(),
    ),
    fakeRoute(labsApi.checkState, ({ params: { id } }) =>
      id && containers[id] ? runningState(id) : noContainer(),
    ),
    fakeRoute(labsApi.detail, ({ params: { id } }) => (id && containers[id]) || noContainer()),
  );
}

describe('environment screens', { timeout: 20_000 }, () => {
  it('detail: resources, limits, links, and the running containers with their notes', async () => {
    serveEnv({ containerIds: ['501'], restartLimit: 3, idleTimeout: 1800 });
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(await screen.findByText('CPU 1 核 · 内存 2 GB · 磁盘 10 GB')).toBeTruthy();
    expect(screen.getByText('每天 3 次')).toBeTruthy();
    expect(screen.getAllByText('30 分钟').length).toBeGreaterThan(0);
    const nav = screen.getByRole('navigation', { name: '实验环境页面' });
    expect(within(nav).getByRole('link', { name: '终端' }).getAttribute('href')).toBe(
      '/sch_edu/environment/terminal?id=1',
    );
    expect(within(nav).getByRole('link', { name: '操作手册' }).getAttribute('href')).toBe(
      '/sch_edu/environment/manual?id=1',
    );
    const containers = screen.getByRole('region', { name: '运行中的实验容器' });
    expect(await within(containers).findByText('磁盘配额未强制：本主机不支持')).toBeTruthy();
    expect(within(containers).getByText(/磁盘:\s*未限制/)).toBeTruthy();
    expect(within(containers).getByText(/CPU:\s*已限制/)).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: '进入实验' }));
    expect(screen.getByTestId('location').textContent).toBe('/sch_edu/environment/experiment?id=1');
  });

  it('detail: an environment this host cannot run says why and cannot start', async () => {
    serveEnv({ runnable: false, unrunnableReason: '需要虚拟化支持' });
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(await screen.findByText('需要虚拟化支持')).toBeTruthy();
    expect(screen.getByRole('button', { name: '启动' })).toHaveProperty('disabled', true);
  });

  it('manual: plain text with its line breaks, never HTML', async () => {
    serveEnv({ manual: '第一步：连接\n<script>alert(1)</script>第二步' });
    renderScreen(<EnvManual />, '/sch_edu/environment/manual?id=1');
    const text = await screen.findByText(/第一步：连接/);
    expect(text.textContent).toBe('第一步：连接\n<script>alert(1)</script>第二步');
    expect(text.className).toContain('env-plain-text');
    expect(document.querySelector('script')).toBeNull();
  });

  it('terminal: shows only the terminal container of the lab', async () => {
    serveEnv({ type: 4, containerIds: ['501', '502'] });
    renderScreen(<EnvTerminal />, '/sch_edu/environment/terminal?id=1');
    const frame = await screen.findByTitle<HTMLIFrameElement>('MQTT 入门');
    expect(frame.src).toBe('http://502.labs.localhost/__lab/ticket?t=x');
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'terminal' })).toBeTruthy();
  });
});
