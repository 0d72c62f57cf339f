import type { Widen } from '../../shared/locales/zh-CN';

/** Texts of the header's notices (`notices.*`); English has exactly the same keys. */
export const noticesZh = {
  bell: '通知',
  bellUnread: '通知，{{count}} 条未读',
  title: '未读通知',
  clear: '全部已读',
  empty: '没有未读通知',
  types: {
    task_issued: '新任务',
    report_returned: '报告退回',
    scores_issued: '成绩发布',
    time_extended: '时间延长',
    sms_cap_minute: '短信上限',
    sms_cap_day: '短信上限',
  },
};

export const noticesEn: Widen<typeof noticesZh> = {
  bell: 'Notices',
  bellUnread: 'Notices, {{count}} unread',
  title: 'Unread notices',
  clear: 'Clear all',
  empty: 'No unread notices',
  types: {
    task_issued: 'New task',
    report_returned: 'Report returned',
    scores_issued: 'Scores issued',
    time_extended: 'More time',
    sms_cap_minute: 'SMS cap',
    sms_cap_day: 'SMS cap',
  },
};
