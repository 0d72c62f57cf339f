import { staff, type MenuSeed } from '../menus/menu-seed';

export const environmentsMenus: MenuSeed[] = [
  {
    index: '5',
    name: '环境管理',
    nameEn: 'Environment management',
    url: 'environment-admin',
    sort: 20,
    icon: 'CloudServerOutlined',
    since: 2,
    roles: staff,
    children: [
      ...(
        [
          [
            '5-1',
            '环境配置',
            'Environment configurations',
            'configs',
            'EnvConfigList',
            false,
            'DeploymentUnitOutlined',
          ],
          [
            '5-2',
            '实验脚本',
            'Experiment scripts',
            'scripts',
            'EnvScriptList',
            false,
            'CodeOutlined',
          ],
          [
            '5-3',
            '我的实验环境',
            'My experiment environments',
            'mine',
            'MyEnvList',
            false,
            'DesktopOutlined',
          ],
          [
            '5-4',
            'AI 环境配置',
            'AI environment configuration',
            'ai',
            'AiEnvConfig',
            false,
            'RobotOutlined',
          ],
          ['5-5', '环境详情', 'Environment details', 'detail', 'EnvConfigDetail', true, null],
        ] as const
      ).map(([index, name, nameEn, path, component, hidden, icon], i) => ({
        index,
        name,
        nameEn,
        url: `path:environment-admin/${path},component:${component}`,
        sort: i + 1,
        hidden,
        ...(icon ? { icon } : {}),
        ...(hidden ? { customFields: 'activeMenu:/environment-admin/configs' } : {}),
      })),
    ],
  },
];
