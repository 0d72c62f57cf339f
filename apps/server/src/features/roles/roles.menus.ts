import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

export const rolesMenus: MenuChildSeed[] = [
  {
    index: '8-2',
    name: '角色权限',
    nameEn: 'Roles',
    url: 'path:system/roles,component:RoleManagement',
    sort: 2,
    icon: 'SafetyOutlined',
    buttons: [button('role.grant', '分配权限', 'Grant menus', operators)],
  },
];
