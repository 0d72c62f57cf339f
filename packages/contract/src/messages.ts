/**
 * Every message the server can answer with, in both languages, keyed by the stable `errorKey`.
 * The web app translates by the same keys. `{{name}}` is replaced by a parameter.
 */
import { accountMessages } from './accounts.messages';
import { collegeMessages } from './colleges.messages';
import { customerMessages } from './customers.messages';
import { importMessages } from './imports.messages';
import { menuAdminMessages } from './permissions.messages';
import { orgMessages } from './org.messages';

const coreMessages = {
  'common.ok': { zh: '操作成功', en: 'Success' },
  'common.invalid_input': {
    zh: '输入有误，请检查后重试',
    en: 'Invalid input, please check and retry',
  },
  'common.invalid_characters': {
    zh: '输入包含无法保存的字符（空字符或不完整的 Unicode 字符）',
    en: 'The input contains characters that cannot be stored (a NUL or an incomplete Unicode character)',
  },
  'common.bad_url': { zh: '请求地址格式不正确', en: 'The request address is malformed' },
  'common.request_too_large': {
    zh: '请求地址或请求头过长',
    en: 'The request address or headers are too long',
  },
  'common.invalid_upload': {
    zh: '上传的内容不完整或格式不正确，请选择一个文件重新上传',
    en: 'The upload is incomplete or malformed; choose one file and upload it again',
  },
  'common.not_found': { zh: '请求的内容不存在', en: 'The requested item does not exist' },
  'common.route_not_found': { zh: '接口不存在', en: 'No such API' },
  'common.forbidden': { zh: '暂无权限', en: 'Permission denied' },
  'common.server_error': { zh: '服务器错误', en: 'Server error' },
  'common.unknown_error': { zh: '未知错误！', en: 'Unknown error!' },
  'common.too_many_requests': {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try later',
  },
  'common.payload_too_large': { zh: '请求内容过大', en: 'Request is too large' },
  'common.unsupported_media_type': { zh: '不支持的请求格式', en: 'Unsupported request format' },
  'common.timeout': { zh: '请求超时，请稍后再试', en: 'Request timed out, please try later' },
  'common.network_error': {
    zh: '网络异常，请检查网络连接',
    en: 'Network error, please check your connection',
  },
  'common.shutting_down': {
    zh: '服务正在重启，请稍后再试',
    en: 'The service is restarting, please try later',
  },
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
  'schools.not_found': { zh: '学校不存在', en: 'School not found' },
  'menus.unknown_app': { zh: '应用不存在', en: 'Unknown application' },
  'envs.not_found': { zh: '实验环境不存在', en: 'Environment not found' },
  'envs.copy_suffix': { zh: '（副本）', en: ' (copy)' },
  'envs.code_taken': { zh: '环境编码已存在', en: 'This environment code is already used' },
  'envs.in_use': {
    zh: '该环境有正在运行的实验，请先停止',
    en: 'This environment has running labs; stop them first',
  },
  'envs.parts_required': {
    zh: '组合环境至少需要两个组成环境',
    en: 'A combination environment needs at least two parts',
  },
  'envs.part_invalid': {
    zh: '组成环境不存在或本身是组合环境',
    en: 'A part does not exist or is itself a combination',
  },
  'envs.not_available': { zh: '该实验环境未启用', en: 'This environment is not enabled' },
  'scripts.not_found': { zh: '实验脚本不存在', en: 'Script not found' },
  'labs.busy': {
    zh: '实验环境启动繁忙，5 秒后自动重试',
    en: 'Many labs are starting; retrying in 5 s',
  },
  'labs.restart_limit': {
    zh: '今日启动次数已达上限（{{limit}} 次）',
    en: 'Start limit reached for today ({{limit}} starts)',
  },
  'labs.unsupported_kind': {
    zh: '当前主机无法运行此类实验环境（{{kind}}），它需要容器镜像或虚拟化，请联系管理员',
    en: 'This host cannot run this kind of lab ({{kind}}): it needs container images or a hypervisor. Please contact your administrator',
  },
  'labs.host_missing': {
    zh: '当前主机缺少运行此实验所需的组件：{{what}}',
    en: 'This host lacks what this lab needs: {{what}}',
  },
  'labs.start_failed': {
    zh: '环境启动异常：{{reason}}',
    en: 'Environment start exception: {{reason}}',
  },
  'labs.terminal_timeout': {
    zh: '终端启动超时，请等待或联系管理员',
    en: 'Terminal startup timeout, wait or contact administrator',
  },
  'labs.not_found': { zh: '实验容器不存在或已停止', en: 'The lab does not exist or has stopped' },
  'labs.not_running': { zh: '实验环境未运行', en: 'The lab is not running' },
  'labs.preparing': {
    zh: '环境准备中、启动中或重置中，请稍候',
    en: 'Environment preparing, starting or resetting, please wait',
  },
  'labs.path_outside': {
    zh: '路径不在实验环境的主目录内',
    en: 'The path is outside the lab home',
  },
  'labs.file_not_found': { zh: '文件不存在', en: 'File not found' },
  'labs.file_too_large': {
    zh: '文件过大，最大 {{max}} MB',
    en: 'The file is too large; the maximum is {{max}} MB',
  },
  'labs.reset_done': { zh: '环境已重置', en: 'The environment has been reset' },
  'labs.resources_above_max': {
    zh: '申请的资源超出该环境允许的上限（CPU {{cpuCore}} 核、内存 {{memorySize}} GB、磁盘 {{diskSize}} GB、GPU {{gpuCount}} 个）',
    en: 'The requested resources exceed what this environment allows (CPU {{cpuCore}} cores, memory {{memorySize}} GB, disk {{diskSize}} GB, GPU {{gpuCount}})',
  },
  'envs.max_below_value': {
    zh: '允许申请的上限不能小于环境本身的配置',
    en: 'A request maximum cannot be below the environment’s own value',
  },
  'labs.note_cpu': {
    zh: '此主机不限制 CPU（没有可写的 cgroup），所选 CPU 核数仅供参考',
    en: 'CPU is not limited on this host (no writable cgroups); the chosen cores are advisory',
  },
  'labs.note_memory': {
    zh: '此主机不限制内存（没有可写的 cgroup），所选内存仅供参考',
    en: 'Memory is not limited on this host (no writable cgroups); the chosen size is advisory',
  },
  'labs.note_disk': {
    zh: '此主机不限制实验目录的磁盘用量，所选磁盘大小仅供参考；每次上传最大 50 MB',
    en: 'Disk use of the lab home is not capped on this host; the chosen disk size is advisory and each upload is limited to 50 MB',
  },
  'labs.note_syscalls': {
    zh: '此主机未给实验加系统调用过滤，实验内仍可创建用户命名空间',
    en: 'Labs on this host run without the system call filter and may create user namespaces',
  },
  'labs.disk_full': {
    zh: '实验磁盘空间已满，请删除一些文件后重试',
    en: 'The lab disk is full; delete some files and try again',
  },
  'labs.upload_aborted': {
    zh: '上传未完成，文件未保存',
    en: 'The upload did not complete; the file was not saved',
  },
  'labs.note_uid': {
    zh: '此主机上的实验与服务共用同一用户，仅靠沙箱彼此隔离',
    en: "Labs run as the server's own user on this host and are kept apart by their sandboxes only",
  },
  'labs.note_gpu': {
    zh: '此主机没有 GPU，GPU 数量和显存仅供参考',
    en: 'This host has no GPU; GPU count and memory are advisory',
  },
  'labs.ticket_invalid': {
    zh: '访问链接无效或已过期，请从平台重新打开实验',
    en: 'This link is invalid or has expired; open the lab again from the platform',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

export const messages = {
  ...coreMessages,
  ...collegeMessages,
  ...customerMessages,
  ...orgMessages,
  ...accountMessages,
  ...menuAdminMessages,
  ...importMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** Field-level error codes: the value in `fields` of an error envelope. */
export const fieldErrorCodes = [
  'required',
  'too_short',
  'too_long',
  'invalid_format',
  'invalid_value',
  'mismatch',
  'same_as_old',
  'wrong',
  'above_limit',
  'invalid_characters',
  'too_common',
  'same_as_name',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export const fieldErrorMessages: Record<FieldErrorCode, { zh: string; en: string }> = {
  required: { zh: '此项为必填项', en: 'This field is required' },
  too_short: { zh: '长度过短', en: 'Too short' },
  too_long: { zh: '长度过长', en: 'Too long' },
  invalid_format: { zh: '格式不正确', en: 'Invalid format' },
  invalid_value: { zh: '取值无效', en: 'Invalid value' },
  above_limit: { zh: '超出允许的上限', en: 'Above the allowed maximum' },
  mismatch: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  same_as_old: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  wrong: { zh: '原密码错误', en: 'The old password is incorrect' },
  invalid_characters: { zh: '包含无法保存的字符', en: 'Contains characters that cannot be stored' },
  too_common: {
    zh: '密码过于常见，容易被猜中，请换一个',
    en: 'This password is too common and easy to guess; choose another',
  },
  same_as_name: {
    zh: '密码不能与用户名或姓名相同',
    en: 'The password must not be the user name or the name',
  },
};

export type Lang = 'zh' | 'en';

export function formatMessage(
  key: MessageKey,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  const template: string = messages[key][lang];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}
