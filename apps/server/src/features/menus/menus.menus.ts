import { button, operators, type MenuChildSeed } from './menu-seed';

export const menusMenus: MenuChildSeed[] = [
  {
    index: '8-1',
    name: '菜单管理',
    nameEn: 'Menus',
    url: 'path:system/menus,component:MenuManagement',
    sort: 1,
    icon: 'MenuOutlined',
    buttons: [button('menu.edit', '编辑菜单', 'Edit menus', operators)],
  },
];
