import type { RoleCode } from '@platform/contract';
import {
  button,
  hiddenPage,
  managers,
  type MenuChildSeed,
  type MenuSeed,
} from '../menus/menu-seed';

/** The school administrators' course list, under school management (since version 4). */
export const schoolCoursesMenus: MenuChildSeed[] = [
  {
    index: '6-10',
    name: '课程列表',
    nameEn: 'Course list',
    url: 'path:school/courses,component:CourseList',
    sort: 10,
    icon: 'ReadOutlined',
    since: 4,
    roles: managers,
    buttons: [
      button('course.add', '新建课程', 'New course', managers),
      button('course.edit', '编辑课程', 'Edit course', managers),
      button('course.delete', '删除课程', 'Delete course', managers),
      button('course.transfer', '转让课程', 'Transfer course', managers),
      button('course.resource', '课程资源', 'Course resources', managers),
    ],
  },
  ...(
    [
      ['6-11', '新建课程', 'New course', 'school/courses/add', 'CourseEdit'],
      ['6-12', '课程详情', 'Course detail', 'school/courses/detail', 'CourseDetail'],
      ['6-13', '课程配置', 'Course configuration', 'school/courses/config', 'CourseConfig'],
      ['6-14', '编辑课程', 'Edit course', 'school/courses/edit', 'CourseEdit'],
    ] as const
  ).map(([index, name, nameEn, path, component], i) => ({
    ...hiddenPage(index, name, nameEn, path, component, 'school/courses', 11 + i),
    since: 4,
    roles: managers,
  })),
];

/**
 * The buttons of the course centre go to the roles that see it: school administrators hold the
 * same keys through their course list.
 */
const teachers: RoleCode[] = ['teacher'];

/** Teachers' course centre and students' study centre. */
export const coursesMenus: MenuSeed[] = [
  {
    index: '9',
    name: '教学中心',
    nameEn: 'Teaching',
    url: 'teaching',
    sort: 25,
    icon: 'ReadOutlined',
    since: 4,
    roles: ['teacher'],
    children: [
      {
        index: '9-1',
        name: '课程中心',
        nameEn: 'Course centre',
        url: 'path:teaching/courses,component:CourseCentre',
        sort: 1,
        icon: 'BookOutlined',
        buttons: [
          button('course.add', '新建课程', 'New course', teachers),
          button('course.edit', '编辑课程', 'Edit course', teachers),
          button('course.resource', '课程资源', 'Course resources', teachers),
        ],
      },
      ...(
        [
          ['9-2', '课程详情', 'Course detail', 'teaching/courses/detail', 'CourseDetail'],
          ['9-3', '新建课程', 'New course', 'teaching/courses/add', 'CourseEdit'],
          ['9-4', '课程配置', 'Course configuration', 'teaching/courses/config', 'CourseConfig'],
          ['9-5', '编辑课程', 'Edit course', 'teaching/courses/edit', 'CourseEdit'],
        ] as const
      ).map(([index, name, nameEn, path, component], i) =>
        hiddenPage(index, name, nameEn, path, component, 'teaching/courses', 2 + i),
      ),
    ],
  },
  {
    index: '10',
    name: '学习中心',
    nameEn: 'Study',
    url: 'course',
    sort: 5,
    icon: 'BookOutlined',
    since: 4,
    roles: ['student'],
    children: [
      {
        index: '10-1',
        name: '课程大厅',
        nameEn: 'Course hall',
        url: 'path:course/index,component:CourseHall',
        sort: 1,
        icon: 'AppstoreOutlined',
        customFields: 'keepAlive:true',
      },
      {
        index: '10-2',
        name: '我的学习',
        nameEn: 'My study',
        url: 'path:course/my-study,component:MyStudy',
        sort: 2,
        icon: 'ScheduleOutlined',
      },
      {
        index: '10-3',
        name: '自主学习',
        nameEn: 'Self culture',
        url: 'path:course/self-culture,component:SelfCulture',
        sort: 3,
        icon: 'CompassOutlined',
      },
      hiddenPage('10-4', '课程信息', 'Course info', 'course/info', 'CourseInfo', 'course/index', 4),
      hiddenPage('10-5', '学习', 'Study', 'course/study', 'CourseStudy', 'course/index', 5),
    ],
  },
];
