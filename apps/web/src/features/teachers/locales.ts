/** Texts of the teacher management screen (management spec §2 teacher management). */
export const teachersZh = {
  title: '教师管理',
  fields: {
    name: '姓名',
    sex: '性别',
    role: '角色',
    phone: '手机号',
    username: '登录账号',
    password: '密码',
    status: '状态',
    enabled: '启用',
    createdAt: '创建时间',
    actions: '操作',
  },
  placeholders: {
    name: '按姓名搜索',
    phone: '按手机号搜索',
    allRoles: '全部角色',
    select: '请选择',
    nameInput: '2 到 30 个字',
    phoneInput: '11 位手机号，用作登录账号',
  },
  hints: {
    passwordAdd: '不填则使用默认密码',
    passwordEdit: '不填则不修改密码；修改后该教师需重新登录',
    phoneLogin: '新教师以手机号登录；登录账号为原手机号时随手机号一起修改',
  },
  actions: {
    add: '新增教师',
    edit: '编辑',
    delete: '删除',
    save: '保存',
    cancel: '取消',
  },
  dialog: {
    add: '新增教师',
    edit: '编辑教师：{{name}}',
    deleteTitle: '删除教师',
    deleteConfirm: '确定删除教师「{{name}}」吗？删除后该账号无法登录。',
  },
  done: {
    added: '教师已添加',
    saved: '教师信息已保存',
    deleted: '教师已删除',
  },
};

export const teachersEn: typeof teachersZh = {
  title: 'Teachers',
  fields: {
    name: 'Name',
    sex: 'Gender',
    role: 'Role',
    phone: 'Phone',
    username: 'Login',
    password: 'Password',
    status: 'Status',
    enabled: 'Enabled',
    createdAt: 'Created',
    actions: 'Actions',
  },
  placeholders: {
    name: 'Search by name',
    phone: 'Search by phone',
    allRoles: 'All roles',
    select: 'Please select',
    nameInput: '2 to 30 characters',
    phoneInput: 'Mobile number, used as the login',
  },
  hints: {
    passwordAdd: 'Leave blank for the default password',
    passwordEdit: 'Leave blank to keep it; a new one signs the teacher out',
    phoneLogin:
      'A new teacher signs in with the phone number; a login that is the old number follows the change',
  },
  actions: {
    add: 'Add teacher',
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save',
    cancel: 'Cancel',
  },
  dialog: {
    add: 'Add teacher',
    edit: 'Edit teacher: {{name}}',
    deleteTitle: 'Delete teacher',
    deleteConfirm: 'Delete the teacher "{{name}}"? The account can no longer sign in.',
  },
  done: {
    added: 'Teacher added',
    saved: 'Teacher saved',
    deleted: 'Teacher deleted',
  },
};
