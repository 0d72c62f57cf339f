/** Menus, buttons and the menu editor: method and path of each route, spread by `menus.api.ts`. */
export const menusPaths = {
  all: { method: 'GET', path: '/api-user/menus/all/:appid' },
  permissions: { method: 'GET', path: '/api-user/menus/permissions/:appid' },
  adminTree: { method: 'GET', path: '/api-user/menus/admin/tree/:appid' },
  save: { method: 'POST', path: '/api-user/menus/saveOrUpdate' },
  delete: { method: 'POST', path: '/api-user/menus/delete/:id' },
} as const;
