import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, jsonResponse, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { environmentsApi } from '@platform/contract';
import { type DataOf, type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, field, typeInto } from '../../test/antd';
import { EnvEditor } from './EnvEditor';
import { sampleEnv } from './testing';

setupTestEnvironment();
polyfillBrowser();

const options: DataOf<typeof environmentsApi.list> = [
  { id: '101', code: 'term', name: '终端', type: 2, resourceKind: 'TERMINAL' },
  { id: '102', code: 'jup', name: 'Jupyter', type: 2, resourceKind: 'JUPYTER' },
  { id: '103', code: 'combo', name: '组合', type: 4, resourceKind: 'TERMINAL' },
];

function fakeEnvApi(...fakes: FakeRoute[]) {
  return fakeApi(
    ...fakes,
    fakeRoute(environmentsApi.labels, ['linux']),
    fakeRoute(environmentsApi.list, options),
    fakeRoute(environmentsApi.add, sampleEnv()),
    fakeRoute(environmentsApi.update, sampleEnv()),
    fakeRoute(environmentsApi.config, sampleEnv()),
  );
}

/** The routes of the calls that change something, in order. */
const saves = (api: ReturnType<typeof fakeApi>) =>
  api.sent.filter((c) => c.method !== 'GET').map((c) => c.route);

async function fillValidBasics() {
  typeInto('环境编码', 'iot-lab');
  typeInto('环境名称', '物联网仿真');
  await chooseOption(field('实验类型'), '仿真实验');
  await chooseOption(field('资源类型'), 'SIMULATION');
  // The runtime tab follows the kind: simulations have devices.
  await screen.findByText('添加设备');
}

const save = () => clickButton('保存');
const runtimeTab = () => fireEvent.click(screen.getByText('运行配置'));

