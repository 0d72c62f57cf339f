import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { classes } from '../classes/classes.schema';
import { roles } from '../roles/roles.schema';

export const users = pgTable(
  'users',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    classId: id('class_id').references(() => classes.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    avatar: text('avatar'),
    birthday: text('birthday'),
    province: text('province'),
    city: text('city'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    email: text('email'),
    kind: smallint('kind'),
    sex: smallint('sex'),
    stuNo: text('stu_no'),
    phone: text('phone'),
    language: text('language'),
    enabled: boolean('enabled').notNull().default(true),
    /** The password was set by someone else (default, reset, import): change it at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_school_idx').on(t.schoolId, t.kind),
    index('users_class_idx').on(t.classId),
    uniqueIndex('users_school_stu_no_key')
      .on(t.schoolId, t.stuNo)
      .where(sql`${t.deletedAt} is null and ${t.stuNo} is not null`),
  ],
);

/** The roles an account holds. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
