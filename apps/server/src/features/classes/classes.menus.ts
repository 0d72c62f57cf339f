import { button, schoolStaff, managers, type MenuChildSeed } from '../menus/menu-seed';

export const classesMenus: MenuChildSeed[] = [
  {
    index: '6-3',
    name: '班级管理',
    nameEn: 'Classes',
    url: 'path:school/classes,component:ClassManagement',
    sort: 3,
    icon: 'TeamOutlined',
    buttons: [
      button('class.add', '新增班级', 'Add class', schoolStaff),
      button('class.edit', '编辑班级', 'Edit class', schoolStaff),
      button('class.delete', '删除班级', 'Delete class', managers),
      button('class.archive', '归档班级', 'Archive class', managers),
    ],
  },
];
