/** Texts of a school's classes (management spec §2, §3). */
export const classesZh = {
  titles: {
    classes: '班级管理',
    addClass: '新增班级',
    editClass: '编辑班级：{{name}}',
    archiveClass: '归档班级：{{name}}',
  },
  fields: {
    className: '班级名称',
    grade: '年级',
    majors: '适用专业',
    students: '学生数',
    classStatus: '状态',
    createdAt: '创建时间',
    actions: '操作',
    confirmWord: '确认词',
  },
  placeholders: {
    className: '2 到 30 个字符',
    grade: '入学年份，如 2024',
    majors: '请选择至少一个专业',
    searchName: '搜索班级名称',
    filterGrade: '年级',
    allMajors: '全部专业',
    confirmWord: '请输入 {{word}}',
  },
  hints: {
    grade: '四位数的入学年份',
  },
  rules: {
    orgName: '名称为 2 到 30 个字符',
    noEdgeSpaces: '首尾不能有空格',
    grade: '请输入四位数的入学年份，如 2024',
    majors: '请选择至少一个适用专业',
  },
  values: {
    inUse: '使用中',
    archived: '已归档',
    total: '共 {{total}} 条',
  },
  filters: {
    inUse: '使用中的班级',
    archived: '已归档的班级',
  },
  actions: {
    edit: '编辑',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    archive: '归档',
    addClass: '新增班级',
    ok: '确定',
  },
  confirm: {
    deleteClass: '确定删除班级“{{name}}”吗？',
    archiveWarning:
      '归档后该班级不能再修改，班级下所有学生的实训数据将被清除且无法恢复。学生账号仍保留在该班级中。',
    archiveType: '请输入 {{word}} 以确认归档：',
  },
  done: {
    added: '添加成功',
    updated: '更新成功',
    deleted: '删除成功',
    archived: '班级已归档',
  },
};

export const classesEn: typeof classesZh = {
  titles: {
    classes: 'Classes',
    addClass: 'Add class',
    editClass: 'Edit class: {{name}}',
    archiveClass: 'Archive class: {{name}}',
  },
  fields: {
    className: 'Class name',
    grade: 'Grade',
    majors: 'Suitable majors',
    students: 'Students',
    classStatus: 'Status',
    createdAt: 'Created',
    actions: 'Actions',
    confirmWord: 'Confirmation word',
  },
  placeholders: {
    className: '2 to 30 characters',
    grade: 'Year of entry, e.g. 2024',
    majors: 'Select at least one major',
    searchName: 'Search class name',
    filterGrade: 'Grade',
    allMajors: 'All majors',
    confirmWord: 'Type {{word}}',
  },
  hints: {
    grade: 'The four-digit year of entry',
  },
  rules: {
    orgName: 'The name must be 2 to 30 characters',
    noEdgeSpaces: 'No leading or trailing spaces',
    grade: 'Enter the four-digit year of entry, e.g. 2024',
    majors: 'Select at least one suitable major',
  },
  values: {
    inUse: 'In use',
    archived: 'Archived',
    total: '{{total}} in total',
  },
  filters: {
    inUse: 'Classes in use',
    archived: 'Archived classes',
  },
  actions: {
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    archive: 'Archive',
    addClass: 'Add class',
    ok: 'OK',
  },
  confirm: {
    deleteClass: 'Delete the class "{{name}}"?',
    archiveWarning:
      'An archived class can no longer be changed, and the training data of all its students is cleared for good. The student accounts stay in the class.',
    archiveType: 'Type {{word}} to confirm archiving:',
  },
  done: {
    added: 'Added',
    updated: 'Updated',
    deleted: 'Deleted',
    archived: 'The class has been archived',
  },
};
