export const collegeMessages = {
  'colleges.add_failed': { zh: '添加失败：{{reason}}', en: 'Failed to add: {{reason}}' },
  'colleges.update_failed': { zh: '更新失败：{{reason}}', en: 'Update failed: {{reason}}' },
  'colleges.url_taken': {
    zh: '该学校地址前缀已被使用',
    en: 'This URL prefix is already used',
  },
  'colleges.province_unknown': { zh: '省份不存在', en: 'No such province' },
  'colleges.city_unknown': {
    zh: '城市不存在或不属于所选省份',
    en: 'No such city in the chosen province',
  },
  'colleges.type_unknown': { zh: '学校类型不存在', en: 'No such school type' },
  'colleges.below_students': {
    zh: '学生账号上限不能小于当前学生数（{{count}}）',
    en: 'The student account limit cannot be below the current number of students ({{count}})',
  },
  'colleges.phone_taken': {
    zh: '该手机号已被注册',
    en: 'This phone number is already registered',
  },
  'colleges.import_missing_columns': {
    zh: '导入文件缺少必需的列：{{columns}}',
    en: 'The import file lacks required columns: {{columns}}',
  },
  'colleges.import_empty': { zh: '导入文件中没有数据', en: 'The import file has no rows' },
  'colleges.import_template_file': { zh: '学校导入模板', en: 'college-import-template' },
} as const satisfies Record<string, { zh: string; en: string }>;
