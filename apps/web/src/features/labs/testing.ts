import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { configure } from '@testing-library/react';
import type {
  CenterDetail,
  CenterItem,
  Container,
  ContainerStateInfo,
  JupyterInfo,
} from '@platform/contract';
import { stubAntdBrowserApis } from '../../test/helpers';
import { renderView } from '../../test/render';

/**
 * antd asks for media queries, observes sizes and measures pseudo-elements; jsdom has none of
 * these.
 */
export function polyfillForAntd(): void {
  beforeAll(() => {
    // antd tables render slowly in jsdom, the more so on a busy machine.
    configure({ asyncUtilTimeout: 5_000 });
    const computed = window.getComputedStyle.bind(window);
    window.getComputedStyle = (elt: Element) => computed(elt);
    stubAntdBrowserApis();
  });
}

/** Renders a screen at `url` inside the signed-in area's route, with fresh data for a minute. */
export function renderScreen(ui: ReactNode, url: string, route = ':schUrl/environment/:page') {
  return renderView(ui, url, { route, staleTime: 60_000 });
}

export function centerItem(partial: Partial<CenterItem> = {}): CenterItem {
  return {
    id: '1',
    code: 'mqtt-basics',
    name: 'MQTT 入门',
    type: 2,
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    labels: ['物联网'],
    description: '发布与订阅',
    openWith: 1,
    runnable: true,
    runtimeState: 0,
    ...partial,
  };
}

export function centerDetail(partial: Partial<CenterDetail> = {}): CenterDetail {
  return {
    ...centerItem(),
    manual: '第一步\n第二步',
    cpuCore: 1,
    memorySize: 2,
    diskSize: 10,
    requestLimits: null,
    restartLimit: 0,
    idleTimeout: 1800,
    parts: [],
    scripts: [],
    containerIds: [],
    unrunnableReason: null,
    ...partial,
  };
}

export function container(partial: Partial<Container> = {}): Container {
  return {
    id: '501',
    envId: '1',
    name: 'simulation',
    state: 'Running',
    serviceType: 'SIMULATION',
    expScriptId: null,
    url: 'http://501.labs.localhost',
    subUrl: '',
    openWith: 1,
    cpuCore: 1,
    memorySize: 2,
    diskSize: 10,
    gpuCount: 0,
    enforced: { cpu: true, memory: true, disk: false, uid: true, network: true, syscalls: true },
    notes: ['磁盘配额未强制：本主机不支持'],
    message: null,
    warning: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    idleTimeout: 1800,
    ...partial,
  };
}

/** The state of a running container as `check/state` answers it. */
export function runningState(
  id: string,
  partial: Partial<ContainerStateInfo> = {},
): ContainerStateInfo {
  return { id, state: 'Running', message: null, warning: null, stopReason: null, ...partial };
}

/** A Jupyter resource request as the server keeps it: the defaults of the form. */
export function jupyterInfo(partial: Partial<JupyterInfo> = {}): JupyterInfo {
  return {
    resourceExpEnvId: '1',
    cpuCore: 1,
    memorySize: 4,
    gpuCount: 1,
    gpuMemory: 2,
    diskSize: 10,
    ...partial,
  };
}
