export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
