import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useNavigate } from 'react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CenterItem, labsApi } from '@platform/contract';
import { setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { renderView } from '../../test/render';
import { clearToken } from '../../shared/session';
import { EnvIndex } from './EnvIndex';
import { centerItem, polyfillForAntd, renderScreen } from './testing';

setupTestEnvironment();
polyfillForAntd();
// Each test starts with nothing kept, as after a sign-in.
afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function item(id: string, partial: Partial<CenterItem> = {}): CenterItem {
  return centerItem({ id, code: `env-${id}`, name: `环境 ${id}`, ...partial });
}

function serveCentre(total = 30) {
  return fakeApi(
    fakeRoute(labsApi.centerPage, (sent) => {
      const body = sent.body as { pageNum: number; pageSize: number };
      return {
        records: [
          item(`${body.pageNum}1`, { runtimeState: 2 }),
          item(`${body.pageNum}2`, { runnable: false, name: '虚拟机实验' }),
        ],
        total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      };
    }),
  );
}

/** The side menu opens the list without a query. */
function MenuElsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/sch_edu/environment/index')}>
      菜单：环境中心
    </button>
  );
}

function renderCentreAndDetail() {
  return renderView(
    <Routes>
      <Route path="environment/index" element={<EnvIndex />} />
      <Route path="environment/experiment" element={<MenuElsewhere />} />
    </Routes>,
    '/sch_edu/environment/index',
    { staleTime: 60_000 },
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('environment centre', { timeout: 20_000 }, () => {
  it('asks the server for the first page and shows each environment', async () => {
    const api = serveCentre();
    renderScreen(<EnvIndex />, '/sch_edu/environment/index');
    const card = (await screen.findByText('环境 11')).closest('.ant-card') as HTMLElement;
    expect(api.bodies(labsApi.centerPage)[0]).toEqual({ pageNum: 1, pageSize: 12 });
    expect(within(card).getByText('运行中')).toBeTruthy();
    expect(within(card).getByText('仿真实验')).toBeTruthy();
    expect(within(card).getByText('物联网')).toBeTruthy();
    expect(within(card).getByText('发布与订阅')).toBeTruthy();
    expect(within(card).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '进入实验' })).toHaveProperty(
      'disabled',
      false,
    );

    const blocked = screen.getByText('虚拟机实验').closest('.ant-card') as HTMLElement;
    expect(within(blocked).getByText(/当前主机无法运行此类实验环境/)).toBeTruthy();
    expect(within(blocked).getByRole('button', { name: '进入实验' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('sends the filters, back on page 1, and keeps them when paging', async () => {
    const api = serveCentre();
    renderScreen(<EnvIndex />, '/sch_edu/environment/index');
    await screen.findByText('环境 11');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('环境 21');
    expect(api.bodies(labsApi.centerPage).at(-1)).toEqual({ pageNum: 2, pageSize: 12 });

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: ' MQTT ' } });
    fireEvent.change(screen.getByLabelText('标签'), { target: { value: '物联网' } });
    fireEvent.mouseDown(screen.getByLabelText('实验类型'));
    fireEvent.click(await screen.findByTitle('终端'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const filtered = { name: 'MQTT', label: '物联网', experimentKind: '2' };
    await waitFor(() =>
      expect(api.bodies(labsApi.centerPage).at(-1)).toEqual({
        pageNum: 1,
        pageSize: 12,
        ...filtered,
      }),
    );
    await screen.findByText('环境 11');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(api.bodies(labsApi.centerPage).at(-1)).toEqual({
        pageNum: 3,
        pageSize: 12,
        ...filtered,
      }),
    );

    // Clearing goes back to the first, unfiltered page (already in the cache).
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() =>
      expect(screen.getByTitle('1').className).toContain('ant-pagination-item-active'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('名称').value).toBe('');
    expect(api.calls(labsApi.centerPage)).toHaveLength(4);
  });

  it('goes to the experiment screen of an environment', async () => {
    serveCentre();
    renderCentreAndDetail();
    const card = (await screen.findByText('环境 11')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: '进入实验' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/sch_edu/environment/experiment?id=11',
    );
  });

  it('comes back as it was left: filters, page and scroll, without loading again', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const api = serveCentre();
    renderCentreAndDetail();
    await screen.findByText('环境 11');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'MQTT' } });
    fireEvent.mouseDown(screen.getByLabelText('实验类型'));
    fireEvent.click(await screen.findByTitle('终端'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(location()).toBe('/sch_edu/environment/index?name=MQTT&experimentKind=2&page=1'),
    );
    await screen.findByText('环境 11');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('环境 21');
    const requests = api.calls(labsApi.centerPage).length;

    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(480);
    fireEvent.scroll(window);
    const card = screen.getByText('环境 21').closest('.ant-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: '进入实验' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/environment/experiment?id=21'));

    fireEvent.click(screen.getByText('菜单：环境中心'));
    // Shown at once from what was kept: no loading state in between.
    expect(screen.getByText('环境 21')).toBeTruthy();
    await waitFor(() =>
      expect(location()).toBe('/sch_edu/environment/index?name=MQTT&experimentKind=2&page=2'),
    );
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 480));
    expect(api.calls(labsApi.centerPage)).toHaveLength(requests);
    expect(screen.getByLabelText<HTMLInputElement>('名称').value).toBe('MQTT');
    expect(screen.getByTitle('2').className).toContain('ant-pagination-item-active');
  });

  it('starts afresh for another sign-in', async () => {
    const api = serveCentre();
    const view = renderCentreAndDetail();
    await screen.findByText('环境 11');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('环境 21');
    view.unmount();
    act(() => clearToken());
    renderCentreAndDetail();
    await screen.findByText('环境 11');
    expect(api.bodies(labsApi.centerPage).at(-1)).toEqual({ pageNum: 1, pageSize: 12 });
  });
});
