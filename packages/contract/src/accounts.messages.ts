export const accountMessages = {
  'teachers.not_found': { zh: '教师不存在', en: 'Teacher not found' },
  'teachers.phone_taken': {
    zh: '该手机号已被其他账号用作登录名',
    en: 'This phone number is already the login of another account',
  },
  'teachers.has_tasks': {
    zh: '该教师有未归档的教学任务，无法删除',
    en: 'This teacher holds teaching tasks that are not archived and cannot be deleted',
  },
  'teachers.self_disable': {
    zh: '不能停用自己的账号',
    en: 'You cannot disable your own account',
  },
  'teachers.self_delete': { zh: '不能删除自己的账号', en: 'You cannot delete your own account' },
  'teachers.self_role': {
    zh: '不能取消自己的学校管理员角色',
    en: 'You cannot take away your own school administrator role',
  },
  'students.not_found': { zh: '学生不存在', en: 'Student not found' },
  'students.class_not_found': { zh: '班级不存在', en: 'Class not found' },
  'students.class_archived': {
    zh: '该班级已归档，请选择其他班级',
    en: 'This class is archived; choose another class',
  },
  'students.stu_no_exists': {
    zh: '本校已有该学号的学生',
    en: 'A student of this school already has this student number',
  },
  'students.stu_no_taken': { zh: '该学号已被占用', en: 'This student number is already taken' },
  'students.school_full': {
    zh: '学生账号数已达学校上限（{{max}} 个），无法新增',
    en: 'The school has reached its limit of {{max}} student accounts; no more can be added',
  },
  'students.batch_over_limit': {
    zh: '新建 {{count}} 个账号将超过学校的学生账号上限（上限 {{max}} 个，已有 {{current}} 个）',
    en: 'Creating {{count}} accounts would exceed the school limit of {{max}} student accounts ({{current}} exist)',
  },
  'students.batch_taken': {
    zh: '以下 {{count}} 个学号已被占用：{{numbers}}',
    en: 'These {{count}} student numbers are already taken: {{numbers}}',
  },
  'students.password_reset': { zh: '密码已重置', en: 'The password has been reset' },
} as const satisfies Record<string, { zh: string; en: string }>;
