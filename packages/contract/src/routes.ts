/** The product's API paths (spec §7). Server and web both take paths from here. */
export const apiRoutes = {
  oauthToken: '/api-uaa/oauth/token',
  oauthLogout: '/api-uaa/oauth/logout',
  currentUser: '/api-user/users/current',
  changePassword: '/api-user/users/password',
  menusAll: '/api-user/menus/all/:appid',
  loginLog: '/api-user/api/user/save/login/log',
  clientConfigList: '/openapi/api-user/client/config/list',
  collegeDetail: '/api-teaching/college/detail/:id',
  whitelistCheck: '/api-teaching/student/tasks/do/heartbeat/is/whitelist',
  announcement: '/openapi/api-operation/system/announcement',
  health: '/api/health',
} as const;

/** Fill `:name` segments of a route path. */
export function pathOf(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
