import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A snowflake id: bigint in the database, decimal string in TypeScript and JSON. */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (v) => v,
  fromDriver: (v) => String(v),
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
