import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

/** The operators' trial management, under operation management (since version 6). */
export const trialsMenus: MenuChildSeed[] = [
  {
    index: '7-5',
    name: '试用管理',
    nameEn: 'Trial applications',
    url: 'path:operation/trials,component:TrialList',
    sort: 5,
    icon: 'SolutionOutlined',
    since: 6,
    buttons: [button('trial.send_message', '发送短信', 'Send message', operators)],
  },
];
