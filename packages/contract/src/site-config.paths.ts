/** Public site configuration: method and path of its route, spread by `site-config.api.ts`. */
export const siteConfigPaths = {
  list: { method: 'GET', path: '/openapi/api-user/client/config/list' },
} as const;
