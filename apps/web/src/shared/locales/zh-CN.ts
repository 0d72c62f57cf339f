/**
 * Simplified Chinese texts of the app shell: sign-in, home, layout, errors and what every screen
 * shares. Each feature of the signed-in area keeps its own texts (`features/<name>/locales.ts`,
 * gathered in `features/index.ts`). The English file must have exactly the same keys (checked by
 * types and a test).
 */
export const zhCN = {
  app: {
    name: '实训教学平台',
    loading: '加载中…',
    retry: '重试',
    close: '关闭',
    loadFailed: '加载失败',
    empty: '暂无数据',
    noPermission: '暂无权限',
    backHome: '返回首页',
    logo: '平台标识',
  },
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  browser: {
    warning: '请使用谷歌或者火狐浏览器',
  },
  login: {
    title: '账号登录',
    welcome: '欢迎使用实训教学平台',
    intro: '物联网、人工智能、工业互联网与大数据的动手实验课程',
    userName: '用户名',
    userNamePlaceholder: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    submit: '登录',
    submitting: '登录中…',
  },
  home: {
    nav: '网站导航',
    home: '首页',
    signIn: '登录',
    experimentCentre: '实验中心',
    heroTitle: '在真实环境中学习物联网与人工智能',
    heroText: '课程、教学任务与实验环境集于一处：学生动手实践，教师布置与批阅，学校统一管理。',
    start: '开始学习',
    features: '平台特色',
    featureLabs: '在线实验环境',
    featureLabsText: '终端、Jupyter、物联网仿真与 MQTT 实验，打开浏览器即可使用。',
    featureCourses: '体系化课程',
    featureCoursesText: '覆盖物联网、人工智能、工业互联网与大数据的实践课程。',
    featureTeaching: '教学管理',
    featureTeachingText: '教学任务、实验报告、班级与学生管理，一站完成。',
    footer: '实训教学平台',
  },
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移除。',
  },
  unavailable: {
    title: '页面暂未开放',
    description: '该功能正在建设中，敬请期待。',
  },
  layout: {
    home: '首页',
    mainMenu: '主菜单',
    sideMenu: '侧边菜单',
    more: '更多',
    collapseMenu: '收起菜单',
    expandMenu: '展开菜单',
    aiHelper: 'AI 助手',
    aiHelperPanel: 'AI 助手面板',
    aiLoading: 'AI 助手加载中…',
    closeAiHelper: '关闭 AI 助手',
    userMenu: '用户菜单',
    userCenter: '用户中心',
    changePassword: '修改密码',
    logout: '退出登录',
    loggingOut: '正在退出…',
    opensInNewWindow: '（在新窗口打开）',
    noMenus: '您的账号暂未分配任何菜单，请联系管理员。',
  },
  password: {
    title: '修改密码',
    oldPwd: '原密码',
    newPwd: '新密码',
    repeatPwd: '确认新密码',
    oldPwdPlaceholder: '请输入原密码',
    newPwdPlaceholder: '请输入新密码',
    repeatPwdPlaceholder: '请再次输入新密码',
    rule: '6 到 20 位，只能包含字母、数字、下划线和 #',
    submit: '确定',
    cancel: '取消',
    mustChange: '您的密码由他人设置，首次登录请先修改为只有您知道的密码，改后重新登录。',
  },
  roles: {
    student: '学生',
    teacher: '教师',
    'school-manager': '学校管理员',
    'aiot-product-manager': '产品经理',
    'case-developer': '案例开发者',
    operator: '运营人员',
    admin: '平台管理员',
  },
  announcement: {
    defaultTitle: '系统公告',
    close: '我知道了',
  },
} as const;

/** The type of a locale's English side: the same keys, any text. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale must have. */
export type Translation = Widen<typeof zhCN>;
