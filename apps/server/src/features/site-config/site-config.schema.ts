import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

export const siteConfigs = pgTable('site_configs', {
  clientCode: text('client_code').primaryKey(),
  name: text('name').notNull(),
  clientTitle: text('client_title').notNull(),
  clientLogo: text('client_logo'),
  favicon: text('favicon'),
  logo: text('logo'),
  url: text('url').notNull().default('sch_edu'),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});
