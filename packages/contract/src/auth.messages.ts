export const authMessages = {
  'auth.unauthorized': {
    zh: '登录已失效，请重新登录',
    en: 'Login is invalid, please log in again',
  },
  'auth.invalid_client': { zh: '客户端认证失败', en: 'Client authentication failed' },
  'auth.unauthorized_grant': {
    zh: '该客户端不允许此授权方式',
    en: 'This client may not use this grant type',
  },
  'auth.unsupported_grant_type': { zh: '不支持的授权方式', en: 'Unsupported grant type' },
  'auth.bad_credentials': { zh: '用户名或密码错误', en: 'Incorrect user name or password' },
  'auth.school_disabled': {
    zh: '所在学校已停用，请联系平台管理员',
    en: 'Your school has been disabled; please contact the platform administrator',
  },
  'auth.account_expired': {
    zh: '账号已过期：学校的服务时间已结束，请联系平台管理员',
    en: "Your account has expired: the school's service time has ended; please contact the platform administrator",
  },
  'auth.account_disabled': {
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled, please contact your administrator',
  },
  'auth.invalid_refresh_token': {
    zh: '登录已过期，请重新登录',
    en: 'Login has expired, please log in again',
  },
  'auth.throttled': {
    zh: '登录失败次数过多，请 {{seconds}} 秒后再试',
    en: 'Too many failed sign-ins, please try again in {{seconds}} s',
  },
  'auth.logged_out': { zh: '已退出登录', en: 'Signed out' },
  'auth.password_change_required': {
    zh: '请先修改密码：当前密码由他人设置',
    en: 'Change your password first: someone else set it',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
