export const commonMessages = {
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
} as const satisfies Record<string, { zh: string; en: string }>;
