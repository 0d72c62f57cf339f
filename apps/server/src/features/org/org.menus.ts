import { button, managers, type MenuChildSeed } from '../menus/menu-seed';

export const orgMenus: MenuChildSeed[] = [
  {
    index: '6-2',
    name: '组织管理',
    nameEn: 'Organization',
    url: 'path:school/organization,component:OrgManagement',
    sort: 2,
    icon: 'ApartmentOutlined',
    roles: managers,
    buttons: [button('org.edit', '编辑组织结构', 'Edit organization', managers)],
  },
];
