import type { DeviceType, LabPageInfo } from '@platform/contract';

/**
 * The texts of the pages a lab serves on its own origin. These pages do not load the main app's
 * i18next bundle; one small dictionary per language is enough. `{name}` marks a value.
 */
const enUS = {
  'page.loading': 'Loading the lab…',
  'page.terminalTitle': '{name} · Terminal',
  'page.panelTitle': '{name} · Device simulation',
  'status.connecting': 'Connecting…',
  'status.connected': 'Connected',
  'status.reconnecting': 'Reconnecting…',
  'status.disconnected': 'Disconnected',
  'badge.readOnly': 'Read-only',
  'notice.network': 'Network exception, disconnected. Reconnecting…',
  'notice.startupTimeout': 'Terminal startup timeout, wait or contact administrator',
  'action.reconnectNow': 'Reconnect now',
  'action.retry': 'Retry',
  'error.forbiddenTitle': 'No access to this lab',
  'error.forbidden':
    'Your access to this lab is missing or has expired. Open the lab again from the platform.',
  'error.goneTitle': 'The lab has stopped',
  'error.gone': 'Start the lab again from the platform.',
  'error.loadTitle': 'The lab could not be loaded',
  'error.load': 'Check your network connection and try again.',
  'panel.topicPrefix': 'MQTT topic prefix',
  'panel.subscribeHint': 'To watch every message of this lab, run in the lab terminal:',
  'panel.waiting': 'Waiting for the devices…',
  'panel.empty': 'This lab has no simulated devices.',
  'panel.noData': 'No data yet',
  'panel.updatedAt': 'Updated {time}',
  'panel.trend': 'Last {count} values',
  'panel.on': 'On',
  'panel.off': 'Off',
  'panel.unknown': 'Unknown',
  'panel.topic': 'Topic',
  'device.temperature': 'Temperature',
  'device.humidity': 'Humidity',
  'device.light': 'Light',
  'device.smoke': 'Smoke',
  'device.co2': 'CO₂',
  'device.pressure': 'Pressure',
  'device.relay': 'Relay',
  'device.fan': 'Fan',
  'device.lamp': 'Lamp',
  'device.buzzer': 'Buzzer',
};

export type LabTextKey = keyof typeof enUS;

/** The text key of a device type's name; fails to compile when a type has no name. */
export function deviceTypeKey(type: DeviceType): LabTextKey {
  return `device.${type}`;
}

const zhCN: Record<LabTextKey, string> = {
  'page.loading': '正在加载实验…',
  'page.terminalTitle': '{name} · 终端',
  'page.panelTitle': '{name} · 设备仿真',
  'status.connecting': '正在连接…',
  'status.connected': '已连接',
  'status.reconnecting': '正在重连…',
  'status.disconnected': '已断开',
  'badge.readOnly': '只读',
  'notice.network': '网络异常，连接已断开，正在重连…',
  'notice.startupTimeout': '终端启动超时，请稍候或联系管理员',
  'action.reconnectNow': '立即重连',
  'action.retry': '重试',
  'error.forbiddenTitle': '无权访问该实验',
  'error.forbidden': '访问凭证缺失或已过期，请从平台重新打开实验。',
  'error.goneTitle': '实验已停止',
  'error.gone': '请回到平台重新启动实验。',
  'error.loadTitle': '实验加载失败',
  'error.load': '请检查网络连接后重试。',
  'panel.topicPrefix': 'MQTT 主题前缀',
  'panel.subscribeHint': '在实验终端中运行以下命令，即可查看本实验的全部消息：',
  'panel.waiting': '正在等待设备数据…',
  'panel.empty': '该实验没有模拟设备。',
  'panel.noData': '暂无数据',
  'panel.updatedAt': '更新于 {time}',
  'panel.trend': '最近 {count} 个值',
  'panel.on': '开',
  'panel.off': '关',
  'panel.unknown': '未知',
  'panel.topic': '主题',
  'device.temperature': '温度',
  'device.humidity': '湿度',
  'device.light': '光照',
  'device.smoke': '烟雾',
  'device.co2': '二氧化碳',
  'device.pressure': '气压',
  'device.relay': '继电器',
  'device.fan': '风扇',
  'device.lamp': '灯',
  'device.buzzer': '蜂鸣器',
};

export type LabLanguage = LabPageInfo['language'];

export const labDictionaries: Record<LabLanguage, Record<LabTextKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The page's language: the lab's own (`LabPageInfo.language`), else the browser's. */
export function pickLanguage(
  preferred?: string | null,
  browserLanguages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): LabLanguage {
  for (const candidate of [preferred, ...browserLanguages]) {
    if (!candidate) continue;
    const lower = candidate.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return 'zh-CN';
}

export type Translate = (key: LabTextKey, values?: Record<string, string | number>) => string;

export function createTranslator(language: LabLanguage): Translate {
  const dictionary = labDictionaries[language];
  return (key, values) => {
    const text = dictionary[key];
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
