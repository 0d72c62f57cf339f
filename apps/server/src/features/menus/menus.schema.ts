import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';

export const menus = pgTable(
  'menus',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id'),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    url: text('url').notNull().default(''),
    menuIndex: text('menu_index'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    icon: text('icon'),
    toJump: boolean('to_jump').notNull().default(false),
    customFields: text('custom_fields'),
    linkType: smallint('link_type').notNull().default(1),
    linkValue: text('link_value'),
    activeMenu: text('active_menu'),
    type: smallint('type').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_tenant_idx').on(t.tenantId), index('menus_parent_idx').on(t.parentId)],
);
