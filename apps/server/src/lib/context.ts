import type { Config } from '../config';
import type { Db } from '../db/client';
import type { NotifyBus } from '../db/notify';
import type { IdGenerator } from './ids';
import type { LeaderLock } from '../db/leader';
import type { FileStorage } from './storage/storage';

/**
 * What every feature gets: the configuration, the database, the messages between the processes
 * sharing it and which of them leads, the id generator and the files.
 */
export interface AppContext {
  config: Config;
  db: Db;
  bus: NotifyBus;
  leader: LeaderLock;
  ids: IdGenerator;
  storage: FileStorage;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
