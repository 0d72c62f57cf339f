import { button, managers, type MenuChildSeed } from '../menus/menu-seed';

export const teachersMenus: MenuChildSeed[] = [
  {
    index: '6-4',
    name: '教师管理',
    nameEn: 'Teachers',
    url: 'path:school/teachers,component:TeacherManagement',
    sort: 4,
    icon: 'SolutionOutlined',
    roles: managers,
    buttons: [
      button('teacher.add', '新增教师', 'Add teacher', managers),
      button('teacher.edit', '编辑教师', 'Edit teacher', managers),
      button('teacher.enable', '启用/禁用教师', 'Enable or disable teacher', managers),
      button('teacher.delete', '删除教师', 'Delete teacher', managers),
    ],
  },
];
