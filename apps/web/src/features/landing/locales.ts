import type { Widen } from '../../shared/locales/zh-CN';

/** Texts of the workbench (`landing.*`); English has exactly the same keys. */
export const landingZh = {
  greeting: '你好，{{name}}',
  student: '学生工作台：在这里进入课程、教学任务和实验环境。',
  teacher: '教师工作台：在这里布置教学任务、批阅实验报告。',
  schoolManager: '学校管理工作台：在这里管理本校的教师、学生与班级。',
  operator: '运营工作台：在这里管理学校、公告与平台运营。',
  admin: '平台管理工作台：在这里管理平台配置与账号。',
  other: '欢迎使用实训教学平台。',
  whoAmI: '我的账号',
  displayName: '姓名',
  userName: '用户名',
  roles: '角色',
  school: '学校',
  noSchool: '平台账号（不属于学校）',
  noRoles: '暂无角色',
  menus: '我的菜单',
  noMenus: '暂无可用菜单',
} as const;

export const landingEn: Widen<typeof landingZh> = {
  greeting: 'Hello, {{name}}',
  student: 'Student workbench: open your courses, teaching tasks and lab environments here.',
  teacher: 'Teacher workbench: assign teaching tasks and review lab reports here.',
  schoolManager: 'School workbench: manage the teachers, students and classes of your school.',
  operator: 'Operations workbench: manage schools, announcements and platform operations.',
  admin: 'Administration workbench: manage platform configuration and accounts.',
  other: 'Welcome to the Hands-on Lab Platform.',
  whoAmI: 'My account',
  displayName: 'Name',
  userName: 'User name',
  roles: 'Roles',
  school: 'School',
  noSchool: 'Platform account (no school)',
  noRoles: 'No roles',
  menus: 'My menus',
  noMenus: 'No menus available',
};
