/**
 * Sign-in and sign-out: method and path of each route, spread by its declaration (`auth.api.ts`).
 * Free of schemas, so the sign-in page calls them without loading zod.
 */
export const authPaths = {
  token: { method: 'POST', path: '/api-uaa/oauth/token', form: true },
  logout: { method: 'POST', path: '/api-uaa/oauth/logout' },
} as const;
