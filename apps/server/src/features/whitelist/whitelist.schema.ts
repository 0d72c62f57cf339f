import { pgTable } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

export const whitelistUsers = pgTable('whitelist_users', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: id('school_id').references(() => schools.id),
  createdAt: createdAt(),
});
