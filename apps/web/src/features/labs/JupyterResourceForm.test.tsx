import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  cpuChoices,
  diskChoices,
  memoryChoices,
  type RequestLimits,
  labsApi,
} from '@platform/contract';
import { setupTestEnvironment } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { JupyterResourceForm } from './JupyterResourceForm';
import { jupyterInfo, polyfillForAntd } from './testing';

setupTestEnvironment();
polyfillForAntd();

function renderForm(onSaved = vi.fn(), limits: RequestLimits | null = null) {
  renderWithProviders(
    <JupyterResourceForm
      envId="9"
      expScriptId="4"
      limits={limits}
      onSaved={onSaved}
      onCancel={() => {}}
    />,
  );
  return onSaved;
}

async function optionsOf(label: string) {
  const input = await screen.findByLabelText(label);
  fireEvent.mouseDown(input);
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.getAttribute('title'));
}

const field = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')!;
/** The value a select shows. */
const shown = (label: string) =>
  field(label).querySelector('.ant-select-content')?.getAttribute('title');
const numberValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('Jupyter resource request form', { timeout: 20_000 }, () => {
  it('starts from the defaults when nothing is stored', async () => {
    const api = fakeApi(fakeRoute(labsApi.jupyterInfoQuery, null));
    renderForm();
    await screen.findByLabelText('CPU（核）');
    expect(api.sent[0]?.query.get('resourceExpEnvId')).toBe('9');
    expect(shown('CPU（核）')).toBe('1');
    expect(shown('内存（GB）')).toBe('4');
    expect(shown('磁盘（GB）')).toBe('10');
    expect(numberValue('GPU 数量')).toBe('1');
    expect(numberValue('GPU 显存（GB）')).toBe('2');
    expect(screen.getByText('GPU 数值仅作申请记录：当前主机不分配 GPU。')).toBeTruthy();
  });

  it('starts from the stored request', async () => {
    fakeApi(
      fakeRoute(labsApi.jupyterInfoQuery, {
        resourceExpEnvId: '9',
        cpuCore: 0.5,
        memorySize: 8,
        gpuCount: 0,
        gpuMemory: 0,
        diskSize: 30,
      }),
    );
    renderForm();
    await screen.findByLabelText('CPU（核）');
    expect(shown('CPU（核）')).toBe('0.5');
    expect(shown('内存（GB）')).toBe('8');
    expect(shown('磁盘（GB）')).toBe('30');
    expect(numberValue('GPU 数量')).toBe('0');
  });

  it.each([
    ['CPU（核）', cpuChoices],
    ['内存（GB）', memoryChoices],
    ['磁盘（GB）', diskChoices],
  ] as const)('offers exactly the allowed choices for %s', async (label, choices) => {
    fakeApi(fakeRoute(labsApi.jupyterInfoQuery, null));
    renderForm();
    expect(await optionsOf(label)).toEqual(choices.map(String));
  });

  it('offers only what the environment allows, and starts within it', async () => {
    fakeApi(
      fakeRoute(labsApi.jupyterInfoQuery, {
        resourceExpEnvId: '9',
        cpuCore: 4,
        memorySize: 8,
        gpuCount: 1,
        gpuMemory: 2,
        diskSize: 30,
      }),
    );
    renderForm(vi.fn(), { cpuCore: 2, memorySize: 4, diskSize: 20, gpuCount: 0 });
    await screen.findByLabelText('CPU（核）');
    expect(shown('CPU（核）')).toBe('2');
    expect(shown('内存（GB）')).toBe('4');
    expect(shown('磁盘（GB）')).toBe('20');
    expect(numberValue('GPU 数量')).toBe('0');
    expect(screen.getByLabelText<HTMLInputElement>('GPU 数量').disabled).toBe(true);
    expect(await optionsOf('CPU（核）')).toEqual(['0.3', '0.5', '0.7', '1', '2']);
  });

  it('saves the request for the environment and hands it on', async () => {
    const api = fakeApi(
      fakeRoute(labsApi.jupyterInfoQuery, null),
      fakeRoute(labsApi.jupyterInfoSave, jupyterInfo({ resourceExpEnvId: '9', gpuCount: 2 })),
    );
    const onSaved = renderForm();
    await screen.findByLabelText('CPU（核）');
    fireEvent.change(screen.getByLabelText('GPU 数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const resources = { cpuCore: 1, memorySize: 4, gpuCount: 2, gpuMemory: 2, diskSize: 10 };
    expect(api.bodies(labsApi.jupyterInfoSave)[0]).toEqual({
      expEnvId: '9',
      expScriptId: '4',
      ...resources,
    });
    expect(onSaved).toHaveBeenCalledWith(resources);
  });
});
