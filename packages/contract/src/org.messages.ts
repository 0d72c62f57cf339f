/**
 * A school's own profile, its organization (departments and their majors) and its classes
 * (management spec §3 School and Class, §4 class gates, §5).
 */

export const orgMessages = {
  'schools.not_found': { zh: '学校不存在', en: 'School not found' },
  'org.add_failed': { zh: '添加失败', en: 'Failed to add' },
  'org.update_failed': { zh: '更新失败', en: 'Update failed' },
  'org.delete_failed': { zh: '删除失败', en: 'Delete failed' },
  'org.department_not_found': { zh: '院系不存在', en: 'Department not found' },
  'org.department_name_taken': {
    zh: '院系名称已存在',
    en: 'A department with this name already exists',
  },
  'org.department_has_majors': {
    zh: '删除失败，该院系下存在专业',
    en: 'Delete failed: this department still has majors',
  },
  'org.major_not_found': { zh: '专业不存在', en: 'Major not found' },
  'org.major_name_taken': {
    zh: '专业名称已存在',
    en: 'A major with this name already exists',
  },
  'org.major_in_use': {
    zh: '删除失败，该专业下存在班级',
    en: 'Delete failed: classes still use this major',
  },
  'classes.not_found': { zh: '班级不存在', en: 'Class not found' },
  'classes.name_taken': {
    zh: '班级名称已存在',
    en: 'A class with this name already exists',
  },
  'classes.has_students': {
    zh: '该班级下存在学生，无法删除',
    en: 'This class has students and cannot be deleted',
  },
  'classes.archived': {
    zh: '该班级已归档，不能再修改',
    en: 'This class is archived and can no longer be changed',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
