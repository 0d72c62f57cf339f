export const userMessages = {
  'users.password_changed': {
    zh: '密码修改成功，请重新登录',
    en: 'Password changed successfully, please log in again',
  },
  'users.old_password_wrong': { zh: '原密码错误', en: 'The old password is incorrect' },
  'users.password_throttled': {
    zh: '原密码错误次数过多，请 {{seconds}} 秒后再试',
    en: 'Too many wrong old passwords, please try again in {{seconds}} s',
  },
  'users.password_too_common': {
    zh: '密码过于常见，容易被猜中，请换一个',
    en: 'This password is too common and easy to guess; choose another',
  },
  'users.password_personal': {
    zh: '密码不能与用户名或姓名相同',
    en: 'The password must not be the user name or the name',
  },
  'users.password_same': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  'users.not_self': { zh: '只能修改自己的密码', en: 'You can only change your own password' },
  'users.not_found': { zh: '用户不存在', en: 'User not found' },
  'users.region_invalid': {
    zh: '省份或城市无效：城市须属于所选省份',
    en: 'Invalid province or city: the city must belong to the chosen province',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
