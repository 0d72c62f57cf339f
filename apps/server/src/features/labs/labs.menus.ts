import type { MenuSeed } from '../menus/menu-seed';

export const labsMenus: MenuSeed[] = [
  {
    index: '4',
    name: '实验环境',
    nameEn: 'Lab environments',
    url: 'environment',
    sort: 10,
    icon: 'ExperimentOutlined',
    since: 2,
    roles: 'all',
    children: [
      {
        index: '4-1',
        name: '环境中心',
        nameEn: 'Environment centre',
        url: 'path:environment/index,component:EnvIndex',
        sort: 1,
        icon: 'AppstoreOutlined',
      },
      ...(
        [
          ['4-2', '环境详情', 'Environment detail', 'detail', 'EnvDetail'],
          ['4-3', '实验', 'Experiment', 'experiment', 'EnvExperiment'],
          ['4-4', '终端', 'Terminal', 'terminal', 'EnvTerminal'],
          ['4-5', '工作区', 'Workspace', 'workspace', 'EnvWorkspace'],
          ['4-6', '操作手册', 'Operating manual', 'manual', 'EnvManual'],
        ] as const
      ).map(([index, name, nameEn, path, component], i) => ({
        index,
        name,
        nameEn,
        url: `path:environment/${path},component:${component}`,
        sort: i + 2,
        hidden: true,
        customFields: 'activeMenu:/environment/index',
      })),
    ],
  },
];
