import type { Environment, Script } from '@platform/contract';

/** Sample rows for the environment admin views' tests. */

export function sampleEnv(partial: Partial<Environment> = {}): Environment {
  return {
    id: '101',
    code: 'term-basic',
    name: 'Linux 终端',
    type: 2,
    state: 1,
    hidden: 0,
    openWith: 1,
    accessMode: 1,
    experimentKind: '2',
    resourceKind: 'TERMINAL',
    image: '',
    labels: ['linux'],
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
    devices: [],
    parts: [],
    initialFiles: [],
    runnable: true,
    createdBy: '1',
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}

export function sampleScript(partial: Partial<Script> = {}): Script {
  return {
    id: '501',
    envId: '101',
    envName: 'Linux 终端',
    name: '文件操作入门',
    label: 'linux',
    instructions: '列出主目录中的文件',
    createdAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}
