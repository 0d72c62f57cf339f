export const importMessages = {
  'imports.file_required': { zh: '请选择要导入的文件', en: 'Choose a file to import' },
  'imports.only_excel': { zh: '仅支持 Excel 文件', en: 'Only Excel files allowed' },
  'imports.bad_format': { zh: '文件格式不正确', en: 'Incorrect file format' },
  'imports.xls_binary': {
    zh: '不支持旧版 Excel 97-2003（.xls）或加密的工作簿，请在 Excel 中另存为 .xlsx 后再导入',
    en: 'Old Excel 97-2003 (.xls) and encrypted workbooks are not supported; save the file as .xlsx in Excel and import that',
  },
  'imports.too_large': {
    zh: '文件过大，最大 {{max}} MB',
    en: 'The file is too large; the maximum is {{max}} MB',
  },
  'imports.unsafe_file': {
    zh: '文件解压后内容过大或结构异常，已拒绝',
    en: 'The file unpacks to too much data or is malformed, so it was refused',
  },
  'imports.too_many_rows': {
    zh: '数据行数超过上限（{{max}} 行），请拆分后分批导入',
    en: 'The file has more than {{max}} data rows; split it and import the parts',
  },
  'imports.empty': { zh: '文件中没有数据', en: 'The file has no data rows' },
  'imports.bad_header': {
    zh: '表头与导入模板不一致，请下载模板后填写',
    en: 'The header row does not match the import template; download the template and fill it in',
  },
  'imports.job_not_found': { zh: '导入任务不存在', en: 'Import job not found' },
  'imports.busy': {
    zh: '正在处理的导入任务较多，请稍后再试',
    en: 'Many imports are being processed; please try again later',
  },
  'imports.interrupted': {
    zh: '导入因服务重启而中断，已导入的学生已保存，请核对后导入其余数据',
    en: 'The import was interrupted by a server restart; students already imported are kept, check them and import the rest',
  },
  'imports.required': { zh: '此项为必填项', en: 'This field is required' },
  'imports.name_invalid': {
    zh: '姓名长度应为 2 到 30 个字符',
    en: 'The name must be 2 to 30 characters',
  },
  'imports.stu_no_invalid': {
    zh: '学号应为 3 到 30 位字母、数字、下划线或连字符',
    en: 'The student number must be 3 to 30 letters, digits, _ or -',
  },
  'imports.gender_invalid': {
    zh: '性别应填写“男”或“女”',
    en: 'Gender must be 男 or 女 (male or female)',
  },
  'imports.phone_invalid': { zh: '手机号格式不正确', en: 'Invalid mobile phone number' },
  'imports.password_invalid': {
    zh: '密码应为 6 到 20 位字母、数字、下划线或 #',
    en: 'The password must be 6 to 20 letters, digits, _ or #',
  },
  'imports.password_too_common': {
    zh: '密码过于常见，容易被猜中',
    en: 'The password is too common and easy to guess',
  },
  'imports.password_personal': {
    zh: '密码不能与学号或姓名相同',
    en: 'The password must not be the student number or the name',
  },
  'imports.class_not_found': {
    zh: '本校没有该班级（或已归档）',
    en: 'Your school has no such class (or it is archived)',
  },
  'imports.class_ambiguous': {
    zh: '本校有多个同名班级，无法确定是哪一个',
    en: 'Several classes of your school have this name',
  },
  'imports.stu_no_repeated': {
    zh: '学号在文件中重复出现',
    en: 'This student number appears more than once in the file',
  },
  'imports.stu_no_exists': {
    zh: '本校已有该学号的学生',
    en: 'A student of this school already has this student number',
  },
  'imports.username_taken': {
    zh: '该学号已被其他账号用作登录名',
    en: 'This student number is already the login of another account',
  },
  'imports.max_students': {
    zh: '超出学校的学生账号上限',
    en: 'Beyond the school’s limit of student accounts',
  },
  'imports.template_file': { zh: '学生导入模板', en: 'student-import-template' },
  'imports.report_file': { zh: '导入错误报告', en: 'import-errors' },
  'imports.export_file': { zh: '学生名单', en: 'students' },
} as const satisfies Record<string, { zh: string; en: string }>;
