import type { Config } from '../config';
import type { Db } from '../db/client';
import type { IdGenerator } from './ids';

/** What every feature gets: the configuration, the database and the id generator. */
export interface AppContext {
  config: Config;
  db: Db;
  ids: IdGenerator;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
