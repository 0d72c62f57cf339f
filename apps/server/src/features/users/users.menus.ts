import type { MenuSeed } from '../menus/menu-seed';

export const usersMenus: MenuSeed[] = [
  {
    index: '2',
    name: '个人中心',
    nameEn: 'Personal centre',
    url: 'personal',
    sort: 90,
    icon: 'UserOutlined',
    roles: 'all',
    children: [
      {
        index: '2-1',
        name: '我的信息',
        nameEn: 'My info',
        url: 'personal/info',
        sort: 1,
        icon: 'IdcardOutlined',
      },
      {
        index: '2-2',
        name: '修改密码',
        nameEn: 'Change password',
        url: 'path:personal/password,component:PersonalPassword',
        sort: 2,
        icon: 'LockOutlined',
      },
    ],
  },
];
