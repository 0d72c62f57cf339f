import type { RoleCode } from '@platform/contract';
import {
  button,
  hiddenPage,
  managers,
  type ButtonSeed,
  type MenuChildSeed,
  type MenuSeed,
} from '../menus/menu-seed';

const teachers: RoleCode[] = ['teacher'];

const taskButtons = (roles: readonly RoleCode[]): ButtonSeed[] => [
  button('task.add', '新建任务', 'New task', roles),
  button('task.edit', '编辑任务', 'Edit task', roles),
  button('task.delete', '删除任务', 'Delete task', roles),
  button('task.score', '评分', 'Score', roles),
  button('task.archive', '归档', 'Archive', roles),
];

/** The pages under a task list: add, detail, review and edit, at `base`/… (since version 5). */
const taskPages = (indexes: readonly string[], base: string, sort: number) =>
  (
    [
      ['新建任务', 'New task', 'add', 'TaskEdit'],
      ['任务详情', 'Task detail', 'detail', 'TaskDetail'],
      ['学生任务评阅', 'Student task review', 'review', 'TaskReview'],
      ['编辑任务', 'Edit task', 'edit', 'TaskEdit'],
    ] as const
  ).map(([name, nameEn, path, component], i) => ({
    ...hiddenPage(indexes[i]!, name, nameEn, `${base}/${path}`, component, base, sort + i),
    since: 5,
  }));

/** Teachers' dashboard and teaching tasks, under the teaching centre (since version 5). */
export const teachingMenus: MenuChildSeed[] = [
  {
    index: '9-11',
    name: '教学看板',
    nameEn: 'Dashboard',
    url: 'path:teaching/dashboard,component:TeachingDashboard',
    sort: 0,
    icon: 'DashboardOutlined',
    since: 5,
  },
  {
    index: '9-6',
    name: '教学任务',
    nameEn: 'Teaching tasks',
    url: 'path:teaching/tasks,component:TaskList',
    sort: 6,
    icon: 'ScheduleOutlined',
    since: 5,
    buttons: taskButtons(teachers),
  },
  ...taskPages(['9-7', '9-8', '9-9', '9-10'], 'teaching/tasks', 7),
];

/** The school administrators' teaching tasks, under school management (since version 5). */
export const schoolTaskMenus: MenuChildSeed[] = [
  {
    index: '6-15',
    name: '教学任务',
    nameEn: 'Teaching tasks',
    url: 'path:school/tasks,component:TaskList',
    sort: 15,
    icon: 'ScheduleOutlined',
    since: 5,
    roles: managers,
    buttons: taskButtons(managers),
  },
  ...taskPages(['6-16', '6-17', '6-18', '6-19'], 'school/tasks', 16).map((page) => ({
    ...page,
    roles: managers,
  })),
];

/** The students' tasks and reports, on full-screen pages for doing a task (since version 5). */
export const studentTaskMenus: MenuSeed[] = [
  {
    index: '11',
    name: '我的任务',
    nameEn: 'My tasks',
    url: 'task',
    sort: 6,
    icon: 'ScheduleOutlined',
    since: 5,
    roles: ['student'],
    children: [
      {
        index: '11-1',
        name: '任务列表',
        nameEn: 'Tasks',
        url: 'path:task/list,component:MyTasks',
        sort: 1,
        icon: 'UnorderedListOutlined',
      },
      {
        index: '11-2',
        name: '我的报告',
        nameEn: 'My reports',
        url: 'path:report/list,component:MyReports',
        sort: 2,
        icon: 'FileTextOutlined',
      },
      hiddenPage('11-3', '任务信息', 'Task info', 'task/info', 'TaskInfo', 'task/list', 3),
      hiddenPage('11-4', '做任务', 'Task', 'task/do/task', 'TaskDo', 'task/list', 4),
      hiddenPage('11-5', '考试', 'Exam', 'task/do/exam', 'TaskDo', 'task/list', 5),
      hiddenPage(
        '11-6',
        '报告详情',
        'Report info',
        'report/reportInfo',
        'ReportInfo',
        'report/list',
        6,
      ),
    ],
  },
];
