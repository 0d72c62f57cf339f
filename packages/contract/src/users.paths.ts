/** The account's own user: method and path of each route, spread by `users.api.ts`. */
export const usersPaths = {
  current: { method: 'GET', path: '/api-user/users/current' },
  changePassword: { method: 'PUT', path: '/api-user/users/password' },
  loginLog: { method: 'POST', path: '/api-user/api/user/save/login/log' },
  save: { method: 'POST', path: '/api-user/users/saveOrUpdate' },
} as const;
