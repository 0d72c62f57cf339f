import { button, managers, type MenuChildSeed } from '../menus/menu-seed';

export const schoolsMenus: MenuChildSeed[] = [
  {
    index: '6-1',
    name: '学校信息',
    nameEn: 'School profile',
    url: 'path:school/profile,component:SchoolProfile',
    sort: 1,
    icon: 'ProfileOutlined',
    roles: managers,
    buttons: [button('school.profile.edit', '编辑学校信息', 'Edit profile', managers)],
  },
];
