/** Platform-wide values by key, for the features that keep one. */
export { readSetting, settingOnce, writeSetting } from './settings.repo';