describe('environment add and edit form', { timeout: 30_000 }, () => {
  it('refuses a code with spaces on the client', async () => {
    const api = fakeEnvApi();
    renderView(<EnvEditor onClose={() => {}} />);
    await fillValidBasics();
    typeInto('环境编码', 'iot lab');
    save();
    await waitFor(() => expect(errorOf('环境编码')).toBe('格式不正确'));
    expect(saves(api)).toEqual([]);
  });

  it('says an empty code is required, not too short', async () => {
    const api = fakeEnvApi();
    renderView(<EnvEditor onClose={() => {}} />);
    await fillValidBasics();
    typeInto('环境编码', '');
    save();
    await waitFor(() => expect(errorOf('环境编码')).toBe('此项为必填项'));
    typeInto('环境编码', 'a');
    await waitFor(() => expect(errorOf('环境编码')).toBe('长度过短'));
    expect(saves(api)).toEqual([]);
  });

  it('refuses a combination without parts and shows the runtime tab', async () => {
    const api = fakeEnvApi();
    renderView(<EnvEditor onClose={() => {}} />);
    await fillValidBasics();
    await chooseOption(field('环境类型'), '组合环境');
    await screen.findByText('组成环境');
    save();
    await waitFor(() => expect(errorOf('组成环境')).toBe('组合环境至少需要两个组成环境'));
    expect(screen.getByText('运行配置').getAttribute('aria-selected')).toBe('true');
    expect(saves(api)).toEqual([]);
    // Combinations and the environment itself are not offered as parts.
    fireEvent.mouseDown(field('组成环境'));
    await waitFor(() => expect(document.querySelector('[title="终端 (term)"]')).toBeTruthy());
    expect(document.querySelector('[title="组合 (combo)"]')).toBeNull();
  });

  it('puts server field errors on the fields, also inside lists', async () => {
    const api = fakeEnvApi(
      fakeRoute(environmentsApi.add, () =>
        jsonResponse(
          envelope(null, 9000, {
            message: '输入有误，请检查后重试',
            errorKey: 'common.invalid_input',
            fields: { name: 'too_long', 'devices.0.id': 'invalid_format' },
          }),
          400,
        ),
      ),
    );
    renderView(<EnvEditor onClose={() => {}} />);
    await fillValidBasics();
    runtimeTab();
    clickButton('添加设备');
    typeInto('设备名称', '温度');
    save();
    await waitFor(() => expect(errorOf('环境名称')).toBe('长度过长'));
    expect(errorOf('设备 ID')).toBe('格式不正确');
    expect(saves(api)).toEqual([environmentsApi.add]);
  });

  it('fills the image with the default of a platform kind and keeps an image typed by hand', async () => {
    fakeEnvApi();
    renderView(<EnvEditor onClose={() => {}} />);
    const image = () => (field('镜像') as HTMLInputElement).value;
    await chooseOption(field('资源类型'), 'ChirpStack');
    await waitFor(() => expect(image()).toBe('chirpstack/chirpstack:4.11.0'));
    expect(
      screen.getByText(
        '该资源类型的默认镜像：chirpstack/chirpstack:4.11.0。 还需要：PostgreSQL、Redis、MQTT 服务器、ChirpStack 网关桥。',
      ),
    ).toBeTruthy();
    await chooseOption(field('资源类型'), 'JUPYTERHUB');
    await waitFor(() => expect(image()).toBe('quay.io/jupyterhub/jupyterhub:5.2.1'));
    await chooseOption(field('资源类型'), 'TERMINAL');
    await waitFor(() => expect(image()).toBe(''));
    typeInto('镜像', 'registry.school.edu/iot/thingsboard:3.9.1');
    await chooseOption(field('资源类型'), 'THINGSBOARD');
    expect(image()).toBe('registry.school.edu/iot/thingsboard:3.9.1');
  });

  it('puts a taken code on the code field', async () => {
    fakeEnvApi(
      fakeRoute(environmentsApi.add, () =>
        jsonResponse(
          envelope(null, 9000, {
            message: '环境编码已存在',
            errorKey: 'environments.code_taken',
          }),
          409,
        ),
      ),
    );
    renderView(<EnvEditor onClose={() => {}} />);
    await fillValidBasics();
    save();
    await waitFor(() => expect(errorOf('环境编码')).toBe('环境编码已存在'));
  });

  it('adds with the contract body and closes', async () => {
    const onClose = vi.fn();
    const api = fakeEnvApi();
    renderView(<EnvEditor onClose={onClose} />);
    await fillValidBasics();
    runtimeTab();
    clickButton('添加设备');
    typeInto('设备名称', ' 温度 ');
    typeInto('环境名称', ' 物联网仿真 ');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(environmentsApi.add)[0]).toEqual({
      code: 'iot-lab',
      name: '物联网仿真',
      type: 2,
      state: 1,
      hidden: 0,
      openWith: 1,
      accessMode: 1,
      experimentKind: '1',
      resourceKind: 'SIMULATION',
      image: '',
      labels: [],
      description: '',
      manual: '',
      cpuCore: 1,
      memorySize: 2,
      diskSize: 10,
      maxCpuCore: null,
      maxMemorySize: null,
      maxDiskSize: null,
      maxGpuCount: 0,
      restartLimit: 0,
      idleTimeout: 1800,
      warmPool: 0,
      devices: [{ id: 'device1', type: 'temperature', name: '温度', intervalMs: 2000 }],
      parts: [],
      initialFiles: [],
    });
  });

  it('on edit sends only the changed part: runtime through env/config', async () => {
    const onClose = vi.fn();
    const env = sampleEnv();
    const api = fakeEnvApi(fakeRoute(environmentsApi.config, env));
    renderView(<EnvEditor env={env} onClose={onClose} />);
    typeInto('空闲超时（秒）', '3600');
    typeInto('预热实验数', '5');
    runtimeTab();
    clickButton('添加文件');
    typeInto('文件路径', 'src/main.py');
    typeInto('文件内容', 'print(1)');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(api)).toEqual([environmentsApi.config]);
    expect(api.bodies(environmentsApi.config)[0]).toEqual({
      id: '101',
      cpuCore: 1,
      memorySize: 2,
      diskSize: 10,
      maxCpuCore: null,
      maxMemorySize: null,
      maxDiskSize: null,
      maxGpuCount: 0,
      restartLimit: 0,
      idleTimeout: 3600,
      warmPool: 5,
      devices: [],
      parts: [],
      initialFiles: [{ path: 'src/main.py', content: 'print(1)' }],
    });
  });

  it('sets the Jupyter request maximums, never below the environment’s own values', async () => {
    const onClose = vi.fn();
    const env = sampleEnv({ resourceKind: 'JUPYTER', experimentKind: '3', cpuCore: 2 });
    const api = fakeEnvApi(fakeRoute(environmentsApi.config, env));
    renderView(<EnvEditor env={env} onClose={onClose} />);
    runtimeTab();
    expect(screen.getByText('Jupyter 资源申请上限')).toBeTruthy();
    await chooseOption(field('最大 CPU'), '1 核');
    save();
    await waitFor(() => expect(errorOf('最大 CPU')).toBe('允许申请的上限不能小于环境本身的配置'));
    expect(saves(api)).toEqual([]);
    await chooseOption(field('最大 CPU'), '4 核');
    await chooseOption(field('最大内存'), '8 GB');
    typeInto('最大 GPU 数量', '1');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(environmentsApi.config)[0]).toMatchObject({
      cpuCore: 2,
      maxCpuCore: 4,
      maxMemorySize: 8,
      maxDiskSize: null,
      maxGpuCount: 1,
    });
  });

  it('shows no request maximums for environments that take no request', () => {
    fakeEnvApi();
    renderView(<EnvEditor env={sampleEnv()} onClose={() => {}} />);
    runtimeTab();
    expect(screen.queryByText('Jupyter 资源申请上限')).toBeNull();
  });

  it('on edit refuses a path that leaves the lab home', async () => {
    const api = fakeEnvApi();
    renderView(<EnvEditor env={sampleEnv()} onClose={() => {}} />);
    runtimeTab();
    clickButton('添加文件');
    typeInto('文件路径', '../etc/passwd');
    save();
    await waitFor(() => expect(errorOf('文件路径')).toBe('格式不正确'));
    expect(saves(api)).toEqual([]);
  });
});
