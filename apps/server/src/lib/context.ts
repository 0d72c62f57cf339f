import type { Config } from '../config';
import type { Db } from '../db/client';
import type { IdGenerator } from './ids';
import type { FileStorage } from './storage/storage';

/** What every feature gets: the configuration, the database, the id generator and the files. */
export interface AppContext {
  config: Config;
  db: Db;
  ids: IdGenerator;
  storage: FileStorage;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
