import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Bilingual, BilingualDoc } from '@platform/contract';
import { createdAt, id, updatedAt } from '../../db/columns';

/** Portal content of the platform (not of a school): the public site reads it. */

export const cmsAttributes = pgTable(
  'cms_attributes',
  {
    id: id('id').primaryKey(),
    name: jsonb('name').$type<Bilingual>().notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cms_attributes_code_key').on(t.code)],
);

export const cmsTemplates = pgTable('cms_templates', {
  id: id('id').primaryKey(),
  name: text('name').notNull(),
  /** `column` or `content`. */
  category: text('category').notNull(),
  path: text('path').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cmsCatalogs = pgTable(
  'cms_catalogs',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id'),
    name: jsonb('name').$type<Bilingual>().notNull(),
    category: text('category').notNull().default(''),
    /** `catalog` or `link`. */
    type: text('type').notNull(),
    link: text('link').notNull().default(''),
    attributeCode: text('attribute_code'),
    templateId: id('template_id').references(() => cmsTemplates.id),
    image: text('image'),
    sortNumber: integer('sort_number').notNull(),
    isPublish: boolean('is_publish').notNull().default(false),
    isDisplay: boolean('is_display').notNull().default(true),
    description: jsonb('description').$type<Bilingual>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cms_catalogs_parent_idx').on(t.parentId, t.sortNumber),
    index('cms_catalogs_attribute_idx').on(t.attributeCode),
  ],
);

export const cmsArticles = pgTable(
  'cms_articles',
  {
    id: id('id').primaryKey(),
    catalogId: id('catalog_id')
      .notNull()
      .references(() => cmsCatalogs.id),
    title: jsonb('title').$type<Bilingual>().notNull(),
    summary: jsonb('summary').$type<Bilingual>().notNull(),
    author: text('author').notNull(),
    cover: text('cover'),
    content: jsonb('content').$type<BilingualDoc>().notNull(),
    readings: integer('readings').notNull().default(0),
    isPublish: boolean('is_publish').notNull().default(false),
    isDisplay: boolean('is_display').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cms_articles_catalog_idx').on(t.catalogId, t.isPublish),
    index('cms_articles_published_idx').on(t.isPublish, t.publishedAt),
  ],
);

export const cmsNotices = pgTable(
  'cms_notices',
  {
    id: id('id').primaryKey(),
    title: jsonb('title').$type<Bilingual>().notNull(),
    source: text('source').notNull(),
    description: jsonb('description').$type<Bilingual>().notNull().default({}),
    content: jsonb('content').$type<BilingualDoc>(),
    isPublish: boolean('is_publish').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cms_notices_published_idx').on(t.isPublish, t.publishedAt)],
);
