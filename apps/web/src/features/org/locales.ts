/** Texts of a school's organization: departments and majors (management spec §2, §3). */
export const orgZh = {
  titles: {
    org: '组织管理',
    addDepartment: '新增院系',
    editDepartment: '编辑院系：{{name}}',
    addMajor: '新增专业',
    editMajor: '编辑专业：{{name}}',
  },
  fields: {
    departmentName: '院系名称',
    majorName: '专业名称',
    department: '所属院系',
    sort: '排序',
  },
  placeholders: {
    departmentName: '2 到 30 个字符',
    majorName: '2 到 30 个字符',
    department: '请选择院系',
  },
  hints: {
    sort: '数字越小越靠前',
  },
  rules: {
    orgName: '名称为 2 到 30 个字符',
    noEdgeSpaces: '首尾不能有空格',
    department: '请选择院系',
  },
  values: {
    archived: '已归档',
    studentsOf: '{{count}} 名学生',
    classWithGrade: '{{name}}（{{grade}} 级）',
  },
  filters: {
    showArchived: '显示已归档班级',
  },
  actions: {
    edit: '编辑',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    addDepartment: '新增院系',
    addMajor: '新增专业',
    ok: '确定',
  },
  confirm: {
    deleteDepartment: '确定删除院系“{{name}}”吗？',
    deleteMajor: '确定删除专业“{{name}}”吗？',
  },
  done: {
    added: '添加成功',
    updated: '更新成功',
    deleted: '删除成功',
  },
};

export const orgEn: typeof orgZh = {
  titles: {
    org: 'Organization',
    addDepartment: 'Add department',
    editDepartment: 'Edit department: {{name}}',
    addMajor: 'Add major',
    editMajor: 'Edit major: {{name}}',
  },
  fields: {
    departmentName: 'Department name',
    majorName: 'Major name',
    department: 'Department',
    sort: 'Sort order',
  },
  placeholders: {
    departmentName: '2 to 30 characters',
    majorName: '2 to 30 characters',
    department: 'Select a department',
  },
  hints: {
    sort: 'Smaller numbers come first',
  },
  rules: {
    orgName: 'The name must be 2 to 30 characters',
    noEdgeSpaces: 'No leading or trailing spaces',
    department: 'Select a department',
  },
  values: {
    archived: 'Archived',
    studentsOf: '{{count}} students',
    classWithGrade: '{{name}} ({{grade}})',
  },
  filters: {
    showArchived: 'Show archived classes',
  },
  actions: {
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    addDepartment: 'Add department',
    addMajor: 'Add major',
    ok: 'OK',
  },
  confirm: {
    deleteDepartment: 'Delete the department "{{name}}"?',
    deleteMajor: 'Delete the major "{{name}}"?',
  },
  done: {
    added: 'Added',
    updated: 'Updated',
    deleted: 'Deleted',
  },
};
