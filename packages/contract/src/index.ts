export * from './envelope';
export * from './limits';
export * from './messages';
export * from './auth';
export * from './users';
export * from './menus';
export * from './site';
export * from './routes';
