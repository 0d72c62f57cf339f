import type { MenuChildSeed } from '../menus/menu-seed';

/** The outbox of text messages, under operation management (since version 6). */
export const smsMenus: MenuChildSeed[] = [
  {
    index: '7-6',
    name: '短信发件箱',
    nameEn: 'SMS outbox',
    url: 'path:operation/sms-outbox,component:SmsOutbox',
    sort: 6,
    icon: 'MessageOutlined',
    since: 6,
  },
];
