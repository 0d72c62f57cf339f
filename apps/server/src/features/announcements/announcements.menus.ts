import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

/** The system announcement's editor, under portal management. */
export const announcementsMenus: MenuChildSeed[] = [
  {
    index: '12-6',
    name: '系统公告',
    nameEn: 'System announcement',
    url: 'path:portal/announcement,component:AnnouncementSettings',
    sort: 6,
    icon: 'MessageOutlined',
    since: 7,
    buttons: [button('announcement.edit', '编辑系统公告', 'Edit the announcement', operators)],
  },
];
