/** Texts of a school's own profile (management spec §2). */
export const schoolsZh = {
  titles: {
    profile: '学校信息',
    editProfile: '编辑学校信息',
    balances: '余额与用量',
    counts: '账号与班级',
  },
  fields: {
    name: '学校名称',
    url: '访问前缀',
    type: '学校类型',
    region: '所在地区',
    status: '状态',
    intro: '学校简介',
    address: '学校地址',
    totalBalance: '总余额',
    rechargeBalance: '充值余额',
    giftBalance: '赠送余额',
    tokenCount: 'Token 数',
    pptCount: 'PPT 调用次数',
    maxStudents: '最大学生账号数',
    purchasedCourseCount: '已购课程数',
    accountCount: '账号数',
    studentCount: '学生数',
    teacherCount: '教师数',
    classCount: '班级数（未归档）',
  },
  placeholders: {
    intro: '3 到 244 个字符',
    address: '3 到 50 个字符',
  },
  rules: {
    intro: '学校简介为 3 到 244 个字符',
    address: '学校地址为 3 到 50 个字符',
    noEdgeSpaces: '首尾不能有空格',
  },
  values: {
    enabled: '启用',
    disabled: '停用',
    none: '—',
    yuan: '{{amount}} 元',
  },
  actions: {
    edit: '编辑',
    save: '保存',
    cancel: '取消',
  },
  done: {
    saved: '保存成功',
  },
};

export const schoolsEn: typeof schoolsZh = {
  titles: {
    profile: 'School profile',
    editProfile: 'Edit school profile',
    balances: 'Balances and usage',
    counts: 'Accounts and classes',
  },
  fields: {
    name: 'School name',
    url: 'URL prefix',
    type: 'School type',
    region: 'Region',
    status: 'Status',
    intro: 'Introduction',
    address: 'Address',
    totalBalance: 'Total balance',
    rechargeBalance: 'Recharge balance',
    giftBalance: 'Gift balance',
    tokenCount: 'Tokens',
    pptCount: 'Slides calls',
    maxStudents: 'Maximum student accounts',
    purchasedCourseCount: 'Purchased courses',
    accountCount: 'Accounts',
    studentCount: 'Students',
    teacherCount: 'Teachers',
    classCount: 'Classes (not archived)',
  },
  placeholders: {
    intro: '3 to 244 characters',
    address: '3 to 50 characters',
  },
  rules: {
    intro: 'The introduction must be 3 to 244 characters',
    address: 'The address must be 3 to 50 characters',
    noEdgeSpaces: 'No leading or trailing spaces',
  },
  values: {
    enabled: 'Enabled',
    disabled: 'Disabled',
    none: '—',
    yuan: '¥{{amount}}',
  },
  actions: {
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
  },
  done: {
    saved: 'Saved',
  },
};
