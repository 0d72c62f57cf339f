export const environmentMessages = {
  'envs.not_found': { zh: '实验环境不存在', en: 'Environment not found' },
  'envs.copy_suffix': { zh: '（副本）', en: ' (copy)' },
  'envs.code_taken': { zh: '环境编码已存在', en: 'This environment code is already used' },
  'envs.in_use': {
    zh: '该环境有正在运行的实验，请先停止',
    en: 'This environment has running labs; stop them first',
  },
  'envs.parts_required': {
    zh: '组合环境至少需要两个组成环境',
    en: 'A combination environment needs at least two parts',
  },
  'envs.part_invalid': {
    zh: '组成环境不存在或本身是组合环境',
    en: 'A part does not exist or is itself a combination',
  },
  'envs.not_available': { zh: '该实验环境未启用', en: 'This environment is not enabled' },
  'envs.max_below_value': {
    zh: '允许申请的上限不能小于环境本身的配置',
    en: 'A request maximum cannot be below the environment’s own value',
  },
  'scripts.not_found': { zh: '实验脚本不存在', en: 'Script not found' },
} as const satisfies Record<string, { zh: string; en: string }>;
