export * from './driver';
export { LocalDriver, type LocalDriverOptions } from './local/local-driver';
export { probeHost } from './local/host';
