import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { menus } from '../menus/menus.schema';

export const roles = pgTable(
  'roles',
  {
    id: id('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code_key').on(t.tenantId, t.code)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: id('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);
