import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

/** The footer's editor, under portal management. */
export const footerMenus: MenuChildSeed[] = [
  {
    index: '12-7',
    name: '页脚设置',
    nameEn: 'Footer',
    url: 'path:portal/footer,component:FooterSettings',
    sort: 7,
    icon: 'SettingOutlined',
    since: 7,
    buttons: [button('footer.edit', '编辑页脚', 'Edit the footer', operators)],
  },
];
