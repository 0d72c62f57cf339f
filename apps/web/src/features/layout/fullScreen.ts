import { fullScreenPathSuffixes } from '@platform/contract';

/** Header and side menu are hidden on paths ending in /task, /experiment, /reportInfo, /exam. */
export function isFullScreenPath(pathname: string): boolean {
  return fullScreenPathSuffixes.some((suffix) => pathname.endsWith(suffix));
}
