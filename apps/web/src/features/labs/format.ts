/** Sizes as people read them: 0 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The last part of a slash-separated path. */
export function baseName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path;
}
