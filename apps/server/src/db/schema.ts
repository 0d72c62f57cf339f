/** The tables of every feature, gathered for the database client and the queries that join them. */
export * from '../features/schools/schools.schema';
export * from '../features/regions/regions.schema';
export * from '../features/org/org.schema';
export * from '../features/classes/classes.schema';
export * from '../features/users/users.schema';
export * from '../features/roles/roles.schema';
export * from '../features/menus/menus.schema';
export * from '../features/auth/auth.schema';
export * from '../features/site-config/site-config.schema';
export * from '../features/settings/settings.schema';
export * from '../features/whitelist/whitelist.schema';
export * from '../features/environments/environments.schema';
export * from '../features/labs/labs.schema';
export * from '../features/customers/customers.schema';
export * from '../features/tasks/tasks.schema';
export * from '../features/imports/imports.schema';
export * from '../features/courses/courses.schema';
