import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formatMessage, labsApi, type CenterDetail, type CostPreview } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { type FakeAnswer, type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { formatTime } from '../../shared/dates';
import { EnvDetail } from './EnvDetail';
import { JupyterResourceForm } from './JupyterResourceForm';
import { centerDetail, polyfillForAntd, renderScreen } from './testing';

setupTestEnvironment();
polyfillForAntd();

const exhausted = formatMessage('billing.exhausted', 'zh');

function preview(partial: Partial<CostPreview> = {}): CostPreview {
  return {
    metered: true,
    items: [{ item: 'cpu_hour', perHour: 1, unitFen: 120, fenPerHour: 120 }],
    fenPerHour: 150,
    totalFen: 550_000,
    packageSeconds: 0,
    untimedUntil: null,
    validUntil: '2027-01-01T00:00:00.000Z',
    hoursLeft: 3666.67,
    refusal: null,
    ...partial,
  };
}

function serveDetail(
  answer: FakeAnswer<typeof labsApi.costPreview>,
  detail: Partial<CenterDetail> = {},
  ...fakes: FakeRoute[]
) {
  return fakeApi(
    ...fakes,
    fakeRoute(labsApi.centerDetail, (call) =>
      call.params.id === '1' ? centerDetail(detail) : refusal(404, { message: '实验环境不存在' }),
    ),
    fakeRoute(labsApi.restartLimit, { limit: 0, used: 0, remaining: null }),
    fakeRoute(labsApi.costPreview, answer),
  );
}

const startButton = () => screen.getByRole('button', { name: '启动' });

describe('cost preview before Start', { timeout: 20_000 }, () => {
  it('shows the price an hour and the balance with the hours it lasts', async () => {
    const api = serveDetail(preview());
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(
      await screen.findByText('费用 1.50 元 / 小时 · 学校余额 5,500.00 元，约可使用 3666.6 小时'),
    ).toBeTruthy();
    expect(api.queries(labsApi.costPreview)[0]).toEqual({ expEnvId: '1' });
    expect(startButton()).toHaveProperty('disabled', false);
  });

  it('shows what a package covers', async () => {
    serveDetail(preview({ untimedUntil: '2026-12-31T16:00:00.000Z' }));
    const first = renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(
      await screen.findByText(
        `费用 1.50 元 / 小时 · 不限时套餐覆盖至 ${formatTime('2026-12-31T16:00:00.000Z')}`,
      ),
    ).toBeTruthy();
    first.unmount();
    serveDetail(preview({ packageSeconds: 36_000 }));
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(await screen.findByText(/套餐剩余 10 小时/)).toBeTruthy();
  });

  it('warns with the refusal and does not offer Start', async () => {
    const api = serveDetail(
      preview({ totalFen: 0, hoursLeft: 0, refusal: exhausted }),
      {},
      fakeRoute(labsApi.start, ['501']),
    );
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    expect(await screen.findByText(exhausted)).toBeTruthy();
    expect(startButton()).toHaveProperty('disabled', true);
    fireEvent.click(startButton());
    expect(api.calls(labsApi.start)).toEqual([]);
  });

  it('shows nothing more for a school that is not charged', async () => {
    serveDetail(preview({ metered: false, totalFen: 0, hoursLeft: 0 }));
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    await screen.findByText('CPU 1 核 · 内存 2 GB · 磁盘 10 GB');
    await waitFor(() => expect(screen.queryByLabelText('费用预估')).toBeNull());
    expect(screen.queryByText(/元 \/ 小时/)).toBeNull();
    expect(startButton()).toHaveProperty('disabled', false);
  });

  it('says in the server’s words why a start was refused', async () => {
    serveDetail(
      preview(),
      {},
      fakeRoute(labsApi.start, () =>
        refusal(402, { message: exhausted, errorKey: 'billing.exhausted' }),
      ),
    );
    renderScreen(<EnvDetail />, '/sch_edu/environment/detail?id=1');
    await screen.findByText(/费用 1.50 元/);
    fireEvent.click(startButton());
    await waitFor(() => expect(toastTexts()).toEqual([`环境启动异常：${exhausted}`]));
  });
});

describe('cost preview of a Jupyter request', { timeout: 20_000 }, () => {
  it('follows the sizes after they settle, and a refusal keeps the request from going', async () => {
    const api = fakeApi(
      fakeRoute(labsApi.jupyterInfoQuery, null),
      fakeRoute(labsApi.costPreview, (call) =>
        call.query.get('gpuCount') === '3'
          ? preview({ fenPerHour: 900, hoursLeft: 611.11, refusal: exhausted })
          : preview(),
      ),
    );
    const onSaved = vi.fn();
    renderWithProviders(<JupyterResourceForm envId="9" onSaved={onSaved} onCancel={() => {}} />);
    expect(await screen.findByText(/^费用 1.50 元 \/ 小时/)).toBeTruthy();
    expect(api.queries(labsApi.costPreview)[0]).toEqual({
      expEnvId: '9',
      cpuCore: '1',
      memorySize: '4',
      diskSize: '10',
      gpuCount: '1',
    });

    // Typing through 2 to 3 asks once, for what was settled on.
    const gpu = screen.getByLabelText('GPU 数量');
    fireEvent.change(gpu, { target: { value: '2' } });
    fireEvent.change(gpu, { target: { value: '3' } });
    expect(await screen.findByText(exhausted)).toBeTruthy();
    expect(screen.getByText(/^费用 9.00 元 \/ 小时/)).toBeTruthy();
    expect(api.calls(labsApi.costPreview).map((c) => c.query.get('gpuCount'))).toEqual(['1', '3']);
    expect(screen.getByRole('button', { name: '确定' })).toHaveProperty('disabled', true);
  });
});
