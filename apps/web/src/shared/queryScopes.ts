/**
 * Roots of the query keys. Everything under `session` belongs to the signed-in user and is dropped
 * when the token changes; `public` data (site config, announcement) survives sign-in and out.
 */
export const sessionScope = ['session'] as const;
export const publicScope = ['public'] as const;
