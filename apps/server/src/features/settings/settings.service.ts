import * as repo from './settings.repo';
/** Platform-wide values by key, for the features that keep one. */
export function readSetting(
  ...args: Parameters<typeof repo.readSetting>
): ReturnType<typeof repo.readSetting> {
  return repo.readSetting(...args);
}
export function settingOnce(
  ...args: Parameters<typeof repo.settingOnce>
): ReturnType<typeof repo.settingOnce> {
  return repo.settingOnce(...args);
}
export function writeSetting(
  ...args: Parameters<typeof repo.writeSetting>
): ReturnType<typeof repo.writeSetting> {
  return repo.writeSetting(...args);
}
