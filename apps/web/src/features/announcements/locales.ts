import type { Widen } from '../../shared/locales/zh-CN';

/** Texts of the system announcement's editor (the overlay's own are the shell's). */
export const announcementsZh = {
  title: '系统公告',
  intro: '公告在开始与结束时间之间、页面打开 2 秒后显示在所有页面之上（包括登录页）。',
  fields: {
    title: '标题',
    content: '内容',
    footer: '底部说明',
    start: '开始时间',
    end: '结束时间',
    announceType: '显示方式',
  },
  placeholders: {
    title: '留空则为“系统公告”',
    content: '请输入公告内容',
    footer: '显示在公告底部，可留空',
  },
  types: {
    once: '仅显示一次（用户关闭后不再显示）',
    always: '每次打开都显示',
  },
  status: {
    label: '当前状态',
    showing: '显示中',
    notShowing: '未在显示时间内',
    none: '尚未设置公告',
  },
  rules: {
    title: '标题不能超过 50 个字符',
    content: '请输入公告内容',
    footer: '底部说明不能超过 200 个字符',
    start: '请选择开始时间',
    end: '请选择结束时间',
    endAfterStart: '结束时间须晚于开始时间',
  },
  actions: { save: '保存', preview: '预览', reset: '撤销修改' },
  noPermission: '您可以查看系统公告，但没有编辑权限。',
  done: { saved: '系统公告已保存' },
  failed: { save: '保存失败', preview: '内容包含不允许的格式、链接或图片，无法预览' },
};

export const announcementsEn: Widen<typeof announcementsZh> = {
  title: 'System announcement',
  intro:
    'Between its start and end, the announcement shows over every page (the sign-in page too), 2 seconds after the page opens.',
  fields: {
    title: 'Title',
    content: 'Content',
    footer: 'Footer note',
    start: 'Start',
    end: 'End',
    announceType: 'Show',
  },
  placeholders: {
    title: 'Empty means “系统公告” (System announcement)',
    content: 'Enter the announcement',
    footer: 'Shown at the bottom of the announcement; optional',
  },
  types: {
    once: 'Once (not again after the user closes it)',
    always: 'Every time the app opens',
  },
  status: {
    label: 'Now',
    showing: 'Showing',
    notShowing: 'Outside its time window',
    none: 'No announcement set yet',
  },
  rules: {
    title: 'The title may be at most 50 characters',
    content: 'Enter the announcement',
    footer: 'The footer note may be at most 200 characters',
    start: 'Choose the start',
    end: 'Choose the end',
    endAfterStart: 'The end must be after the start',
  },
  actions: { save: 'Save', preview: 'Preview', reset: 'Undo changes' },
  noPermission: 'You can see the announcement but may not edit it.',
  done: { saved: 'Announcement saved' },
  failed: {
    save: 'Save failed',
    preview:
      'The content holds formatting, a link or an image that is not allowed; it cannot be previewed',
  },
};
